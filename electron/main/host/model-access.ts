/**
 * The allow-list of model paths the host will read for the renderer: only files the user
 * chose in a dialog, dropped on the window, has in the recent-model library, or that a
 * loaded preset names and that still match its recorded size and hash. The renderer never
 * gets to read a path just by naming it.
 */

import { isAbsolute, resolve } from 'node:path';
import { HostProblemError } from './host-problem';

/**
 * How a path came to be allowed; a path stays allowed while any source remains. `read`: the
 * model was read successfully (the list of open models, whose folders textures come from).
 */
export type AccessSource = 'dialog' | 'drop' | 'library' | 'preset' | 'read';

export interface ModelAccess {
  /** Allows `path` (made absolute and normalized) because of `source`. */
  allow(path: string, source: AccessSource): void;
  /** Withdraws `source` for `path`, e.g. when its library entry is removed. */
  revoke(path: string, source: AccessSource): void;
  isAllowed(path: string): boolean;
  /**
   * @throws HostProblemError `not-allowed` naming the path, when it is not allowed
   */
  check(path: string): void;
}

/**
 * True when `path` is absolute and already in the form `resolve()` gives it (no `.` or `..`
 * segments, no doubled or trailing separators). The system follows a link before it goes up a
 * `..`, while `resolve()` cancels `link/..` as text, so a path in any other form could compare
 * as one file and open another; such paths are refused rather than cleaned.
 */
export function isResolvedPath(path: string): boolean {
  return isAbsolute(path) && resolve(path) === path;
}

/** What an allow-list guards, for its refusal: `models` and `Open Model…`. */
export interface AccessWording {
  /** Plural noun, e.g. `motions`. */
  readonly files: string;
  /** The File menu item that opens one, e.g. `Open Motion…`. */
  readonly menuItem: string;
}

/** The models' allow-list wording (the default). */
export const MODEL_ACCESS_WORDING: AccessWording = { files: 'models', menuItem: 'Open Model…' };
/** The motions' allow-list wording. */
export const MOTION_ACCESS_WORDING: AccessWording = { files: 'motions', menuItem: 'Open Motion…' };
/** The songs' allow-list wording. */
export const MUSIC_ACCESS_WORDING: AccessWording = { files: 'songs', menuItem: 'Open Music…' };

/**
 * An empty allow-list.
 *
 * @param platform - decides whether paths compare without case (win32, darwin). Default: this one.
 * @param wording - what it guards, for the refusal. Default: models.
 */
export function createModelAccess(
  platform: NodeJS.Platform = process.platform,
  wording: AccessWording = MODEL_ACCESS_WORDING,
): ModelAccess {
  const sources = new Map<string, Set<AccessSource>>();
  // Windows and (by default) macOS compare paths without case; a stricter key would refuse
  // a library path spelled with other case, a looser one on Linux would allow a different file.
  const key = (path: string): string => {
    const absolute = resolve(path);
    return platform === 'win32' || platform === 'darwin' ? absolute.toLowerCase() : absolute;
  };
  return {
    allow(path, source) {
      const k = key(path);
      const set = sources.get(k) ?? new Set<AccessSource>();
      set.add(source);
      sources.set(k, set);
    },
    revoke(path, source) {
      const k = key(path);
      const set = sources.get(k);
      set?.delete(source);
      if (set?.size === 0) sources.delete(k);
    },
    isAllowed(path) {
      return isResolvedPath(path) && sources.has(key(path));
    },
    check(path) {
      if (this.isAllowed(path)) return;
      throw new HostProblemError(
        'not-allowed',
        `Ragdoll Playground reads only ${wording.files} you opened, dropped or have in the ` +
          `library; ${path} is none of these. Open it with File > ${wording.menuItem} instead.`,
      );
    },
  };
}
