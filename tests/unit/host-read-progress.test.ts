/**
 * The host reads a big model file a chunk at a time and says how far it has come, so the
 * page can show determinate progress; a small file is read at once and says nothing. Real
 * files in a temporary folder; the bytes read must be the file's, chunk seams included.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_PROGRESS_MIN_BYTES } from '../../shared/host-contract';
import { PROGRESS_CHUNK_BYTES, readUserFile } from '../../electron/main/host/user-file';
import type { UserFileKind } from '../../electron/main/host/user-file';
import { tempFolder } from '../support/host-files';

/** A kind that takes any bytes, so the test is about reading alone. */
const ANY_FILE: UserFileKind<number> = {
  noun: 'model',
  wanted: 'anything',
  notThisKind: 'not-a-model',
  headerBytes: 4,
  checkHeader: () => undefined,
  identify: (bytes) => bytes.length,
  isFormatError: (_error): _error is Error => false,
};

/** Bytes whose value changes with position, so a misplaced chunk shows. */
function patterned(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + (i >>> 12)) & 0xff;
  return bytes;
}

let folder: { path: string; remove: () => Promise<void> };
beforeAll(async () => {
  folder = await tempFolder('read-progress');
});
afterAll(() => folder.remove());

describe('reading a big file with progress', () => {
  it('reports each chunk up to the whole size and returns the exact bytes', async () => {
    const size = READ_PROGRESS_MIN_BYTES + 3 * PROGRESS_CHUNK_BYTES + 12_345;
    const content = patterned(size);
    const path = join(folder.path, 'big.vrm');
    await writeFile(path, content);
    const steps: [number, number][] = [];
    const read = await readUserFile(path, size * 2, ANY_FILE, undefined, (done, total) =>
      steps.push([done, total]),
    );
    expect(read.size).toBe(size);
    expect(Buffer.from(read.bytes).equals(Buffer.from(content))).toBe(true);
    expect(steps.length).toBe(Math.ceil(size / PROGRESS_CHUNK_BYTES));
    expect(steps.every(([, total]) => total === size)).toBe(true);
    const done = steps.map(([bytes]) => bytes);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(done.at(-1)).toBe(size);
  });

  it('reads a file under the threshold at once and reports nothing', async () => {
    const content = patterned(READ_PROGRESS_MIN_BYTES - 1);
    const path = join(folder.path, 'small.vrm');
    await writeFile(path, content);
    const steps: number[] = [];
    const read = await readUserFile(path, content.length, ANY_FILE, undefined, (bytes) =>
      steps.push(bytes),
    );
    expect(Buffer.from(read.bytes).equals(Buffer.from(content))).toBe(true);
    expect(steps).toEqual([]);
  });
});
