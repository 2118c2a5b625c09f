import type { PartSpec } from '../../physics/doll-spec';
import type { MmdBodySpec } from '../../physics/mmd/mmd-physics-spec';
import type { Quat, Vec3 } from '../../physics/vector-math';
import type { RigShape } from '../rig-shape';
import { add, rotate, scale, sub } from '../tuple-math';

const IDENTITY: Quat = [0, 0, 0, 1];

/** A capsule (caps included, as `RigShape` spells them) of `halfHeight` + `radius` along `axis`. */
function capsuleAlong(center: Vec3, axis: Vec3, halfHeight: number, radius: number): RigShape {
  const reach = scale(axis, halfHeight + radius);
  return { kind: 'capsule', from: sub(center, reach), to: add(center, reach), radius };
}

/** A ragdoll part at rest as a `RigShape` (doll space), exact: parts' boxes are axis-aligned. */
export function partRestShape(part: PartSpec): RigShape {
  const shape = part.shape;
  if (shape.kind === 'sphere') return { kind: 'sphere', center: part.center, radius: shape.radius };
  if (shape.kind === 'capsule') {
    const axis = rotate(part.colliderRotation ?? IDENTITY, [0, 1, 0]);
    return capsuleAlong(part.center, axis, shape.halfHeight, shape.radius);
  }
  return {
    kind: 'box',
    min: sub(part.center, shape.halfExtents),
    max: add(part.center, shape.halfExtents),
    narrowable: false,
  };
}

/**
 * An MMD body at rest as a `RigShape`. Spheres and capsules are exact; a box (often turned)
 * becomes the capsule along its longest axis whose radius is its middle half extent: close
 * enough to tell whether it starts inside a ragdoll part.
 */
export function bodyRestShape(body: MmdBodySpec): RigShape {
  const shape = body.shape;
  if (shape.kind === 'sphere')
    return { kind: 'sphere', center: body.position, radius: shape.radius };
  if (shape.kind === 'capsule') {
    const axis = rotate(body.rotation, [0, 1, 0]);
    return capsuleAlong(body.position, axis, shape.halfHeight, shape.radius);
  }
  const order = [0, 1, 2].sort((a, b) => shape.halfExtents[b]! - shape.halfExtents[a]!);
  const longest = order[0]!;
  const radius = shape.halfExtents[order[1]!]!;
  const local: [number, number, number] = [0, 0, 0];
  local[longest] = 1;
  const halfHeight = Math.max(0, shape.halfExtents[longest]! - radius);
  return capsuleAlong(body.position, rotate(body.rotation, local), halfHeight, radius);
}
