/** Scenes saved as presets in the physics tests: what `captureScene` needs beside the sandbox. */
import type { PresetContent, PresetFileModelRef } from '../../shared/preset-schema';
import { PRESET_MOTION_NONE, presetContentSchema } from '../../shared/preset-schema';
import type { PresetSandbox, SceneExtras } from '../../renderer/src/physics/scene-preset';
import { captureScene } from '../../renderer/src/physics/scene-preset';

/**
 * A preset named `name` of box dummies playing no motion, its bodies hidden, seen from one
 * camera; `overrides` change any of that.
 */
export function sceneExtras(name: string, overrides: Partial<SceneExtras> = {}): SceneExtras {
  return {
    name,
    camera: { position: [3, 2, 5], target: [0, 0.5, 0], fovDeg: 45 },
    showBodies: false,
    modelOf: () => ({ kind: 'box' }),
    motion: PRESET_MOTION_NONE,
    motionTimeOf: () => 0,
    ...overrides,
  };
}

/** Content as it travels to disk and back: through JSON, read by the preset schema. */
export function throughJson(content: PresetContent): PresetContent {
  return presetContentSchema.parse(JSON.parse(JSON.stringify(content)));
}

/** The scene captured as a preset and read back as from disk. */
export function savedScene(sandbox: PresetSandbox, extras: SceneExtras): PresetContent {
  return throughJson(captureScene(sandbox, extras));
}

/** The file a ribbon prop was opened from, as a preset names it. */
export const RIBBON_FILE: PresetFileModelRef = {
  kind: 'file',
  path: '/models/ribbon.pmx',
  size: 1,
  sha256: '0'.repeat(64),
  title: 'Ribbon',
  format: 'pmx',
};
