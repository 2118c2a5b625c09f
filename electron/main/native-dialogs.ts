/**
 * The host's `Dialogs` on Electron's native dialogs, filtered to the file types in
 * shared/file-types.ts. Attached to the main window when there is one, so they open as
 * sheets on macOS and stay in front of the app elsewhere. The host's own questions are in the
 * panel's language (dialog-words.ts).
 */

import {
  dialog,
  type BrowserWindow,
  type MessageBoxOptions,
  type OpenDialogOptions,
  type SaveDialogOptions,
} from 'electron';
import { MODEL_EXTENSIONS, MOTION_EXTENSIONS, PRESET_EXTENSION } from '../../shared/file-types';
import type { Dialogs, PresetFileKind } from './host/dialogs';
import { confirmPresetFilesWords, locatePresetFileWords, type QuestionWords } from './dialog-words';
import type { MenuLanguage } from './menu-labels';
import { AUDIO_EXTENSIONS } from '../../shared/audio-files';
import type { ExportFileFormat } from '../../shared/host-contract';

const MODEL_FILTERS = [
  { name: 'Avatar models (VRM, PMX, PMD)', extensions: [...MODEL_EXTENSIONS] },
];
const STAGE_FILTERS = [
  { name: 'Stages (glTF, PMX, PMD)', extensions: ['glb', 'gltf', 'pmx', 'pmd'] },
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

const PRESET_FILE_FILTERS: Readonly<
  Record<PresetFileKind, readonly { name: string; extensions: string[] }[]>
> = { model: MODEL_FILTERS, motion: MOTION_FILTERS, music: MUSIC_FILTERS };

/**
 * @param parent - the window to attach dialogs to, or undefined for a free-standing dialog
 * @param language - the language the host's questions are asked in, read at each question
 */
export function createNativeDialogs(
  parent: () => BrowserWindow | undefined,
  language: () => MenuLanguage,
): Dialogs {
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
  /** Asks `words`; true for its first button (the second is the default and Escape). */
  const ask = async (words: QuestionWords): Promise<boolean> => {
    const options: MessageBoxOptions = {
      type: 'question',
      title: words.title,
      message: words.message,
      detail: words.detail,
      buttons: [...words.buttons],
      defaultId: 1,
      cancelId: 1,
    };
    const window = parent();
    const { response } =
      window === undefined
        ? await dialog.showMessageBox(options)
        : await dialog.showMessageBox(window, options);
    return response === 0;
  };
  return {
    showOpenModel: () =>
      open({ title: 'Open Model', properties: ['openFile'], filters: MODEL_FILTERS }),
    showOpenStage: () =>
      open({ title: 'Open Stage', properties: ['openFile'], filters: STAGE_FILTERS }),
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
    confirmPresetFiles: (presetName, paths) =>
      ask(confirmPresetFilesWords(language(), presetName, paths)),
    locatePresetFile: async (presetName, kind, missingPath) => {
      const words = locatePresetFileWords(language(), presetName, kind, missingPath);
      if (!(await ask(words))) return null;
      return open({
        title: words.openTitle,
        message: words.message,
        properties: ['openFile'],
        filters: [...PRESET_FILE_FILTERS[kind]],
      });
    },
  };
}
