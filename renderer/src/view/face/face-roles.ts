import type { FaceTarget } from './face-target';

/** What the face logic drives, each by whichever name a model has for it. */
export type FaceRole = 'blink' | 'surprised' | 'pained';

/** A pained face: one expression, with the eyes part shut by `blink` × this much. */
export interface PainedName {
  readonly name: string;
  readonly blink: number;
}

/** Names to look for per role, best first. */
export interface FaceNames {
  readonly blink: readonly string[];
  readonly surprised: readonly string[];
  readonly pained: readonly PainedName[];
}

/**
 * VRM names. three-vrm gives VRM 0.x presets their VRM 1.0 names (Sorrow → `sad`, Joy →
 * `happy`); VRM 0.x has no surprised preset, but models often add one as a custom expression.
 */
export const VRM_FACE_NAMES: FaceNames = {
  blink: ['blink', 'Blink'],
  surprised: ['surprised', 'Surprised', 'surprise', 'Surprise'],
  pained: [
    { name: 'sad', blink: 0.35 },
    { name: 'Sorrow', blink: 0.35 },
    { name: 'angry', blink: 0 },
  ],
};

/** MMD's standard morph names (as most PMX and PMD models spell them). */
export const MMD_FACE_NAMES: FaceNames = {
  blink: ['まばたき', 'まばたき２'],
  surprised: ['びっくり', '驚き'],
  pained: [
    { name: '困る', blink: 0.35 },
    // >_< : the eyes are already shut in it.
    { name: 'はぅ', blink: 0 },
    { name: '怒り', blink: 0 },
  ],
};

/** Where each role lives on one face: indices into its names (-1: the model lacks it). */
export interface FaceRoleIndices {
  readonly blink: number;
  readonly surprised: number;
  readonly pained: number;
  /** How far a pained face shuts the eyes, 0–1. */
  readonly painedBlink: number;
  /** The roles this model lacks, for the one note at load. */
  readonly missing: readonly FaceRole[];
}

/** Finds each role's expression or morph on `target`, once, at load. */
export function resolveFaceRoles(target: FaceTarget, names: FaceNames): FaceRoleIndices {
  const blink = firstFound(target, names.blink);
  const surprised = firstFound(target, names.surprised);
  let pained = -1;
  let painedBlink = 0;
  for (const candidate of names.pained) {
    const index = target.indexOf(candidate.name);
    if (index >= 0) {
      pained = index;
      painedBlink = blink >= 0 ? candidate.blink : 0;
      break;
    }
  }
  const missing: FaceRole[] = [];
  if (blink < 0) missing.push('blink');
  if (surprised < 0) missing.push('surprised');
  if (pained < 0) missing.push('pained');
  return { blink, surprised, pained, painedBlink, missing };
}

function firstFound(target: FaceTarget, names: readonly string[]): number {
  for (const name of names) {
    const index = target.indexOf(name);
    if (index >= 0) return index;
  }
  return -1;
}

/** The roles a face with these `names` lacks (for the note at load). */
export function missingFaceRoles(names: readonly string[], table: FaceNames): FaceRole[] {
  const has = (name: string): boolean => names.includes(name);
  const missing: FaceRole[] = [];
  if (!table.blink.some(has)) missing.push('blink');
  if (!table.surprised.some(has)) missing.push('surprised');
  if (!table.pained.some((candidate) => has(candidate.name))) missing.push('pained');
  return missing;
}
