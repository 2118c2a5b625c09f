/**
 * Named pipes (FIFOs) and other special files where the host expects a regular file: a
 * model, a texture, a preset to import, a preset's model to hash, the library file. Opening
 * a pipe for reading waits for a writer, so each read here is raced against a short limit;
 * every pipe is opened for writing in `afterEach`, which frees any read stuck on one, so no
 * test can hang. Linux/macOS only (Windows has no `mkfifo`).
 */

import { execFileSync } from 'node:child_process';
import { closeSync, constants, existsSync, openSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileHasher } from '../../electron/main/host/file-hash';
import { flushWithin } from '../../electron/main/host/flush-within';
import { createHostServices } from '../../electron/main/host/host-services';
import { readModelFile } from '../../electron/main/host/model-file';
import { createModelLibrary } from '../../electron/main/host/model-library';
import { readModelTexture } from '../../electron/main/host/model-textures';
import { readPresetFile } from '../../electron/main/host/preset-store';
import { pmxBytes, problemOf, scriptedDialogs, tempFolder } from '../support/host-files';
import { createRecordingLogger } from '../support/recording-logger';

const LIMIT_MS = 2000;
const TIMED_OUT = Symbol('timed out');

let root: { path: string; remove: () => Promise<void> };
const pipes: string[] = [];

/** A named pipe at `path`, freed after the test. */
function makePipe(path: string): string {
  execFileSync('mkfifo', [path]);
  pipes.push(path);
  return path;
}

/** `work`'s outcome, or TIMED_OUT when it has not settled within LIMIT_MS. */
async function settledWithin(work: Promise<unknown>): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), LIMIT_MS);
  });
  const outcome = work.then(
    () => 'resolved',
    (error: unknown) => error,
  );
  try {
    return await Promise.race([outcome, limit]);
  } finally {
    clearTimeout(timer);
  }
}

beforeEach(async () => {
  root = await tempFolder('special');
});
afterEach(async () => {
  // A reader blocked in open() on a pipe returns once a writer opens it; O_RDWR never waits.
  // A pipe moved aside (as a library file that could not be read) is gone from its name.
  for (const pipe of pipes.splice(0)) {
    if (existsSync(pipe)) closeSync(openSync(pipe, constants.O_RDWR | constants.O_NONBLOCK));
  }
  await root.remove();
});

describe.skipIf(process.platform === 'win32')('special files are refused without waiting', () => {
  it('a model that is a named pipe', { timeout: 10_000 }, async () => {
    const pipe = makePipe(join(root.path, 'avatar.vrm'));
    const outcome = await settledWithin(readModelFile(pipe));
    expect(outcome).not.toBe(TIMED_OUT);
    const problem = await problemOf(readModelFile(pipe));
    expect(problem.code).toBe('unreadable');
    expect(problem.message).toContain(`${pipe} is not a regular file`);
  });

  it('a texture that is a named pipe', { timeout: 10_000 }, async () => {
    const model = join(root.path, 'model.pmx');
    await writeFile(model, pmxBytes());
    makePipe(join(root.path, 'skin.png'));
    expect(await settledWithin(readModelTexture(model, 'skin.png'))).not.toBe(TIMED_OUT);
    const problem = await problemOf(readModelTexture(model, 'skin.png'));
    expect(problem.code).toBe('unreadable');
    expect(problem.message).toContain('skin.png is not a regular file');
  });

  it(
    'a preset to import (or dropped on the window) that is a named pipe',
    { timeout: 10_000 },
    async () => {
      const pipe = makePipe(join(root.path, 'scene.ragdoll'));
      expect(await settledWithin(readPresetFile(pipe))).not.toBe(TIMED_OUT);
      expect((await problemOf(readPresetFile(pipe))).code).toBe('unreadable');
      const data = join(root.path, 'data');
      const host = createHostServices({
        dataDirectory: data,
        dialogs: scriptedDialogs(),
        loggerFor: () => createRecordingLogger(),
      });
      expect(await settledWithin(host.openFileFromUser(pipe))).not.toBe(TIMED_OUT);
    },
  );

  it('a preset model to hash that is a named pipe', { timeout: 10_000 }, async () => {
    const pipe = makePipe(join(root.path, 'model.pmx'));
    const outcome = await settledWithin(createFileHasher().hash(pipe, 1024 * 1024));
    expect(outcome).toBeInstanceOf(Error);
    expect((outcome as Error).message).toContain('is not a regular file');
  });

  it('a library file that is a named pipe', { timeout: 10_000 }, async () => {
    makePipe(join(root.path, 'library.json'));
    const library = createModelLibrary({ directory: root.path, logger: createRecordingLogger() });
    expect(await settledWithin(library.list())).not.toBe(TIMED_OUT);
  });

  it(
    'five pipes at once leave Node free to read and write other files',
    { timeout: 10_000 },
    async () => {
      // Node has four I/O threads by default: five blocked opens would stall every later one.
      const model = join(root.path, 'model.pmx');
      await writeFile(model, pmxBytes());
      await mkdir(join(root.path, 'tex'));
      const reads = [1, 2, 3, 4, 5].map((i) => {
        makePipe(join(root.path, 'tex', `${i}.png`));
        return readModelTexture(model, `tex/${i}.png`).catch(() => undefined);
      });
      const other = join(root.path, 'other.txt');
      const write = writeFile(other, 'still works').then(() => readFile(other, 'utf8'));
      expect(await settledWithin(write)).toBe('resolved');
      await Promise.all(reads.map((read) => settledWithin(read)));
    },
  );
});

describe('flushWithin (quitting waits for saves, but not forever)', () => {
  it('names the stores whose writes had not finished in time', async () => {
    const started = Date.now();
    const unfinished = await flushWithin(
      [
        { name: 'done', flush: () => Promise.resolve() },
        { name: 'failed', flush: () => Promise.reject(new Error('disk full')) },
        { name: 'stuck', flush: () => new Promise<void>(() => undefined) },
      ],
      100,
    );
    expect(unfinished).toEqual(['stuck']);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('returns as soon as every store has flushed', async () => {
    const started = Date.now();
    const slow = { name: 'slow', flush: () => new Promise<void>((r) => setTimeout(r, 20)) };
    expect(await flushWithin([slow], 60_000)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
