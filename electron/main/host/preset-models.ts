/**
 * Checks the model files a preset's figures name against what was recorded when it was
 * saved (size, then SHA-256). A figure whose file is gone or changed gets a note; the
 * renderer puts the box dummy in its place and shows the note.
 */

import { stat } from 'node:fs/promises';
import type { FigureNote } from '../../../shared/host-contract';
import type { Preset, PresetModelRef } from '../../../shared/preset-schema';
import type { FileHasher } from './file-hash';
import { describeError, errorCode } from './host-problem';

type FileModelRef = Extract<PresetModelRef, { kind: 'file' }>;

export interface PresetModelCheck {
  /** One note per figure that will be a box dummy, in figure order. */
  readonly notes: FigureNote[];
  /** Paths whose file still matches the preset: the renderer may read them. */
  readonly verifiedPaths: string[];
}

/** Checks every file-backed figure of `preset`; never throws for a file problem. */
export async function checkPresetModels(
  preset: Preset,
  hasher: FileHasher,
): Promise<PresetModelCheck> {
  const results = await Promise.all(
    preset.figures.map((figure, index) =>
      figure.model.kind === 'file' ? checkOne(figure.model, index, hasher) : undefined,
    ),
  );
  const notes: FigureNote[] = [];
  const verifiedPaths: string[] = [];
  for (const result of results) {
    if (result === undefined) continue;
    if ('note' in result) notes.push(result.note);
    else verifiedPaths.push(result.path);
  }
  return { notes, verifiedPaths };
}

async function checkOne(
  model: FileModelRef,
  figureIndex: number,
  hasher: FileHasher,
): Promise<{ note: FigureNote } | { path: string }> {
  const note = (reason: FigureNote['reason'], why: string): { note: FigureNote } => ({
    note: {
      figureIndex,
      reason,
      message: `Figure ${figureIndex + 1} (${model.title || model.path}) will be a box dummy: ${why}`,
    },
  });
  try {
    const stats = await stat(model.path);
    if (!stats.isFile()) return note('missing', `${model.path} is not a file any more.`);
    if (stats.size !== model.size) {
      return note(
        'changed',
        `${model.path} has changed since the preset was saved ` +
          `(${stats.size} bytes, was ${model.size}).`,
      );
    }
    if ((await hasher.hash(model.path)) !== model.sha256) {
      return note(
        'changed',
        `${model.path} has changed since the preset was saved (same size, different content).`,
      );
    }
    return { path: model.path };
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') {
      return note('missing', `${model.path} was not found; it may have been moved or deleted.`);
    }
    return note('unreadable', `${model.path} could not be read (${describeError(error)}).`);
  }
}
