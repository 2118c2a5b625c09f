/**
 * The update flow's decisions, as plain functions: whether this build can update itself,
 * when an automatic check is due, what each updater event shows the person, and when a
 * restart into a downloaded update may happen. The Electron glue (electron/main/app-updates.ts)
 * only carries these out.
 */

/** Automatic checks run this often while the app is open, ms (6 hours). */
export const UPDATE_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** How often the glue asks {@link automaticCheckDue}, ms; short so a woken laptop checks soon. */
export const UPDATE_TICK_MS = 15 * 60 * 1000;

/** A check (fetching the release's `latest*.yml`) that takes longer than this has failed, ms. */
export const UPDATE_CHECK_TIMEOUT_MS = 30_000;

/** What is known about the running build, gathered by the glue. */
export interface UpdateEnvironment {
  /** `process.platform`. */
  readonly platform: string;
  /** `app.isPackaged`: false when run from the source tree. */
  readonly packaged: boolean;
  /** Linux: `$APPIMAGE`, set by the AppImage runtime; undefined for a folder (`--dir`) build. */
  readonly appImagePath?: string | undefined;
  /**
   * macOS: what `codesign -dv --verbose=2` printed about the app bundle, or undefined when it
   * could not be run.
   */
  readonly macSignature?: string | undefined;
}

/** Whether this build can install updates, and if not, why (a sentence). */
export type UpdateSupport =
  { readonly supported: true } | { readonly supported: false; readonly reason: string };

/**
 * Whether an update downloaded by this build could be installed. An update is never offered
 * when it could not be: macOS installs updates only into an app signed with a Developer ID
 * (Squirrel.Mac checks the new app's signature against the running one's), and on Linux only
 * an AppImage replaces itself. Windows installs NSIS updates signed or not.
 */
export function updateSupport(environment: UpdateEnvironment): UpdateSupport {
  if (!environment.packaged) {
    return { supported: false, reason: 'this copy runs from its source folder, not an installer' };
  }
  switch (environment.platform) {
    case 'win32':
      return { supported: true };
    case 'darwin':
      return environment.macSignature !== undefined && isDeveloperIdSigned(environment.macSignature)
        ? { supported: true }
        : {
            supported: false,
            reason:
              'this copy is not signed with a Developer ID, which macOS requires to update it',
          };
    case 'linux':
      return environment.appImagePath !== undefined && environment.appImagePath !== ''
        ? { supported: true }
        : { supported: false, reason: 'only the AppImage can replace itself on Linux' };
    default:
      return { supported: false, reason: `there are no installers for ${environment.platform}` };
  }
}

/** True when `codesign -dv --verbose=2` output names a Developer ID Application authority. */
export function isDeveloperIdSigned(codesignOutput: string): boolean {
  return /^Authority=Developer ID Application: /m.test(codesignOutput);
}

/** What an automatic check depends on. */
export interface CheckTiming {
  /** The "check automatically" setting. */
  readonly automatic: boolean;
  readonly supported: boolean;
  /** The main window has been shown (no check competes with the start). */
  readonly windowShown: boolean;
  /** A check or download is under way. */
  readonly busy: boolean;
  /** A downloaded update waits for a restart: nothing more to fetch. */
  readonly ready: boolean;
  /** When the last check started, ms since the epoch; undefined before the first. */
  readonly lastCheckAt: number | undefined;
}

/**
 * True when an automatic check should start now: the setting is on, the build can update,
 * the window is showing, nothing is under way or waiting, and the last check is at least
 * {@link UPDATE_CHECK_INTERVAL_MS} old (or there was none: the first check follows the
 * window's showing).
 *
 * @param now - ms since the epoch
 */
export function automaticCheckDue(timing: CheckTiming, now: number): boolean {
  if (!timing.automatic || !timing.supported || !timing.windowShown) return false;
  if (timing.busy || timing.ready) return false;
  return timing.lastCheckAt === undefined || now - timing.lastCheckAt >= UPDATE_CHECK_INTERVAL_MS;
}

/** Who started a check: the timer, or the person through Help > Check for Updates…. */
export type CheckTrigger = 'automatic' | 'manual';

/** What the updater reported, reduced to what the decisions need. */
export type UpdateEvent =
  /** The build cannot install updates (see {@link updateSupport}); no check was made. */
  | { readonly kind: 'unsupported'; readonly reason: string }
  /** The release's newest version is not newer than this one. */
  | { readonly kind: 'up-to-date'; readonly version: string }
  /** A newer version exists and is downloading. */
  | { readonly kind: 'downloading'; readonly version: string }
  /** A newer version is downloaded and verified. */
  | { readonly kind: 'ready'; readonly version: string }
  /** The check or download failed (offline, a broken file, a server error). */
  | { readonly kind: 'failed'; readonly detail: string }
  /** The check got no answer in time. */
  | { readonly kind: 'timed-out'; readonly seconds: number };

/**
 * How the app responds to an event. `notice` is the quiet ready notice (status line and
 * Help menu), `history` one line in Message History, `answer` a message box: only ever in
 * answer to the person's own Check for Updates….
 */
export interface UpdateResponse {
  readonly notice?: { readonly version: string };
  readonly history?: UpdateHistoryLine;
  readonly answer?: UpdateAnswer;
}

/** One Message History line; the page words it in its language. */
export type UpdateHistoryLine =
  | { readonly kind: 'check-failed'; readonly detail: string }
  | { readonly kind: 'check-timed-out'; readonly seconds: number };

/** What Check for Updates… answers, worded by the glue in the menu's language. */
export type UpdateAnswer =
  | { readonly kind: 'up-to-date'; readonly version: string }
  | { readonly kind: 'downloading'; readonly version: string }
  | { readonly kind: 'ready'; readonly version: string }
  | { readonly kind: 'unsupported'; readonly reason: string };

/**
 * What to show for `event`. Failures are one history line and never an alert, even for a
 * check the person asked for; a finished download is the quiet notice either way; the
 * person's own check is answered when there is nothing newer, when something is on its way,
 * and when this build cannot update.
 */
export function respondToUpdate(event: UpdateEvent, trigger: CheckTrigger): UpdateResponse {
  const manual = trigger === 'manual';
  switch (event.kind) {
    case 'unsupported':
      return manual ? { answer: { kind: 'unsupported', reason: event.reason } } : {};
    case 'up-to-date':
      return manual ? { answer: { kind: 'up-to-date', version: event.version } } : {};
    case 'downloading':
      return manual ? { answer: { kind: 'downloading', version: event.version } } : {};
    case 'ready':
      return { notice: { version: event.version } };
    case 'failed':
      return { history: { kind: 'check-failed', detail: event.detail } };
    case 'timed-out':
      return { history: { kind: 'check-timed-out', seconds: event.seconds } };
  }
}

/** What a restart into the downloaded update depends on. */
export interface RestartRequest {
  /** The downloaded version, undefined when none is ready. */
  readonly readyVersion: string | undefined;
  /** The person chose Restart now (the app never restarts by itself). */
  readonly askedByPerson: boolean;
  /** The crash-recovery copy of the open scene is on disk, so the restart loses nothing. */
  readonly recoveryCopyWritten: boolean;
}

/** Restart, or why not (a sentence). */
export type RestartDecision =
  { readonly restart: true } | { readonly restart: false; readonly reason: string };

/**
 * A restart happens only when an update is ready, the person asked for it, and the scene is
 * kept as the recovery copy first (the next start offers it back). Otherwise the update
 * waits: electron-updater installs it when the app quits.
 */
export function decideRestart(request: RestartRequest): RestartDecision {
  if (request.readyVersion === undefined) {
    return { restart: false, reason: 'no update has been downloaded' };
  }
  if (!request.askedByPerson) {
    return { restart: false, reason: 'the app restarts only when you choose Restart now' };
  }
  if (!request.recoveryCopyWritten) {
    return {
      restart: false,
      reason: 'the open scene could not be kept first; the update installs when you quit',
    };
  }
  return { restart: true };
}
