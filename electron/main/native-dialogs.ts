/**
 * The host's `Dialogs` on Electron's native dialogs, filtered to the file types in
 * shared/file-types.ts. Attached to the main window when there is one, so they open as
 * sheets on macOS and stay in front of the app elsewhere.
 */

import {
  dialog,
  type BrowserWindow,
  type MessageBoxOptions,
  type OpenDialogOptions,
  type SaveDialogOptions,
} from 'electron';
import { MODEL_EXTENSIONS, MOTION_EXTENSIONS, PRESET_EXTENSION } from '../../shared/file-types';
import type { Dialogs } from './host/dialogs';
import { AUDIO_EXTENSIONS } from '../../shared/audio-files';
import type { ExportFileFormat } from '../../shared/host-contract';

const MODEL_FILTERS = [
  { name: 'Avatar models (VRM, PMX, PMD)', extensions: [...MODEL_EXTENSIONS] },
];
const MOTION_FILTERS = [{ name: 'Motions (VRMA, VMD)', extensions: [...MOTION_EXTENSIONS] }];
const MUSIC_FILTERS = [{ name: 'Music', extensions: [...AUDIO_EXTENSIONS] }];
const PRESET_FILTERS = [{ name: 'Ragdoll Playground presets', extensions: [PRESET_EXTENSION] }];
const EXPORT_FILTERS: Readonly<Record<ExportFileFormat, { name: string; extensions: string[] }>> = {
  vrma: { name: 'VRM Animation', extensions: ['vrma'] },
  vmd: { name: 'MMD motion', extensions: ['vmd'] },
  png: { name: 'PNG picture', extensions: ['png'] },
  webm: { name: 'WebM video', extensions: ['webm'] },
};

/**
 * @param parent - the window to attach dialogs to, or undefined for a free-standing dialog
 */
export function createNativeDialogs(parent: () => BrowserWindow | undefined): Dialogs {
  const open = async (options: OpenDialogOptions): Promise<string | null> => {
    const window = parent();
    const result =
      window === undefined
        ? await dialog.showOpenDialog(options)
        : await dialog.showOpenDialog(window, options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  };
  const save = async (asked: SaveDialogOptions): Promise<string | null> => {
    // Linux dialogs replace an existing file without asking unless told to ask.
    const options: SaveDialogOptions = {
      ...asked,
      properties: ['showOverwriteConfirmation', 'createDirectory'],
    };
    const window = parent();
    const result =
      window === undefined
        ? await dialog.showSaveDialog(options)
        : await dialog.showSaveDialog(window, options);
    return result.canceled || result.filePath === undefined || result.filePath === ''
      ? null
      : result.filePath;
  };
  return {
    showOpenModel: () =>
      open({ title: 'Open Model', properties: ['openFile'], filters: MODEL_FILTERS }),
    showOpenMotion: () =>
      open({ title: 'Open Motion', properties: ['openFile'], filters: MOTION_FILTERS }),
    showOpenMusic: () =>
      open({ title: 'Open Music', properties: ['openFile'], filters: MUSIC_FILTERS }),
    showOpenPreset: () =>
      open({ title: 'Import Preset', properties: ['openFile'], filters: PRESET_FILTERS }),
    showSavePreset: (defaultName) =>
      save({ title: 'Export Preset', defaultPath: defaultName, filters: PRESET_FILTERS }),
    showSaveExport: (defaultPath, format) =>
      save({ title: 'Export', defaultPath, filters: [EXPORT_FILTERS[format]] }),
    confirmPresetFiles: async (presetName, paths) => {
      const options: MessageBoxOptions = {
        type: 'question',
        title: 'Open files named by a preset',
        message: `“${presetName}” names files you have not opened in Ragdoll Playground:`,
        detail: `${paths.join('\n')}\n\nOpen them only if you know where this preset came from.`,
        buttons: ['Open These Files', 'Leave Them Out'],
        defaultId: 1,
        cancelId: 1,
      };
      const window = parent();
      const { response } =
        window === undefined
          ? await dialog.showMessageBox(options)
          : await dialog.showMessageBox(window, options);
      return response === 0;
    },
  };
}
