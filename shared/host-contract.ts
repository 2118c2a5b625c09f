/**
 * The one contract between the renderer and the main process ("the host").
 *
 * - `HostRequests` lists every request the renderer may make: its channel, arguments and
 *   result. The main process registers one handler per channel (electron/main/ipc.ts), the
 *   preload maps the same channels onto `ipcRenderer.invoke`, and the end-to-end tests
 *   expose the same handler functions to Chromium through Playwright instead of IPC.
 * - `HostEvents` lists what the main process pushes to the renderer.
 *
 * No Electron, no DOM: both sides import this file. Later features add channels here.
 */

import type { AppCommand } from './commands';
import type {
  ModelFormat,
  MotionFormat,
  Preset,
  PresetContent,
  StageFormat,
} from './preset-schema';
import type { AudioFormat } from './audio-files';
import type {
  VmcFrame,
  VmcPoll,
  VmcReceiveRequest,
  VmcReceiveStatus,
  VmcSendRequest,
  VmcSendStatus,
} from './vmc-frame';

export type { ModelFormat, MotionFormat, Preset, PresetContent } from './preset-schema';

/** Every channel starts with this prefix, so ours are easy to tell from Electron's. */
export const CHANNEL_PREFIX = 'rp:';

/** Facts about the running app, for the about box and the language default. */
export interface AppInfo {
  readonly name: string;
  readonly version: string;
  /** `process.platform` of the host, e.g. `win32`, `darwin`, `linux`. */
  readonly platform: string;
  /** The system's preferred language tag, e.g. `ja-JP`. */
  readonly locale: string;
}

/** What Help > About shows beside {@link AppInfo}. */
export interface AboutInfo {
  readonly name: string;
  readonly version: string;
  /** `process.versions.electron`, e.g. `45.3.4`. */
  readonly electron: string;
  /** `process.versions.chrome`. */
  readonly chromium: string;
  /** `process.versions.node`. */
  readonly node: string;
  /** The data folder (library, presets, settings): an absolute path. */
  readonly dataFolder: string;
}

/**
 * What the update flow tells the page: a downloaded version is ready (the quiet notice with
 * Restart now / Later), the person chose Help > Restart to Update (the page keeps the scene,
 * then asks the host to restart), or a check failed (one line in Message History).
 */
export type UpdateStatus =
  | { readonly kind: 'ready'; readonly version: string }
  | { readonly kind: 'restart-chosen'; readonly version: string }
  | { readonly kind: 'check-failed'; readonly detail: string }
  | { readonly kind: 'check-timed-out'; readonly seconds: number };

/** The host's answer to Restart now: restarting, or why not (a sentence). */
export type UpdateRestartResult =
  { readonly restarting: true } | { readonly restarting: false; readonly reason: string };

/**
 * What kind of thing went wrong with a file the user asked for; `message` says it in words
 * (naming the file) and is meant to be shown as is.
 */
export type HostProblemCode =
  /** The user closed the dialog without choosing; show nothing. */
  | 'canceled'
  /** The file (or preset, or library entry) does not exist (any more). */
  | 'missing'
  | 'too-large'
  /** The file exists but is not a VRM, PMX or PMD model. */
  | 'not-a-model'
  /** The file exists but is not a VRM Animation or VMD motion. */
  | 'not-a-motion'
  /** The file exists but is not audio the app plays (WAV, MP3, Ogg, FLAC, MP4/M4A or AAC). */
  | 'not-audio'
  /** The file exists but could not be read (permissions, a folder, an I/O error). */
  | 'unreadable'
  /** The path was never chosen, dropped or listed by the user. */
  | 'not-allowed'
  /** A preset or library file is not valid (it was moved aside when it lived in the data folder). */
  | 'invalid'
  /** Locate… picked a file of another format than the entry's. */
  | 'wrong-format'
  /** Writing failed; the previous file is untouched. */
  | 'write-failed';

export interface HostProblem {
  readonly code: HostProblemCode;
  /** A sentence a person can act on, naming the file and what is wrong. */
  readonly message: string;
}

/**
 * The result of a request that can fail because of the user's files (as opposed to a
 * programming error, which rejects the promise).
 */
export type HostOutcome<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: HostProblem };

/** A file a `.gltf` stage names beside it (a buffer or an image), as the glTF names it. */
export interface StageSideFile {
  /** The URI exactly as written in the glTF. */
  readonly uri: string;
  readonly bytes: Uint8Array;
}

/** A stage file read for the renderer (Open Stage…, a drop with Shift held, a preset). */
export interface StageFileRead {
  /** Absolute path. */
  readonly path: string;
  readonly fileName: string;
  /** Bytes. */
  readonly size: number;
  /** Lower-case hex SHA-256 of the bytes; presets store it. */
  readonly sha256: string;
  readonly format: StageFormat;
  readonly bytes: Uint8Array;
  /** For a `.gltf`: the buffers and images it names, read from its folder; else empty. */
  readonly beside: readonly StageSideFile[];
  /**
   * The recent library's entry this read created or refreshed; null when the library could
   * not be written (logged).
   */
  readonly libraryEntryId: string | null;
}

/** A model file read for the renderer to parse. */
export interface ModelFile {
  /** Absolute path (as chosen; the library keys entries by its real path). */
  readonly path: string;
  /** The file name, e.g. `Alicia.vrm`, for messages. */
  readonly fileName: string;
  /** Bytes. */
  readonly size: number;
  /** Lower-case hex SHA-256 of the bytes; presets store it to notice a changed file. */
  readonly sha256: string;
  /** `vrm0`/`vrm1` from the glTF extensions, `pmx`/`pmd` from the header. */
  readonly format: ModelFormat;
  /** The model's own name from its metadata, else the file name without extension. */
  readonly title: string;
  /** The author from the metadata, or empty. */
  readonly author: string;
  /** The whole file. */
  readonly bytes: Uint8Array;
  /**
   * The recent-model library entry this open created or refreshed; null when the library
   * could not be written (the model still opens; the failure is logged).
   */
  readonly libraryEntryId: string | null;
}

/** A motion file read for the renderer to parse (the renderer's reader checks it fully). */
export interface MotionFile {
  /** Absolute path (as chosen; the library keys entries by its real path). */
  readonly path: string;
  /** The file name, e.g. `dance.vmd`, for messages. */
  readonly fileName: string;
  /** Bytes. */
  readonly size: number;
  /** Lower-case hex SHA-256 of the bytes; presets store it to notice a changed file. */
  readonly sha256: string;
  /** `vrma` (a glTF binary declaring VRMC_vrm_animation) or `vmd`, from the header. */
  readonly format: MotionFormat;
  /** The file name without its extension (neither format names itself usefully). */
  readonly title: string;
  /** The whole file. */
  readonly bytes: Uint8Array;
  /**
   * The library entry this open created or refreshed; null when the library could not be
   * written (the motion still opens; the failure is logged).
   */
  readonly libraryEntryId: string | null;
  /**
   * A VMD's song: the music file of the same name in its folder, which the host lets the page
   * read (`readMusic`) so the page can offer it; absent when there is none.
   */
  readonly songBeside?: string;
}

/** A music file read for the page to decode and play beside the motion. */
export interface MusicFile {
  /** Absolute path, as chosen. */
  readonly path: string;
  /** The file name, e.g. `song.mp3`, for messages. */
  readonly fileName: string;
  /** Bytes. */
  readonly size: number;
  /** Lower-case hex SHA-256 of the bytes. */
  readonly sha256: string;
  /** What the bytes are, from their signature. */
  readonly format: AudioFormat;
  /** The file name without its extension. */
  readonly title: string;
  /** The whole file. */
  readonly bytes: Uint8Array;
}

/** A texture file an MMD model names, read from the model's folder. */
export interface ModelTexture {
  /** The name as asked for, with `\` turned into `/` (the key the renderer asked with). */
  readonly name: string;
  /** The file's name on disk; its letter case may differ from `name`'s. */
  readonly fileName: string;
  /** The whole file. */
  readonly bytes: Uint8Array;
}

/** What a library entry holds: an avatar model, a motion, a song or a stage. */
export type LibraryEntryKind = 'model' | 'motion' | 'music' | 'stage';

/** One recent model, motion, song or stage as the library panel shows it. */
export interface LibraryEntry {
  readonly id: string;
  readonly kind: LibraryEntryKind;
  readonly path: string;
  readonly title: string;
  readonly author: string;
  readonly format: ModelFormat | MotionFormat | AudioFormat | StageFormat;
  /** Bytes, when last opened. */
  readonly size: number;
  /** ISO 8601 time it was last opened. */
  readonly lastOpened: string;
  /** True when the file is gone or its size changed since: offer Locate… */
  readonly missing: boolean;
  /** The cached thumbnail as a `data:image/png;base64,` URL, when there is one. */
  readonly thumbnail?: string;
}

/**
 * A list read from the data folder, with `notices`: sentences about files found corrupt and
 * moved aside while reading it, to show to the user once.
 */
export interface LibraryListing {
  /** Newest first, at most 30. */
  readonly entries: readonly LibraryEntry[];
  readonly notices: readonly string[];
}

/** One saved preset as the preset list shows it. */
export interface PresetSummary {
  /** Generated by the host; safe as a file name. */
  readonly id: string;
  readonly name: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly thumbnail?: string;
  readonly figureCount: number;
  readonly propCount: number;
}

export interface PresetListing {
  /** Most recently updated first. */
  readonly presets: readonly PresetSummary[];
  readonly notices: readonly string[];
}

/**
 * Why a file a loaded preset names cannot be used: gone, changed since the preset was saved,
 * unreadable, or `not-yours`: not one of the person's files (not in the library, not opened or
 * dropped this session, not confirmed), so it was not looked at at all.
 */
export type PresetFileReason = 'missing' | 'changed' | 'unreadable' | 'not-yours';

/** Why a figure of a loaded preset must be replaced by the box dummy. */
export interface FigureNote {
  /** Index into `preset.figures`. */
  readonly figureIndex: number;
  readonly reason: PresetFileReason;
  /** E.g. `Figure 2 (Alicia) will be a box dummy: /models/Alicia.vrm was not found.` */
  readonly message: string;
}

/** Why a model prop of a loaded preset is left out (its file cannot be used). */
export interface PropNote {
  /** Index into `preset.props`. */
  readonly propIndex: number;
  readonly reason: PresetFileReason;
  /** E.g. `Prop 3 (Ribbon) was left out: /models/ribbon.pmx was not found.` */
  readonly message: string;
}

/** Why a loaded preset's motion file cannot be played (the scene then plays none). */
export interface MotionNote {
  readonly reason: PresetFileReason;
  /** E.g. `The motion dance.vmd was not played: /motions/dance.vmd was not found.` */
  readonly message: string;
}

/** A preset ready to restore, with a note for each figure whose model cannot be used. */
export interface LoadedPreset {
  readonly id: string;
  readonly preset: Preset;
  readonly notes: readonly FigureNote[];
  /** One note per model prop whose file cannot be used (absent when there is none). */
  readonly propNotes?: readonly PropNote[];
  /** Set when the preset's motion file has moved, changed or cannot be read. */
  readonly motionNote?: MotionNote;
  /** Set when the preset's song has moved, changed or cannot be read (the scene loads silent). */
  readonly musicNote?: MotionNote;
  /** Set when the preset's stage file has moved, changed or cannot be read (the built-in stage is used). */
  readonly stageNote?: MotionNote;
  /**
   * One sentence per file the person located at a new place while it loaded (Locate…);
   * `preset` already names the new places. Absent when none was located.
   */
  readonly locatedNotes?: readonly string[];
}

/** What a file dropped on the window turned out to be. */
export type DroppedFileResult =
  | { readonly kind: 'model'; readonly model: ModelFile }
  /** A dropped `.vrma`/`.vmd` is a motion for every figure. */
  | { readonly kind: 'motion'; readonly motion: MotionFile }
  /** A dropped preset is imported into the list and loaded. */
  | { readonly kind: 'preset'; readonly loaded: LoadedPreset }
  /** A dropped `.wav`/`.mp3`/`.ogg`/`.opus`/`.m4a`/`.aac`/`.flac` is the song for the motion. */
  | { readonly kind: 'music'; readonly music: MusicFile }
  /** A stage chosen from File > Open Recent. */
  | { readonly kind: 'stage'; readonly stage: StageFileRead };

/** A dropped file kept in the recent-model library once the page loaded it. */
export interface KeptDroppedFile {
  /** The library entry, or null when the library could not be written (logged). */
  readonly libraryEntryId: string | null;
}

/**
 * The part of a DOM `File` the contract needs to name; the preload turns the real `File`
 * into a path with `webUtils.getPathForFile` (shared code has no DOM types).
 */
export interface DroppedFileHandle {
  readonly name: string;
}

/**
 * The preload's proof that it saw the dropped File whose path it sends: a fresh nonce and the
 * HMAC-SHA256 (hex) of the nonce, a newline and the path under a key only the preload and
 * the main process know.
 */
export interface DropGrant {
  /** 32 hex digits, used once. */
  readonly nonce: string;
  /** 64 hex digits. */
  readonly token: string;
}

/** The renderer's command-line argument that carries the drop key to the preload (hex follows). */
export const DROP_KEY_ARGUMENT = '--rp-drop-key=';

/**
 * A request channel's arguments, as the page passes them (a labelled tuple), and its result.
 */
export interface HostRequest<Args extends readonly unknown[], Result> {
  readonly args: Readonly<Args>;
  readonly result: Result;
}

/** Request channels, their arguments and results. */
export interface HostRequests {
  'rp:app:get-info': HostRequest<[], AppInfo>;
  /** Shows the native Open Model dialog and reads the chosen file. */
  'rp:model:open-dialog': HostRequest<[], HostOutcome<ModelFile>>;
  /** Reads a model the user opened, dropped, or that is in the library; others are refused. */
  'rp:model:read': HostRequest<[path: string], HostOutcome<ModelFile>>;
  /**
   * Reads a texture an MMD model names (relative to the model's folder, which it may not
   * leave) for a model the host has already opened for the page.
   */
  'rp:model:read-texture': HostRequest<
    [modelPath: string, textureName: string],
    HostOutcome<ModelTexture>
  >;
  /** Shows the native Open Stage dialog and reads the chosen stage (and a .gltf's buffers). */
  'rp:stage:open-dialog': HostRequest<[], HostOutcome<StageFileRead>>;
  /**
   * Reads a stage opened or dropped this session, named by a loaded preset, or in the recent
   * library, again.
   */
  'rp:stage:read': HostRequest<[path: string], HostOutcome<StageFileRead>>;
  /** Sent by the preload only: a file dropped with Shift held, opened as a stage. */
  'rp:stage:dropped': HostRequest<[path: string, grant: DropGrant], HostOutcome<StageFileRead>>;
  /** Shows the native Open Motion dialog and reads the chosen file. */
  'rp:motion:open-dialog': HostRequest<[], HostOutcome<MotionFile>>;
  /** Reads a motion the user opened, dropped, has in the library or a loaded preset names. */
  'rp:motion:read': HostRequest<[path: string], HostOutcome<MotionFile>>;
  /** Shows the native Open Music dialog and reads the chosen file as audio. */
  'rp:music:open-dialog': HostRequest<[], HostOutcome<MusicFile>>;
  /** Reads a song chosen with Open Music… earlier in this session again. */
  'rp:music:read': HostRequest<[path: string], HostOutcome<MusicFile>>;
  /** Sent by the preload only (the page passes a File, never a path): opens a dropped file. */
  'rp:file:dropped': HostRequest<[path: string, grant: DropGrant], HostOutcome<DroppedFileResult>>;
  /**
   * The page loaded a dropped model or motion: it joins the recent-model library only now.
   * Only a path dropped (and read) in this session is accepted.
   */
  'rp:library:keep-dropped': HostRequest<[path: string], HostOutcome<KeptDroppedFile>>;
  'rp:library:list': HostRequest<[], LibraryListing>;
  'rp:library:remove': HostRequest<[id: string], LibraryListing>;
  'rp:library:clear': HostRequest<[], LibraryListing>;
  /** Locate…: shows the Open Model dialog and points the entry at the chosen file. */
  'rp:library:relocate': HostRequest<[id: string], HostOutcome<LibraryEntry>>;
  /** Caches a PNG (e.g. the VRM's meta thumbnail) for an entry. */
  'rp:library:set-thumbnail': HostRequest<[id: string, png: Uint8Array], HostOutcome<LibraryEntry>>;
  'rp:preset:list': HostRequest<[], PresetListing>;
  'rp:preset:save': HostRequest<[content: PresetContent], HostOutcome<PresetSummary>>;
  'rp:preset:overwrite': HostRequest<
    [id: string, content: PresetContent],
    HostOutcome<PresetSummary>
  >;
  'rp:preset:rename': HostRequest<[id: string, name: string], HostOutcome<PresetSummary>>;
  'rp:preset:duplicate': HostRequest<[id: string], HostOutcome<PresetSummary>>;
  'rp:preset:delete': HostRequest<[id: string], HostOutcome<{ readonly id: string }>>;
  'rp:preset:load': HostRequest<[id: string], HostOutcome<LoadedPreset>>;
  /** Shows the native Import dialog and copies the chosen preset in under a new id. */
  'rp:preset:import': HostRequest<[], HostOutcome<PresetSummary>>;
  /** Shows the native Export dialog and writes the preset there. */
  'rp:preset:export': HostRequest<[id: string], HostOutcome<{ readonly path: string }>>;
  /** Keeps the scene as the crash-recovery copy (the page sends it every 10 s). */
  'rp:recovery:save': HostRequest<
    [content: PresetContent],
    HostOutcome<{ readonly savedAt: string }>
  >;
  /**
   * The scene of a page or app that ended without a clean end (once; null when there is
   * none), ready to restore like a loaded preset.
   */
  'rp:recovery:take': HostRequest<[], HostOutcome<LoadedPreset | null>>;
  /**
   * Shows the native Save dialog (in the folder last saved to) and writes the bytes atomically
   * to the path the user confirmed; nothing is written anywhere else.
   */
  'rp:export:save': HostRequest<
    [format: ExportFileFormat, suggestedName: string, bytes: Uint8Array],
    HostOutcome<{ readonly path: string }>
  >;
  /** The panel's language changed (or was first set): the native menu is relabelled in it. */
  'rp:menu:set-language': HostRequest<
    [language: MenuLanguageCode],
    { readonly language: MenuLanguageCode }
  >;
  /** Name, version, Electron/Chromium/Node versions and the data folder, for Help > About. */
  'rp:app:about': HostRequest<[], AboutInfo>;
  /** Opens the data folder in the system's file manager. */
  'rp:app:show-data-folder': HostRequest<[], HostOutcome<{ readonly path: string }>>;
  /**
   * Restart now, for a downloaded update: sent by the page after it has sent the scene as
   * the recovery copy; the host restarts only if that copy is on disk.
   */
  'rp:update:restart': HostRequest<[], UpdateRestartResult>;
  /** VMC receive on or off, and where it listens; the status says why it cannot listen. */
  'rp:vmc:receive': HostRequest<[request: VmcReceiveRequest], VmcReceiveStatus>;
  /** The newest received pose when newer than `sequence`, and the receiver's status. */
  'rp:vmc:poll': HostRequest<[sequence: number], VmcPoll>;
  /** VMC send on or off, and where to. */
  'rp:vmc:send': HostRequest<[request: VmcSendRequest], VmcSendStatus>;
  /** ALWAYS ON TOP: `true` or `false` sets it (and remembers it); `null` only reads it. */
  'rp:window:always-on-top': HostRequest<[on: boolean | null], AlwaysOnTopState>;
  /** Sends one pose of the chosen figure (`time`: seconds since sending began). */
  'rp:vmc:send-frame': HostRequest<[frame: VmcFrame, time: number], VmcSendStatus>;
}

/** The languages the native menu speaks (the panel's languages). */
export const MENU_LANGUAGE_CODES = ['en', 'ja'] as const;
export type MenuLanguageCode = (typeof MENU_LANGUAGE_CODES)[number];

export type HostChannel = keyof HostRequests;

/** What the page can export to a file the user picks: a motion, a picture or a clip. */
export type ExportFileFormat = 'vrma' | 'vmd' | 'png' | 'webm';

/**
 * Every request channel, once. The object literal is typed against `HostRequests`, so a
 * channel added there and not here (or a stale one left here) is a compile error; that is
 * what lets the main process and its tests derive the channel list at run time.
 */
const requestChannelTable: { readonly [K in HostChannel]: true } = {
  'rp:app:get-info': true,
  'rp:model:open-dialog': true,
  'rp:model:read': true,
  'rp:model:read-texture': true,
  'rp:stage:open-dialog': true,
  'rp:stage:read': true,
  'rp:stage:dropped': true,
  'rp:motion:open-dialog': true,
  'rp:motion:read': true,
  'rp:music:open-dialog': true,
  'rp:music:read': true,
  'rp:file:dropped': true,
  'rp:library:keep-dropped': true,
  'rp:library:list': true,
  'rp:library:remove': true,
  'rp:library:clear': true,
  'rp:library:relocate': true,
  'rp:library:set-thumbnail': true,
  'rp:preset:list': true,
  'rp:preset:save': true,
  'rp:preset:overwrite': true,
  'rp:preset:rename': true,
  'rp:preset:duplicate': true,
  'rp:preset:delete': true,
  'rp:preset:load': true,
  'rp:preset:import': true,
  'rp:preset:export': true,
  'rp:recovery:save': true,
  'rp:recovery:take': true,
  'rp:export:save': true,
  'rp:menu:set-language': true,
  'rp:app:about': true,
  'rp:app:show-data-folder': true,
  'rp:update:restart': true,
  'rp:vmc:receive': true,
  'rp:vmc:poll': true,
  'rp:vmc:send': true,
  'rp:vmc:send-frame': true,
  'rp:window:always-on-top': true,
};

/** Every key of `HostRequests`, for registering and checking handlers at run time. */
export const HOST_CHANNELS: readonly HostChannel[] = Object.freeze(
  Object.keys(requestChannelTable) as HostChannel[],
);

/** Events pushed from the main process to the renderer, with their payloads. */
export interface HostEvents {
  'rp:menu:command': AppCommand;
  /**
   * A file opened outside the page (File > Open Model… or Open Motion…, a double-clicked
   * `.vrm`, `.vmd` or `.ragdoll`, a second launch with a file): the same result as dropping
   * it on the window.
   */
  'rp:file:opened': HostOutcome<DroppedFileResult>;
  /** How far the host has read a big model file (see {@link READ_PROGRESS_MIN_BYTES}). */
  'rp:model:read-progress': ReadProgress;
  /** Help > About was chosen: the page shows its About dialog. */
  'rp:app:show-about': null;
  /** The update flow's news for the page (see {@link UpdateStatus}). */
  'rp:update:status': UpdateStatus;
  /** View > Always on Top was switched in the menu: whether it is on now. */
  'rp:window:always-on-top': AlwaysOnTopState;
}

/** Whether the window is kept above other windows (ALWAYS ON TOP). */
export interface AlwaysOnTopState {
  readonly on: boolean;
}

/** The channel on which the menu's Always on Top switch tells the page its new state. */
export const ALWAYS_ON_TOP_CHANNEL = 'rp:window:always-on-top' satisfies HostEventChannel;

/** The channel on which Help > About asks the page to show its About dialog. */
export const SHOW_ABOUT_CHANNEL = 'rp:app:show-about' satisfies HostEventChannel;

/** The channel on which the update flow tells the page its news. */
export const UPDATE_STATUS_CHANNEL = 'rp:update:status' satisfies HostEventChannel;

/** A big model file being read: its name and bytes so far of its size. */
export interface ReadProgress {
  readonly fileName: string;
  readonly bytesRead: number;
  readonly totalBytes: number;
}

/** Files from this size (bytes, 20 MB) on report how far they have been read. */
export const READ_PROGRESS_MIN_BYTES = 20 * 1000 * 1000;

/** The channel on which the host reports reading a big model (see `ReadProgress`). */
export const READ_PROGRESS_CHANNEL = 'rp:model:read-progress' satisfies HostEventChannel;

export type HostEventChannel = keyof HostEvents;

/** The channel on which the native menu sends the `AppCommand` the user picked. */
export const MENU_COMMAND_CHANNEL = 'rp:menu:command' satisfies HostEventChannel;

/** The channel on which the main process delivers a file it opened (see `HostEvents`). */
export const FILE_OPENED_CHANNEL = 'rp:file:opened' satisfies HostEventChannel;

/**
 * The object the preload exposes as `window.host`. Each method is one request channel or
 * one event subscription; nothing else crosses the bridge.
 */
export interface HostApi {
  getAppInfo(): Promise<AppInfo>;
  /** Subscribes to menu commands; returns the unsubscribe function. */
  onMenuCommand(listener: (command: AppCommand) => void): () => void;
  /** Subscribes to the host's progress reading big model files; returns the unsubscribe. */
  onReadProgress(listener: (progress: ReadProgress) => void): () => void;
  /** What Help > About shows. */
  getAboutInfo(): Promise<AboutInfo>;
  /** Opens the data folder in the system's file manager. */
  showDataFolder(): Promise<HostOutcome<{ readonly path: string }>>;
  /** Subscribes to Help > About; returns the unsubscribe function. */
  onShowAbout(listener: () => void): () => void;
  /** Subscribes to the update flow's news; returns the unsubscribe function. */
  onUpdateStatus(listener: (status: UpdateStatus) => void): () => void;
  /** Restart now into the downloaded update (send the recovery copy first). */
  restartToUpdate(): Promise<UpdateRestartResult>;
  /**
   * ALWAYS ON TOP: `true`/`false` switches it (remembered, the menu's checkbox follows),
   * `null` reads it. Answers the state now.
   */
  alwaysOnTop(on: boolean | null): Promise<AlwaysOnTopState>;
  /** Subscribes to the menu's Always on Top switch; returns the unsubscribe function. */
  onAlwaysOnTop(listener: (state: AlwaysOnTopState) => void): () => void;
  /** Relabels the native menu in the panel's language. */
  setMenuLanguage(language: MenuLanguageCode): Promise<{ readonly language: MenuLanguageCode }>;

  /** Open Model…: native dialog, then the file's bytes; adds it to the library. */
  openModelDialog(): Promise<HostOutcome<ModelFile>>;
  /** Reads a library entry's (or an earlier opened) model again by its path. */
  readModel(path: string): Promise<HostOutcome<ModelFile>>;
  /**
   * A texture of an opened MMD model: `textureName` as written in the model, relative to
   * its folder; a `missing` problem when the file is not there.
   */
  readModelTexture(modelPath: string, textureName: string): Promise<HostOutcome<ModelTexture>>;
  /** Open Stage…: native dialog, then the stage's bytes (and a .gltf's files beside it). */
  openStageDialog(): Promise<HostOutcome<StageFileRead>>;
  /** Reads a stage opened this session or named by a loaded preset again by its path. */
  readStage(path: string): Promise<HostOutcome<StageFileRead>>;
  /** A file dropped with Shift held: read as a stage. */
  openDroppedStage(file: DroppedFileHandle): Promise<HostOutcome<StageFileRead>>;
  /** Open Motion…: native dialog, then the file's bytes; adds it to the library. */
  openMotionDialog(): Promise<HostOutcome<MotionFile>>;
  /** Reads a library entry's, a preset's or an earlier opened motion again by its path. */
  readMotion(path: string): Promise<HostOutcome<MotionFile>>;
  /** Open Music…: native dialog, then the file's bytes. */
  openMusicDialog(): Promise<HostOutcome<MusicFile>>;
  /** Reads a song chosen with Open Music… in this session again by its path. */
  readMusic(path: string): Promise<HostOutcome<MusicFile>>;
  /** A file dropped on the window (a DOM `File`): a model or motion to open, or a preset to load. */
  openDroppedFile(file: DroppedFileHandle): Promise<HostOutcome<DroppedFileResult>>;
  /**
   * A dropped model or motion the page has loaded: adds it to the recent-model library (a
   * drop is kept only once it loaded).
   */
  keepDroppedFile(path: string): Promise<HostOutcome<KeptDroppedFile>>;
  /** Subscribes to files opened by the menu, the OS or a second launch; returns the unsubscribe. */
  onFileOpened(listener: (outcome: HostOutcome<DroppedFileResult>) => void): () => void;

  listLibrary(): Promise<LibraryListing>;
  removeFromLibrary(id: string): Promise<LibraryListing>;
  clearLibrary(): Promise<LibraryListing>;
  /** Locate…: lets the user pick the moved file; it must be the same format (model or motion). */
  relocateLibraryEntry(id: string): Promise<HostOutcome<LibraryEntry>>;
  /** Caches PNG bytes (at most 2 MB) as the entry's thumbnail. */
  setLibraryThumbnail(id: string, png: Uint8Array): Promise<HostOutcome<LibraryEntry>>;

  listPresets(): Promise<PresetListing>;
  savePreset(content: PresetContent): Promise<HostOutcome<PresetSummary>>;
  overwritePreset(id: string, content: PresetContent): Promise<HostOutcome<PresetSummary>>;
  renamePreset(id: string, name: string): Promise<HostOutcome<PresetSummary>>;
  duplicatePreset(id: string): Promise<HostOutcome<PresetSummary>>;
  deletePreset(id: string): Promise<HostOutcome<{ readonly id: string }>>;
  loadPreset(id: string): Promise<HostOutcome<LoadedPreset>>;
  /** Import…: native dialog; a valid preset is copied in under a new id. */
  importPreset(): Promise<HostOutcome<PresetSummary>>;
  /** Export…: native save dialog; writes the preset file there. */
  exportPreset(id: string): Promise<HostOutcome<{ readonly path: string }>>;

  /** Keeps `content` as the crash-recovery copy of the scene. */
  saveRecovery(content: PresetContent): Promise<HostOutcome<{ readonly savedAt: string }>>;
  /** The scene left by a session that did not end cleanly (offered once), or null. */
  takeRecovery(): Promise<HostOutcome<LoadedPreset | null>>;
  /** Export (motion, picture, clip): native save dialog; writes the bytes there atomically. */
  saveExport(
    format: ExportFileFormat,
    suggestedName: string,
    bytes: Uint8Array,
  ): Promise<HostOutcome<{ readonly path: string }>>;

  /** VMC receive on or off, and where it listens. */
  vmcReceive(request: VmcReceiveRequest): Promise<VmcReceiveStatus>;
  /** The newest received VMC pose if newer than `sequence` (call once per displayed frame). */
  vmcPoll(sequence: number): Promise<VmcPoll>;
  /** VMC send on or off, and where to. */
  vmcSend(request: VmcSendRequest): Promise<VmcSendStatus>;
  /** Sends one figure pose over VMC. */
  vmcSendFrame(frame: VmcFrame, time: number): Promise<VmcSendStatus>;
}
