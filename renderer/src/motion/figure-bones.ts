import type { MmdBoneDriver } from '../rig/mmd/bone-drivers';
import { normalizeBoneName } from '../rig/mmd/mmd-bone-names';
import { mmdSkeletonName } from './mmd-clip';

/** A figure's own bones as a motion's bone names reach them. */
export interface FigureBones {
  /** The bone a motion's `name` stands for (any usual spelling), or −1 when there is none. */
  indexOf(name: string): number;
  /** Whether no physics owns bone `index`, so the drawn model may turn it from a motion. */
  takesMotion(index: number): boolean;
}

/**
 * An MMD model's bones for motions: names are matched after NFKC normalisation (a VMD's
 * 左親指１ is the model's 左親指1), standard bones by any usual spelling (肘 for ひじ); a bone
 * takes a motion when it only follows its parent (driver kind `parent`), never when a ragdoll
 * part or one of the model's rigid bodies drives it.
 *
 * @param names - the model's bone names, by bone index
 * @param drivers - what moves each bone (see `boneDrivers`)
 */
export function mmdFigureBones(
  names: readonly string[],
  drivers: readonly MmdBoneDriver[],
): FigureBones {
  const byName = new Map<string, number>();
  names.forEach((name, index) => {
    const key = mmdSkeletonName(name) ?? normalizeBoneName(name);
    if (!byName.has(key)) byName.set(key, index);
  });
  return {
    indexOf: (name) => byName.get(mmdSkeletonName(name) ?? normalizeBoneName(name)) ?? -1,
    takesMotion: (index) => drivers[index]?.kind === 'parent',
  };
}
