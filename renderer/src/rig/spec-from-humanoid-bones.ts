import type { DollSpec } from '../physics/doll-spec';
import { validateDollSpec } from '../physics/doll-spec';
import type { Vec3 } from '../physics/vector-math';
import { findLandmarks } from './body-landmarks';
import { BONE_OWNERS } from './bone-owners';
import { buildJoints } from './build-joints';
import { buildParts } from './build-parts';
import { checkBones } from './check-bones';
import type { HumanoidBoneName, HumanoidBonePositions } from './humanoid-bones';
import { REPORTED_OPTIONAL_BONES } from './humanoid-bones';
import { toPartSpec } from './rig-shape';
import type { ThinnedPair } from './separate-parts';
import { separateParts } from './separate-parts';
import { withSegmentMasses } from './segment-masses';

/** Options for {@link specFromHumanoidBones}. */
export interface HumanoidSpecOptions {
  /** The spec's name, shown in messages (default "Humanoid"). */
  readonly name?: string;
}

/** A ragdoll built from a humanoid skeleton, and what the renderer needs to pose the model. */
export interface HumanoidRig {
  /** 15 parts and 14 joints, in doll space (origin between the upper legs, +Z forward). */
  readonly spec: DollSpec;
  /**
   * Which part each humanoid bone follows (see {@link BONE_OWNERS}), for the bones this model
   * has. The renderer poses the model from it each frame, parent bones first:
   * 1. a bone with an owner gets world rotation = (owner part's body rotation) × R0, where R0
   *    is the normalized humanoid root's world rotation read at load (identity for VRM 1.0,
   *    180° about Y for a VRM 0.x turned by `VRMUtils.rotateVRM0`); its local rotation is
   *    (parent's world rotation)⁻¹ × that. Every part rests at the identity, so a part's body
   *    rotation is exactly its bone's rotation away from the rest pose.
   * 2. a bone without an owner keeps its rest local rotation (it follows its parent).
   * 3. only the hips get a position: pelvis body position + pelvis rotation ×
   *    (`hipsOffset`), turned into the root's local space. Every other bone's position follows
   *    from the hierarchy, and every joint is anchored at a bone, so the drawn pivots match the
   *    physics pivots without writing them.
   */
  readonly boneOwners: ReadonlyMap<HumanoidBoneName, string>;
  /** The optional body bones the model lacks (fingers are not reported), in VRM order. */
  readonly missingOptional: readonly HumanoidBoneName[];
  /** World position (model space, metres) of the doll's origin, the midpoint of the upper legs. */
  readonly origin: Vec3;
  /** The hips bone relative to the pelvis part's centre at rest (metres), for pose writing. */
  readonly hipsOffset: Vec3;
  /** The model's scale against the box dummy: head height / 1.45 m. */
  readonly scale: number;
  /** Pairs of parts that were thinned so they would not start inside each other. */
  readonly thinned: readonly ThinnedPair[];
}

/**
 * Builds a ragdoll spec from the rest-pose world positions of a VRM humanoid's bones
 * (metres, +Z forward, standing on y = 0): the original design's method, extended.
 *
 * - The origin is the midpoint of the upper legs; the scale k is the head height / 1.45 m.
 * - Pelvis and torso are boxes sized from the hip and shoulder spacing; the head is a sphere;
 *   arms and legs are capsules from bone to bone, turned along oblique bones by their collider
 *   only, so every part rests at the identity rotation.
 * - Hands and feet are parts of their own, and the neck, wrists and ankles are limited ball
 *   joints, so heads, hands and feet bend.
 * - Elbow and knee hinges are perpendicular to the upper bone and the forward axis (right for
 *   A-pose as well as T-pose).
 * - Only the 15 bones VRM 1.0 requires are needed; a missing neck is derived.
 * - Parts that are not joined but would touch (big heads, short limbs, A-pose hands by the
 *   hips) are thinned until they are 4 mm apart.
 * - Part masses are pulled halfway toward human segment shares (see `withSegmentMasses`),
 *   which keeps joints tighter under blasts.
 *
 * Throws a `RigError` naming every missing required bone, or the bone with a non-finite
 * position; the returned spec always passes `validateDollSpec`.
 */
export function specFromHumanoidBones(
  bones: HumanoidBonePositions,
  options: HumanoidSpecOptions = {},
): HumanoidRig {
  const checked = checkBones(bones);
  const landmarks = findLandmarks(checked);
  const parts = buildParts(landmarks);
  const joints = buildJoints(landmarks);
  const thinned = separateParts(parts, joints);
  const spec: DollSpec = {
    name: options.name ?? 'Humanoid',
    rootPart: 'pelvis',
    parts: withSegmentMasses(parts.map(toPartSpec)),
    joints,
  };
  validateDollSpec(spec);
  const pelvis = spec.parts[0]!;
  const hips = landmarks.required('hips');
  return {
    spec,
    boneOwners: new Map([...BONE_OWNERS].filter(([bone]) => bones[bone] !== undefined)),
    missingOptional: REPORTED_OPTIONAL_BONES.filter((bone) => bones[bone] === undefined),
    origin: landmarks.origin,
    hipsOffset: [
      hips[0] - pelvis.center[0],
      hips[1] - pelvis.center[1],
      hips[2] - pelvis.center[2],
    ],
    scale: landmarks.k,
    thinned,
  };
}
