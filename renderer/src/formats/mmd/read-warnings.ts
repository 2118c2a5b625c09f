import type { MmdReadWarning } from './mmd-model';

/**
 * The facts a warning carries besides its English `message`, so an interface can word it in
 * its own language. All optional: a warning without them is still shown by its message.
 */
export interface MmdWarningFacts {
  /** How many things the warning is about (rigid bodies, joints, soft bodies…). */
  readonly count?: number;
  /** Names of the things it is about, as the file spells them; the first is the example. */
  readonly names?: readonly string[];
  /** Other numbers the message gives, by name (e.g. `drawn` and `indices` face indices). */
  readonly numbers?: Readonly<Record<string, number>>;
}

/** A tolerated problem with its facts, as the parsers and the rig hand it on. */
export type MmdWarning = MmdReadWarning & MmdWarningFacts;

/** Every code the PMX and PMD parsers can report ({@link ReadWarnings.add} takes only these). */
export const MMD_READ_WARNING_CODES = [
  /** `names`: [the section the file ends before: `English names`, `toon list` or `physics`]. */
  'pmd-no-physics',
  /** `numbers`: `drawn` (face indices the materials draw), `indices` (the mesh has). */
  'material-index-count',
  /** `numbers`: `vertex`, `bone` (the missing bone's index), `boneCount`. */
  'vertex-missing-bone',
  /** `count`: soft bodies in the file. */
  'soft-bodies-ignored',
  /** `count`: IK chains left out; `names`: the IK bones that carried them, in file order. */
  'ik-chain-dropped',
  /**
   * `count`: vertex morphs left out; `names`: [the first of them, the model's name];
   * `numbers`: `vertex` (its first bad index), `vertexCount`.
   */
  'morph-bad-vertex',
] as const;

export type MmdReadWarningCode = (typeof MMD_READ_WARNING_CODES)[number];

/** Collects the problems tolerated while reading a model, each code once (the first wins). */
export class ReadWarnings {
  private readonly byCode = new Map<string, MmdWarning>();

  /** Notes a problem: its English sentence, and the facts in it for other languages. */
  add(code: MmdReadWarningCode, message: string, facts: MmdWarningFacts = {}): void {
    if (!this.byCode.has(code)) this.byCode.set(code, { code, message, ...facts });
  }

  list(): MmdWarning[] {
    return [...this.byCode.values()];
  }
}
