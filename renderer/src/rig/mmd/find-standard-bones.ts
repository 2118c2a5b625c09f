import type { MmdBone } from '../../formats/mmd/mmd-model';
import type { StandardMmdBone } from './mmd-bone-names';
import { STANDARD_MMD_BONES, normalizeBoneName, normalizeEnglishBoneName } from './mmd-bone-names';

/** Where each standard bone is in a model's bone list. */
export interface StandardBoneIndex {
  /** Bone index by standard name (`STANDARD_MMD_BONES[i].name`), for the ones found. */
  readonly byName: ReadonlyMap<string, number>;
  /** Bone index by humanoid name (hips, leftUpperArm, ...), for the ones found. */
  readonly byHumanoid: ReadonlyMap<string, number>;
  /** Required standard bones not found, as "左ひじ (left elbow)". */
  readonly missingRequired: readonly string[];
  /** Optional standard bones not found (Japanese names), fingers left out. */
  readonly missingOptional: readonly string[];
}

function indexNames(
  bones: readonly MmdBone[],
  key: (bone: MmdBone) => string,
): Map<string, number> {
  const out = new Map<string, number>();
  // The first bone of a name wins: later duplicates are usually copies (e.g. D bones renamed).
  bones.forEach((bone, i) => {
    const name = key(bone);
    if (name !== '' && !out.has(name)) out.set(name, i);
  });
  return out;
}

function findOne(
  standard: StandardMmdBone,
  japanese: ReadonlyMap<string, number>,
  english: ReadonlyMap<string, number>,
): number | undefined {
  for (const name of [standard.name, ...standard.aliases]) {
    const found = japanese.get(normalizeBoneName(name));
    if (found !== undefined) return found;
  }
  for (const name of standard.englishAliases) {
    const found = english.get(name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Finds MMD's standard bones by their Japanese names (any usual spelling, full- or half-width)
 * and, failing that, by the PMX English name. Reports what is missing; throws nothing.
 */
export function findStandardBones(bones: readonly MmdBone[]): StandardBoneIndex {
  const japanese = indexNames(bones, (b) => normalizeBoneName(b.name));
  const english = indexNames(bones, (b) => normalizeEnglishBoneName(b.englishName));
  const byName = new Map<string, number>();
  const byHumanoid = new Map<string, number>();
  const missingRequired: string[] = [];
  const missingOptional: string[] = [];
  for (const standard of STANDARD_MMD_BONES) {
    const index = findOne(standard, japanese, english);
    if (index === undefined) {
      if (standard.required) missingRequired.push(`${standard.name} (${standard.english})`);
      else if (!standard.humanoid?.endsWith('MiddleProximal')) missingOptional.push(standard.name);
      continue;
    }
    byName.set(standard.name, index);
    if (standard.humanoid) byHumanoid.set(standard.humanoid, index);
  }
  return { byName, byHumanoid, missingRequired, missingOptional };
}
