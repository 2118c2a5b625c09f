/**
 * The BUILT preload (out/preload/index.cjs) run the way a sandboxed renderer runs it: one
 * CommonJS script whose `require` knows only `electron` (here a recording stand-in). It must
 * expose exactly one frozen `host` with the HostApi methods, map them onto the contract's
 * channels, and let menu-command listeners unsubscribe.
 */

import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppCommand } from '../../shared/commands';
import type { HostApi } from '../../shared/host-contract';

const PRELOAD = join(resolve(import.meta.dirname, '../..'), 'out/preload/index.cjs');

type IpcListener = (event: unknown, ...args: unknown[]) => void;

/** The parts of `electron` a sandboxed preload may use, recording what it does. */
function createRendererElectron() {
  const exposed: { key: string; api: unknown }[] = [];
  const invoked: { channel: string; args: unknown[] }[] = [];
  const listeners = new Map<string, Set<IpcListener>>();
  const electron = {
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
  const emit = (channel: string, ...args: unknown[]) => {
    for (const listener of listeners.get(channel) ?? []) listener({ sender: 'ipc' }, ...args);
  };
  return { electron, exposed, invoked, listeners, emit };
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
    expect(Object.keys(host()).sort()).toEqual(['getAppInfo', 'onMenuCommand']);
  });

  it('maps getAppInfo onto rp:app:get-info with no arguments', async () => {
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
});
