/**
 * SHA-256 of files on disk, remembered by path, size and modification time, so loading a
 * preset with six figures of one 100 MB avatar hashes that file once, not six times a load
 * (concurrent requests for one file share the same hashing run).
 */

import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { openRegularFile } from './regular-file';

export interface FileHasher {
  /** Lower-case hex SHA-256 of the file; rejects with the fs error when it cannot be read. */
  hash(path: string): Promise<string>;
  /** Records a hash computed while reading the file anyway (opening a model). */
  remember(path: string, size: number, mtimeMs: number, sha256: string): void;
}

interface Known {
  readonly size: number;
  readonly mtimeMs: number;
  readonly sha256: Promise<string>;
}

/** A hasher with an empty cache; one per app session. */
export function createFileHasher(): FileHasher {
  const cache = new Map<string, Known>();
  return {
    async hash(path) {
      const stats = await stat(path);
      const known = cache.get(path);
      if (known !== undefined && known.size === stats.size && known.mtimeMs === stats.mtimeMs) {
        return known.sha256;
      }
      const sha256 = hashStream(path);
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

/** Hashes a regular file only: a preset may name a pipe, which would never end. */
async function hashStream(path: string): Promise<string> {
  const { handle } = await openRegularFile(path);
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    // The stream closes the handle when it ends or fails.
    handle
      .createReadStream()
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
