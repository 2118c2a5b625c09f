/**
 * The update glue (electron/main/app-updates.ts) with the real electron-updater, its HTTP
 * going through the stand-in `electron`'s `net` to a release server on 127.0.0.1 that serves
 * a generated channel file: a newer version downloads and becomes the ready notice, an older
 * one shows nothing (or "up to date" when asked), a broken file is one history line, a server
 * that never answers times out, and the setting is remembered.
 */

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NsisUpdater } from 'electron-updater';
import { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppUpdates, type AppUpdates } from '../../electron/main/app-updates';
import {
  UPDATE_CHECK_INTERVAL_MS,
  type UpdateResponse,
} from '../../electron/main/host/update-policy';
import { createUpdateSettingsStore } from '../../electron/main/host/update-settings-store';
import * as electronStandIn from '../support/main-bundle/electron-stub';
import { createRecordingLogger } from '../support/recording-logger';
import { installElectronForRequire } from '../support/updates/electron-require';
import {
  releaseFiles,
  startUpdateServer,
  type UpdateServer,
} from '../support/updates/update-server';

const CURRENT = '0.1.0';
const newer = releaseFiles('0.2.0');
const older = releaseFiles('0.0.9');

let removeStandIn: () => void;
let server: UpdateServer;
let folder: string;
const running: AppUpdates[] = [];

beforeAll(async () => {
  removeStandIn = installElectronForRequire(electronStandIn);
  server = await startUpdateServer(new Map([[newer.installerName, newer.installer]]));
  folder = await mkdtemp(join(tmpdir(), 'rp-updates-'));
});

afterAll(async () => {
  await server.close();
  await rm(folder, { recursive: true, force: true });
  removeStandIn();
});

afterEach(() => {
  for (const updates of running.splice(0)) updates.dispose();
});

/** A real NSIS updater (platform-neutral until it installs) reading our server. */
async function makeUpdater(name: string): Promise<NsisUpdater> {
  const data = join(folder, name);
  const configPath = join(folder, `${name}-app-update.yml`);
  await writeFile(
    configPath,
    `provider: generic\nurl: ${server.url}\nupdaterCacheDirName: ${name}-updater\n`,
  );
  const updater = new NsisUpdater(undefined, {
    version: CURRENT,
    name: 'Ragdoll Playground',
    isPackaged: true,
    appUpdateConfigPath: configPath,
    userDataPath: data,
    baseCachePath: data,
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  });
  // Given an app, the updater leaves its HTTP client unset; this is the one it makes itself
  // inside Electron, over `net.request` (here the stand-in's).
  Object.assign(updater, { httpExecutor: new ElectronHttpExecutor() });
  // No old installer to diff against: fetch the whole file.
  updater.disableDifferentialDownload = true;
  return updater;
}

async function makeUpdates(
  name: string,
  overrides: { supported?: boolean; timeoutMs?: number; now?: () => number; tickMs?: number } = {},
) {
  const updater = await makeUpdater(name);
  const quitAndInstall = vi.spyOn(updater, 'quitAndInstall').mockImplementation(() => undefined);
  const shown: UpdateResponse[] = [];
  const logger = createRecordingLogger();
  const settings = createUpdateSettingsStore({ directory: join(folder, name), logger });
  const updates = createAppUpdates({
    updater,
    support:
      overrides.supported === false
        ? { supported: false, reason: 'only the AppImage can replace itself on Linux' }
        : { supported: true },
    currentVersion: CURRENT,
    settings,
    logger,
    show: (response) => shown.push(response),
    timeoutMs: overrides.timeoutMs ?? 10_000,
    ...(overrides.now === undefined ? {} : { now: overrides.now }),
    ...(overrides.tickMs === undefined ? {} : { tickMs: overrides.tickMs }),
  });
  running.push(updates);
  await updates.load();
  return { updates, shown, logger, quitAndInstall, settings };
}

describe('checking a release server on 127.0.0.1', () => {
  it('downloads a newer version and shows the ready notice; restarts only when asked, after the recovery copy', async () => {
    server.serve(newer.channelFile);
    const { updates, shown, quitAndInstall } = await makeUpdates('newer');
    await updates.check('manual');
    expect(shown).toEqual([
      { answer: { kind: 'downloading', version: '0.2.0' } },
      { notice: { version: '0.2.0' } },
    ]);
    expect(server.requests).toContain(`/${newer.installerName}`);
    expect(updates.readyVersion).toBe('0.2.0');

    expect(updates.restart({ askedByPerson: false, recoveryCopyWritten: true }).restart).toBe(
      false,
    );
    expect(updates.restart({ askedByPerson: true, recoveryCopyWritten: false }).restart).toBe(
      false,
    );
    expect(quitAndInstall).not.toHaveBeenCalled();
    expect(updates.restart({ askedByPerson: true, recoveryCopyWritten: true })).toEqual({
      restart: true,
    });
    expect(quitAndInstall).toHaveBeenCalledTimes(1);
  });

  it('shows nothing for an older version unless the person asked, then says it is up to date', async () => {
    server.serve(older.channelFile);
    const before = server.requests.length;
    const { updates, shown } = await makeUpdates('older');
    await updates.check('automatic');
    expect(server.requests.length).toBeGreaterThan(before);
    expect(shown).toEqual([]);
    await updates.check('manual');
    expect(shown).toEqual([{ answer: { kind: 'up-to-date', version: CURRENT } }]);
    expect(updates.readyVersion).toBeUndefined();
  });

  it('turns a broken channel file into one history line and keeps working', async () => {
    server.serve('version: [unclosed\n\tfiles: :::\n');
    const { updates, shown } = await makeUpdates('broken');
    await updates.check('manual');
    expect(shown).toHaveLength(1);
    expect(shown[0]?.history?.kind).toBe('check-failed');
    expect(shown[0]?.answer).toBeUndefined();
    expect(shown[0]?.notice).toBeUndefined();

    server.serve(older.channelFile);
    await updates.check('manual');
    expect(shown[1]).toEqual({ answer: { kind: 'up-to-date', version: CURRENT } });
  });

  it('gives up on a server that never answers: one timed-out history line', async () => {
    server.serve('hang');
    const { updates, shown } = await makeUpdates('hang', { timeoutMs: 400 });
    const started = performance.now();
    await updates.check('automatic');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(shown).toEqual([{ history: { kind: 'check-timed-out', seconds: 0.4 } }]);
  });

  it('does not ask the server when the build cannot install updates, and says why when asked', async () => {
    server.serve(newer.channelFile);
    const { updates, shown } = await makeUpdates('unsupported', { supported: false });
    const before = server.requests.length;
    updates.windowShown();
    await updates.check('automatic');
    expect(shown).toEqual([]);
    await updates.check('manual');
    expect(server.requests.length).toBe(before);
    expect(shown).toEqual([
      {
        answer: { kind: 'unsupported', reason: 'only the AppImage can replace itself on Linux' },
      },
    ]);
  });
});

describe('automatic checks', () => {
  it('wait for the window, repeat after 6 hours, and stop when the remembered setting is off', async () => {
    server.serve(older.channelFile);
    let clock = 1_000_000;
    const made = await makeUpdates('timer', { now: () => clock, tickMs: 20 });
    const channelRequests = () => server.requests.filter((path) => path.endsWith('.yml')).length;
    const before = channelRequests();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(channelRequests()).toBe(before);

    made.updates.windowShown();
    await vi.waitFor(() => expect(channelRequests()).toBe(before + 1));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(channelRequests()).toBe(before + 1);
    clock += UPDATE_CHECK_INTERVAL_MS;
    await vi.waitFor(() => expect(channelRequests()).toBe(before + 2));

    await made.updates.setAutomaticChecks(false);
    expect((await made.settings.load()).automaticChecks).toBe(false);
    clock += 2 * UPDATE_CHECK_INTERVAL_MS;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(channelRequests()).toBe(before + 2);
    expect(made.shown).toEqual([]);

    // A new start reads the setting back: no check after its window shows.
    const again = await makeUpdates('timer', { now: () => clock, tickMs: 20 });
    expect(again.updates.automaticChecks).toBe(false);
    again.updates.windowShown();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(channelRequests()).toBe(before + 2);
  });
});
