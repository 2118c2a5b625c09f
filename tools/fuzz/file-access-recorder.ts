/**
 * Records every path this process hands to Node's file system (callback, promise and sync
 * APIs alike, so `write-file-atomic` and the host's own `node:fs/promises` imports are both
 * seen), so a fuzz run can prove that nothing outside the folders it allows was read or
 * written. Named imports of `node:fs` see the wrapped functions through
 * `syncBuiltinESMExports`; `stop` puts the originals back.
 */

import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Functions whose first (and for these, second) argument is a path. */
const PATH_FUNCTIONS = [
  'access',
  'appendFile',
  'chmod',
  'chown',
  'copyFile',
  'cp',
  'lchown',
  'link',
  'lstat',
  'lutimes',
  'mkdir',
  'mkdtemp',
  'open',
  'opendir',
  'readFile',
  'readdir',
  'readlink',
  'realpath',
  'rename',
  'rm',
  'rmdir',
  'stat',
  'statfs',
  'symlink',
  'truncate',
  'unlink',
  'utimes',
  'writeFile',
] as const;
const TWO_PATHS = new Set<string>(['copyFile', 'cp', 'link', 'rename', 'symlink']);
/** Functions that only look a path up (exists? size? real path?), reading no contents. */
const LOOKUPS = new Set<string>(['access', 'lstat', 'realpath', 'readlink', 'stat', 'statfs']);

export interface FileAccessRecorder {
  /** Every absolute path touched since the start, once each, in first-touch order. */
  readonly touched: ReadonlySet<string>;
  /** The paths of `touched` that were only looked up (stat, realpath…), never opened. */
  readonly lookedUpOnly: ReadonlySet<string>;
  /**
   * Paths touched that lie in none of `allowed` (folders; a path equal to one is inside) and
   * are not a folder on the way to one (`realpath` and `mkdir -p` look at those).
   */
  outside(allowed: readonly string[]): string[];
  /** Puts Node's own functions back. */
  stop(): void;
}

function pathOf(value: unknown): string | undefined {
  if (typeof value === 'string') return resolve(value);
  if (value instanceof URL && value.protocol === 'file:') return fileURLToPath(value);
  if (value instanceof Uint8Array) return resolve(Buffer.from(value).toString());
  return undefined;
}

function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

type AnyFunction = (...args: unknown[]) => unknown;

/** Starts recording. Only one recorder may run at a time. */
export function recordFileAccess(): FileAccessRecorder {
  const touched = new Set<string>();
  const opened = new Set<string>();
  const restore: (() => void)[] = [];
  const add = (path: string | undefined, name: string): void => {
    if (path === undefined) return;
    touched.add(path);
    if (!LOOKUPS.has(name)) opened.add(path);
  };
  const note = (name: string, args: unknown[]): void => {
    add(pathOf(args[0]), name);
    if (TWO_PATHS.has(name)) add(pathOf(args[1]), name);
  };
  const wrap = (target: Record<string, unknown>, name: string, key: string): void => {
    const original = target[key];
    if (typeof original !== 'function') return;
    const wrapped = function (this: unknown, ...args: unknown[]): unknown {
      note(name, args);
      return (original as AnyFunction).apply(this, args);
    };
    target[key] = wrapped;
    restore.push(() => {
      target[key] = original;
    });
  };
  const callbacks = fs as unknown as Record<string, unknown>;
  const promises = fs.promises as unknown as Record<string, unknown>;
  for (const name of PATH_FUNCTIONS) {
    wrap(callbacks, name, name);
    wrap(callbacks, name, `${name}Sync`);
    wrap(promises, name, name);
  }
  syncBuiltinESMExports();
  return {
    touched,
    get lookedUpOnly() {
      return new Set([...touched].filter((path) => !opened.has(path)));
    },
    outside: (allowed) =>
      [...touched].filter(
        (path) =>
          !allowed.some(
            (folder) => isInside(path, resolve(folder)) || isInside(resolve(folder), path),
          ),
      ),
    stop: () => {
      for (const undo of restore.reverse()) undo();
      restore.length = 0;
      syncBuiltinESMExports();
    },
  };
}
