/**
 * The set-up every host-services test repeats, once: a temp folder for the person's files, a
 * temp data folder, a recording logger, services made on them with scripted dialogs, and
 * everything flushed and removed after each test.
 */

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { AppInfo } from '../../shared/host-contract';
import {
  createHostServices,
  type HostServices,
  type HostServicesOptions,
} from '../../electron/main/host/host-services';
import { scriptedDialogs, tempFolder, type DialogScript, type ScriptedDialogs } from './host-files';
import { createRecordingLogger, type RecordingLogger } from './recording-logger';

/** What the host handlers under test report as the app: English on Linux, version 1. */
export const TEST_APP_INFO: AppInfo = {
  name: 'Ragdoll Playground',
  version: '1',
  platform: 'linux',
  locale: 'en',
};

/** One test's folders, logger and services; valid inside a test or a later `beforeEach`. */
export interface HostTestbed {
  /** The folder standing for the person's own files (absolute path). */
  readonly files: string;
  /** The app's data folder (absolute path). */
  readonly data: string;
  /** What every service made by {@link HostTestbed.services} logged. */
  readonly logger: RecordingLogger;
  /** The scripted dialogs of the services made last (their `calls` say what was asked). */
  readonly dialogs: ScriptedDialogs;
  /**
   * Host services on the data folder, answering dialogs from `script`, with a clock that moves
   * one second per reading (so times recorded one after another differ). `options` overrides
   * any of that (another `dialogs`, a size limit, a drop key).
   */
  services(script?: DialogScript, options?: Partial<HostServicesOptions>): HostServices;
  /** Writes `bytes` to `name` inside {@link HostTestbed.files}; returns the file's path. */
  put(name: string, bytes: Uint8Array | string): Promise<string>;
}

type Folder = Awaited<ReturnType<typeof tempFolder>>;

/**
 * Registers the `beforeEach`/`afterEach` pair for a test file and returns the test bed they keep
 * fresh. Call once at the top of the file; `prefix` names the temp folders.
 */
export function useHostTestbed(prefix: string): HostTestbed {
  let files: Folder | undefined;
  let data: Folder | undefined;
  let logger = createRecordingLogger();
  let tick = 0;
  let dialogs = scriptedDialogs();
  const made: HostServices[] = [];

  beforeEach(async () => {
    files = await tempFolder(prefix);
    data = await tempFolder(`${prefix}-data`);
    logger = createRecordingLogger();
    tick = 0;
  });
  afterEach(async () => {
    // Pending writes (library, presets) must finish before their folder goes.
    await Promise.allSettled(made.splice(0).map((services) => services.flush()));
    await files?.remove();
    await data?.remove();
    files = data = undefined;
  });

  const ready = (folder: Folder | undefined): string => {
    if (!folder) throw new Error('The host test bed is used outside a test');
    return folder.path;
  };

  return {
    get files() {
      return ready(files);
    },
    get data() {
      return ready(data);
    },
    get logger() {
      return logger;
    },
    get dialogs() {
      return dialogs;
    },
    services(script = {}, options = {}) {
      dialogs = scriptedDialogs(script);
      const services = createHostServices({
        dataDirectory: ready(data),
        dialogs,
        loggerFor: () => logger,
        now: () => new Date(Date.UTC(2026, 10, 30, 4, 0, tick++)),
        ...options,
      });
      made.push(services);
      return services;
    },
    async put(name, bytes) {
      const path = join(ready(files), name);
      await writeFile(path, bytes);
      return path;
    },
  };
}
