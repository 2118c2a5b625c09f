import { faceTracksFromKeys } from './face-tracks';
import type { VmdBoneKeys, VmdMotion } from '../formats/vmd/vmd-motion';
import { VMD_CURVE_BYTES, VMD_FRAMES_PER_SECOND } from '../formats/vmd/vmd-motion';
import { MMD_UNIT_METRES } from '../rig/mmd/mmd-coordinates';
import type { DrawnBoneTrack, FootTarget, MotionClip } from './motion-clip';
import { normalizeBoneName } from '../rig/mmd/mmd-bone-names';
import type { MmdBoneTracks } from './mmd-clip';
import { mmdClip, mmdSkeletonName } from './mmd-clip';
import { MotionFileError } from './motion-file-error';
import type { RotationTrack, TranslationTrack } from './motion-track';
import { rotationTrackMoves, translationTrackMoves } from './motion-track';

/** Bones whose VMD position keys move the whole figure (they sit above the hips). */
const ROOT_MOTION_BONES = new Set(['全ての親', 'センター', 'グルーブ', '腰']);

/** MMD's leg-IK bones (NFKC-normalised: 左足ＩＫ is 左足IK), by side. */
const LEG_IK_BONES: ReadonlyMap<string, 'left' | 'right'> = new Map([
  ['左足IK', 'left'],
  ['右足IK', 'right'],
]);

/**
 * Marks an `unusedBones` entry for a bone's position keys (the bone's rotation may still be
 * followed): `左ひじ (position)`.
 */
export const POSITION_ENTRY_SUFFIX = ' (position)';

/** How long a VMD whose keys are all on one frame (a still pose) plays before it loops, seconds. */
const STILL_POSE_SECONDS = 1;

/** The key indices of one bone, sorted by frame, one per frame (the last written wins). */
function sortedKeys(keys: VmdBoneKeys, indices: readonly number[]): number[] {
  const sorted = [...indices].sort((a, b) => keys.frames[a]! - keys.frames[b]! || a - b);
  return sorted.filter((key, i) => keys.frames[sorted[i + 1]!] !== keys.frames[key]);
}

/**
 * Copies the control bytes of channel c (0..3) of key k's curve to out[at …]; true when the
 * curve is not a straight line (a straight one leaves the track linear).
 */
function curveBytes(
  keys: VmdBoneKeys,
  key: number,
  channel: number,
  out: Uint8Array,
  at: number,
): boolean {
  const base = VMD_CURVE_BYTES * key;
  const x1 = keys.curves[base + channel]!;
  const y1 = keys.curves[base + 4 + channel]!;
  const x2 = keys.curves[base + 8 + channel]!;
  const y2 = keys.curves[base + 12 + channel]!;
  out[at] = x1;
  out[at + 1] = y1;
  out[at + 2] = x2;
  out[at + 3] = y2;
  return x1 !== y1 || x2 !== y2;
}

/** A rotation track in our axes: MMD (x, y, z, w) becomes (−x, −y, z, w), as for PMX. */
function rotationTrackOf(keys: VmdBoneKeys, order: readonly number[]): RotationTrack {
  const times = new Float64Array(order.length);
  const values = new Float64Array(order.length * 4);
  const bezier = new Uint8Array(order.length * 4);
  let curved = false;
  order.forEach((key, i) => {
    times[i] = keys.frames[key]! / VMD_FRAMES_PER_SECOND;
    const r = keys.rotations;
    const x = -r[4 * key]!;
    const y = -r[4 * key + 1]!;
    const z = r[4 * key + 2]!;
    const w = r[4 * key + 3]!;
    const n = Math.hypot(x, y, z, w);
    // A zero or non-finite quaternion (a damaged key) is read as no rotation.
    const ok = n > 1e-6 && Number.isFinite(n);
    values.set(ok ? [x / n, y / n, z / n, w / n] : [0, 0, 0, 1], 4 * i);
    curved = curveBytes(keys, key, 3, bezier, 4 * i) || curved;
  });
  return { times, values, bezier: curved ? bezier : null };
}

/** A translation track in our axes and metres: MMD (x, y, z) units become (x, y, −z) × 0.08 m. */
function translationTrackOf(keys: VmdBoneKeys, order: readonly number[]): TranslationTrack {
  const times = new Float64Array(order.length);
  const values = new Float64Array(order.length * 3);
  const bezier = new Uint8Array(order.length * 12);
  let curved = false;
  order.forEach((key, i) => {
    times[i] = keys.frames[key]! / VMD_FRAMES_PER_SECOND;
    const p = keys.positions;
    const value = [p[3 * key]!, p[3 * key + 1]!, -p[3 * key + 2]!].map((v) =>
      Number.isFinite(v) ? v * MMD_UNIT_METRES : 0,
    );
    values.set(value, 3 * i);
    for (let axis = 0; axis < 3; axis++) {
      curved = curveBytes(keys, key, axis, bezier, 12 * i + 4 * axis) || curved;
    }
  });
  return { times, values, bezier: curved ? bezier : null };
}

function groupByName(keys: VmdBoneKeys): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (let i = 0; i < keys.count; i++) {
    const name = keys.names[i]!;
    let group = groups.get(name);
    if (!group) groups.set(name, (group = []));
    group.push(i);
  }
  return groups;
}

/**
 * A VMD's bone keys as an `mmd` clip: bones of the MMD motion skeleton (see
 * `MMD_MOTION_SKELETON`; any usual spelling) get rotation tracks, and the bones above the hips
 * (全ての親, センター, グルーブ, 腰) translation tracks too, with MMD's curves; 左足ＩＫ and
 * 右足ＩＫ become the clip's `footTargets` (the legs are then solved to reach them, as MMD
 * does); other bones that move (つま先ＩＫ, fingers, hair, eyes, or positions on bones below
 * the hips) are listed in `unusedBones`, and those that turn are kept as `drawnBones` for
 * models that draw them. A motion whose keys all sit on one frame is a pose, held for 1 s.
 *
 * Throws a {@link MotionFileError} when the file has no bone keys, or none for a bone a figure
 * can follow (the message lists what it does move).
 */
export function vmdToClip(vmd: VmdMotion, name: string): MotionClip {
  const keys = vmd.boneKeys;
  if (keys.count === 0) {
    throw new MotionFileError('has no bone keyframes (a camera, light or facial motion?)');
  }
  const tracks = new Map<string, MmdBoneTracks>();
  const footTargets: Omit<FootTarget, 'parent'>[] = [];
  const unused: string[] = [];
  const drawn: DrawnBoneTrack[] = [];
  let lastFrame = 0;
  for (const [boneName, indices] of groupByName(keys)) {
    const order = sortedKeys(keys, indices);
    const skeletonName = mmdSkeletonName(boneName);
    const rotation = rotationTrackOf(keys, order);
    const translation = translationTrackOf(keys, order);
    const legSide = LEG_IK_BONES.get(normalizeBoneName(boneName));
    if (legSide) {
      footTargets.push({ side: legSide, name: boneName, translation, rotation });
      lastFrame = Math.max(lastFrame, keys.frames[order[order.length - 1]!]!);
      continue;
    }
    if (skeletonName === null) {
      const turns = rotationTrackMoves(rotation);
      if (turns || translationTrackMoves(translation)) unused.push(boneName);
      if (turns) drawn.push({ name: boneName, rotation });
      continue;
    }
    const movesRoot = ROOT_MOTION_BONES.has(skeletonName) && translationTrackMoves(translation);
    if (!ROOT_MOTION_BONES.has(skeletonName) && translationTrackMoves(translation)) {
      unused.push(`${boneName}${POSITION_ENTRY_SUFFIX}`);
    }
    tracks.set(skeletonName, movesRoot ? { rotation, translation } : { rotation });
    lastFrame = Math.max(lastFrame, keys.frames[order[order.length - 1]!]!);
  }
  if (tracks.size === 0 && footTargets.length === 0) {
    throw new MotionFileError(
      `has no keyframes for any bone a figure can follow (センター, 下半身, 上半身, 腕, 足 …)` +
        (unused.length > 0 ? `; it moves only ${unused.slice(0, 8).join(', ')}` : ''),
    );
  }
  const morphs = vmd.morphKeys;
  const face = faceTracksFromKeys(
    morphs.count,
    (k) => morphs.names[k]!,
    (k) => morphs.frames[k]! / VMD_FRAMES_PER_SECOND,
    (k) => morphs.weights[k]!,
  );
  // The face may go on after the last bone key: the loop lasts until its last key too.
  for (const track of face) {
    lastFrame = Math.max(lastFrame, track.times[track.times.length - 1]! * VMD_FRAMES_PER_SECOND);
  }
  const duration = lastFrame > 0 ? lastFrame / VMD_FRAMES_PER_SECOND : STILL_POSE_SECONDS;
  const clip = mmdClip(
    { name, duration, unusedBones: unused, footTargets, drawnBones: drawn },
    tracks,
  );
  return face.length > 0 ? { ...clip, face } : clip;
}
