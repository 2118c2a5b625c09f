import type { PartSpec } from '../../physics/doll-spec';
import type { MmdBodySpec } from '../../physics/mmd/mmd-physics-spec';
import type { PartGroups } from './part-groups';

/**
 * Part groups for `partCollisions: 'apart'`: every ragdoll part joins one MMD group that no
 * moving body collides with, so hair and skirts meet the body only through the model's own
 * follow colliders (which ride on the parts, as the author shaped them).
 *
 * It was the default while follow bodies were kinematic: a moving body jointed to an infinitely
 * heavy follow body squeezed a ragdoll part against the floor until the solver flung it
 * (docs/physics.md). Follow bodies are now massless colliders on the parts, so `authored` is
 * the default (see `MmdRigOptions.partCollisions`); this stays as an option.
 *
 * The group is the highest one no body uses (the model's own groups stay as they are), else the
 * one the fewest moving bodies are in; every moving body's mask loses that group.
 */
export function partsApart(
  partSpecs: readonly PartSpec[],
  bodies: readonly MmdBodySpec[],
): PartGroups {
  const used = new Array<number>(16).fill(0);
  for (const body of bodies) used[body.group]! += body.motion === 'follow' ? 0.5 : 1;
  let group = 15;
  for (let g = 15; g >= 0; g--) if (used[g]! < used[group]!) group = g;
  const narrowedMasks = new Map<number, number>();
  bodies.forEach((body, i) => {
    if (body.motion !== 'follow' && (body.collisionMask & (1 << group)) !== 0)
      narrowedMasks.set(i, body.collisionMask & ~(1 << group));
  });
  return { groups: Object.fromEntries(partSpecs.map((p) => [p.name, group])), narrowedMasks };
}
