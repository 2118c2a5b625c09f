import { Euler, MathUtils, Quaternion } from 'three';
import type { KeyframeTrack } from 'three';
import type { VRMAnimation } from '@pixiv/three-vrm-animation';
import type { HumanoidBoneName } from '../../rig/humanoid-bones';
import { HUMANOID_PARENTS } from '../../motion/humanoid-hierarchy';
import type { MotionClip } from '../../motion/motion-clip';
import type { FaceTrack, LookAtTrack } from '../../motion/face-tracks';
import { MotionFileError } from '../../motion/motion-file-error';
import type { RotationTrack, TranslationTrack } from '../../motion/motion-track';
import type { HumanoidBoneTracks } from '../../motion/tpose-clip';
import { tposeClip } from '../../motion/tpose-clip';

/** How long a VRMA whose keys all sit at one time (a still pose) plays before it loops, seconds. */
const STILL_POSE_SECONDS = 1;

/**
 * The key values of a three.js track, one `size`-vector per key. glTF's CUBICSPLINE samplers
 * store an in-tangent, the value and an out-tangent per key; only the values are kept, and the
 * keys are then joined linearly (slerp for rotations).
 */
function keyValues(track: KeyframeTrack, size: number): Float64Array {
  const count = track.times.length;
  const values = track.values;
  if (values.length === count * size) return Float64Array.from(values);
  const out = new Float64Array(count * size);
  for (let i = 0; i < count; i++) {
    for (let c = 0; c < size; c++) out[size * i + c] = values[size * (3 * i + 1) + c]!;
  }
  return out;
}

function rotationTrackOf(track: KeyframeTrack): RotationTrack {
  const values = keyValues(track, 4);
  for (let i = 0; i < values.length; i += 4) {
    const n = Math.hypot(values[i]!, values[i + 1]!, values[i + 2]!, values[i + 3]!);
    if (!(n > 1e-6) || !Number.isFinite(n)) values.set([0, 0, 0, 1], i);
    else for (let c = 0; c < 4; c++) values[i + c]! /= n;
  }
  return { times: Float64Array.from(track.times), values, bezier: null };
}

/** The hips' positions relative to the rest position, metres. */
function hipsOffsetTrack(track: KeyframeTrack, rest: readonly number[]): TranslationTrack {
  const values = keyValues(track, 3);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]! - rest[i % 3]!;
    values[i] = Number.isFinite(v) ? v : 0;
  }
  return { times: Float64Array.from(track.times), values, bezier: null };
}

/**
 * A VRM Animation (as `@pixiv/three-vrm-animation` reads it) as a T-pose clip. Its humanoid
 * rotations are already the normalized bones' local rotations (relative to a world-aligned
 * T-pose), so they are taken as they are; the hips' translation becomes an offset from the
 * animation's rest hips position, whose height scales root motion. Expression tracks become
 * the clip's face tracks, and the look-at track its gaze.
 *
 * Throws a {@link MotionFileError} when it animates no humanoid bone.
 */
export function vrmaToClip(animation: VRMAnimation, name: string): MotionClip {
  const tracks = new Map<HumanoidBoneName, HumanoidBoneTracks>();
  const unused: string[] = [];
  for (const [bone, track] of animation.humanoidTracks.rotation) {
    if (track.times.length === 0) continue;
    if (!HUMANOID_PARENTS.has(bone)) {
      unused.push(bone);
      continue;
    }
    tracks.set(bone, { rotation: rotationTrackOf(track) });
  }
  const hips = animation.humanoidTracks.translation.get('hips');
  const rest = animation.restHipsPosition.toArray();
  if (hips && hips.times.length > 0) {
    tracks.set('hips', { ...tracks.get('hips'), translation: hipsOffsetTrack(hips, rest) });
  }
  if (tracks.size === 0) {
    throw new MotionFileError('is a VRM Animation that moves no humanoid bone');
  }
  const duration = animation.duration > 0 ? animation.duration : STILL_POSE_SECONDS;
  // A rest hips height at or below zero breaks the VRM T-pose rule; root motion is then kept
  // at its own scale (the box dummy's hip height stands in).
  const restHipsHeight = rest[1]! > 1e-3 ? rest[1]! : 0.91;
  const clip = tposeClip({ name, duration, restHipsHeight, unusedBones: unused }, tracks);
  const face = expressionTracksOf(animation);
  const lookAt = lookAtTrackOf(animation);
  return {
    ...clip,
    ...(face.length > 0 ? { face } : {}),
    ...(lookAt ? { lookAt } : {}),
  };
}

/** three-vrm's look-at angle order (`VRMLookAt.EULER_ORDER`). */
const LOOK_AT_EULER_ORDER = 'YXZ';

/**
 * The animation's look-at track as yaw and pitch, degrees: its rotations read as Euler angles
 * in three-vrm's look-at order, as three-vrm-animation's `VRMLookAtQuaternionProxy` reads them
 * (yaw about y, pitch about x). Null without one.
 */
function lookAtTrackOf(animation: VRMAnimation): LookAtTrack | null {
  const track = animation.lookAtTrack;
  if (!track || track.times.length === 0) return null;
  const values = keyValues(track, 4);
  const count = track.times.length;
  const yaw = new Float32Array(count);
  const pitch = new Float32Array(count);
  const q = new Quaternion();
  const euler = new Euler();
  for (let i = 0; i < count; i++) {
    q.fromArray(values, 4 * i);
    if (!(q.length() > 1e-6) || !Number.isFinite(q.length())) continue;
    euler.setFromQuaternion(q.normalize(), LOOK_AT_EULER_ORDER);
    yaw[i] = MathUtils.radToDeg(euler.y);
    pitch[i] = MathUtils.radToDeg(euler.x);
  }
  return { times: Float64Array.from(track.times), yaw, pitch };
}

/** The animation's expression tracks (presets and custom ones) by expression name. */
function expressionTracksOf(animation: VRMAnimation): FaceTrack[] {
  const tracks: FaceTrack[] = [];
  const { preset, custom } = animation.expressionTracks;
  for (const map of [preset, custom] as ReadonlyMap<string, KeyframeTrack>[]) {
    for (const [name, track] of map) {
      if (track.times.length === 0) continue;
      const values = keyValues(track, 1);
      tracks.push({
        name,
        times: Float64Array.from(track.times),
        values: Float32Array.from(values, (v) =>
          Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0,
        ),
      });
    }
  }
  return tracks;
}
