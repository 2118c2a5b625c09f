/**
 * Updates from the GitHub releases, carried out with electron-updater: the decisions
 * (when to check, what to show, when to restart) are host/update-policy.ts's; this file runs
 * the checks, downloads in the background, times out a check that gets no answer and
 * remembers the "check automatically" setting. It imports nothing from `electron` itself (the
 * updater is passed in), so tests run it with a real electron-updater against a local server.
 */

import type { AppUpdater } from 'electron-updater';
import type { Logger } from './host/logger';
import {
  automaticCheckDue,
  decideRestart,
  respondToUpdate,
  UPDATE_CHECK_TIMEOUT_MS,
  UPDATE_TICK_MS,
  type CheckTrigger,
  type RestartDecision,
  type UpdateEvent,
  type UpdateResponse,
  type UpdateSupport,
} from './host/update-policy';
import { DEFAULT_UPDATE_SETTINGS, type UpdateSettingsStore } from './host/update-settings-store';

/** The part of electron-updater's `AppUpdater` used here. */
export type Updater = Pick<
  AppUpdater,
  'checkForUpdates' | 'quitAndInstall' | 'on' | 'autoDownload' | 'autoInstallOnAppQuit' | 'logger'
>;

export interface AppUpdatesOptions {
  /**
   * electron-updater's `autoUpdater` (tests: an updater pointed at a local server); left out
   * where `support` says the build cannot update, so the module is never loaded there.
   */
  readonly updater?: Updater | undefined;
  /** Whether this build can install updates (see `updateSupport`). */
  readonly support: UpdateSupport;
  /** The running version, e.g. `0.1.0`. */
  readonly currentVersion: string;
  readonly settings: UpdateSettingsStore;
  readonly logger: Logger;
  /** Shows a response: the notice and history lines in the page, an answer in a message box. */
  readonly show: (response: UpdateResponse) => void;
  /** Told when the ready version or the setting changes (the Help menu shows both). */
  readonly onChange?: () => void;
  /** A check with no answer after this long has failed, ms. Default {@link UPDATE_CHECK_TIMEOUT_MS}. */
  readonly timeoutMs?: number;
  /** How often an automatic check is considered, ms. Default {@link UPDATE_TICK_MS}. */
  readonly tickMs?: number;
  /** Clock, ms since the epoch. Default `Date.now`. */
  readonly now?: () => number;
}

export interface AppUpdates {
  /** Reads the remembered setting; call before the window shows. */
  load(): Promise<void>;
  /** The main window is showing: the first automatic check may run, and the timer starts. */
  windowShown(): void;
  /**
   * Checks now and downloads a newer version in the background; resolves when the check and
   * any download have ended (never rejects: failures are shown, see `respondToUpdate`).
   */
  check(trigger: CheckTrigger): Promise<void>;
  /** The "check automatically" setting. */
  readonly automaticChecks: boolean;
  /** Changes and remembers the setting. */
  setAutomaticChecks(on: boolean): Promise<void>;
  /** The downloaded version waiting for a restart, if any. */
  readonly readyVersion: string | undefined;
  /**
   * Restarts into the downloaded update when `decideRestart` allows it (the person asked, and
   * the recovery copy is written); otherwise returns why not and changes nothing.
   */
  restart(request: { askedByPerson: boolean; recoveryCopyWritten: boolean }): RestartDecision;
  /** Stops the timer. */
  dispose(): void;
}

/** A check that took longer than its limit. */
class CheckTimeout extends Error {
  constructor(readonly seconds: number) {
    super(`no answer within ${seconds} s`);
  }
}

export function createAppUpdates(options: AppUpdatesOptions): AppUpdates {
  const { updater, logger } = options;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? UPDATE_CHECK_TIMEOUT_MS;
  let automatic = DEFAULT_UPDATE_SETTINGS.automaticChecks;
  let windowShown = false;
  let busy: Promise<void> | undefined;
  let readyVersion: string | undefined;
  let lastCheckAt: number | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;

  if (updater !== undefined) configure(updater, logger);

  const deliver = (event: UpdateEvent, trigger: CheckTrigger): void => {
    const response = respondToUpdate(event, trigger);
    if (response.notice !== undefined || response.history !== undefined || response.answer) {
      options.show(response);
    }
  };

  async function run(trigger: CheckTrigger, updater: Updater): Promise<void> {
    lastCheckAt = now();
    try {
      const result = await withTimeout(updater.checkForUpdates(), timeoutMs);
      if (result === null) {
        deliver({ kind: 'failed', detail: 'the updater is not active in this copy' }, trigger);
        return;
      }
      const version = result.updateInfo.version;
      if (
        !result.isUpdateAvailable ||
        result.downloadPromise === undefined ||
        result.downloadPromise === null
      ) {
        deliver({ kind: 'up-to-date', version: options.currentVersion }, trigger);
        return;
      }
      deliver({ kind: 'downloading', version }, trigger);
      await result.downloadPromise;
      readyVersion = version;
      logger.info(`Version ${version} is downloaded and waits for a restart.`);
      options.onChange?.();
      deliver({ kind: 'ready', version }, trigger);
    } catch (error) {
      if (error instanceof CheckTimeout) {
        logger.warn(`The update check got no answer within ${error.seconds} s.`);
        deliver({ kind: 'timed-out', seconds: error.seconds }, trigger);
      } else {
        logger.warn(`The update check failed: ${describe(error)}`);
        deliver({ kind: 'failed', detail: describe(error) }, trigger);
      }
    }
  }

  function check(trigger: CheckTrigger): Promise<void> {
    if (!options.support.supported) {
      deliver({ kind: 'unsupported', reason: options.support.reason }, trigger);
      return Promise.resolve();
    }
    if (readyVersion !== undefined) {
      deliver({ kind: 'ready', version: readyVersion }, trigger);
      return Promise.resolve();
    }
    if (updater === undefined) {
      deliver({ kind: 'failed', detail: 'the updater could not be loaded' }, trigger);
      return Promise.resolve();
    }
    // One check at a time; asking again while one runs waits for it.
    busy ??= run(trigger, updater).finally(() => {
      busy = undefined;
    });
    return busy;
  }

  function tick(): void {
    const due = automaticCheckDue(
      {
        automatic,
        supported: options.support.supported,
        windowShown,
        busy: busy !== undefined,
        ready: readyVersion !== undefined,
        lastCheckAt,
      },
      now(),
    );
    if (due) void check('automatic');
  }

  return {
    async load() {
      automatic = (await options.settings.load()).automaticChecks;
    },
    windowShown() {
      if (windowShown) return;
      windowShown = true;
      tick();
      timer = setInterval(tick, options.tickMs ?? UPDATE_TICK_MS);
      timer.unref?.();
    },
    check,
    get automaticChecks() {
      return automatic;
    },
    async setAutomaticChecks(on) {
      automatic = on;
      options.onChange?.();
      await options.settings.save({ schemaVersion: 1, automaticChecks: on });
      if (on) tick();
    },
    get readyVersion() {
      return readyVersion;
    },
    restart(request) {
      const decision = decideRestart({ readyVersion, ...request });
      if (!decision.restart) {
        logger.info(`No restart for the update: ${decision.reason}.`);
        return decision;
      }
      logger.info(`Restarting into version ${readyVersion ?? '?'}.`);
      // Silent (the one-click installer asks nothing) and started again afterwards. A ready
      // version exists only where an updater downloaded it.
      updater?.quitAndInstall(true, true);
      return decision;
    },
    dispose() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    },
  };
}

/** Downloads in the background, installs at quit unless restarted sooner, logs to `logger`. */
function configure(updater: Updater, logger: Logger): void {
  updater.autoDownload = true;
  // A downloaded update the person chose Later for installs when they quit: never sooner.
  updater.autoInstallOnAppQuit = true;
  updater.logger = {
    info: (message?: unknown) => logger.info(String(message)),
    warn: (message?: unknown) => logger.warn(String(message)),
    error: (message?: unknown) => logger.error(String(message)),
  };
  // Without a listener an emitted 'error' would throw; the check's own promise reports it.
  updater.on('error', (error) => logger.warn(`The updater reported: ${describe(error)}`));
}

/** Rejects with {@link CheckTimeout} when `promise` has not settled within `ms`. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let handle: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    handle = setTimeout(() => reject(new CheckTimeout(Math.round(ms / 100) / 10)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(handle));
}

function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // electron-updater's messages can carry whole HTTP bodies and stacks: one line is enough.
  const first = text.split('\n')[0] ?? text;
  return first.length > 300 ? `${first.slice(0, 300)}…` : first;
}
