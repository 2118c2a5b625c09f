/**
 * Checks the model files a preset's figures and model props name against what was recorded
 * when it was saved (size, then SHA-256). A figure whose file is gone or changed gets a note
 * (the renderer puts the box dummy in its place and shows it); so does such a prop (the
 * renderer leaves it out and shows the note).
 */

import { stat } from 'node:fs/promises';
import type { FigureNote, PropNote } from '../../../shared/host-contract';
import type { Preset, PresetModelRef } from '../../../shared/preset-schema';
import type { FileHasher } from './file-hash';
import { describeError, errorCode } from './host-problem';

type FileModelRef = Extract<PresetModelRef, { kind: 'file' }>;

export interface PresetModelCheck {
  /** One note per figure that will be a box dummy, in figure order. */
  readonly notes: FigureNote[];
  /** One note per model prop that will be left out, in prop order. */
  readonly propNotes: PropNote[];
  /** Paths whose file still matches the preset: the renderer may read them. */
  readonly verifiedPaths: string[];
}

/** Checks every file-backed figure and model prop of `preset`; never throws for a file problem. */
export async function checkPresetModels(
  preset: Preset,
  hasher: FileHasher,
): Promise<PresetModelCheck> {
  const results = await Promise.all(
    preset.figures.map((figure) =>
      figure.model.kind === 'file' ? checkOne(figure.model, hasher) : undefined,
    ),
  );
  const propResults = await Promise.all(
    preset.props.map((prop) => (prop.kind === 'model' ? checkOne(prop.model, hasher) : undefined)),
  );
  const notes: FigureNote[] = [];
  const propNotes: PropNote[] = [];
  const verifiedPaths: string[] = [];
  results.forEach((result, figureIndex) => {
    if (result === undefined) return;
    if ('path' in result) verifiedPaths.push(result.path);
    else {
      const { title, path } = preset.figures[figureIndex]!.model as FileModelRef;
      const message = `Figure ${figureIndex + 1} (${title || path}) will be a box dummy: ${result.why}`;
      notes.push({ figureIndex, reason: result.reason, message });
    }
  });
  propResults.forEach((result, propIndex) => {
    if (result === undefined) return;
    if ('path' in result) verifiedPaths.push(result.path);
    else {
      const prop = preset.props[propIndex]!;
      const title = prop.kind === 'model' ? prop.model.title || prop.model.path : '';
      const message = `Prop ${propIndex + 1} (${title}) was left out: ${result.why}`;
      propNotes.push({ propIndex, reason: result.reason, message });
    }
  });
  return { notes, propNotes, verifiedPaths };
}

/** Why a model file cannot be used, in a sentence, or its path when it still matches. */
type CheckResult = { reason: FigureNote['reason']; why: string } | { path: string };

async function checkOne(model: FileModelRef, hasher: FileHasher): Promise<CheckResult> {
  const note = (reason: FigureNote['reason'], why: string): CheckResult => ({ reason, why });
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
