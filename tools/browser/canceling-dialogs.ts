import type { Dialogs } from '../../electron/main/host/dialogs';

/**
 * Dialogs a person cancels every time: no file chosen, no preset file confirmed or located.
 * For hosts driven by a script (the browser bridge, the fuzz pass, benchmarks).
 */
export const CANCELING_DIALOGS: Dialogs = Object.freeze({
  showOpenModel: () => Promise.resolve(null),
  showOpenMotion: () => Promise.resolve(null),
  showOpenMusic: () => Promise.resolve(null),
  showOpenStage: () => Promise.resolve(null),
  showOpenPreset: () => Promise.resolve(null),
  showSavePreset: () => Promise.resolve(null),
  showSaveExport: () => Promise.resolve(null),
  confirmPresetFiles: () => Promise.resolve(false),
  locatePresetFile: () => Promise.resolve(null),
});
