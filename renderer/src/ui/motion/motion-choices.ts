/**
 * The motion list's entries: None (the passive ragdoll), each built-in motion, and the motion
 * file opened last (when there is one). Values are stable strings the `<select>` carries;
 * labels come from the current language. Pure: no DOM.
 */

import type { MotionStrings } from './motion-strings';

/** The value of the None entry. */
export const NO_MOTION = 'none';
/** The value of the opened file's entry. */
export const FILE_MOTION = 'file';
/** The value of the live VMC entry (shown while VMC receiving is on). */
export const LIVE_MOTION = 'live';
const BUILTIN_PREFIX = 'builtin:';

/** One entry of the list. */
export interface MotionChoice {
  /** `none`, `builtin:<name>`, `file` or `live`. */
  readonly value: string;
  readonly label: string;
}

/** What a list value stands for. */
export type MotionChoiceTarget =
  | { readonly kind: 'none' }
  | { readonly kind: 'builtin'; readonly name: string }
  | { readonly kind: 'file' }
  | { readonly kind: 'live' };

/** The list value of a built-in motion. */
export function builtinChoice(name: string): string {
  return `${BUILTIN_PREFIX}${name}`;
}

/** What `value` stands for; undefined for a value the list never holds. */
export function choiceTarget(
  value: string,
  builtinNames: readonly string[],
): MotionChoiceTarget | undefined {
  if (value === NO_MOTION) return { kind: 'none' };
  if (value === FILE_MOTION) return { kind: 'file' };
  if (value === LIVE_MOTION) return { kind: 'live' };
  if (!value.startsWith(BUILTIN_PREFIX)) return undefined;
  const name = value.slice(BUILTIN_PREFIX.length);
  return builtinNames.includes(name) ? { kind: 'builtin', name } : undefined;
}

/**
 * The list, in order: None, the built-ins, the file, then Live (VMC).
 *
 * @param fileName - the motion file opened last, if any
 * @param live - whether VMC receiving is on (Live (VMC) is offered)
 */
export function motionChoices(
  builtinNames: readonly string[],
  fileName: string | undefined,
  text: MotionStrings,
  live = false,
): MotionChoice[] {
  const choices: MotionChoice[] = [{ value: NO_MOTION, label: text.none }];
  for (const name of builtinNames) {
    choices.push({ value: builtinChoice(name), label: text.builtin(name) });
  }
  if (fileName !== undefined)
    choices.push({ value: FILE_MOTION, label: text.fileChoice(fileName) });
  if (live) choices.push({ value: LIVE_MOTION, label: text.live });
  return choices;
}

/** The entry after `value` (Next Motion), wrapping to the first; the first when `value` is absent. */
export function nextChoice(choices: readonly MotionChoice[], value: string): MotionChoice {
  const index = choices.findIndex((choice) => choice.value === value);
  const next = choices[(index + 1) % choices.length];
  if (next === undefined) throw new Error('nextChoice: the motion list is empty');
  return next;
}
