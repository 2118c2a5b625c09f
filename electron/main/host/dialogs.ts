/**
 * The native file dialogs the host services need. Electron's `dialog` implements it in the
 * app (electron/main/native-dialogs.ts); tests script it. Every path a dialog returns is one
 * the user chose, which is what lets the host read or write it.
 */

import type { ExportFileFormat } from '../../../shared/host-contract';

/** The kind of file a preset names, for Locate…'s wording and file filter. */
export type PresetFileKind = 'model' | 'motion' | 'music';

export interface Dialogs {
  /** Open Model… (also Locate…): a VRM/PMX/PMD file, or null when canceled. */
  showOpenModel(): Promise<string | null>;
  /** Open Stage…: a glTF (.glb, .gltf), PMX or PMD file, or null when canceled. */
  showOpenStage(): Promise<string | null>;
  /** Open Motion… (also Locate… for a motion): a VRMA/VMD file, or null when canceled. */
  showOpenMotion(): Promise<string | null>;
  /** Open Music…: a WAV/MP3/Ogg/Opus/M4A/AAC/FLAC file, or null when canceled. */
  showOpenMusic(): Promise<string | null>;
  /** Import Preset…: a `.ragdoll` file, or null when canceled. */
  showOpenPreset(): Promise<string | null>;
  /**
   * Export Preset…: where to write, or null when canceled.
   *
   * @param defaultName - the suggested file name, e.g. `Stairs pile-up.ragdoll`
   */
  showSavePreset(defaultName: string): Promise<string | null>;
  /**
   * Export (motion, picture, clip): where to write, or null when canceled. The native dialog
   * asks before replacing a file; only the path it returns is written.
   *
   * @param defaultPath - the suggested file, in the folder last exported to
   */
  showSaveExport(defaultPath: string, format: ExportFileFormat): Promise<string | null>;
  /**
   * Asks whether a preset (or the last scene) may open files that are not among the person's
   * own (not in the library, not opened or dropped this session), naming each of them.
   *
   * @param presetName - the preset's name, e.g. `Stairs pile-up`
   * @param paths - the files it would open
   * @returns true to open them; false (or a closed dialog) leaves them unopened
   */
  confirmPresetFiles(presetName: string, paths: readonly string[]): Promise<boolean>;
  /**
   * Locate…: one of the person's own files that a preset names is not where it was saved; asks
   * whether to look for it, naming it, and lets them pick where it is now. The host then
   * checks the picked file against the preset's size and SHA-256 before using it.
   *
   * @param presetName - the preset's name, e.g. `Stairs pile-up`
   * @param kind - what the file is, for the wording and the file filter
   * @param missingPath - where the preset says the file was
   * @returns the picked file, or null when the person leaves it out or cancels
   */
  locatePresetFile(
    presetName: string,
    kind: PresetFileKind,
    missingPath: string,
  ): Promise<string | null>;
}
