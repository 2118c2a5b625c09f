/**
 * Checks the model files a preset's figures and model props name (see preset-file-check.ts:
 * only the person's own files, and only then their size and SHA-256 against what was
 * recorded when it was saved). A figure whose file cannot be used gets a note (the renderer
 * puts the box dummy in its place and shows it); so does such a prop (the renderer leaves it
 * out and shows the note).
 */

import type { FigureNote, PropNote } from '../../../shared/host-contract';
import type { Preset, PresetModelRef } from '../../../shared/preset-schema';
import type { FileHasher } from './file-hash';
import { checkPresetFile, type PresetFileCheck, type PresetFileRules } from './preset-file-check';

type FileModelRef = Extract<PresetModelRef, { kind: 'file' }>;

export interface PresetModelCheck {
  /** One note per figure that will be a box dummy, in figure order. */
  readonly notes: FigureNote[];
  /** One note per model prop that will be left out, in prop order. */
  readonly propNotes: PropNote[];
  /** Paths whose file still matches the preset: the renderer may read them. */
  readonly verifiedPaths: string[];
}

/** The model files `preset` names (figures, then model props), each once. */
export function presetModelPaths(preset: Preset): string[] {
  const paths = [
    ...preset.figures.map((figure) => (figure.model.kind === 'file' ? figure.model.path : '')),
    ...preset.props.map((prop) =>
      prop.kind === 'model' && prop.model.kind === 'file' ? prop.model.path : '',
    ),
  ];
  return [...new Set(paths.filter((path) => path !== ''))];
}

/** Checks every file-backed figure and model prop of `preset`; never throws for a file problem. */
export async function checkPresetModels(
  preset: Preset,
  hasher: FileHasher,
  rules: PresetFileRules,
): Promise<PresetModelCheck> {
  const check = (model: PresetModelRef): Promise<PresetFileCheck> | undefined =>
    model.kind === 'file' ? checkPresetFile(model, rules, hasher) : undefined;
  const results = await Promise.all(preset.figures.map((figure) => check(figure.model)));
  const propResults = await Promise.all(
    preset.props.map((prop) => (prop.kind === 'model' ? check(prop.model) : undefined)),
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
