/**
 * The page's side of crash recovery, over the real host handlers on a temp data folder: the
 * scene a crashed run left is offered once (restored on yes, dropped on no), saving starts
 * only after that and repeats on the timer, a failing save is said once until one works,
 * and dispose stops the timer.
 */

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callHostHandler } from '../../electron/main/host/call-host-handler';
import { createHostHandlers } from '../../electron/main/host/host-handlers';
import { createHostServices } from '../../electron/main/host/host-services';
import { RECOVERY_FILE } from '../../electron/main/host/recovery-store';
import type { HostApi, HostOutcome, LoadedPreset } from '../../shared/host-contract';
import { SceneRecovery, type RecoveryTimers } from '../../renderer/src/ui/presets/scene-recovery';
import { presetContent, scriptedDialogs, tempFolder } from '../support/host-files';
import { TEST_APP_INFO } from '../support/host-testbed';
import { createRecordingLogger } from '../support/recording-logger';

let data: { path: string; remove: () => Promise<void> };
beforeEach(async () => {
  data = await tempFolder('page-recovery');
});
afterEach(() => data.remove());

type RecoveryHost = Pick<HostApi, 'saveRecovery' | 'takeRecovery'>;

/** One run of the host over the data folder, reached through the handlers' door. */
function hostRun(): RecoveryHost & { flush: () => Promise<void> } {
  const services = createHostServices({
    dataDirectory: data.path,
    dialogs: scriptedDialogs(),
    loggerFor: () => createRecordingLogger(),
  });
  const handlers = createHostHandlers({
    appInfo: TEST_APP_INFO,
    services,
  });
  return {
    saveRecovery: (content) =>
      callHostHandler(handlers, 'rp:recovery:save', [content]) as Promise<
        HostOutcome<{ readonly savedAt: string }>
      >,
    takeRecovery: () =>
      callHostHandler(handlers, 'rp:recovery:take', []) as Promise<
        HostOutcome<LoadedPreset | null>
      >,
    flush: () => services.flush(),
  };
}

/** Timers fired by hand. */
function manualTimers(): RecoveryTimers & { fire: () => void; active: () => number } {
  const runs = new Map<number, () => void>();
  let next = 1;
  return {
    setInterval: (run) => {
      runs.set(next, run);
      return next++;
    },
    clearInterval: (handle) => void runs.delete(handle as number),
    fire: () => runs.forEach((run) => run()),
    active: () => runs.size,
  };
}

function recovery(
  host: RecoveryHost,
  answer: boolean,
  capture: () => ReturnType<typeof presetContent> = () => presetContent({ name: 'Now' }),
) {
  const timers = manualTimers();
  const seen = { offered: 0, restored: [] as LoadedPreset[], reports: [] as string[] };
  const recovery = new SceneRecovery({
    host,
    capture,
    offer: () => {
      seen.offered++;
      return Promise.resolve(answer);
    },
    restore: (loaded) => void seen.restored.push(loaded),
    report: (message) => void seen.reports.push(message),
    problemText: (problem) => problem.message,
    notSaved: (detail) => `not kept: ${detail}`,
    timers,
  });
  return { recovery, timers, seen };
}

const onDisk = async (): Promise<{ name: string }> =>
  JSON.parse(await readFile(join(data.path, RECOVERY_FILE), 'utf8')) as { name: string };

describe('scene recovery in the page', () => {
  it('with nothing left behind, asks nothing and keeps the scene on every tick', async () => {
    const host = hostRun();
    const { recovery: r, timers, seen } = recovery(host, true);
    await r.start();
    expect(seen.offered).toBe(0);
    expect(timers.active()).toBe(1);
    timers.fire();
    await r.saveNow();
    await host.flush();
    expect((await onDisk()).name).toBe('Now');
    r.dispose();
    expect(timers.active()).toBe(0);
  });

  it('offers what a crashed run left, restores it on yes, and offers it only once', async () => {
    const crashed = hostRun();
    await crashed.saveRecovery(presetContent({ name: 'Before the crash', props: 2 }));
    await crashed.flush();
    const { recovery: r, seen } = recovery(hostRun(), true);
    await r.start();
    expect(seen.offered).toBe(1);
    expect(seen.restored.map((l) => l.preset.name)).toEqual(['Before the crash']);
    expect(seen.restored[0]!.preset.props.length).toBe(2);
    const again = recovery(hostRun(), true);
    await again.recovery.start();
    expect(again.seen.offered).toBe(0);
    r.dispose();
    again.recovery.dispose();
  });

  it('drops it on no, and only then starts keeping the new scene', async () => {
    const crashed = hostRun();
    await crashed.saveRecovery(presetContent({ name: 'Before the crash' }));
    await crashed.flush();
    const host = hostRun();
    const { recovery: r, timers, seen } = recovery(host, false);
    await r.start();
    expect(seen.offered).toBe(1);
    expect(seen.restored).toEqual([]);
    timers.fire();
    await r.saveNow();
    await host.flush();
    expect((await onDisk()).name).toBe('Now');
    r.dispose();
  });

  it('says a failing save once, and again only after one has worked', async () => {
    let broken = true;
    const { recovery: r, seen } = recovery(hostRun(), true, () => {
      if (broken) throw new Error('the scene is being rebuilt');
      return presetContent();
    });
    await r.start();
    await r.saveNow();
    await r.saveNow();
    expect(seen.reports).toEqual(['not kept: the scene is being rebuilt']);
    broken = false;
    await r.saveNow();
    broken = true;
    await r.saveNow();
    expect(seen.reports.length).toBe(2);
    r.dispose();
  });
});
