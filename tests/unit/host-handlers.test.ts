import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  HOST_CHANNELS,
  type AppInfo,
  type HostChannel,
  type HostRequests,
} from '../../shared/host-contract';
import { callHostHandler, HostRequestError } from '../../electron/main/host/call-host-handler';
import {
  createHostHandlers,
  HOST_ARGUMENT_SCHEMAS,
  type HostDeps,
  type HostHandlers,
} from '../../electron/main/host/host-handlers';
import { createHostServices } from '../../electron/main/host/host-services';
import { createRecordingLogger } from '../support/recording-logger';
import { presetContent, scriptedDialogs, tempFolder, TINY_PNG } from '../support/host-files';

const APP_INFO: AppInfo = {
  name: 'Ragdoll Playground',
  version: '1.2.3',
  platform: 'win32',
  locale: 'ja-JP',
};

import { createVmcOutFrame } from '../../renderer/src/motion/vmc-out-pose';

const SOME_ID = 'p-mk1abcde-0123abcd';
const NOWHERE = '/nowhere/at/all/avatar.vrm';

/** `TINY_PNG` followed by zeros up to `size` bytes: a PNG's start, at any size. */
function pngPaddedTo(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(TINY_PNG);
  return bytes;
}

/** Valid arguments for every channel; typed so a new channel must add its own. */
const VALID_ARGS: { readonly [K in HostChannel]: HostRequests[K]['args'] } = {
  'rp:app:get-info': [],
  'rp:model:open-dialog': [],
  'rp:model:read': [NOWHERE],
  'rp:model:read-texture': [NOWHERE, 'tex\\body.png'],
  'rp:stage:open-dialog': [],
  'rp:stage:read': ['/nowhere/at/all/hall.glb'],
  'rp:stage:dropped': [
    '/nowhere/at/all/hall.glb',
    { nonce: '0'.repeat(32), token: '0'.repeat(64) },
  ],
  'rp:motion:open-dialog': [],
  'rp:motion:read': ['/nowhere/at/all/dance.vmd'],
  'rp:music:open-dialog': [],
  'rp:music:read': ['/nowhere/at/all/song.wav'],
  'rp:file:dropped': [NOWHERE, { nonce: '0'.repeat(32), token: '0'.repeat(64) }],
  'rp:library:keep-dropped': [NOWHERE],
  'rp:library:list': [],
  'rp:library:remove': [SOME_ID],
  'rp:library:clear': [],
  'rp:library:relocate': [SOME_ID],
  'rp:library:set-thumbnail': [SOME_ID, TINY_PNG],
  'rp:preset:list': [],
  'rp:preset:save': [presetContent()],
  'rp:preset:overwrite': [SOME_ID, presetContent()],
  'rp:preset:rename': [SOME_ID, 'Renamed'],
  'rp:preset:duplicate': [SOME_ID],
  'rp:preset:delete': [SOME_ID],
  'rp:preset:load': [SOME_ID],
  'rp:preset:import': [],
  'rp:preset:export': [SOME_ID],
  'rp:recovery:save': [presetContent()],
  'rp:recovery:take': [],
  'rp:export:save': ['vrma', 'fall.vrma', new Uint8Array(4)],
  'rp:menu:set-language': ['ja'],
  'rp:app:about': [],
  'rp:app:show-data-folder': [],
  'rp:update:restart': [],
  'rp:vmc:receive': [{ on: false, port: 39539, listen: 'local' }],
  'rp:vmc:poll': [0],
  'rp:vmc:send': [{ on: false, host: '127.0.0.1', port: 39540 }],
  'rp:vmc:send-frame': [createVmcOutFrame(), 0],
  'rp:window:always-on-top': [null],
};

/** Per channel, arguments of the right types that must still be refused (paths, ids, sizes). */
const REFUSED_ARGS: {
  readonly channel: HostChannel;
  readonly args: unknown[];
  readonly why: string;
}[] = [
  { channel: 'rp:model:read', args: ['avatar.vrm'], why: 'a relative path' },
  { channel: 'rp:motion:read', args: ['dance.vmd'], why: 'a relative motion path' },
  { channel: 'rp:motion:read', args: ['/tmp/a\0.vmd'], why: 'a NUL byte in a motion path' },
  { channel: 'rp:model:read', args: [''], why: 'an empty path' },
  { channel: 'rp:model:read', args: ['/tmp/a\0.vrm'], why: 'a NUL byte' },
  { channel: 'rp:model:read-texture', args: ['a.pmx', 'tex.png'], why: 'a relative model path' },
  { channel: 'rp:model:read-texture', args: [NOWHERE, ''], why: 'an empty texture name' },
  { channel: 'rp:model:read-texture', args: [NOWHERE, 't\0.png'], why: 'a NUL in the name' },
  { channel: 'rp:file:dropped', args: ['../../etc/passwd'], why: 'a relative path' },
  { channel: 'rp:preset:load', args: ['../library'], why: 'an id with dots and a slash' },
  { channel: 'rp:preset:delete', args: ['P-UPPER'], why: 'an id with capitals' },
  { channel: 'rp:preset:export', args: ['a'.repeat(65)], why: 'an id too long' },
  {
    channel: 'rp:export:save',
    args: ['gif', 'a.gif', new Uint8Array(1)],
    why: 'an unknown format',
  },
  {
    channel: 'rp:export:save',
    args: ['png', '../a.png', new Uint8Array(1)],
    why: 'a path as name',
  },
  { channel: 'rp:export:save', args: ['png', 'a.png', 'bytes'], why: 'text instead of bytes' },
  { channel: 'rp:library:remove', args: ['/etc/passwd'], why: 'a path as id' },
  { channel: 'rp:menu:set-language', args: ['de'], why: 'a language the menu does not speak' },
  { channel: 'rp:app:show-data-folder', args: ['/etc'], why: 'a folder named by the page' },
  { channel: 'rp:update:restart', args: [true], why: 'an argument where none is taken' },
  {
    channel: 'rp:vmc:receive',
    args: [{ on: true, port: 80, listen: 'local' }],
    why: 'a system port for VMC',
  },
  {
    channel: 'rp:vmc:receive',
    args: [{ on: true, port: 39539, listen: 'everywhere' }],
    why: 'an unknown listen choice',
  },
  {
    channel: 'rp:vmc:send',
    args: [{ on: true, host: 'a host; rm', port: 39540 }],
    why: 'a send host that is no address',
  },
  { channel: 'rp:window:always-on-top', args: ['on'], why: 'text instead of true, false or null' },
  {
    channel: 'rp:vmc:send-frame',
    args: [{ ...createVmcOutFrame(), rotations: new Float64Array(220).fill(Number.NaN) }, 0],
    why: 'a VMC frame with NaN rotations',
  },
  {
    channel: 'rp:vmc:send-frame',
    args: [{ ...createVmcOutFrame(), rotations: new Float64Array(4) }, 0],
    why: 'a VMC frame with too few bones',
  },
  { channel: 'rp:preset:rename', args: [SOME_ID, '   '], why: 'a blank name' },
  { channel: 'rp:preset:rename', args: [SOME_ID, 'a\u0007b'], why: 'a control character' },
  { channel: 'rp:preset:rename', args: [SOME_ID, 'x'.repeat(81)], why: 'a name too long' },
  {
    channel: 'rp:preset:save',
    args: [{ ...presetContent(), figures: [] as unknown[], props: 'none' }],
    why: 'props of the wrong type',
  },
  {
    channel: 'rp:preset:save',
    args: [presetContent({ figures: 7 })],
    why: 'seven figures (the limit is six)',
  },
  {
    channel: 'rp:preset:save',
    args: [presetContent({ props: 13 })],
    why: 'thirteen props (the limit is twelve)',
  },
  { channel: 'rp:library:set-thumbnail', args: [SOME_ID, [137, 80, 78, 71]], why: 'a plain array' },
  {
    channel: 'rp:library:set-thumbnail',
    args: [SOME_ID, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array<number>(20).fill(0)])],
    why: 'a JPEG, not a PNG',
  },
  {
    channel: 'rp:library:set-thumbnail',
    args: [SOME_ID, pngPaddedTo(2 * 1024 * 1024 + 1)],
    why: 'a PNG over 2 MB',
  },
  {
    // IPC carries typed arrays; zod threw a TypeError freezing one instead of refusing it.
    channel: 'rp:preset:save',
    args: [
      { ...presetContent(), camera: { ...presetContent().camera, position: new Float64Array(3) } },
    ],
    why: 'a typed array where a point goes',
  },
];

let dataFolder: { path: string; remove: () => Promise<void> };
beforeAll(async () => {
  dataFolder = await tempFolder('handlers');
});
afterAll(() => dataFolder.remove());

/** The real handlers on services over the data folder; `extra` adds the Electron-side hooks. */
function realHandlers(extra: Partial<HostDeps> = {}): HostHandlers {
  const logger = createRecordingLogger();
  const services = createHostServices({
    dataDirectory: dataFolder.path,
    dialogs: scriptedDialogs(),
    loggerFor: () => logger,
  });
  return createHostHandlers({ appInfo: APP_INFO, services, ...extra });
}

/** Values that are the wrong type for any argument a channel could declare. */
const WRONG_VALUES: readonly unknown[] = [Symbol('not data'), () => 1, new Map()];

/** Handlers that record calls, to prove rejected requests never reach a handler. */
function spiedHandlers(): { handlers: HostHandlers; spies: ReturnType<typeof vi.fn>[] } {
  const real = realHandlers();
  const spies: ReturnType<typeof vi.fn>[] = [];
  const handlers = Object.fromEntries(
    HOST_CHANNELS.map((channel) => {
      const spy = vi.fn(real[channel]);
      spies.push(spy);
      return [channel, spy];
    }),
  ) as unknown as HostHandlers;
  return { handlers, spies };
}

describe('host handlers', () => {
  it('has one handler and one argument schema per contract channel', () => {
    const handlers = realHandlers();
    expect(HOST_CHANNELS.length).toBeGreaterThan(0);
    expect(Object.keys(handlers).sort()).toEqual([...HOST_CHANNELS].sort());
    expect(Object.keys(HOST_ARGUMENT_SCHEMAS).sort()).toEqual([...HOST_CHANNELS].sort());
  });

  it('answers rp:app:get-info with the injected app facts', async () => {
    const handlers = realHandlers();
    await expect(callHostHandler(handlers, 'rp:app:get-info', [])).resolves.toEqual(APP_INFO);
  });

  it('relabels the menu in the language the page sends on rp:menu:set-language', async () => {
    const languages: string[] = [];
    const handlers = realHandlers({ setMenuLanguage: (language) => languages.push(language) });
    await expect(callHostHandler(handlers, 'rp:menu:set-language', ['ja'])).resolves.toEqual({
      language: 'ja',
    });
    await callHostHandler(handlers, 'rp:menu:set-language', ['en']);
    expect(languages).toEqual(['ja', 'en']);
    await expect(callHostHandler(handlers, 'rp:menu:set-language', ['fr'])).rejects.toThrow(
      HostRequestError,
    );
    expect(languages).toEqual(['ja', 'en']);
  });
});

describe('About, Show Data Folder and Restart now', () => {
  it('tells About the versions and the data folder', async () => {
    const handlers = realHandlers({
      dataFolder: dataFolder.path,
      versions: { electron: '45.3.4', chrome: '142.0.7444.59', node: '22.20.0' },
    });
    await expect(callHostHandler(handlers, 'rp:app:about', [])).resolves.toEqual({
      name: APP_INFO.name,
      version: APP_INFO.version,
      electron: '45.3.4',
      chromium: '142.0.7444.59',
      node: '22.20.0',
      dataFolder: dataFolder.path,
    });
  });

  it('opens the data folder, and names it with the reason when that fails', async () => {
    const opened: string[] = [];
    const handlers = realHandlers({
      dataFolder: dataFolder.path,
      openFolder: (path) => {
        opened.push(path);
        return Promise.resolve(opened.length === 1 ? '' : 'no file manager');
      },
    });
    await expect(callHostHandler(handlers, 'rp:app:show-data-folder', [])).resolves.toEqual({
      ok: true,
      value: { path: dataFolder.path },
    });
    const failed = await callHostHandler(handlers, 'rp:app:show-data-folder', []);
    expect(failed).toEqual({
      ok: false,
      problem: {
        code: 'unreadable',
        message: `The data folder ${dataFolder.path} could not be opened: no file manager.`,
      },
    });
    expect(opened).toEqual([dataFolder.path, dataFolder.path]);
  });

  it('answers Restart now with no restart when the app has no update flow', async () => {
    await expect(callHostHandler(realHandlers({}), 'rp:update:restart', [])).resolves.toEqual({
      restarting: false,
      reason: 'no update has been downloaded',
    });
  });
});

describe('argument validation, every channel', () => {
  for (const channel of HOST_CHANNELS) {
    const valid: readonly unknown[] = VALID_ARGS[channel];

    it(`${channel}: accepts its valid arguments`, async () => {
      const { handlers, spies } = spiedHandlers();
      await callHostHandler(handlers, channel, [...valid]);
      expect(spies.flatMap((spy) => spy.mock.calls)).toHaveLength(1);
    });

    it(`${channel}: rejects one argument too many`, async () => {
      const { handlers, spies } = spiedHandlers();
      const call = callHostHandler(handlers, channel, [...valid, 'extra']);
      await expect(call).rejects.toThrow(HostRequestError);
      await expect(call).rejects.toThrow(`host: ${channel} received invalid arguments`);
      expect(spies.flatMap((spy) => spy.mock.calls)).toEqual([]);
    });

    it(`${channel}: rejects arguments that are not an array`, async () => {
      const { handlers } = spiedHandlers();
      await expect(callHostHandler(handlers, channel, 'rp')).rejects.toThrow(
        `host: ${channel} needs its arguments as an array.`,
      );
    });

    valid.forEach((_value, index) => {
      it(`${channel}: rejects a missing argument ${index + 1}`, async () => {
        const { handlers } = spiedHandlers();
        await expect(callHostHandler(handlers, channel, valid.slice(0, index))).rejects.toThrow(
          HostRequestError,
        );
      });

      it(`${channel}: rejects a wrong type for argument ${index + 1}`, async () => {
        const { handlers, spies } = spiedHandlers();
        for (const wrong of WRONG_VALUES) {
          const args = valid.map((value, at) => (at === index ? wrong : value));
          await expect(callHostHandler(handlers, channel, args)).rejects.toThrow(HostRequestError);
        }
        expect(spies.flatMap((spy) => spy.mock.calls)).toEqual([]);
      });
    });
  }

  for (const { channel, args, why } of REFUSED_ARGS) {
    it(`${channel}: refuses ${why} before any handler runs`, async () => {
      const { handlers, spies } = spiedHandlers();
      await expect(callHostHandler(handlers, channel, args)).rejects.toThrow(
        `host: ${channel} received invalid arguments`,
      );
      expect(spies.flatMap((spy) => spy.mock.calls)).toEqual([]);
    });
  }

  it('refuses to read a model path the user never chose, with a message', async () => {
    const result = await callHostHandler(realHandlers(), 'rp:model:read', ['/etc/passwd']);
    expect(result).toEqual({
      ok: false,
      problem: {
        code: 'not-allowed',
        message: expect.stringContaining('/etc/passwd is none of these') as unknown,
      },
    });
  });

  it('rejects an unknown channel, listing the known ones', async () => {
    const { handlers } = spiedHandlers();
    await expect(callHostHandler(handlers, 'rp:app:format-disk', [])).rejects.toThrow(
      /unknown request channel "rp:app:format-disk"; known channels: rp:app:get-info/,
    );
    await expect(callHostHandler(handlers, 42, [])).rejects.toThrow(HostRequestError);
  });
});
