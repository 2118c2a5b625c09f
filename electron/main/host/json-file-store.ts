/**
 * One JSON file on disk that cannot lose data: reads are validated, an unreadable file is
 * moved aside (never overwritten) and reported, writes go one at a time through a temp file
 * that is flushed and renamed (write-file-atomic).
 */

import { mkdir, readFile, rename } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import type { Logger } from './logger';

export interface JsonFileStoreOptions<T> {
  /** Absolute path of the JSON file; its folder is created on the first write. */
  readonly filePath: string;
  /** What a valid file contains; anything else is moved aside. */
  readonly schema: z.ZodType<T>;
  readonly logger: Logger;
  /** Clock for the moved-aside file's name. Default: the system clock. */
  readonly now?: () => Date;
}

export interface JsonFileStore<T> {
  /**
   * The file's value, or undefined when there is none yet or it could not be used (in which
   * case it has been moved aside and reported). Never rejects.
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
      text = await readFile(filePath, 'utf8');
    } catch (error) {
      if (isMissingFile(error)) return undefined;
      await moveAside(`could not be read (${describe(error)})`);
      return undefined;
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
      return { ok: false, reason: `is not valid JSON (${describe(error)})` };
    }
    const result = schema.safeParse(json);
    if (result.success) return { ok: true, value: result.data };
    return { ok: false, reason: `has unexpected contents:\n${z.prettifyError(result.error)}` };
  }

  async function moveAside(reason: string): Promise<void> {
    const aside = asidePath(filePath, now());
    try {
      await rename(filePath, aside);
      logger.warn(`${filePath} ${reason}; moved it to ${aside} and started from defaults.`);
    } catch (error) {
      logger.error(
        `${filePath} ${reason}, and moving it aside to ${aside} failed; it will be ` +
          `overwritten on the next save unless you move it yourself.`,
        error,
      );
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
      await writeFileAtomic(filePath, `${JSON.stringify(checked, null, 2)}\n`, { fsync: true });
    } catch (error) {
      throw new Error(`json-file-store: could not write ${filePath}: ${describe(error)}`, {
        cause: error,
      });
    }
  }

  return { read, write, flush: () => queue };
}

/** `settings.json` → `settings.corrupt-2026-11-30T03-47-32-123Z.json` (no colons: Windows). */
export function asidePath(filePath: string, when: Date): string {
  const extension = extname(filePath);
  const stem = basename(filePath, extension);
  const stamp = when.toISOString().replace(/[:.]/g, '-');
  return join(dirname(filePath), `${stem}.corrupt-${stamp}${extension}`);
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'ENOENT';
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
