import type { Quat, Vec3 } from '../../physics/vector-math';
import type { HumanoidBoneName } from '../../rig/humanoid-bones';
import { HUMANOID_PARENTS } from '../humanoid-hierarchy';
import type { MotionClip } from '../motion-clip';
import type { HumanoidBoneTracks } from '../tpose-clip';
import { tposeClip } from '../tpose-clip';
import { IDENTITY_QUAT, conjugateQuat, multiplyQuats } from '../quat-tuple';

/**
 * A pose written the way a person thinks about balance: each listed bone's rotation away from
 * the T-pose *in the world* (not relative to its parent), and the hips' displacement. Bones
 * not listed turn with their parent.
 */
export interface WorldPose {
  readonly rotations: ReadonlyMap<HumanoidBoneName, Quat>;
  /** Metres, for a figure whose hips stand {@link BUILTIN_HIPS_HEIGHT} high. */
  readonly hipsOffset: Vec3;
}

/** The hip height the built-in motions are written for (the box dummy's), metres. */
export const BUILTIN_HIPS_HEIGHT = 0.91;
/** Hip joint to ankle in that skeleton, metres: the lever the legs tilt about. */
export const BUILTIN_LEG_LENGTH = 0.84;
/** Keys per second: smooth enough for linear interpolation of slow, small motions. */
const KEY_RATE = 30;

/** A motion written as a function of time, for {@link authorMotion}. */
export interface AuthoredMotion {
  readonly name: string;
  /** Seconds; `poseAt(0)` and `poseAt(duration)` must be the same pose so the loop is seamless. */
  readonly duration: number;
  poseAt(time: number): WorldPose;
}

/** Local rotations (parent⁻¹ × own, in world terms) of every listed bone of a world pose. */
function localRotations(pose: WorldPose): Map<HumanoidBoneName, Quat> {
  const world = new Map<HumanoidBoneName, Quat>();
  const local = new Map<HumanoidBoneName, Quat>();
  for (const [bone, parent] of HUMANOID_PARENTS) {
    const parentWorld = parent === null ? IDENTITY_QUAT : world.get(parent)!;
    const own = pose.rotations.get(bone);
    world.set(bone, own ?? parentWorld);
    if (own) local.set(bone, multiplyQuats(conjugateQuat(parentWorld), own));
  }
  return local;
}

/**
 * Samples an authored motion at {@link KEY_RATE} keys per second into a T-pose clip with
 * linear tracks. The last key is the first pose again, so looping never jumps.
 */
export function authorMotion(motion: AuthoredMotion): MotionClip {
  const count = Math.round(motion.duration * KEY_RATE) + 1;
  const times = new Float64Array(count);
  const poses: Map<HumanoidBoneName, Quat>[] = [];
  const hips = new Float64Array(count * 3);
  for (let i = 0; i < count; i++) {
    // The last key samples time 0, not `duration`, so first and last are equal to the bit.
    const time = i === count - 1 ? 0 : (i * motion.duration) / (count - 1);
    times[i] = i === count - 1 ? motion.duration : time;
    const pose = motion.poseAt(time);
    poses.push(localRotations(pose));
    hips.set(pose.hipsOffset, 3 * i);
  }
  const tracks = new Map<HumanoidBoneName, HumanoidBoneTracks>();
  for (const bone of poses[0]!.keys()) {
    const values = new Float64Array(count * 4);
    poses.forEach((pose, i) => values.set(pose.get(bone)!, 4 * i));
    tracks.set(bone, { rotation: { times, values, bezier: null } });
  }
  const hipsTracks = tracks.get('hips');
  tracks.set('hips', {
    ...hipsTracks,
    translation: { times, values: hips, bezier: null },
  });
  return tposeClip(
    { name: motion.name, duration: motion.duration, restHipsHeight: BUILTIN_HIPS_HEIGHT },
    tracks,
  );
}
