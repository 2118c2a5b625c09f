import type { MmdRigidBody } from '../../formats/mmd/mmd-model';
import type { PartSpec } from '../../physics/doll-spec';
import type { MmdBodySpec } from '../../physics/mmd/mmd-physics-spec';
import { shapeGap } from '../shape-distance';
import type { BoneParts } from './bone-parts';
import { bodyRestShape, partRestShape } from './rest-shapes';
import type { WarningList } from './rig-warnings';

/** A moving body closer than this to a part at rest (metres) counts as starting inside it. */
export const REST_OVERLAP_MARGIN = 0.002;

const GROUPS = Array.from({ length: 16 }, (_, g) => g);

function mostCommon(values: readonly number[]): number | undefined {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: number | undefined;
  let bestCount = 0;
  for (const [v, c] of counts) {
    if (c > bestCount) {
      best = v;
      bestCount = c;
    }
  }
  return best;
}

/** The group the model's own body colliders suggest for each part (see {@link partGroups}). */
function authorGroups(
  partNames: readonly string[],
  bodies: readonly MmdRigidBody[],
  parts: BoneParts,
): Map<string, number> {
  const followGroups: number[] = [];
  const byPart = new Map<string, number[]>();
  for (const body of bodies) {
    if (body.physicsMode !== 0 || !Number.isInteger(body.group)) continue;
    followGroups.push(body.group);
    const owner = parts.owned[body.boneIndex];
    if (owner === undefined) continue;
    const list = byPart.get(owner) ?? [];
    list.push(body.group);
    byPart.set(owner, list);
  }
  const fallback = mostCommon(followGroups) ?? 0;
  return new Map(partNames.map((name) => [name, mostCommon(byPart.get(name) ?? []) ?? fallback]));
}

/** Whether a body with this 16-bit mask collides with members of `group`. */
const collides = (mask: number, group: number): boolean => (mask & (1 << group)) !== 0;

/** Part groups, and the moving bodies whose masks had to lose a part's group. */
export interface PartGroups {
  /** MMD group (0..15) by part name. */
  readonly groups: Record<string, number>;
  /** New 16-bit masks by index into the converted bodies, for the bodies narrowed. */
  readonly narrowedMasks: ReadonlyMap<number, number>;
}

/**
 * The group for a part that moving bodies start inside: the one the fewest of them collide
 * with, trying first the part's own preference, then their own groups (masks usually exclude
 * their own group, like fffe on group 0), then any group no follow body uses.
 */
function groupForInside(
  inside: readonly number[],
  preferred: number,
  bodies: readonly MmdBodySpec[],
  masks: readonly number[],
): number {
  const hits = (g: number) => inside.filter((i) => collides(masks[i]!, g)).length;
  const followGroups = new Set(bodies.filter((b) => b.motion === 'follow').map((b) => b.group));
  const candidates = [
    preferred,
    ...inside.map((i) => bodies[i]!.group),
    ...GROUPS.filter((g) => !followGroups.has(g)),
  ];
  return candidates.reduce((best, g) => (hits(g) < hits(best) ? g : best));
}

/**
 * The MMD collision group (0..15) each ragdoll part joins, so the model's bodies meet the
 * ragdoll the way its author set them up to meet the model's own body colliders.
 *
 * 1. A part takes the group of the model's follow (type 0) bodies on the bones it owns (the
 *    most common if several), else the group most follow bodies use, else 0.
 * 2. But a moving body that starts inside a part (ragdoll parts are sized from the bones, not
 *    by the model's author, so a skirt or a hair root often starts inside the pelvis or head)
 *    would be pushed out by the part while its joints pin it to a follow body carried by that
 *    same part: the two fight and the energy grows without bound (a skirt reached 400 m/s in
 *    a second). Such a part moves to a group those bodies do not collide with, usually their
 *    own; the model's own follow bodies still hold them out, as the author intended.
 * 3. When no one group is clear of all of them (hair and a skirt both inside the pelvis, each
 *    excluding only its own group), the part takes the group the fewest collide with and the
 *    rest lose that group from their masks (`body-mask-narrowed`, noted once).
 */
export function partGroups(
  partSpecs: readonly PartSpec[],
  sourceBodies: readonly MmdRigidBody[],
  bodies: readonly MmdBodySpec[],
  parts: BoneParts,
  warnings: WarningList,
): PartGroups {
  const preferred = authorGroups(
    partSpecs.map((p) => p.name),
    sourceBodies,
    parts,
  );
  const masks = bodies.map((body) => body.collisionMask);
  const moving = bodies.flatMap((body, i) => (body.motion === 'follow' ? [] : [i]));
  const movingShapes = new Map(moving.map((i) => [i, bodyRestShape(bodies[i]!)]));
  const groups: Record<string, number> = {};
  const narrowedMasks = new Map<number, number>();
  for (const part of partSpecs) {
    const shape = partRestShape(part);
    const inside = moving.filter(
      (i) => shapeGap(shape, movingShapes.get(i)!) < REST_OVERLAP_MARGIN,
    );
    const group =
      inside.length === 0
        ? preferred.get(part.name)!
        : groupForInside(inside, preferred.get(part.name)!, bodies, masks);
    for (const i of inside) {
      if (!collides(masks[i]!, group)) continue;
      masks[i] = masks[i]! & ~(1 << group);
      narrowedMasks.set(i, masks[i]!);
      warnings.note('body-mask-narrowed', bodies[i]!.name);
    }
    groups[part.name] = group;
  }
  return { groups, narrowedMasks };
}
