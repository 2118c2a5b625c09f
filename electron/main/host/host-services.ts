/**
 * The main process's file work behind the contract: opening models and motions (dialog,
 * drop, library, presets), the recent-file library and scene presets, wired to one data folder and one set of
 * native dialogs. Methods throw `HostProblemError` for the user's-file problems; the
 * handlers turn those into `HostOutcome`s.
 */

import { ExportFolder, saveExport } from './export-file';
import type { ExportFileFormat, ReadProgress } from '../../../shared/host-contract';
import { basename, extname, isAbsolute, join } from 'node:path';
import { isMotionFileName, MODEL_EXTENSIONS, PRESET_EXTENSION } from '../../../shared/file-types';
import type {
  DropGrant,
  DroppedFileResult,
  KeptDroppedFile,
  LibraryEntry,
  LibraryListing,
  LoadedPreset,
  ModelFile,
  ModelTexture,
  MotionFile,
  MusicFile,
  PresetListing,
  PresetSummary,
  StageFileRead,
} from '../../../shared/host-contract';
import type { Preset, PresetContent } from '../../../shared/preset-schema';
import type { Dialogs, PresetFileKind } from './dialogs';
import { createDropGrantChecker, newDropKey } from './drop-grants';
import { createFileHasher } from './file-hash';
import { JsonFileReadError } from './json-file-store';
import { describeError, HostProblemError } from './host-problem';
import { createConsoleLogger, type Logger } from './logger';
import {
  createModelAccess,
  isResolvedPath,
  MOTION_ACCESS_WORDING,
  type AccessSource,
} from './model-access';
import type { ModelFileData } from './identified-file';
import { MODEL_MAX_BYTES, readModelFile } from './model-file';
import type { ReadUserFileOptions } from './user-file';
import { removeLeftoverWrites } from './leftover-writes';
import {
  createModelLibrary,
  openedStage,
  THUMBNAIL_FOLDER,
  type OpenedFileData,
  type RecentModel,
} from './model-library';
import { readAudioFile } from './audio-file';
import { createMusicService } from './music-service';
import { findSongBeside } from './song-beside';
import { isAudioFileName } from '../../../shared/audio-files';
import { AUDIO_MAX_BYTES } from './audio-file';
import { MOTION_MAX_BYTES, readMotionFile } from './motion-file';
import { readModelTexture } from './model-textures';
import { namesTexture, textureTableOf } from './model-texture-table';
import type { PresetFileRules } from './preset-file-check';
import { createPresetLocator, withMovedFiles, type PresetLocator } from './preset-locate';
import { checkPresetModels, presetModelPaths } from './preset-models';
import { checkPresetMotion, presetMotionPath } from './preset-motion';
import { checkPresetMusic, presetMusicPath } from './preset-music';
import {
  STAGE_MAX_BYTES,
  checkPresetStage,
  isStageFileName,
  presetStagePath,
} from './preset-stage';
import { readStageFile } from './stage-file';
import { createPresetStore, PRESET_FOLDER } from './preset-store';
import { createReadBudget, type ReadBudget } from './read-budget';
import { createRecoveryStore, type RecoveryFound } from './recovery-store';
import { createSharedRun } from './shared-run';

export interface HostServicesOptions {
  /** The app's data folder (Electron's `userData`): `library.json`, `thumbnails/`, `presets/`. */
  readonly dataDirectory: string;
  readonly dialogs: Dialogs;
  /** A logger per module. Default: console loggers. */
  readonly loggerFor?: (module: string) => Logger;
  /**
   * Told about every model or motion opened successfully (the app adds it to the OS recent
   * documents).
   */
  readonly onModelOpened?: (path: string) => void;
  /** Told after the recent-model library changed (the app rebuilds File > Open Recent). */
  readonly onLibraryChanged?: () => void;
  /** Clock for times, ids and moved-aside names. Default: the system clock. */
  readonly now?: () => Date;
  /** Largest model file read, bytes. Default: `MODEL_MAX_BYTES` (512 MiB). */
  readonly modelMaxBytes?: number;
  /** Largest motion file read, bytes. Default: `MOTION_MAX_BYTES` (64 MiB). */
  readonly motionMaxBytes?: number;
  /** Caps model, motion and texture reads at once and their bytes. Default: `READ_BUDGET_LIMITS`. */
  readonly readBudget?: ReadBudget;
  /** Told how far a big model file has been read (the app passes it on to the page). */
  readonly onReadProgress?: (progress: ReadProgress) => void;
  /**
   * The key the preload signs drops with (hex, see drop-grants.ts). Default: a new random
   * key, so no drop is accepted unless the caller shares the key with whoever signs them.
   */
  readonly dropKey?: string;
  /** How long hashing one file a preset names may take, ms. Default: `HASH_TIME_LIMIT_MS`. */
  readonly hashTimeLimitMs?: number;
}

export interface HostServices {
  openModelDialog(): Promise<ModelFile>;
  readModel(path: string): Promise<ModelFile>;
  /** A texture named by an MMD model the page may read, from the model's folder. */
  readModelTexture(modelPath: string, textureName: string): Promise<ModelTexture>;
  /** Open Stage…: the dialog, then the chosen stage (see stage-file.ts). */
  openStageDialog(): Promise<StageFileRead>;
  /** A stage opened or dropped this session, or named by a loaded preset, read again. */
  readStage(path: string): Promise<StageFileRead>;
  /** A file dropped with Shift held, with the preload's grant for it: read as a stage. */
  openDroppedStage(path: string, grant: DropGrant): Promise<StageFileRead>;
  /** Open Motion…: the dialog, then the chosen motion, recorded in the library. */
  openMotionDialog(): Promise<MotionFile>;
  /** A motion the page may read (opened, dropped, in the library, or named by a loaded preset). */
  readMotion(path: string): Promise<MotionFile>;
  /** Open Music…: the dialog, then the chosen file read as audio (see `music-service.ts`). */
  openMusicDialog(): Promise<MusicFile>;
  /** A song chosen with Open Music… in this session, read again. */
  readMusic(path: string): Promise<MusicFile>;
  /**
   * A file dropped on the window, with the preload's grant for it (see drop-grants.ts). A
   * dropped model or motion is readable for the session but joins the library only through
   * {@link keepDroppedFile}.
   */
  openDroppedFile(path: string, grant: DropGrant): Promise<DroppedFileResult>;
  /** The page loaded the file dropped at `path`: records it in the library. */
  keepDroppedFile(path: string): Promise<KeptDroppedFile>;
  /** Opens a model, motion or preset the user picked outside the page (OS, second launch, menu). */
  openFileFromUser(path: string): Promise<DroppedFileResult>;
  /** File > Open Recent on a stage entry: the file read as a stage, as Open Stage… would. */
  openRecentStage(path: string): Promise<DroppedFileResult>;
  listLibrary(): Promise<LibraryListing>;
  /** The library's entries for File > Open Recent; leaves notices for the renderer. */
  recentModels(): Promise<readonly RecentModel[]>;
  removeFromLibrary(id: string): Promise<LibraryListing>;
  clearLibrary(): Promise<LibraryListing>;
  relocateLibraryEntry(id: string): Promise<LibraryEntry>;
  setLibraryThumbnail(id: string, png: Uint8Array): Promise<LibraryEntry>;
  listPresets(): Promise<PresetListing>;
  savePreset(content: PresetContent): Promise<PresetSummary>;
  overwritePreset(id: string, content: PresetContent): Promise<PresetSummary>;
  renamePreset(id: string, name: string): Promise<PresetSummary>;
  duplicatePreset(id: string): Promise<PresetSummary>;
  deletePreset(id: string): Promise<{ readonly id: string }>;
  loadPreset(id: string): Promise<LoadedPreset>;
  importPreset(): Promise<PresetSummary>;
  exportPreset(id: string): Promise<{ readonly path: string }>;
  /** Keeps `content` as the crash-recovery copy of the scene (see recovery-store.ts). */
  saveRecovery(content: PresetContent): Promise<{ readonly savedAt: string }>;
  /**
   * The scene of a page or app that ended without a clean end, ready to restore like a
   * preset (its models checked), or null; it is then removed, so it is offered once.
   */
  takeRecovery(): Promise<LoadedPreset | null>;
  /** A clean end (the window closed, the app quit): removes the recovery copy. */
  discardRecovery(): Promise<void>;
  /** Export (motion, picture, clip): Save dialog in the last export folder, atomic write. */
  saveExport(
    format: ExportFileFormat,
    suggestedName: string,
    bytes: Uint8Array,
  ): Promise<{ readonly path: string }>;
  /** Resolves once every pending library and preset write has finished (before quitting). */
  flush(): Promise<void>;
}

/**
 * Builds the services over `options.dataDirectory` (created on the first write). One instance
 * per app: it owns the allow-list, the hash cache and the write queues.
 */
export function createHostServices(options: HostServicesOptions): HostServices {
  const loggerFor = options.loggerFor ?? createConsoleLogger;
  const clock = options.now === undefined ? {} : { now: options.now };
  const log = loggerFor('host-services');
  const access = createModelAccess();
  const motionAccess = createModelAccess(process.platform, MOTION_ACCESS_WORDING);
  // Models read successfully in this session: the folders textures may come from.
  const openModels = createModelAccess();
  // Each open PMX/PMD model's texture table: the only names its textures may be read by.
  const textureTables = new Map<string, ReadonlySet<string>>();
  /** Notes the texture table of a model just read (none for VRM: its images are inside it). */
  const noteTextures = (path: string, model: ModelFileData): void => {
    const table = textureTableOf(model.bytes, model.format);
    if (table === undefined) textureTables.delete(path);
    else textureTables.set(path, table);
  };
  const hasher = createFileHasher(
    options.hashTimeLimitMs === undefined ? {} : { timeLimitMs: options.hashTimeLimitMs },
  );
  const library = createModelLibrary({
    directory: options.dataDirectory,
    logger: loggerFor('model-library'),
    ...clock,
  });
  const presets = createPresetStore({
    directory: options.dataDirectory,
    logger: loggerFor('preset-store'),
    ...clock,
  });
  const recovery = createRecoveryStore({
    directory: options.dataDirectory,
    logger: loggerFor('recovery'),
    ...clock,
  });
  // Before the first listing: temp files of writes a crash interrupted.
  const leftovers = removeLeftoverWrites(
    [
      options.dataDirectory,
      join(options.dataDirectory, PRESET_FOLDER),
      join(options.dataDirectory, THUMBNAIL_FOLDER),
    ],
    log,
    options.now,
  );
  // Listing checks every entry on disk; requests arriving together share one listing.
  const listLibrary = createSharedRun(() => library.list());
  const budget = options.readBudget ?? createReadBudget();
  const readOptions = (path: string): ReadUserFileOptions => ({
    budget,
    ...(options.modelMaxBytes === undefined ? {} : { maxBytes: options.modelMaxBytes }),
    ...(options.onReadProgress === undefined
      ? {}
      : { onProgress: progressReporter(basename(path), options.onReadProgress) }),
  });
  const readMotionOptions =
    options.motionMaxBytes === undefined
      ? { budget }
      : { budget, maxBytes: options.motionMaxBytes };

  /**
   * Reads a model and records it in the library. Only a successful read lets the page read
   * textures from the model's folder; a failed one withdraws that.
   */
  async function openAllowed(path: string): Promise<ModelFile> {
    const file = await readOrWithdraw(path);
    const { mtimeMs, ...model } = file;
    openModels.allow(path, 'read');
    noteTextures(path, file);
    // A preset saved with this model then loads without hashing the file again.
    hasher.remember(path, model.size, mtimeMs, model.sha256);
    options.onModelOpened?.(path);
    log.info(`Opened ${path} (${model.format}, ${model.size} bytes).`);
    return { ...model, libraryEntryId: await recordInLibrary({ ...model, mtimeMs }) };
  }

  /** The file was read fine; a library that cannot be written must not undo that. */
  async function recordInLibrary(file: OpenedFileData): Promise<string | null> {
    try {
      const id = await library.recordOpened(file);
      options.onLibraryChanged?.();
      return id;
    } catch (error) {
      log.error(`Opened ${file.path}, but could not add it to the recent-model library.`, error);
      return null;
    }
  }

  /** Reads an allowed motion and records it in the library. */
  async function openMotionAllowed(path: string): Promise<MotionFile> {
    const file = await readMotionFile(path, readMotionOptions);
    const { mtimeMs, ...motion } = file;
    hasher.remember(path, motion.size, mtimeMs, motion.sha256);
    options.onModelOpened?.(path);
    log.info(`Opened the motion ${path} (${motion.format}, ${motion.size} bytes).`);
    return {
      ...motion,
      libraryEntryId: await recordInLibrary(file),
      ...(await songBesideOf(path, motion.format)),
    };
  }

  /**
   * A VMD's song beside it (see `song-beside.ts`): that one file is let through for the page
   * to read should the person take it up; nothing else of the folder is.
   */
  async function songBesideOf(
    path: string,
    format: MotionFile['format'],
  ): Promise<{ songBeside?: string }> {
    if (format !== 'vmd') return {};
    const song = await findSongBeside(path, log);
    if (song === undefined) return {};
    music.allow(song);
    return { songBeside: song };
  }

  /** A motion the user chose is allowed only once it has been read as a motion. */
  async function openChosenMotion(path: string, source: AccessSource): Promise<MotionFile> {
    requireAbsolute(path);
    const motion = await openMotionAllowed(path);
    motionAccess.allow(path, source);
    return motion;
  }

  async function readMotion(path: string): Promise<MotionFile> {
    requireAbsolute(path);
    if (!motionAccess.isAllowed(path) && !(await library.paths()).includes(path)) {
      motionAccess.check(path);
    }
    return openMotionAllowed(path);
  }

  async function readOrWithdraw(path: string): Promise<ModelFileData> {
    try {
      return await readModelFile(path, readOptions(path));
    } catch (error) {
      openModels.revoke(path, 'read');
      textureTables.delete(path);
      throw error;
    }
  }

  /** A path the user chose is allowed only once it has been read as a model. */
  async function openChosen(path: string, source: AccessSource): Promise<ModelFile> {
    requireAbsolute(path);
    const model = await openAllowed(path);
    access.allow(path, source);
    return model;
  }

  /** Throws `not-allowed` unless the page may read the model at `path`. */
  async function checkReadable(path: string): Promise<void> {
    requireAbsolute(path);
    // Library paths are checked live, so a removed entry stops being readable at once.
    if (!access.isAllowed(path) && !(await library.paths()).includes(path)) access.check(path);
  }

  async function readModel(path: string): Promise<ModelFile> {
    await checkReadable(path);
    return openAllowed(path);
  }

  // The same texture asked for again while it is being read shares that read: a page asking
  // thousands of times at once costs one read per distinct texture, not one per request.
  const texturesInFlight = new Map<string, Promise<ModelTexture>>();
  function readTextureOnce(modelPath: string, textureName: string): Promise<ModelTexture> {
    const key = `${modelPath}\0${textureName}`;
    let reading = texturesInFlight.get(key);
    if (reading === undefined) {
      reading = readTexture(modelPath, textureName).finally(() => texturesInFlight.delete(key));
      texturesInFlight.set(key, reading);
    }
    return reading;
  }

  /**
   * Textures come only from the folder of a model the page may read and has read
   * successfully, whose latest read did not fail.
   */
  async function readTexture(modelPath: string, textureName: string): Promise<ModelTexture> {
    await checkReadable(modelPath);
    if (!openModels.isAllowed(modelPath)) {
      throw new HostProblemError(
        'not-allowed',
        `Textures are read only for an open model, and ${modelPath} is not open ` +
          `(it was not read, or its last read failed); nothing was read.`,
      );
    }
    const table = textureTables.get(modelPath);
    if (table === undefined) {
      throw new HostProblemError(
        'not-allowed',
        `Textures are read only for PMX and PMD models whose texture list could be read, and ` +
          `${modelPath} is not one; nothing was read.`,
      );
    }
    if (!namesTexture(table, textureName)) {
      throw new HostProblemError(
        'not-allowed',
        `${basename(modelPath)} does not name the texture "${textureName}" in its texture ` +
          `list, so it was not read.`,
      );
    }
    return readModelTexture(modelPath, textureName, { budget });
  }

  const music = createMusicService({
    dialogs: options.dialogs,
    log: loggerFor('music'),
    budget,
    library: { paths: () => library.paths(), record: recordInLibrary },
  });

  async function openModelDialog(): Promise<ModelFile> {
    return openChosen(await chosen(options.dialogs.showOpenModel(), 'model'), 'dialog');
  }

  // Stages the page may read again: opened or dropped this session, or a loaded preset's.
  const stageAccess = new Set<string>();

  async function openStageDialog(): Promise<StageFileRead> {
    const path = await chosen(options.dialogs.showOpenStage(), 'stage');
    requireAbsolute(path);
    return readStageAllowed(path);
  }

  async function readStageAllowed(path: string): Promise<StageFileRead> {
    const stage = await readStageFile(path, budget);
    stageAccess.add(path);
    if (stage.format === 'pmx' || stage.format === 'pmd') {
      // An MMD stage's textures are read as a model's are: only those its texture list names.
      const table = textureTableOf(stage.bytes, stage.format);
      if (table === undefined) textureTables.delete(path);
      else textureTables.set(path, table);
      access.allow(path, 'dialog');
      openModels.allow(path, 'read');
    }
    log.info(`Read the stage ${path} (${stage.format}, ${stage.size} bytes).`);
    return { ...stage, libraryEntryId: await recordInLibrary(openedStage(path, stage)) };
  }

  async function readStage(path: string): Promise<StageFileRead> {
    requireAbsolute(path);
    // Library paths are checked live, so a removed entry stops being readable at once.
    if (!stageAccess.has(path) && !(await library.paths()).includes(path)) {
      throw new HostProblemError(
        'not-allowed',
        `${path} was not opened as a stage in this session, so it was not read. Open it with File > Open Stage….`,
      );
    }
    return readStageAllowed(path);
  }

  /** File > Open Recent on a stage: read as a stage, as Open Stage… would. */
  async function openRecentStage(path: string): Promise<DroppedFileResult> {
    return { kind: 'stage', stage: await readStage(path) };
  }

  async function openMotionDialog(): Promise<MotionFile> {
    return openChosenMotion(await chosen(options.dialogs.showOpenMotion(), 'motion'), 'dialog');
  }

  /** A model, a motion (by its extension), or a `.ragdoll` preset (imported, then loaded). */
  async function openFile(path: string, source: AccessSource): Promise<DroppedFileResult> {
    requireAbsolute(path);
    if (extname(path).toLowerCase() === `.${PRESET_EXTENSION}`) {
      // importFile validates before writing, so a corrupt dropped preset writes nothing.
      const summary = await presets.importFile(path);
      return { kind: 'preset', loaded: await loadPreset(summary.id) };
    }
    if (isAudioFileName(path))
      return { kind: 'music', music: await music.openChosenMusic(path, source) };
    if (isMotionFileName(path)) {
      return { kind: 'motion', motion: await openChosenMotion(path, source) };
    }
    return { kind: 'model', model: await openChosen(path, source) };
  }

  const dropGrants = createDropGrantChecker(options.dropKey ?? newDropKey());
  // Dropped files read in this session that the page has not yet said it loaded, without
  // their bytes: what the library records once it has.
  const droppedUnkept = new Map<string, OpenedFileData>();

  /**
   * A drop the preload vouched for: that one file is readable for the session. A model or
   * motion is read but joins the library only once the page loaded it (keepDroppedFile).
   */
  async function openDropped(path: string, grant: DropGrant): Promise<DroppedFileResult> {
    requireAbsolute(path);
    if (!dropGrants.accept(path, grant)) {
      throw new HostProblemError(
        'not-allowed',
        `${path} was not dropped on the window (the drop could not be confirmed), so nothing ` +
          `was read. Drop it again, or open it with File > Open Model….`,
      );
    }
    if (extname(path).toLowerCase() === `.${PRESET_EXTENSION}`) return openFile(path, 'drop');
    // A song has nothing for the page to prepare first: it joins the library once it reads as audio.
    if (isAudioFileName(path)) return { kind: 'music', music: await music.openChosenMusic(path) };
    if (isMotionFileName(path)) {
      const file = await readMotionFile(path, readMotionOptions);
      const { mtimeMs, ...motion } = file;
      hasher.remember(path, motion.size, mtimeMs, motion.sha256);
      motionAccess.allow(path, 'drop');
      droppedUnkept.set(path, { ...file, bytes: new Uint8Array(0) });
      log.info(`Read the dropped motion ${path} (${motion.format}, ${motion.size} bytes).`);
      return {
        kind: 'motion',
        motion: { ...motion, libraryEntryId: null, ...(await songBesideOf(path, motion.format)) },
      };
    }
    const file = await readOrWithdraw(path);
    const { mtimeMs, ...model } = file;
    openModels.allow(path, 'read');
    noteTextures(path, file);
    access.allow(path, 'drop');
    hasher.remember(path, model.size, mtimeMs, model.sha256);
    droppedUnkept.set(path, { ...file, bytes: new Uint8Array(0) });
    log.info(`Read the dropped ${path} (${model.format}, ${model.size} bytes).`);
    return { kind: 'model', model: { ...model, libraryEntryId: null } };
  }

  /** A drop with Shift held that the preload vouched for: read as a stage. */
  async function openDroppedStage(path: string, grant: DropGrant): Promise<StageFileRead> {
    requireAbsolute(path);
    if (!dropGrants.accept(path, grant)) {
      throw new HostProblemError(
        'not-allowed',
        `${path} was not dropped on the window (the drop could not be confirmed), so nothing ` +
          `was read. Drop it again, or open it with File > Open Stage….`,
      );
    }
    return readStageAllowed(path);
  }

  async function keepDroppedFile(path: string): Promise<KeptDroppedFile> {
    requireAbsolute(path);
    const file = droppedUnkept.get(path);
    if (file === undefined) {
      throw new HostProblemError(
        'not-allowed',
        `${path} was not dropped and read in this session, so it was not added to the library.`,
      );
    }
    droppedUnkept.delete(path);
    options.onModelOpened?.(path);
    return { libraryEntryId: await recordInLibrary(file) };
  }

  async function relocateLibraryEntry(id: string): Promise<LibraryEntry> {
    const kind = await library.kindOf(id);
    if (kind === undefined) {
      throw new HostProblemError('missing', `The recent-model library has no entry ${id}.`);
    }
    if (kind === 'music') {
      const path = await chosen(options.dialogs.showOpenMusic(), 'music');
      const song = await readAudioFile(path, { budget });
      music.allow(path);
      return libraryChanged(library.relocate(id, song));
    }
    if (kind === 'motion') {
      const path = await chosen(options.dialogs.showOpenMotion(), 'motion');
      const motion = await readMotionFile(path, readMotionOptions);
      motionAccess.allow(path, 'dialog');
      return libraryChanged(library.relocate(id, motion));
    }
    if (kind === 'stage') {
      const path = await chosen(options.dialogs.showOpenStage(), 'stage');
      const stage = openedStage(path, await readStageFile(path, budget));
      stageAccess.add(path);
      return libraryChanged(library.relocate(id, stage));
    }
    const path = await chosen(options.dialogs.showOpenModel(), 'model');
    const model = await readModelFile(path, readOptions(path));
    access.allow(path, 'dialog');
    return libraryChanged(library.relocate(id, model));
  }

  /** Passes `change`'s result on, telling `onLibraryChanged` once it has been made. */
  async function libraryChanged<T>(change: Promise<T>): Promise<T> {
    const result = await change;
    options.onLibraryChanged?.();
    return result;
  }

  /**
   * Which files a preset may open: the person's own (opened, dropped or located this session,
   * or in the library), plus those the person confirms for this load in a dialog naming them.
   * A path not in its plain form or of the wrong kind by its name is never offered. One of
   * these that is missing may be located by the person (`locator`).
   */
  async function presetRules(
    preset: Preset,
    locator: PresetLocator,
  ): Promise<{
    models: PresetFileRules;
    motion: PresetFileRules;
    music: PresetFileRules;
    stage: PresetFileRules;
  }> {
    const libraryPaths = new Set(await library.paths());
    const ownModel = (path: string): boolean => access.isAllowed(path) || libraryPaths.has(path);
    const ownMotion = (path: string): boolean =>
      motionAccess.isAllowed(path) || libraryPaths.has(path);
    // A stage opened this session is the person's own, like a model.
    const ownStage = (path: string): boolean => ownModel(path) || stageAccess.has(path);
    const motionPath = presetMotionPath(preset);
    const musicPath = presetMusicPath(preset);
    const stagePath = presetStagePath(preset);
    const strangers = [
      ...(stagePath !== undefined &&
      isResolvedPath(stagePath) &&
      isStageFileName(stagePath) &&
      !ownStage(stagePath)
        ? [stagePath]
        : []),
      ...presetModelPaths(preset).filter(
        (path) => isResolvedPath(path) && isModelFileName(path) && !ownModel(path),
      ),
      ...(motionPath !== undefined &&
      isResolvedPath(motionPath) &&
      isMotionFileName(motionPath) &&
      !ownMotion(motionPath)
        ? [motionPath]
        : []),
      ...(musicPath !== undefined &&
      isResolvedPath(musicPath) &&
      isAudioFileName(musicPath) &&
      !music.isAllowed(musicPath)
        ? [musicPath]
        : []),
    ];
    const confirmed =
      strangers.length > 0 && (await options.dialogs.confirmPresetFiles(preset.name, strangers))
        ? new Set(strangers)
        : new Set<string>();
    if (confirmed.size > 0) log.info(`Opening ${[...confirmed].join(', ')} as confirmed.`);
    const withLocate = (kind: PresetFileKind, rules: PresetFileRules): PresetFileRules => ({
      ...rules,
      locate: (ref) => locator.locate(kind, ref, rules),
    });
    return {
      models: withLocate('model', {
        isYours: (path) => ownModel(path) || confirmed.has(path),
        hasKindName: isModelFileName,
        noun: 'model',
        maxBytes: options.modelMaxBytes ?? MODEL_MAX_BYTES,
      }),
      motion: withLocate('motion', {
        isYours: (path) => ownMotion(path) || confirmed.has(path),
        hasKindName: isMotionFileName,
        noun: 'motion',
        maxBytes: options.motionMaxBytes ?? MOTION_MAX_BYTES,
      }),
      stage: {
        isYours: (path) => ownStage(path) || confirmed.has(path),
        hasKindName: isStageFileName,
        noun: 'stage',
        maxBytes: STAGE_MAX_BYTES,
      },
      music: withLocate('music', {
        isYours: (path) => music.isAllowed(path) || confirmed.has(path),
        hasKindName: isAudioFileName,
        noun: 'song',
        maxBytes: AUDIO_MAX_BYTES,
      }),
    };
  }

  async function loadPreset(id: string): Promise<LoadedPreset> {
    const { preset } = await presets.read(id);
    return checkedForLoading(id, preset);
  }

  /** A preset with its models and motion checked, the ones found allowed for reading. */
  async function checkedForLoading(id: string, saved: Preset): Promise<LoadedPreset> {
    const locator = createPresetLocator({
      presetName: saved.name,
      dialogs: options.dialogs,
      hasher,
      log,
    });
    const rules = await presetRules(saved, locator);
    const { notes, propNotes, verifiedPaths } = await checkPresetModels(
      saved,
      hasher,
      rules.models,
    );
    for (const path of verifiedPaths) access.allow(path, 'preset');
    for (const note of [...notes, ...propNotes]) log.info(note.message);
    const withProps = propNotes.length > 0 ? { propNotes } : {};
    const motion = await checkPresetMotion(saved, hasher, rules.motion);
    if (motion.kind === 'verified') motionAccess.allow(motion.path, 'preset');
    const stage = await checkPresetStage(saved, hasher, rules.stage);
    if (stage.kind === 'note') log.info(stage.note.message);
    if (stage.kind === 'verified') stageAccess.add(stage.path);
    const withStage = stage.kind === 'note' ? { stageNote: stage.note } : {};
    const song = await checkPresetMusic(saved, hasher, rules.music);
    if (song.kind === 'verified') music.allow(song.path);
    if (song.kind === 'note') log.info(song.note.message);
    const withMusic = song.kind === 'note' ? { musicNote: song.note } : {};
    // Files the person located are opened from where they are now.
    const preset = withMovedFiles(saved, locator.moved);
    const withLocated = locator.notes.length > 0 ? { locatedNotes: [...locator.notes] } : {};
    const loaded = { id, preset, notes, ...withProps, ...withMusic, ...withStage, ...withLocated };
    if (motion.kind !== 'note') return loaded;
    log.info(motion.note.message);
    return { ...loaded, motionNote: motion.note };
  }

  /** A recovery copy that cannot be written is a problem the page shows, not a rejection. */
  async function saveRecovery(content: PresetContent): Promise<{ readonly savedAt: string }> {
    try {
      return await recovery.save(content);
    } catch (error) {
      log.error('Could not keep the recovery copy of the scene.', error);
      throw new HostProblemError(
        'write-failed',
        `The scene could not be kept for recovery: ${describeError(error)}. Free some disk ` +
          `space or check that the app's data folder can be written.`,
        { cause: error },
      );
    }
  }

  async function takeRecovery(): Promise<LoadedPreset | null> {
    let found: RecoveryFound;
    try {
      found = await recovery.take();
    } catch (error) {
      if (!(error instanceof JsonFileReadError)) throw error;
      throw new HostProblemError('unreadable', `The last scene's ${error.message}`, {
        cause: error,
      });
    }
    if (found.kind === 'invalid') throw new HostProblemError('invalid', found.message);
    return found.kind === 'none' ? null : checkedForLoading(RECOVERY_ID, found.preset);
  }

  async function exportPreset(id: string): Promise<{ readonly path: string }> {
    const { preset } = await presets.read(id);
    const suggested = `${safeFileName(preset.name)}.${PRESET_EXTENSION}`;
    const path = await chosen(options.dialogs.showSavePreset(suggested), 'export');
    return presets.exportFile(id, path);
  }

  const exportFolder = new ExportFolder({
    directory: options.dataDirectory,
    logger: loggerFor('export-folder'),
    ...clock,
  });

  return {
    saveExport: (format, suggestedName, bytes) =>
      saveExport(options.dialogs, exportFolder, format, suggestedName, bytes),
    openModelDialog,
    openStageDialog,
    readStage,
    openDroppedStage,
    readModel,
    readModelTexture: readTextureOnce,
    openMotionDialog,
    readMotion,
    openMusicDialog: music.openMusicDialog,
    readMusic: music.readMusic,
    openDroppedFile: openDropped,
    keepDroppedFile,
    openFileFromUser: (path) => openFile(path, 'dialog'),
    openRecentStage,
    listLibrary,
    recentModels: () => library.recent(),
    removeFromLibrary: (id) => libraryChanged(library.remove(id)),
    clearLibrary: () => libraryChanged(library.clear()),
    relocateLibraryEntry,
    setLibraryThumbnail: (id, png) => library.setThumbnail(id, png),
    listPresets: async () => {
      await leftovers;
      return presets.list();
    },
    savePreset: (content) => presets.save(content),
    overwritePreset: (id, content) => presets.overwrite(id, content),
    renamePreset: (id, name) => presets.rename(id, name),
    duplicatePreset: (id) => presets.duplicate(id),
    deletePreset: (id) => presets.delete(id),
    loadPreset,
    importPreset: async () =>
      presets.importFile(await chosen(options.dialogs.showOpenPreset(), 'preset')),
    exportPreset,
    saveRecovery,
    takeRecovery,
    discardRecovery: () => recovery.discard(),
    flush: async () => {
      await Promise.all([
        leftovers,
        library.flush(),
        presets.flush(),
        recovery.flush(),
        exportFolder.flush(),
      ]);
    },
  };
}

/** The id a restored recovery scene carries (it is not in the preset list). */
export const RECOVERY_ID = 'recovery';

/** The dialog's path, or a `canceled` problem (which the renderer shows no message for). */
async function chosen(pending: Promise<string | null>, what: string): Promise<string> {
  const path = await pending;
  if (path === null) throw new HostProblemError('canceled', `No ${what} file was chosen.`);
  requireAbsolute(path);
  return path;
}

/** Refuses a relative path, and one not in its resolved form (see `isResolvedPath`). */
function requireAbsolute(path: string): void {
  if (!isAbsolute(path)) {
    throw new HostProblemError('not-allowed', `${path} is not an absolute path; nothing was read.`);
  }
  if (!isResolvedPath(path)) {
    throw new HostProblemError(
      'not-allowed',
      `${path} is not written in its plain form (it has "." or ".." parts or doubled ` +
        `separators); open the file by its own path instead. Nothing was read.`,
    );
  }
}

/** A preset name as a file name: characters Windows or macOS refuse become `_`. */
function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are among the refused ones
  const cleaned = name.replace(/[\u0000-\u001f<>:"/\\|?*]/g, '_').replace(/[. ]+$/, '');
  return cleaned === '' ? 'preset' : cleaned;
}

/** Whether a file name has a model extension (`.vrm`, `.pmx`, `.pmd`), ignoring case. */
function isModelFileName(path: string): boolean {
  const extension = extname(path).slice(1).toLowerCase();
  return (MODEL_EXTENSIONS as readonly string[]).includes(extension);
}

/** Passes a file's reading progress on as the contract's `ReadProgress`, named by its file. */
function progressReporter(
  fileName: string,
  report: (progress: ReadProgress) => void,
): (bytesRead: number, totalBytes: number) => void {
  return (bytesRead, totalBytes) => report({ fileName, bytesRead, totalBytes });
}
