import type { HumanoidBoneName } from '../rig/humanoid-bones';
import { HUMANOID_PARENTS } from './humanoid-hierarchy';
import type { ClipBone, MotionClip } from './motion-clip';
import type { RotationTrack, TranslationTrack } from './motion-track';

/** The tracks of one humanoid bone in a T-pose clip. */
export interface HumanoidBoneTracks {
  readonly rotation?: RotationTrack;
  /** Only the hips' translation is used by T-pose clips. */
  readonly translation?: TranslationTrack;
}

/** What {@link tposeClip} needs besides the tracks. */
export interface TposeClipInfo {
  readonly name: string;
  readonly duration: number;
  readonly restHipsHeight: number;
  readonly unusedBones?: readonly string[];
}

/**
 * A `tpose` clip over the whole VRM humanoid skeleton ({@link HUMANOID_PARENTS}); bones
 * without tracks stay at rest. Tracks keyed by a name that is not a humanoid bone are a
 * programming error (readers filter names first).
 */
export function tposeClip(
  info: TposeClipInfo,
  tracks: ReadonlyMap<HumanoidBoneName, HumanoidBoneTracks>,
): MotionClip {
  for (const name of tracks.keys()) {
    if (!HUMANOID_PARENTS.has(name)) throw new Error(`tposeClip: "${name}" is not a humanoid bone`);
  }
  const order = [...HUMANOID_PARENTS.keys()];
  const bones: ClipBone[] = order.map((name) => {
    const parent = HUMANOID_PARENTS.get(name) ?? null;
    const own = tracks.get(name);
    return {
      name,
      humanoid: name,
      parent: parent === null ? -1 : order.indexOf(parent),
      rotation: own?.rotation ?? null,
      translation: name === 'hips' ? (own?.translation ?? null) : null,
    };
  });
  return {
    name: info.name,
    duration: info.duration,
    rest: 'tpose',
    bones,
    restHipsHeight: info.restHipsHeight,
    unusedBones: info.unusedBones ?? [],
  };
}
