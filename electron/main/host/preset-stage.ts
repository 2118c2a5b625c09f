/**
 * Checks the stage file a preset names, like its models (see preset-file-check.ts). A stage
 * that is not the person's, gone, changed or unreadable gets a note: the preset still loads,
 * on the built-in stage, and the renderer shows the note.
 */

import type { Preset } from '../../../shared/preset-schema';
import type { FileHasher } from './file-hash';
import {
  checkPresetFileForNote,
  type PresetFileOutcome,
  type PresetFileRules,
} from './preset-file-check';

/** Largest stage file, bytes (512 MiB): a larger one is never hashed. */
export const STAGE_MAX_BYTES = 512 * 1024 * 1024;

/** The outcome: the built-in stage, a stage file the renderer may read, or why it cannot. */
export type PresetStageCheck = { readonly kind: 'built-in' } | PresetFileOutcome;

/** True for a file name a stage can have (.glb, .gltf, .pmx, .pmd, any case). */
export function isStageFileName(path: string): boolean {
  return /\.(glb|gltf|pmx|pmd)$/i.test(path);
}

/** The stage file `preset` names, if any. */
export function presetStagePath(preset: Preset): string | undefined {
  return preset.stage.id === 'file' ? preset.stage.path : undefined;
}

/** Checks `preset`'s stage file, if it names one; never throws for a file problem. */
export async function checkPresetStage(
  preset: Preset,
  hasher: FileHasher,
  rules: PresetFileRules,
): Promise<PresetStageCheck> {
  const stage = preset.stage;
  if (stage.id !== 'file') return { kind: 'built-in' };
  return checkPresetFileForNote(
    stage,
    rules,
    hasher,
    (why) => `The stage ${stage.fileName} was not opened, so the built-in stage is used: ${why}`,
  );
}
