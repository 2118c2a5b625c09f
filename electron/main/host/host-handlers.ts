/**
 * The main process's answers to the renderer's requests, one handler per channel of
 * `HostRequests`, and next to them the schema every channel's arguments must match.
 * A new channel is added here in both tables; the types make forgetting either an error.
 *
 * Handlers are plain functions: `electron/main/ipc.ts` serves them over IPC and the
 * end-to-end tests serve the same functions to Chromium through Playwright.
 */

import { isAbsolute } from 'node:path';
import { z } from 'zod';
import type {
  AlwaysOnTopState,
  AboutInfo,
  AppInfo,
  HostChannel,
  HostRequests,
  MenuLanguageCode,
  UpdateRestartResult,
} from '../../../shared/host-contract';
import { MENU_LANGUAGE_CODES } from '../../../shared/host-contract';
import { presetContentSchema, presetNameSchema } from '../../../shared/preset-schema';
import { HostProblemError, toOutcome } from './host-problem';
import { looksLikePng, THUMBNAIL_MAX_BYTES } from './png';
import type { HostServices } from './host-services';
import { STORE_ID_PATTERN } from './store-ids';
import { isVmcFrame, VMC_PORT_MAX, VMC_PORT_MIN } from '../../../shared/vmc-frame';
import type { VmcFrame } from '../../../shared/vmc-frame';
import { createConsoleLogger } from './logger';
import type { VmcService } from './vmc/vmc-service';
import { createVmcService } from './vmc/vmc-service';

/** What the handlers need from the running app, injected so tests can supply it. */
export interface HostDeps {
  /** Name, version, platform and system locale, e.g. from Electron's `app`. */
  readonly appInfo: AppInfo;
  /** Models, library and presets over the app's data folder (see createHostServices). */
  readonly services: HostServices;
  /** Relabels the native menu in `language` (the panel's). Default: there is no menu. */
  readonly setMenuLanguage?: (language: MenuLanguageCode) => void;
  /**
   * ALWAYS ON TOP: `on` switches it (null reads it); answers the state. Without it (no
   * window, as in the Node tests) the window is never on top.
   */
  readonly alwaysOnTop?: (on: boolean | null) => Promise<AlwaysOnTopState>;
  /** The data folder About names and Show Data Folder opens. Default: none (not shown). */
  readonly dataFolder?: string;
  /** The runtime's versions About shows. Default: this process's `process.versions`. */
  readonly versions?: {
    readonly electron?: string;
    readonly chrome?: string;
    readonly node: string;
  };
  /**
   * Opens a folder in the system's file manager; resolves to '' when it did, else the reason
   * (Electron's `shell.openPath`). Default: there is no file manager to open.
   */
  readonly openFolder?: (path: string) => Promise<string>;
  /** Restart now into a downloaded update. Default: no update is ever ready. */
  readonly restartToUpdate?: () => Promise<UpdateRestartResult>;
  /** VMC in and out (default: one made here, opening no socket until asked). */
  readonly vmc?: VmcService;
}

/** The handler for one channel: its contract arguments in, its contract result out. */
export type HostHandler<K extends HostChannel> = (
  ...args: HostRequests[K]['args']
) => Promise<HostRequests[K]['result']>;

/** One handler per request channel. */
export type HostHandlers = { readonly [K in HostChannel]: HostHandler<K> };

/** A preset or library id the host made: never a path (no dots, no slashes). */
const idSchema = z.string().regex(STORE_ID_PATTERN, 'must be an id the host made');

/** A file path from the preload (drops) or the page (library paths): absolute, no NUL. */
const pathSchema = z
  .string()
  .min(1)
  .max(4096)
  .refine((path) => !path.includes('\0'), 'must not contain NUL')
  .refine((path) => isAbsolute(path), 'must be an absolute path');

/** The preload's grant for a dropped file (see drop-grants.ts). */
const dropGrantSchema = z.object({
  nonce: z.string().regex(/^[0-9a-f]{32}$/, 'must be 32 hex digits'),
  token: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 hex digits'),
});

/** A texture path as written in a model: relative, checked against its folder by the service. */
const textureNameSchema = z
  .string()
  .min(1)
  .max(1024)
  .refine((name) => !name.includes('\0'), 'must not contain NUL');

/**
 * Thumbnail bytes: a PNG of at most `THUMBNAIL_MAX_BYTES`, refused at the door so a page
 * cannot make the host hold or hash anything else. The library checks them again with a
 * message naming the entry, for callers that do not come through here.
 */
const pngSchema = z
  .instanceof(Uint8Array)
  .refine((bytes) => bytes.byteLength <= THUMBNAIL_MAX_BYTES, {
    message: `must be at most ${THUMBNAIL_MAX_BYTES} bytes`,
  })
  .refine((bytes) => looksLikePng(bytes), { message: 'must be a PNG image' });
/** The largest export the page may send (a long 60 fps clip stays well under it), bytes. */
const MAX_EXPORT_BYTES = 1024 * 1024 * 1024;

/** A UDP port the panel may use. */
const vmcPortSchema = z.number().int().min(VMC_PORT_MIN).max(VMC_PORT_MAX);
/** An IPv4 address or a host name (letters, digits, dots, hyphens). */
const vmcHostSchema = z
  .string()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.-]+$/, 'must be an IPv4 address or a host name');
/** A pose to send: the frame's shape with finite numbers (see `isVmcFrame`). */
const vmcFrameSchema = z.custom<VmcFrame>(
  (frame) => isVmcFrame(frame) && frame.blendNames.length <= 256,
  'must be a VMC frame (55 bone rotations, positions and at most 256 expressions, all finite)',
);

/** The arguments each channel accepts, checked before its handler runs. */
export const HOST_ARGUMENT_SCHEMAS: {
  readonly [K in HostChannel]: z.ZodType<HostRequests[K]['args']>;
} = {
  'rp:app:get-info': z.tuple([]),
  'rp:model:open-dialog': z.tuple([]),
  'rp:model:read': z.tuple([pathSchema]),
  'rp:model:read-texture': z.tuple([pathSchema, textureNameSchema]),
  'rp:motion:open-dialog': z.tuple([]),
  'rp:motion:read': z.tuple([pathSchema]),
  'rp:music:open-dialog': z.tuple([]),
  'rp:music:read': z.tuple([pathSchema]),
  'rp:file:dropped': z.tuple([pathSchema, dropGrantSchema]),
  'rp:stage:open-dialog': z.tuple([]),
  'rp:stage:read': z.tuple([pathSchema]),
  'rp:stage:dropped': z.tuple([pathSchema, dropGrantSchema]),
  'rp:library:keep-dropped': z.tuple([pathSchema]),
  'rp:library:list': z.tuple([]),
  'rp:library:remove': z.tuple([idSchema]),
  'rp:library:clear': z.tuple([]),
  'rp:library:relocate': z.tuple([idSchema]),
  'rp:library:set-thumbnail': z.tuple([idSchema, pngSchema]),
  'rp:preset:list': z.tuple([]),
  'rp:preset:save': z.tuple([presetContentSchema]),
  'rp:preset:overwrite': z.tuple([idSchema, presetContentSchema]),
  'rp:preset:rename': z.tuple([idSchema, presetNameSchema]),
  'rp:preset:duplicate': z.tuple([idSchema]),
  'rp:preset:delete': z.tuple([idSchema]),
  'rp:preset:load': z.tuple([idSchema]),
  'rp:preset:import': z.tuple([]),
  'rp:preset:export': z.tuple([idSchema]),
  'rp:recovery:save': z.tuple([presetContentSchema]),
  'rp:recovery:take': z.tuple([]),
  'rp:export:save': z.tuple([
    z.enum(['vrma', 'vmd', 'png', 'webm']),
    z
      .string()
      .min(1)
      .max(255)
      .regex(/^[^/\\\0]+$/, 'must be a file name, not a path'),
    z.instanceof(Uint8Array).refine((bytes) => bytes.byteLength <= MAX_EXPORT_BYTES, {
      message: `must be at most ${MAX_EXPORT_BYTES} bytes`,
    }),
  ]),
  'rp:menu:set-language': z.tuple([z.enum(MENU_LANGUAGE_CODES)]),
  'rp:app:about': z.tuple([]),
  'rp:app:show-data-folder': z.tuple([]),
  'rp:update:restart': z.tuple([]),
  'rp:vmc:receive': z.tuple([
    z.object({ on: z.boolean(), port: vmcPortSchema, listen: z.enum(['local', 'network']) }),
  ]),
  'rp:vmc:poll': z.tuple([z.number().int().min(0)]),
  'rp:vmc:send': z.tuple([z.object({ on: z.boolean(), host: vmcHostSchema, port: vmcPortSchema })]),
  'rp:vmc:send-frame': z.tuple([vmcFrameSchema, z.number().min(0).max(1e9)]),
  'rp:window:always-on-top': z.tuple([z.boolean().nullable()]),
};

/** Builds the handlers over `deps`. */
export function createHostHandlers(deps: HostDeps): HostHandlers {
  const appInfo = Object.freeze({ ...deps.appInfo });
  const s = deps.services;
  const vmc = deps.vmc ?? createVmcService(createConsoleLogger('vmc'));
  return {
    'rp:app:get-info': () => Promise.resolve(appInfo),
    'rp:model:open-dialog': () => toOutcome(() => s.openModelDialog()),
    'rp:model:read': (path) => toOutcome(() => s.readModel(path)),
    'rp:model:read-texture': (modelPath, name) =>
      toOutcome(() => s.readModelTexture(modelPath, name)),
    'rp:stage:open-dialog': () => toOutcome(() => s.openStageDialog()),
    'rp:stage:read': (path) => toOutcome(() => s.readStage(path)),
    'rp:stage:dropped': (path, grant) => toOutcome(() => s.openDroppedStage(path, grant)),
    'rp:motion:open-dialog': () => toOutcome(() => s.openMotionDialog()),
    'rp:motion:read': (path) => toOutcome(() => s.readMotion(path)),
    'rp:music:open-dialog': () => toOutcome(() => s.openMusicDialog()),
    'rp:music:read': (path) => toOutcome(() => s.readMusic(path)),
    'rp:file:dropped': (path, grant) => toOutcome(() => s.openDroppedFile(path, grant)),
    'rp:library:keep-dropped': (path) => toOutcome(() => s.keepDroppedFile(path)),
    'rp:library:list': () => s.listLibrary(),
    'rp:library:remove': (id) => s.removeFromLibrary(id),
    'rp:library:clear': () => s.clearLibrary(),
    'rp:library:relocate': (id) => toOutcome(() => s.relocateLibraryEntry(id)),
    'rp:library:set-thumbnail': (id, png) => toOutcome(() => s.setLibraryThumbnail(id, png)),
    'rp:preset:list': () => s.listPresets(),
    'rp:preset:save': (content) => toOutcome(() => s.savePreset(content)),
    'rp:preset:overwrite': (id, content) => toOutcome(() => s.overwritePreset(id, content)),
    'rp:preset:rename': (id, name) => toOutcome(() => s.renamePreset(id, name)),
    'rp:preset:duplicate': (id) => toOutcome(() => s.duplicatePreset(id)),
    'rp:preset:delete': (id) => toOutcome(() => s.deletePreset(id)),
    'rp:preset:load': (id) => toOutcome(() => s.loadPreset(id)),
    'rp:preset:import': () => toOutcome(() => s.importPreset()),
    'rp:preset:export': (id) => toOutcome(() => s.exportPreset(id)),
    'rp:recovery:save': (content) => toOutcome(() => s.saveRecovery(content)),
    'rp:recovery:take': () => toOutcome(() => s.takeRecovery()),
    'rp:export:save': (format, name, bytes) => toOutcome(() => s.saveExport(format, name, bytes)),
    'rp:menu:set-language': (language) => {
      deps.setMenuLanguage?.(language);
      return Promise.resolve({ language });
    },
    'rp:app:about': () => Promise.resolve(aboutInfo(deps)),
    'rp:app:show-data-folder': () => toOutcome(() => showDataFolder(deps)),
    'rp:update:restart': () =>
      deps.restartToUpdate?.() ??
      Promise.resolve({ restarting: false, reason: 'no update has been downloaded' }),
    'rp:vmc:receive': (request) => vmc.receive(request),
    'rp:vmc:poll': (sequence) => vmc.poll(sequence),
    'rp:vmc:send': (request) => vmc.send(request),
    'rp:vmc:send-frame': (frame, time) => Promise.resolve(vmc.sendFrame(frame, time)),
    'rp:window:always-on-top': (on) => deps.alwaysOnTop?.(on) ?? Promise.resolve({ on: false }),
  };
}

function aboutInfo(deps: HostDeps): AboutInfo {
  const versions = deps.versions ?? process.versions;
  return {
    name: deps.appInfo.name,
    version: deps.appInfo.version,
    electron: versions.electron ?? '',
    chromium: versions.chrome ?? '',
    node: versions.node,
    dataFolder: deps.dataFolder ?? '',
  };
}

async function showDataFolder(deps: HostDeps): Promise<{ readonly path: string }> {
  const folder = deps.dataFolder;
  if (folder === undefined || deps.openFolder === undefined) {
    throw new HostProblemError('unreadable', 'This copy of the app has no data folder to show.');
  }
  const failure = await deps.openFolder(folder);
  if (failure !== '') {
    throw new HostProblemError(
      'unreadable',
      `The data folder ${folder} could not be opened: ${failure}.`,
    );
  }
  return { path: folder };
}
