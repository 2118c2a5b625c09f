import type { Vec3 } from '../physics/vector-math';
import type { HumanoidBoneName, HumanoidBonePositions } from './humanoid-bones';
import { REQUIRED_BONES } from './humanoid-bones';
import { RigError } from './rig-error';

/** The required bones, known to be present and finite. */
export type RequiredBonePositions = Readonly<
  Record<(typeof REQUIRED_BONES)[number], Vec3> & Record<HumanoidBoneName, Vec3 | undefined>
>;

/**
 * Refuses bones a ragdoll cannot be built from: any non-finite coordinate (naming the bone and
 * its value), then every missing required bone at once, so one message tells the user all of
 * what the model lacks.
 */
export function checkBones(bones: HumanoidBonePositions): RequiredBonePositions {
  for (const [name, position] of Object.entries(bones)) {
    if (position && !position.every(Number.isFinite)) {
      throw new RigError(
        `rig: bone "${name}" has a position that is not a finite number (${position.join(', ')}); ` +
          'the model file is damaged',
      );
    }
  }
  const missing = REQUIRED_BONES.filter((name) => !bones[name]);
  if (missing.length > 0) throw new RigError(`rig: ${describeMissingBones(missing)}`);
  return bones as RequiredBonePositions;
}

/**
 * The sentence for a skeleton that lacks required bones, e.g. "the model has no leftFoot bone;
 * a ragdoll needs hips, spine, head, both arms ... and both legs ...". Shared with the file
 * loaders, which check a file's humanoid before parsing it.
 */
export function describeMissingBones(missing: readonly HumanoidBoneName[]): string {
  return (
    `the model has no ${missing.join(', ')} bone${missing.length > 1 ? 's' : ''}; ` +
    'a ragdoll needs hips, spine, head, both arms (upper arm, lower arm, hand) and ' +
    'both legs (upper leg, lower leg, foot)'
  );
}
