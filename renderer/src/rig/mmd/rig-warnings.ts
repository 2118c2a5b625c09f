import type { MmdWarning } from '../../formats/mmd/read-warnings';

/**
 * A problem found while reading the model or building the rig. The rig's own carry `count`
 * (how often it happened) and `names` (the first body or joint's name), so an interface can
 * word them in its own language; `message` is the English sentence.
 */
export type MmdRigWarning = MmdWarning;

/** Codes of the problems {@link WarningList} reports, and the sentence for each. */
const SENTENCES = {
  'body-not-finite': (n: number, example: string) =>
    `${n} rigid bod${n > 1 ? 'ies have' : 'y has'} a value that is not a number (first: "${example}"); ` +
    'left out, with the joints that use them',
  'joint-not-finite': (n: number, example: string) =>
    `${n} joint${n > 1 ? 's have' : ' has'} a value that is not a number (first: "${example}"); left out`,
  'joint-missing-body': (n: number, example: string) =>
    `${n} joint${n > 1 ? 's name' : ' names'} a rigid body that does not exist or was left out ` +
    `(first: "${example}"); left out`,
  'joint-same-body': (n: number, example: string) =>
    `${n} joint${n > 1 ? 's join' : ' joins'} a rigid body to itself (first: "${example}"); left out`,
  'joint-negative-spring': (n: number, example: string) =>
    `${n} joint${n > 1 ? 's have' : ' has'} a negative spring constant (first: "${example}"); ` +
    'those springs were set to 0',
  'body-no-bone': (n: number, example: string) =>
    `${n} rigid bod${n > 1 ? 'ies belong' : 'y belongs'} to no bone (first: "${example}"); ` +
    'each moves with the nearest ragdoll part',
  'body-mass-floored': (n: number, example: string) =>
    `${n} moving rigid bod${n > 1 ? 'ies have' : 'y has'} a mass of zero or less (first: "${example}"); ` +
    'given a small mass instead',
  'body-size-floored': (n: number, example: string) =>
    `${n} rigid bod${n > 1 ? 'ies have' : 'y has'} a size of zero or less (first: "${example}"); ` +
    'made 1 mm instead',
  'dynamic-on-ragdoll-bone': (n: number, example: string) =>
    `${n} physics-driven rigid bod${n > 1 ? 'ies sit' : 'y sits'} on bones the ragdoll moves ` +
    `(first: "${example}"); they follow the ragdoll instead`,
  'body-mask-narrowed': (n: number, example: string) =>
    `${n} moving rigid bod${n > 1 ? 'ies start' : 'y starts'} inside a ragdoll part together with ` +
    `bodies of other groups (first: "${example}"); ${n > 1 ? 'they' : 'it'} no longer collide ` +
    `with that part's group, so the part does not fling ${n > 1 ? 'them' : 'it'} away`,
} satisfies Record<string, (count: number, example: string) => string>;

export type MmdRigWarningCode = keyof typeof SENTENCES;

/** Every code the rig can report, in the order of the table above. */
export const MMD_RIG_WARNING_CODES = Object.keys(SENTENCES) as readonly MmdRigWarningCode[];

/** Collects problems while building, then reports each kind once with a count. */
export class WarningList {
  private readonly seen = new Map<MmdRigWarningCode, { count: number; example: string }>();

  /** Notes one occurrence; `example` names the body or joint (its name in the file). */
  note(code: MmdRigWarningCode, example: string): void {
    const entry = this.seen.get(code);
    if (entry) entry.count++;
    // Real names carry stray whitespace (mokou_B.pmd's start with a line feed).
    else this.seen.set(code, { count: 1, example: example.trim() });
  }

  /** One warning per kind noted, in the order first seen. */
  list(): MmdRigWarning[] {
    return [...this.seen].map(([code, { count, example }]) => ({
      code,
      message: SENTENCES[code](count, example),
      count,
      names: [example],
    }));
  }
}
