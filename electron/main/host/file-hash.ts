/**
 * SHA-256 of files on disk, remembered by path, size and modification time, so loading a
 * preset with six figures of one 100 MB avatar hashes that file once, not six times a load
 * (concurrent requests for one file share the same hashing run). A file is read a chunk at a
 * time with a turn of the event loop between chunks, so hashing never holds the main process
 * for long, and within a time limit, so a slow disk or a huge file cannot keep it busy for
 * minutes; a file over the caller's size limit is not read at all.
 */

import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { openRegularFile } from './regular-file';

/** Lower-case hex SHA-256 of `bytes`. */
export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Bytes hashed per turn of the event loop (1 MiB: a few milliseconds of SHA-256). */
export const HASH_CHUNK_BYTES = 1024 * 1024;
/** How long one file may take to hash, ms (a 512 MB model on a slow disk takes ~10 s). */
export const HASH_TIME_LIMIT_MS = 30_000;

/** Why a file was not hashed: it is larger than allowed, or hashing took too long. */
export class HashRefusedError extends Error {
  override readonly name = 'HashRefusedError';
  constructor(
    readonly path: string,
    readonly why: 'too-large' | 'too-slow',
    message: string,
  ) {
    super(message);
  }
}

export interface FileHasher {
  /**
   * Lower-case hex SHA-256 of the file.
   *
   * @param maxBytes - a file larger than this is refused unread
   * @throws HashRefusedError when it is too large or took longer than the time limit
   * @throws the fs error when it cannot be read
   */
  hash(path: string, maxBytes: number): Promise<string>;
  /** Records a hash computed while reading the file anyway (opening a model). */
  remember(path: string, size: number, mtimeMs: number, sha256: string): void;
}

export interface FileHasherOptions {
  /** Default `HASH_TIME_LIMIT_MS`; tests lower it. */
  readonly timeLimitMs?: number;
}

interface Known {
  readonly size: number;
  readonly mtimeMs: number;
  readonly sha256: Promise<string>;
}

/** A hasher with an empty cache; one per app session. */
export function createFileHasher(options: FileHasherOptions = {}): FileHasher {
  const cache = new Map<string, Known>();
  const timeLimitMs = options.timeLimitMs ?? HASH_TIME_LIMIT_MS;
  return {
    async hash(path, maxBytes) {
      const stats = await stat(path);
      const known = cache.get(path);
      if (known !== undefined && known.size === stats.size && known.mtimeMs === stats.mtimeMs) {
        return known.sha256;
      }
      if (stats.size > maxBytes) throw tooLarge(path, stats.size, maxBytes);
      const sha256 = hashInChunks(path, maxBytes, timeLimitMs);
      cache.set(path, { size: stats.size, mtimeMs: stats.mtimeMs, sha256 });
      // A failed read must not be remembered: the next load tries again.
      sha256.catch(() => {
        if (cache.get(path)?.sha256 === sha256) cache.delete(path);
      });
      return sha256;
    },
    remember(path, size, mtimeMs, sha256) {
      cache.set(path, { size, mtimeMs, sha256: Promise.resolve(sha256) });
    },
  };
}

/** Hashes a regular file only (a preset may name a pipe, which would never end). */
async function hashInChunks(path: string, maxBytes: number, timeLimitMs: number): Promise<string> {
  const { handle, stats } = await openRegularFile(path);
  const deadline = performance.now() + timeLimitMs;
  try {
    if (stats.size > maxBytes) throw tooLarge(path, stats.size, maxBytes);
    const hash = createHash('sha256');
    const chunk = new Uint8Array(HASH_CHUNK_BYTES);
    let offset = 0;
    for (;;) {
      if (performance.now() > deadline) {
        throw new HashRefusedError(
          path,
          'too-slow',
          `${path} took more than ${Math.round(timeLimitMs / 1000)} s to check, so it was not used`,
        );
      }
      const { bytesRead } = await handle.read(chunk, 0, chunk.byteLength, offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
      if (offset > maxBytes) throw tooLarge(path, offset, maxBytes);
      hash.update(chunk.subarray(0, bytesRead));
      await nextTurn();
    }
    return hash.digest('hex');
  } finally {
    await handle.close();
  }
}

function tooLarge(path: string, size: number, maxBytes: number): HashRefusedError {
  return new HashRefusedError(
    path,
    'too-large',
    `${path} is larger (${size} bytes) than the ${maxBytes} bytes this kind of file may have, so it was not used`,
  );
}
