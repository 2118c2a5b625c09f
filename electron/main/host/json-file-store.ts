/**
 * One JSON file on disk that cannot lose data: reads are validated, a file whose contents
 * are not valid is moved aside (never overwritten) and reported, writes go one at a time
 * through a temp file that is flushed and renamed (write-file-atomic). A file that cannot
 * be read at all (no permission, locked by a virus scanner, too many open files) is not
 * corrupt: the read is retried, then fails with `JsonFileReadError`, and the file is left
 * where it is.
 */

import { access, lstat, mkdir, rename } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { readCheckedSize } from './bounded-read';
import { jsonSyntaxProblem } from './json-syntax';
import type { Logger } from './logger';
import { openRegularFile } from './regular-file';

/** Where a store of app settings keeps its JSON file, and what it reports with. */
export interface UserDataFileOptions {
  /** The folder the file lives in: Electron's `app.getPath('userData')`. */
  readonly directory: string;
  readonly logger: Logger;
  /** Clock for naming a moved-aside file. Default: the system clock. */
  readonly now?: () => Date;
}

export interface JsonFileStoreOptions<T> {
  /** Absolute path of the JSON file; its folder is created on the first write. */
  readonly filePath: string;
  /** What a valid file contains; anything else is moved aside. */
  readonly schema: z.ZodType<T>;
  readonly logger: Logger;
  /** Clock for the moved-aside file's name. Default: the system clock. */
  readonly now?: () => Date;
  /**
   * Told (besides the logger) when an unusable file was moved aside or could not be, with a
   * sentence naming both files, so the app can show it to the user.
   */
  readonly onProblem?: (message: string) => void;
  /**
   * What the report says happens next, after "moved it to <aside>". Default:
   * `and started from defaults.` (right for settings; a list of documents says otherwise).
   */
  readonly afterMoveAside?: string;
  /** Waits before each retry of a read that failed with a passing error. Default 50, 200, 800 ms. */
  readonly retryDelaysMs?: readonly number[];
}

/** Waits between attempts to read a file another program holds for a moment: 50, 200, 800 ms. */
export const READ_RETRY_DELAYS_MS: readonly number[] = Object.freeze([50, 200, 800]);

/**
 * Errors that pass when tried again: a virus scanner or indexer holding the file (`EBUSY`,
 * and `EPERM`/`EACCES` on Windows), too many files open at once, a busy resource.
 */
const PASSING_ERRORS = new Set(['EBUSY', 'EPERM', 'EACCES', 'EMFILE', 'ENFILE', 'EAGAIN']);

/** A file that is there but could not be read; it is not corrupt and was left untouched. */
export class JsonFileReadError extends Error {
  override readonly name = 'JsonFileReadError';
  constructor(
    readonly filePath: string,
    cause: unknown,
  ) {
    super(`${filePath} could not be read (${describe(cause)}); it was left as it is.`, { cause });
  }
}

export interface JsonFileStore<T> {
  /**
   * The file's value, or undefined when there is none yet or its contents could not be used
   * (in which case it has been moved aside and reported).
   *
   * @throws JsonFileReadError when the file is there but could not be read (after retries
   *   for errors that pass, like `EBUSY`); the file is untouched
   */
  read(): Promise<T | undefined>;
  /** Queues a write after any pending one; rejects (naming the file) if it fails. */
  write(value: T): Promise<void>;
  /** Resolves once every queued write has finished, whether or not it succeeded. */
  flush(): Promise<void>;
}

export function createJsonFileStore<T>(options: JsonFileStoreOptions<T>): JsonFileStore<T> {
  const { filePath, schema, logger } = options;
  const now = options.now ?? (() => new Date());
  let queue: Promise<void> = Promise.resolve();

  async function read(): Promise<T | undefined> {
    let text: string;
    try {
      text = await readTextRetrying(filePath, options.retryDelaysMs ?? READ_RETRY_DELAYS_MS);
    } catch (error) {
      if (isMissingFile(error)) return undefined;
      throw new JsonFileReadError(filePath, error);
    }
    const problem = findProblem(text);
    if (problem.ok) return problem.value;
    await moveAside(problem.reason);
    return undefined;
  }

  function findProblem(text: string): { ok: true; value: T } | { ok: false; reason: string } {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      return { ok: false, reason: `is not valid JSON (${jsonSyntaxProblem(error)})` };
    }
    const result = schema.safeParse(json);
    if (result.success) return { ok: true, value: result.data };
    return { ok: false, reason: `has unexpected contents:\n${z.prettifyError(result.error)}` };
  }

  async function moveAside(reason: string): Promise<void> {
    const aside = await freeAsidePath(filePath, now());
    try {
      await rename(filePath, aside);
      const next = options.afterMoveAside ?? 'and started from defaults.';
      const message = `${filePath} ${reason}; moved it to ${aside} ${next}`;
      logger.warn(message);
      options.onProblem?.(message);
    } catch (error) {
      const message =
        `${filePath} ${reason}, and moving it aside to ${aside} failed (${describe(error)}); ` +
        `it will be overwritten on the next save unless you move it yourself.`;
      logger.error(message, error);
      options.onProblem?.(message);
    }
  }

  function write(value: T): Promise<void> {
    const result = queue.then(() => writeNow(value));
    // The caller sees a failure through `result`; the queue only needs to know it is done.
    queue = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  async function writeNow(value: T): Promise<void> {
    // Validating on the way out too keeps a bug elsewhere from writing a file we would reject.
    const checked = schema.parse(value);
    try {
      await mkdir(dirname(filePath), { recursive: true });
      await refuseLink(filePath);
      await writeFileAtomic(filePath, `${JSON.stringify(checked, null, 2)}\n`, { fsync: true });
    } catch (error) {
      throw new Error(`json-file-store: could not write ${filePath}: ${describe(error)}`, {
        cause: error,
      });
    }
  }

  return { read, write, flush: () => queue };
}

/**
 * Refuses to write when `path` is a symbolic link: write-file-atomic writes to a link's
 * target, and a link planted in the data folder must not turn a save into a write elsewhere.
 */
export async function refuseLink(path: string): Promise<void> {
  let isLink: boolean;
  try {
    isLink = (await lstat(path)).isSymbolicLink();
  } catch (error) {
    if (isMissingFile(error)) return;
    throw error;
  }
  if (isLink) {
    throw new Error(
      `${path} is a link to another file, so it was not written through; remove the link`,
    );
  }
}

/** The file's text, trying again after each delay while the error is one that passes. */
async function readTextRetrying(filePath: string, delaysMs: readonly number[]): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await readText(filePath);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const delay = delaysMs[attempt];
      if (delay === undefined || code === undefined || !PASSING_ERRORS.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** The file's text; a pipe or device put in its place is refused rather than waited on. */
async function readText(filePath: string): Promise<string> {
  const { handle, stats } = await openRegularFile(filePath);
  try {
    return Buffer.from(await readCheckedSize(handle, stats.size)).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** `settings.json` → `settings.corrupt-2026-11-30T03-47-32-123Z.json` (no colons: Windows). */
export function asidePath(filePath: string, when: Date): string {
  const extension = extname(filePath);
  const stem = basename(filePath, extension);
  const stamp = when.toISOString().replace(/[:.]/g, '-');
  return join(dirname(filePath), `${stem}.corrupt-${stamp}${extension}`);
}

/**
 * `asidePath`, or with `-2`, `-3`… appended when that name is taken: two bad files in one
 * millisecond (or a clock set back) must not overwrite an earlier moved-aside file.
 */
async function freeAsidePath(filePath: string, when: Date): Promise<string> {
  const first = asidePath(filePath, when);
  const extension = extname(first);
  const stem = first.slice(0, first.length - extension.length);
  for (let attempt = 1; attempt < 1000; attempt += 1) {
    const candidate = attempt === 1 ? first : `${stem}-${attempt}${extension}`;
    if (!(await exists(candidate))) return candidate;
  }
  // A thousand taken names means something else is wrong; rename still will not clobber
  // anything with the process id and clock appended.
  return `${stem}-${process.pid}-${Date.now()}${extension}`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch (error) {
    if (isMissingFile(error)) return false;
    // Unknown state (permissions): treat as taken, so nothing is ever renamed over it.
    return true;
  }
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'ENOENT';
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
