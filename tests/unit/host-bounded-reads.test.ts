/**
 * Size limits hold for the bytes actually read: a file that grows between the size check and
 * the read is refused, not read whole past the limit (real temp files that really grow).
 */

import { appendFileSync } from 'node:fs';
import { open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileGrewError, readCheckedSize } from '../../electron/main/host/bounded-read';
import { readUserFile, type UserFileKind } from '../../electron/main/host/user-file';
import { problemOf, useTempFolders } from '../support/host-files';

const folder = useTempFolders('rp-bounded');

/** A kind whose header check appends `growBy` bytes to the file: growth after the size check. */
function growingKind(path: string, growBy: number): UserFileKind<number> {
  return {
    noun: 'model',
    wanted: 'a test model',
    notThisKind: 'not-a-model',
    headerBytes: 4,
    checkHeader: () => appendFileSync(path, new Uint8Array(growBy)),
    identify: (bytes) => bytes.byteLength,
    isFormatError: (_error): _error is Error => false,
  };
}

describe('reading a file that grows after its size was checked', () => {
  it('refuses a model or motion read (readUserFile) instead of reading past the limit', async () => {
    const path = join(folder(), 'grows.vrm');
    await writeFile(path, new Uint8Array(1000));
    const problem = await problemOf(readUserFile(path, 2000, growingKind(path, 5000)));
    expect(problem.code).toBe('too-large');
    expect(problem.message).toContain(path);
    expect(problem.message).toContain('grew');
  });

  it('refuses the grown file also when it is read in progress chunks', async () => {
    const path = join(folder(), 'grows-big.vrm');
    await writeFile(path, new Uint8Array(1000));
    const steps: number[] = [];
    const kind = growingKind(path, 10);
    const problem = await problemOf(
      readUserFile(path, 1_000_000, kind, undefined, (read) => steps.push(read)),
    );
    expect(problem.code).toBe('too-large');
  });

  it('readCheckedSize reads the checked bytes into a buffer of that size, and no more', async () => {
    const path = join(folder(), 'texture.png');
    await writeFile(path, Uint8Array.from([1, 2, 3, 4]));
    const handle = await open(path, 'r');
    try {
      const { size } = await handle.stat();
      appendFileSync(path, new Uint8Array(300));
      await expect(readCheckedSize(handle, size)).rejects.toBeInstanceOf(FileGrewError);
      const whole = await readCheckedSize(handle, size + 300);
      expect(whole.byteLength).toBe(304);
      expect([...whole.subarray(0, 4)]).toEqual([1, 2, 3, 4]);
      // A file that shrank gives what it still has.
      expect((await readCheckedSize(handle, size + 400)).byteLength).toBe(304);
    } finally {
      await handle.close();
    }
  });
});
