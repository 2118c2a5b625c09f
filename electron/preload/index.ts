/**
 * The preload: exposes exactly one frozen `host` object implementing `HostApi` to the page.
 * Each method is one contract channel; there is no generic send or invoke, so the page can
 * reach nothing the contract does not list. Sandboxed, so it is bundled into one CommonJS
 * file with no imports but `electron`.
 */

import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { APP_COMMANDS, type AppCommand } from '../../shared/commands';
import {
  DROP_KEY_ARGUMENT,
  MENU_COMMAND_CHANNEL,
  FILE_OPENED_CHANNEL,
  READ_PROGRESS_CHANNEL,
  SHOW_ABOUT_CHANNEL,
  UPDATE_STATUS_CHANNEL,
  ALWAYS_ON_TOP_CHANNEL,
  type ReadProgress,
  type UpdateStatus,
  type AlwaysOnTopState,
  type DropGrant,
  type DroppedFileHandle,
  type ExportFileFormat,
  type HostApi,
  type HostChannel,
  type HostOutcome,
  type HostRequests,
  type MenuLanguageCode,
  type DroppedFileResult,
  type PresetContent,
} from '../../shared/host-contract';
import type { VmcFrame, VmcReceiveRequest, VmcSendRequest } from '../../shared/vmc-frame';

/** `ipcRenderer.invoke` typed by the contract: the channel fixes the arguments and result. */
function invoke<K extends HostChannel>(
  channel: K,
  ...args: HostRequests[K]['args']
): Promise<HostRequests[K]['result']> {
  return ipcRenderer.invoke(channel, ...args) as Promise<HostRequests[K]['result']>;
}

function isAppCommand(value: unknown): value is AppCommand {
  return (APP_COMMANDS as readonly unknown[]).includes(value);
}

function isAlwaysOnTopState(value: unknown): value is AlwaysOnTopState {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { on?: unknown }).on === 'boolean'
  );
}

/** Subscribes `relay` to a main-process event; returns the unsubscribe function. */
function subscribe(
  channel: string,
  relay: (event: IpcRendererEvent, payload: unknown) => void,
): () => void {
  ipcRenderer.on(channel, relay);
  return () => {
    ipcRenderer.removeListener(channel, relay);
  };
}

/**
 * A dropped `File`'s path. Only a real File from a drop (or a file input) has one (Electron
 * 32+ removed `File.path`); a File the page constructs itself yields '' and anything else
 * makes `getPathForFile` throw: both are refused, which keeps the page from naming paths.
 * No `instanceof File` check: the File arrives from the page's world through contextBridge.
 */
function droppedPath(file: DroppedFileHandle): string {
  let path: unknown;
  try {
    path = webUtils.getPathForFile(file as File);
  } catch (error) {
    throw new Error(
      `host: "${String(file.name)}" is not a file dropped from the desktop (${String(error)}).`,
      { cause: error },
    );
  }
  if (typeof path !== 'string' || path === '') {
    throw new Error(`host: "${String(file.name)}" is not a file dropped from the desktop.`);
  }
  return path;
}

/**
 * The key drops are signed with, from the main process's argument to this renderer: the
 * page's world cannot read it, so only this preload can vouch for a dropped path.
 */
const dropKey = process.argv
  .find((argument) => argument.startsWith(DROP_KEY_ARGUMENT))
  ?.slice(DROP_KEY_ARGUMENT.length);

const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A fresh nonce and the HMAC-SHA256 of it and `path` under the drop key (see drop-grants.ts). */
async function dropGrant(path: string): Promise<DropGrant> {
  if (dropKey === undefined || !/^[0-9a-f]{64}$/.test(dropKey)) {
    throw new Error('host: this window was opened without a drop key; drops cannot be read.');
  }
  const nonce = toHex(crypto.getRandomValues(new Uint8Array(16)));
  const keyBytes = Uint8Array.from(dropKey.match(/../g)!, (pair) => parseInt(pair, 16));
  const key = await crypto.subtle.importKey(
    'raw',
    keyBytes,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signed = await crypto.subtle.sign(
    'HMAC',
    key,
    new TextEncoder().encode(`${nonce}\n${path}`),
  );
  return { nonce, token: toHex(new Uint8Array(signed)) };
}

/** The page gets outcomes only; anything else on the channel is dropped. */
function isOutcome(value: unknown): value is HostOutcome<DroppedFileResult> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { ok?: unknown }).ok === 'boolean'
  );
}

/** A read progress as the contract shapes it; anything else on the channel is dropped. */
function isReadProgress(value: unknown): value is ReadProgress {
  if (typeof value !== 'object' || value === null) return false;
  const { fileName, bytesRead, totalBytes } = value as Partial<Record<keyof ReadProgress, unknown>>;
  return (
    typeof fileName === 'string' && typeof bytesRead === 'number' && typeof totalBytes === 'number'
  );
}

/** An update status as the contract shapes it; anything else on the channel is dropped. */
function isUpdateStatus(value: unknown): value is UpdateStatus {
  if (typeof value !== 'object' || value === null) return false;
  const status = value as Record<string, unknown>;
  switch (status['kind']) {
    case 'ready':
    case 'restart-chosen':
      return typeof status['version'] === 'string';
    case 'check-failed':
      return typeof status['detail'] === 'string';
    case 'check-timed-out':
      return typeof status['seconds'] === 'number';
    default:
      return false;
  }
}

const host: HostApi = Object.freeze({
  getAppInfo: () => invoke('rp:app:get-info'),
  openModelDialog: () => invoke('rp:model:open-dialog'),
  readModel: (path: string) => invoke('rp:model:read', path),
  readModelTexture: (modelPath: string, textureName: string) =>
    invoke('rp:model:read-texture', modelPath, textureName),
  openStageDialog: () => invoke('rp:stage:open-dialog'),
  readStage: (path: string) => invoke('rp:stage:read', path),
  openDroppedStage: async (file: DroppedFileHandle) => {
    const path = droppedPath(file);
    return invoke('rp:stage:dropped', path, await dropGrant(path));
  },
  openMotionDialog: () => invoke('rp:motion:open-dialog'),
  readMotion: (path: string) => invoke('rp:motion:read', path),
  openMusicDialog: () => invoke('rp:music:open-dialog'),
  readMusic: (path: string) => invoke('rp:music:read', path),
  openDroppedFile: async (file: DroppedFileHandle) => {
    const path = droppedPath(file);
    return invoke('rp:file:dropped', path, await dropGrant(path));
  },
  keepDroppedFile: (path: string) => invoke('rp:library:keep-dropped', path),
  onFileOpened(listener: (outcome: HostOutcome<DroppedFileResult>) => void): () => void {
    return subscribe(FILE_OPENED_CHANNEL, (_event, outcome) => {
      if (isOutcome(outcome)) listener(outcome);
    });
  },
  listLibrary: () => invoke('rp:library:list'),
  removeFromLibrary: (id: string) => invoke('rp:library:remove', id),
  clearLibrary: () => invoke('rp:library:clear'),
  relocateLibraryEntry: (id: string) => invoke('rp:library:relocate', id),
  setLibraryThumbnail: (id: string, png: Uint8Array) => invoke('rp:library:set-thumbnail', id, png),
  listPresets: () => invoke('rp:preset:list'),
  savePreset: (content: PresetContent) => invoke('rp:preset:save', content),
  overwritePreset: (id: string, content: PresetContent) =>
    invoke('rp:preset:overwrite', id, content),
  renamePreset: (id: string, name: string) => invoke('rp:preset:rename', id, name),
  duplicatePreset: (id: string) => invoke('rp:preset:duplicate', id),
  deletePreset: (id: string) => invoke('rp:preset:delete', id),
  loadPreset: (id: string) => invoke('rp:preset:load', id),
  importPreset: () => invoke('rp:preset:import'),
  exportPreset: (id: string) => invoke('rp:preset:export', id),
  saveRecovery: (content: PresetContent) => invoke('rp:recovery:save', content),
  takeRecovery: () => invoke('rp:recovery:take'),
  saveExport: (format: ExportFileFormat, suggestedName: string, bytes: Uint8Array) =>
    invoke('rp:export:save', format, suggestedName, bytes),
  setMenuLanguage: (language: MenuLanguageCode) => invoke('rp:menu:set-language', language),
  getAboutInfo: () => invoke('rp:app:about'),
  showDataFolder: () => invoke('rp:app:show-data-folder'),
  restartToUpdate: () => invoke('rp:update:restart'),
  onShowAbout(listener: () => void): () => void {
    return subscribe(SHOW_ABOUT_CHANNEL, () => listener());
  },
  onUpdateStatus(listener: (status: UpdateStatus) => void): () => void {
    return subscribe(UPDATE_STATUS_CHANNEL, (_event, status) => {
      if (isUpdateStatus(status)) listener(status);
    });
  },
  alwaysOnTop: (on: boolean | null) => invoke('rp:window:always-on-top', on),
  onAlwaysOnTop(listener: (state: AlwaysOnTopState) => void): () => void {
    return subscribe(ALWAYS_ON_TOP_CHANNEL, (_event, state) => {
      if (isAlwaysOnTopState(state)) listener(state);
    });
  },
  vmcReceive: (request: VmcReceiveRequest) => invoke('rp:vmc:receive', request),
  vmcPoll: (sequence: number) => invoke('rp:vmc:poll', sequence),
  vmcSend: (request: VmcSendRequest) => invoke('rp:vmc:send', request),
  vmcSendFrame: (frame: VmcFrame, time: number) => invoke('rp:vmc:send-frame', frame, time),
  onReadProgress(listener: (progress: ReadProgress) => void): () => void {
    return subscribe(READ_PROGRESS_CHANNEL, (_event, progress) => {
      if (isReadProgress(progress)) listener(progress);
    });
  },
  onMenuCommand(listener: (command: AppCommand) => void): () => void {
    // The page never sees the IPC event object, only the command.
    return subscribe(MENU_COMMAND_CHANNEL, (_event, command) => {
      if (isAppCommand(command)) listener(command);
    });
  },
});

contextBridge.exposeInMainWorld('host', host);
