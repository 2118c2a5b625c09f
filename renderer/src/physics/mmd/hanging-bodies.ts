import type { RagdollPart } from '../ragdoll';
import type { RigidBody } from '../rapier-api';
import type { MmdBody } from './mmd-body';
import type { MmdJointSpec } from './mmd-physics-spec';

/**
 * The model's dynamic bodies grouped by the ragdoll part they hang from, in the order of
 * `parts`: a hair or skirt chain hangs from the part whose `follow` body its joints lead back
 * to (the nearest, counted in joints, when a chain reaches follow bodies on several parts). A
 * chain that reaches no follow body hangs from its bodies' own `part`, the one they are placed
 * from. `bodies` are indexed as in the spec, `joints` refer to them by those indices.
 *
 * Why: whatever moves a part by a jump (the joint projection after a landing) must move these
 * with it, or their joints to the part are torn open by the jump and the springs fling them
 * back. Allocates (build time only).
 */
export function hangingBodies(
  bodies: readonly MmdBody[],
  joints: readonly MmdJointSpec[],
  parts: readonly RagdollPart[],
): RigidBody[][] {
  const neighbours = bodies.map((): number[] => []);
  for (const joint of joints) {
    neighbours[joint.bodyA]?.push(joint.bodyB);
    neighbours[joint.bodyB]?.push(joint.bodyA);
  }
  // Breadth first from every follow body at once: each dynamic body is reached first along
  // its shortest chain, and takes the part that chain started from.
  const hangsFrom: (RagdollPart | undefined)[] = bodies.map((mmd) =>
    mmd.spec.motion === 'follow' ? mmd.part : undefined,
  );
  let frontier = bodies.filter((mmd) => mmd.spec.motion === 'follow').map((mmd) => mmd.index);
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const from of frontier) {
      for (const to of neighbours[from]!) {
        if (hangsFrom[to] !== undefined) continue;
        hangsFrom[to] = hangsFrom[from];
        next.push(to);
      }
    }
    frontier = next;
  }
  const byPart = new Map(parts.map((part): [RagdollPart, RigidBody[]] => [part, []]));
  for (const mmd of bodies) {
    if (mmd.spec.motion === 'follow') continue;
    byPart.get(hangsFrom[mmd.index] ?? mmd.part)?.push(mmd.body);
  }
  return parts.map((part) => byPart.get(part)!);
}
