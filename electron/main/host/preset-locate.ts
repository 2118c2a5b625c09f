/**
 * Locate… while a preset (or the recovery copy) loads: when one of the person's own files
 * that it names is missing, the person may pick where it is now. The picked file is used only
 * if it is the same file: a name of the right kind, within the size limit, and the size and
 * SHA-256 the preset recorded (hashed in chunks within the hasher's time limit, as any
 * preset file). Only files already found to be the person's reach this (see
 * preset-file-check.ts): a path that is not theirs is never offered for locating.
 *
 * One locator serves one load: each missing path is asked about once (a model several figures
 * share gets one dialog), one dialog at a time, and what was found is kept so the loaded
 * preset can name the new places.
 */

import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Preset } from '../../../shared/preset-schema';
import type { Dialogs, PresetFileKind } from './dialogs';
import { HashRefusedError, type FileHasher } from './file-hash';
import { describeError } from './host-problem';
import type { Logger } from './logger';
import { isResolvedPath } from './model-access';
import type { PresetFileCheck, PresetFileRef, PresetFileRules } from './preset-file-check';
import { formatBytes } from './user-file';

export interface PresetLocatorOptions {
  /** The preset's name, for the dialog. */
  readonly presetName: string;
  readonly dialogs: Pick<Dialogs, 'locatePresetFile'>;
  readonly hasher: FileHasher;
  readonly log: Logger;
}

export interface PresetLocator {
  /**
   * Asks the person to locate `ref`'s missing file and checks what they pick under `rules`.
   *
   * @returns the picked path when it is the same file; a `missing` note when it is not;
   *   undefined when the person picked nothing. Never rejects.
   */
  locate(
    kind: PresetFileKind,
    ref: PresetFileRef,
    rules: PresetFileRules,
  ): Promise<PresetFileCheck | undefined>;
  /** Old path to new, for every file found at a new place so far. */
  readonly moved: ReadonlyMap<string, string>;
  /** One sentence per file found at a new place, for the person. */
  readonly notes: readonly string[];
}

/** A locator for one load; see the module comment. */
export function createPresetLocator(options: PresetLocatorOptions): PresetLocator {
  const asked = new Map<string, Promise<PresetFileCheck | undefined>>();
  const moved = new Map<string, string>();
  const notes: string[] = [];
  // One dialog at a time: the checks of a preset's files run side by side.
  let queue: Promise<unknown> = Promise.resolve();

  const ask = async (
    kind: PresetFileKind,
    ref: PresetFileRef,
    rules: PresetFileRules,
  ): Promise<PresetFileCheck | undefined> => {
    const picked = await options.dialogs.locatePresetFile(options.presetName, kind, ref.path);
    if (picked === null) return undefined;
    const mismatch = await whyNotSame(picked, ref, rules, options.hasher);
    if (mismatch !== undefined) {
      options.log.info(`${picked} was picked for ${ref.path} but ${mismatch}.`);
      return {
        reason: 'missing',
        why:
          `${ref.path} was not found, and the file chosen in its place (${picked}) is not ` +
          `the same one: ${mismatch}.`,
      };
    }
    moved.set(ref.path, picked);
    notes.push(`${basename(ref.path)} was found at its new place, ${picked} (was ${ref.path}).`);
    options.log.info(`Located ${ref.path} at ${picked}.`);
    return { path: picked };
  };

  return {
    locate: (kind, ref, rules) => {
      const known = asked.get(ref.path);
      if (known !== undefined) return known;
      const answer = queue.then(() =>
        ask(kind, ref, rules).catch((error: unknown) => {
          options.log.error(`Locate… for ${ref.path} failed.`, error);
          return undefined;
        }),
      );
      queue = answer;
      asked.set(ref.path, answer);
      return answer;
    },
    moved,
    notes,
  };
}

/**
 * Why `picked` is not the file `ref` recorded, in words that follow "is not the same one: ",
 * or undefined when it is. Nothing is hashed unless the name, the size limit and the size fit.
 */
async function whyNotSame(
  picked: string,
  ref: PresetFileRef,
  rules: PresetFileRules,
  hasher: FileHasher,
): Promise<string | undefined> {
  if (!isResolvedPath(picked)) return 'its path is not in its plain absolute form';
  if (!rules.hasKindName(picked)) return `it is not a ${rules.noun} file by its name`;
  try {
    const stats = await stat(picked);
    if (!stats.isFile()) return 'it is not a file';
    if (stats.size > rules.maxBytes) {
      return `it is ${formatBytes(stats.size)}, over the ${formatBytes(rules.maxBytes)} a ${rules.noun} may have`;
    }
    if (stats.size !== ref.size) {
      return `it has ${stats.size} bytes, the preset's file had ${ref.size}`;
    }
    if ((await hasher.hash(picked, rules.maxBytes)) !== ref.sha256) {
      return 'it has the same size but different content';
    }
    return undefined;
  } catch (error) {
    if (error instanceof HashRefusedError) return error.message;
    return `it could not be read (${describeError(error)})`;
  }
}

/**
 * `preset` with each file `moved` names replaced by its new place (models of figures and
 * props, the motion, the song), so the page opens the files where they are now.
 */
export function withMovedFiles(preset: Preset, moved: ReadonlyMap<string, string>): Preset {
  if (moved.size === 0) return preset;
  const motion = preset.motion.motion;
  const movedMotion = motion.kind === 'file' ? moved.get(motion.path) : undefined;
  const movedMusic = preset.music ? moved.get(preset.music.path) : undefined;
  return {
    ...preset,
    figures: preset.figures.map((figure) => {
      const path = figure.model.kind === 'file' ? moved.get(figure.model.path) : undefined;
      return path === undefined ? figure : { ...figure, model: { ...figure.model, path } };
    }),
    props: preset.props.map((prop) => {
      if (prop.kind !== 'model' || prop.model.kind !== 'file') return prop;
      const path = moved.get(prop.model.path);
      return path === undefined ? prop : { ...prop, model: { ...prop.model, path } };
    }),
    motion:
      motion.kind === 'file' && movedMotion !== undefined
        ? {
            ...preset.motion,
            motion: { ...motion, path: movedMotion, fileName: basename(movedMotion) },
          }
        : preset.motion,
    ...(preset.music && movedMusic !== undefined
      ? { music: { ...preset.music, path: movedMusic, fileName: basename(movedMusic) } }
      : {}),
  };
}
