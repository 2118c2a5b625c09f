import type { Vec3 } from '../physics/vector-math';
import type { RequiredBonePositions } from './check-bones';
import { RigError } from './rig-error';
import { BOX_DOLL_HEAD_HEIGHT, DERIVED_NECK_FRACTION } from './rig-proportions';
import { lerp, sub } from './tuple-math';

/**
 * The points a ragdoll is built around, in doll space (metres, origin at the midpoint of the
 * upper legs, +Z forward). Each is a real bone where the model has one, else derived.
 */
export interface BodyLandmarks {
  /** World position of the doll's origin: the midpoint of the two upper-leg bones. */
  readonly origin: Vec3;
  /** Scale: the head bone's height above the floor / 1.45 m (the box dummy's). */
  readonly k: number;
  /** The floor's y in doll space (the model stands on world y = 0, or on its lowest foot). */
  readonly floorY: number;
  /** Doll-space position of every bone that exists, by name. */
  readonly bone: (name: string) => Vec3 | undefined;
  /** Doll-space position of a required bone. */
  readonly required: (name: keyof RequiredBonePositions & string) => Vec3;
  /** Top of the torso: the neck bone, or a point 78% of the way from spine to head. */
  readonly neckTop: Vec3;
  /**
   * Where the head pivots: the neck bone, or the head bone when there is no neck. A pivot must
   * be a real bone, or the drawn head would drift from the physics head as it turns.
   */
  readonly headPivot: Vec3;
}

/** Finds the origin, scale, floor and derived points of a checked skeleton. */
export function findLandmarks(bones: RequiredBonePositions): BodyLandmarks {
  const origin = lerp(bones.leftUpperLeg, bones.rightUpperLeg, 0.5);
  const feet = [bones.leftFoot, bones.rightFoot, bones.leftToes, bones.rightToes];
  const worldFloor = Math.min(0, ...feet.flatMap((p) => (p ? [p[1]] : [])));
  const headHeight = bones.head[1] - worldFloor;
  if (!(headHeight > 0)) {
    throw new RigError(`rig: the head bone is not above the floor (head y ${bones.head[1]} m)`);
  }
  const local = (p: Vec3): Vec3 => sub(p, origin);
  const bone = (name: string): Vec3 | undefined => {
    const p = bones[name];
    return p ? local(p) : undefined;
  };
  const required = (name: string): Vec3 => local(bones[name]!);
  const neck = bone('neck');
  const spine = required('spine');
  const head = required('head');
  return {
    origin,
    k: headHeight / BOX_DOLL_HEAD_HEIGHT,
    floorY: worldFloor - origin[1],
    bone,
    required,
    neckTop: neck ?? lerp(spine, head, DERIVED_NECK_FRACTION),
    headPivot: neck ?? head,
  };
}
