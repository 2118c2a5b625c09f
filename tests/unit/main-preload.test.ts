/**
 * The BUILT preload (out/preload/index.cjs) run the way a sandboxed renderer runs it: one
 * CommonJS script whose `require` knows only `electron` (here a recording stand-in). It must
 * expose exactly one frozen `host` with the HostApi methods, map them onto the contract's
 * channels, and let menu-command listeners unsubscribe.
 */

import { createVmcOutFrame } from '../../renderer/src/motion/vmc-out-pose';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppCommand } from '../../shared/commands';
import {
  DROP_KEY_ARGUMENT,
  HOST_CHANNELS,
  type DropGrant,
  type HostApi,
} from '../../shared/host-contract';
import { createDropGrantChecker, newDropKey } from '../../electron/main/host/drop-grants';
import { presetContent, TINY_PNG } from '../support/host-files';

const PRELOAD = join(resolve(import.meta.dirname, '../..'), 'out/preload/index.cjs');

type IpcListener = (event: unknown, ...args: unknown[]) => void;

/** Every method `HostApi` has; the preload must expose exactly these. */
const HOST_API_METHODS: readonly (keyof HostApi)[] = [
  'getAppInfo',
  'onMenuCommand',
  'openModelDialog',
  'readModel',
  'readModelTexture',
  'openStageDialog',
  'readStage',
  'openDroppedStage',
  'openMotionDialog',
  'readMotion',
  'openMusicDialog',
  'readMusic',
  'openDroppedFile',
  'keepDroppedFile',
  'onFileOpened',
  'listLibrary',
  'removeFromLibrary',
  'clearLibrary',
  'relocateLibraryEntry',
  'setLibraryThumbnail',
  'listPresets',
  'savePreset',
  'overwritePreset',
  'renamePreset',
  'duplicatePreset',
  'deletePreset',
  'loadPreset',
  'importPreset',
  'exportPreset',
  'saveRecovery',
  'takeRecovery',
  'saveExport',
  'setMenuLanguage',
  'onReadProgress',
  'getAboutInfo',
  'showDataFolder',
  'restartToUpdate',
  'onShowAbout',
  'onUpdateStatus',
  'alwaysOnTop',
  'onAlwaysOnTop',
  'vmcReceive',
  'vmcPoll',
  'vmcSend',
  'vmcSendFrame',
];

const CONTENT = presetContent();
const DROP_KEY = newDropKey();
const ID = 'p-mk1abcde-0123abcd';
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
const VMC_FRAME = createVmcOutFrame();

/** Each request method, the channel it must invoke and the arguments it must pass. */
const REQUEST_METHODS: {
  call: (host: HostApi) => Promise<unknown>;
  channel: string;
  args: unknown[];
}[] = [
  { call: (h) => h.getAppInfo(), channel: 'rp:app:get-info', args: [] },
  { call: (h) => h.openModelDialog(), channel: 'rp:model:open-dialog', args: [] },
  { call: (h) => h.readModel('/m/a.vrm'), channel: 'rp:model:read', args: ['/m/a.vrm'] },
  { call: (h) => h.openStageDialog(), channel: 'rp:stage:open-dialog', args: [] },
  { call: (h) => h.readStage('/m/a.glb'), channel: 'rp:stage:read', args: ['/m/a.glb'] },
  { call: (h) => h.openMotionDialog(), channel: 'rp:motion:open-dialog', args: [] },
  { call: (h) => h.readMotion('/m/a.vmd'), channel: 'rp:motion:read', args: ['/m/a.vmd'] },
  { call: (h) => h.openMusicDialog(), channel: 'rp:music:open-dialog', args: [] },
  { call: (h) => h.readMusic('/m/a.wav'), channel: 'rp:music:read', args: ['/m/a.wav'] },
  {
    call: (h) => h.readModelTexture('/m/a.pmx', 'tex\\a.png'),
    channel: 'rp:model:read-texture',
    args: ['/m/a.pmx', 'tex\\a.png'],
  },
  { call: (h) => h.listLibrary(), channel: 'rp:library:list', args: [] },
  {
    call: (h) => h.keepDroppedFile('/m/a.vrm'),
    channel: 'rp:library:keep-dropped',
    args: ['/m/a.vrm'],
  },
  { call: (h) => h.removeFromLibrary(ID), channel: 'rp:library:remove', args: [ID] },
  { call: (h) => h.clearLibrary(), channel: 'rp:library:clear', args: [] },
  { call: (h) => h.relocateLibraryEntry(ID), channel: 'rp:library:relocate', args: [ID] },
  {
    call: (h) => h.setLibraryThumbnail(ID, TINY_PNG),
    channel: 'rp:library:set-thumbnail',
    args: [ID, TINY_PNG],
  },
  { call: (h) => h.listPresets(), channel: 'rp:preset:list', args: [] },
  { call: (h) => h.savePreset(CONTENT), channel: 'rp:preset:save', args: [CONTENT] },
  {
    call: (h) => h.overwritePreset(ID, CONTENT),
    channel: 'rp:preset:overwrite',
    args: [ID, CONTENT],
  },
  { call: (h) => h.renamePreset(ID, 'New'), channel: 'rp:preset:rename', args: [ID, 'New'] },
  { call: (h) => h.duplicatePreset(ID), channel: 'rp:preset:duplicate', args: [ID] },
  { call: (h) => h.deletePreset(ID), channel: 'rp:preset:delete', args: [ID] },
  { call: (h) => h.loadPreset(ID), channel: 'rp:preset:load', args: [ID] },
  { call: (h) => h.importPreset(), channel: 'rp:preset:import', args: [] },
  { call: (h) => h.exportPreset(ID), channel: 'rp:preset:export', args: [ID] },
  { call: (h) => h.saveRecovery(CONTENT), channel: 'rp:recovery:save', args: [CONTENT] },
  { call: (h) => h.takeRecovery(), channel: 'rp:recovery:take', args: [] },
  {
    call: (h) => h.saveExport('png', 'view.png', PNG_BYTES),
    channel: 'rp:export:save',
    args: ['png', 'view.png', PNG_BYTES],
  },
  { call: (h) => h.setMenuLanguage('ja'), channel: 'rp:menu:set-language', args: ['ja'] },
  { call: (h) => h.getAboutInfo(), channel: 'rp:app:about', args: [] },
  { call: (h) => h.showDataFolder(), channel: 'rp:app:show-data-folder', args: [] },
  { call: (h) => h.restartToUpdate(), channel: 'rp:update:restart', args: [] },
  {
    call: (h) => h.vmcReceive({ on: true, port: 39539, listen: 'local' }),
    channel: 'rp:vmc:receive',
    args: [{ on: true, port: 39539, listen: 'local' }],
  },
  { call: (h) => h.vmcPoll(7), channel: 'rp:vmc:poll', args: [7] },
  {
    call: (h) => h.vmcSend({ on: false, host: '127.0.0.1', port: 39540 }),
    channel: 'rp:vmc:send',
    args: [{ on: false, host: '127.0.0.1', port: 39540 }],
  },
  {
    call: (h) => h.vmcSendFrame(VMC_FRAME, 1.5),
    channel: 'rp:vmc:send-frame',
    args: [VMC_FRAME, 1.5],
  },
  { call: (h) => h.alwaysOnTop(true), channel: 'rp:window:always-on-top', args: [true] },
  { call: (h) => h.alwaysOnTop(null), channel: 'rp:window:always-on-top', args: [null] },
];

/** The parts of `electron` a sandboxed preload may use, recording what it does. */
function createRendererElectron() {
  const exposed: { key: string; api: unknown }[] = [];
  const invoked: { channel: string; args: unknown[] }[] = [];
  const listeners = new Map<string, Set<IpcListener>>();
  const electron = {
    webUtils: {
      // Like Electron's: a path for a dropped File, '' for a page-made one, a throw otherwise.
      getPathForFile: (file: unknown) => {
        if (!(file instanceof File)) throw new TypeError('getPathForFile expects a File');
        return file.droppedFrom;
      },
    },
    contextBridge: {
      exposeInMainWorld: (key: string, api: unknown) => exposed.push({ key, api }),
    },
    ipcRenderer: {
      invoke: (channel: string, ...args: unknown[]) => {
        invoked.push({ channel, args });
        return Promise.resolve({ answeredFor: channel });
      },
      on: (channel: string, listener: IpcListener) => {
        const set = listeners.get(channel) ?? new Set();
        set.add(listener);
        listeners.set(channel, set);
      },
      removeListener: (channel: string, listener: IpcListener) => {
        listeners.get(channel)?.delete(listener);
      },
    },
  };
  /** A stand-in DOM File: `webUtils` knows the path only of files "dropped" by the test. */
  class File {
    constructor(
      readonly name: string,
      readonly droppedFrom: string,
    ) {}
  }
  const emit = (channel: string, ...args: unknown[]) => {
    for (const listener of listeners.get(channel) ?? []) listener({ sender: 'ipc' }, ...args);
  };
  return { electron, exposed, invoked, listeners, emit, File };
}

let renderer: ReturnType<typeof createRendererElectron>;
let required: string[];

beforeAll(() => {
  if (!existsSync(PRELOAD)) {
    throw new Error(`${PRELOAD} does not exist: run \`npm run build\` first.`);
  }
  renderer = createRendererElectron();
  required = [];
  const module = { exports: {} };
  runInNewContext(readFileSync(PRELOAD, 'utf8'), {
    module,
    exports: module.exports,
    // What a sandboxed preload has: the renderer's arguments (the drop key among them) and
    // Web Crypto.
    process: { argv: ['/opt/app/ragdoll-playground', `${DROP_KEY_ARGUMENT}${DROP_KEY}`] },
    crypto: globalThis.crypto,
    TextEncoder,
    require: (id: string) => {
      required.push(id);
      if (id === 'electron') return renderer.electron;
      throw new Error(`a sandboxed preload cannot require ${id}`);
    },
  });
});

const host = (): HostApi => renderer.exposed[0]!.api as HostApi;

describe('built preload', () => {
  it('is one script that requires only electron', () => {
    expect([...new Set(required)]).toEqual(['electron']);
  });

  it('exposes exactly one frozen host object with the HostApi methods only', () => {
    expect(renderer.exposed.map((entry) => entry.key)).toEqual(['host']);
    expect(Object.isFrozen(host())).toBe(true);
    expect(Object.keys(host()).sort()).toEqual([...HOST_API_METHODS].sort());
  });

  it('maps every request method onto its contract channel with its arguments', async () => {
    for (const { call, channel, args } of REQUEST_METHODS) {
      renderer.invoked.length = 0;
      await expect(call(host())).resolves.toEqual({ answeredFor: channel });
      expect(renderer.invoked).toEqual([{ channel, args }]);
    }
    // Every request channel but the dropped-file ones (below) is reachable as a method.
    expect(new Set(REQUEST_METHODS.map((method) => method.channel))).toEqual(
      new Set(
        HOST_CHANNELS.filter(
          (channel) => channel !== 'rp:file:dropped' && channel !== 'rp:stage:dropped',
        ),
      ),
    );
  });

  it('turns a dropped File into its path with webUtils and a grant the host accepts', async () => {
    renderer.invoked.length = 0;
    const dropped = new renderer.File('avatar.vrm', '/home/someone/avatar.vrm');
    await host().openDroppedFile(dropped);
    expect(renderer.invoked).toHaveLength(1);
    const [{ channel, args }] = renderer.invoked as [{ channel: string; args: unknown[] }];
    expect(channel).toBe('rp:file:dropped');
    const [path, grant] = args as [string, DropGrant];
    expect(path).toBe('/home/someone/avatar.vrm');
    // The preload's Web Crypto HMAC is the one the main process recomputes, once.
    const checker = createDropGrantChecker(DROP_KEY);
    expect(checker.accept('/home/someone/other.vrm', grant)).toBe(false);
    expect(checker.accept(path, grant)).toBe(true);
    expect(checker.accept(path, grant)).toBe(false);
  });

  it('sends a File dropped as a stage on rp:stage:dropped with a grant the host accepts', async () => {
    renderer.invoked.length = 0;
    const dropped = new renderer.File('hall.glb', '/home/someone/hall.glb');
    await host().openDroppedStage(dropped);
    const [{ channel, args }] = renderer.invoked as [{ channel: string; args: unknown[] }];
    expect(channel).toBe('rp:stage:dropped');
    const [path, grant] = args as [string, DropGrant];
    expect(path).toBe('/home/someone/hall.glb');
    expect(createDropGrantChecker(DROP_KEY).accept(path, grant)).toBe(true);
  });

  it('refuses a File it cannot name a path for', async () => {
    renderer.invoked.length = 0;
    // A File the page built itself has no path; a plain object is not a File at all.
    await expect(host().openDroppedFile(new renderer.File('made.vrm', ''))).rejects.toThrow(
      'is not a file dropped from the desktop',
    );
    await expect(host().openDroppedFile({ name: '/etc/passwd' })).rejects.toThrow(
      'is not a file dropped from the desktop',
    );
    expect(renderer.invoked).toHaveLength(0);
  });

  it('relays opened-file outcomes until unsubscribed, dropping anything else', () => {
    const received: unknown[] = [];
    const stop = host().onFileOpened((outcome) => received.push(outcome));
    const canceled = {
      ok: false,
      problem: { code: 'canceled', message: 'No model file was chosen.' },
    };
    renderer.emit('rp:file:opened', canceled);
    renderer.emit('rp:file:opened', 'not an outcome');
    stop();
    renderer.emit('rp:file:opened', canceled);
    expect(received).toEqual([canceled]);
  });

  it('maps getAppInfo onto rp:app:get-info with no arguments', async () => {
    renderer.invoked.length = 0;
    await expect(host().getAppInfo()).resolves.toEqual({ answeredFor: 'rp:app:get-info' });
    expect(renderer.invoked).toEqual([{ channel: 'rp:app:get-info', args: [] }]);
  });

  it('relays menu commands (not the IPC event) until unsubscribed', () => {
    const received: AppCommand[] = [];
    const stop = host().onMenuCommand((command) => received.push(command));
    renderer.emit('rp:menu:command', 'blast');
    renderer.emit('rp:menu:command', 'not-a-command');
    stop();
    renderer.emit('rp:menu:command', 'reset');
    expect(received).toEqual(['blast']);
    expect(renderer.listeners.get('rp:menu:command')?.size).toBe(0);
  });

  it('relays Help > About and well-formed update news until unsubscribed, dropping anything else', () => {
    let abouts = 0;
    const statuses: unknown[] = [];
    const stopAbout = host().onShowAbout(() => (abouts += 1));
    const stopUpdates = host().onUpdateStatus((status) => statuses.push(status));
    renderer.emit('rp:app:show-about', null);
    renderer.emit('rp:update:status', { kind: 'ready', version: '0.2.0' });
    renderer.emit('rp:update:status', { kind: 'ready', version: 2 });
    renderer.emit('rp:update:status', { kind: 'restart-now-please' });
    renderer.emit('rp:update:status', { kind: 'check-failed', detail: 'offline' });
    stopAbout();
    stopUpdates();
    renderer.emit('rp:app:show-about', null);
    renderer.emit('rp:update:status', { kind: 'check-timed-out', seconds: 30 });
    expect(abouts).toBe(1);
    expect(statuses).toEqual([
      { kind: 'ready', version: '0.2.0' },
      { kind: 'check-failed', detail: 'offline' },
    ]);
  });

  it("relays the menu's Always on Top switch until unsubscribed, dropping malformed states", () => {
    const states: unknown[] = [];
    const stop = host().onAlwaysOnTop((state) => states.push(state));
    renderer.emit('rp:window:always-on-top', { on: true });
    renderer.emit('rp:window:always-on-top', { on: 'yes' });
    renderer.emit('rp:window:always-on-top', null);
    renderer.emit('rp:window:always-on-top', { on: false });
    stop();
    renderer.emit('rp:window:always-on-top', { on: true });
    expect(states).toEqual([{ on: true }, { on: false }]);
  });
});
