/**
 * Checks one file a preset (or the recovery copy) names against what was recorded when it
 * was saved. A preset is a file anyone can share, so it must not become a way to learn about
 * files the person never chose: a path that is not one of theirs (in the library, opened or
 * dropped this session, or confirmed by them for this load) is not looked at at all, and its
 * note says only that; a file whose name is not of the wanted kind, or that is over the size
 * limit for it, is never hashed. Only then are its size and SHA-256 compared. One of the
 * person's files that is missing may be located by them (`PresetFileRules.locate`).
 */

import { stat } from 'node:fs/promises';
import type { FigureNote, MotionNote } from '../../../shared/host-contract';
import { HashRefusedError, type FileHasher } from './file-hash';
import { describeError, errorCode } from './host-problem';
import { isResolvedPath } from './model-access';
import { formatBytes } from './user-file';

/** Why a preset's file cannot be used. */
export type PresetFileReason = FigureNote['reason'];

/** What a preset's file reference records. */
export interface PresetFileRef {
  readonly path: string;
  /** Bytes. */
  readonly size: number;
  readonly sha256: string;
}

/** What decides whether, and how far, a preset's file is looked at. */
export interface PresetFileRules {
  /** True for a path the person chose (see the module comment); others are never touched. */
  isYours(path: string): boolean;
  /** True for a file name of the wanted kind (`.vrm`, `.pmx`… or `.vrma`, `.vmd`). */
  hasKindName(path: string): boolean;
  /** `model` or `motion`, for the notes. */
  readonly noun: string;
  /** Largest file of this kind, bytes; a larger one is not hashed. */
  readonly maxBytes: number;
  /**
   * Locate… for one of the person's files that is missing (see preset-locate.ts): the check
   * of the file the person picked in its place, or undefined when they picked none.
   */
  locate?(ref: PresetFileRef): Promise<PresetFileCheck | undefined>;
}

/** The note's sentence for a path that is not one of the person's files (nothing else said). */
export const NOT_YOURS = 'not opened: not one of your files';

/** Why the file cannot be used, in a sentence, or its path when it still matches. */
export type PresetFileCheck =
  { readonly reason: PresetFileReason; readonly why: string } | { readonly path: string };

/** Checks `ref` under `rules`; never throws for a file problem. */
export async function checkPresetFile(
  ref: PresetFileRef,
  rules: PresetFileRules,
  hasher: FileHasher,
): Promise<PresetFileCheck> {
  const note = (reason: PresetFileReason, why: string): PresetFileCheck => ({ reason, why });
  const { path } = ref;
  if (!isResolvedPath(path) || !rules.isYours(path))
    return note('not-yours', `${NOT_YOURS} (${path}).`);
  if (!rules.hasKindName(path)) {
    return note(
      'unreadable',
      `${path} is not a ${rules.noun} file by its name, so it was not opened.`,
    );
  }
  try {
    const stats = await stat(path);
    if (!stats.isFile()) {
      return (await located(ref, rules)) ?? note('missing', `${path} is not a file any more.`);
    }
    if (stats.size > rules.maxBytes) {
      return note(
        'unreadable',
        `${path} is ${formatBytes(stats.size)}, over the ${formatBytes(rules.maxBytes)} a ` +
          `${rules.noun} may have, so it was not opened.`,
      );
    }
    if (stats.size !== ref.size) {
      return note(
        'changed',
        `${path} has changed since the preset was saved (${stats.size} bytes, was ${ref.size}).`,
      );
    }
    if ((await hasher.hash(path, rules.maxBytes)) !== ref.sha256) {
      return note(
        'changed',
        `${path} has changed since the preset was saved (same size, different content).`,
      );
    }
    return { path };
  } catch (error) {
    if (error instanceof HashRefusedError) return note('unreadable', `${error.message}.`);
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') {
      return (
        (await located(ref, rules)) ??
        note('missing', `${path} was not found; it may have been moved or deleted.`)
      );
    }
    return note('unreadable', `${path} could not be read (${describeError(error)}).`);
  }
}

/** One of a preset's single files (its motion, song or stage) checked: its path, or a note. */
export type PresetFileOutcome =
  | { readonly kind: 'verified'; readonly path: string }
  | { readonly kind: 'note'; readonly note: MotionNote };

/**
 * Checks `ref` as {@link checkPresetFile} does; a file that cannot be used gets a note whose
 * message is `message(why)`.
 */
export async function checkPresetFileForNote(
  ref: PresetFileRef,
  rules: PresetFileRules,
  hasher: FileHasher,
  message: (why: string) => string,
): Promise<PresetFileOutcome> {
  const result = await checkPresetFile(ref, rules, hasher);
  if ('path' in result) return { kind: 'verified', path: result.path };
  return { kind: 'note', note: { reason: result.reason, message: message(result.why) } };
}

/** What Locate… made of a missing file, or undefined without Locate… or when none was picked. */
function located(ref: PresetFileRef, rules: PresetFileRules): Promise<PresetFileCheck | undefined> {
  return rules.locate?.(ref) ?? Promise.resolve(undefined);
}
