/**
 * createBatchedRun: requests arriving before a batch starts share its run, requests arriving
 * while it runs wait for the next, each caller gets its own item's result, and a failed run
 * fails only its own batch. The recent-model library folds a burst of opens into a few
 * rewrites of its file through it.
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBatchedRun } from '../../electron/main/host/batched-run';
import { createModelLibrary } from '../../electron/main/host/model-library';
import type { ModelFileData } from '../../electron/main/host/identified-file';
import { createRecordingLogger } from '../support/recording-logger';

const writes = vi.hoisted(() => ({ count: 0 }));
vi.mock('write-file-atomic', async (importOriginal) => {
  const actual = await importOriginal<{ default: (...args: unknown[]) => Promise<void> }>();
  return {
    default: (...args: unknown[]) => {
      writes.count++;
      return actual.default(...args);
    },
  };
});

/** A one-at-a-time queue whose runs start when the test says. */
function gatedQueue() {
  const gates: (() => void)[] = [];
  let tail: Promise<unknown> = Promise.resolve();
  const schedule = <T>(run: () => Promise<T>): Promise<T> => {
    const result = tail.then(() => new Promise<void>((open) => gates.push(open))).then(run);
    tail = result.catch(() => undefined);
    return result;
  };
  const openNext = async (): Promise<void> => {
    while (gates.length === 0) await new Promise((resolve) => setImmediate(resolve));
    gates.shift()!();
  };
  return { schedule, openNext };
}

describe('createBatchedRun', () => {
  it('gives one run to everything that arrives before it starts, in arrival order', async () => {
    const queue = gatedQueue();
    const batches: number[][] = [];
    const run = createBatchedRun<number, string>(queue.schedule, async (items) => {
      batches.push([...items]);
      return items.map((item) => `done ${item}`);
    });
    const first = Array.from({ length: 500 }, (_, i) => run(i));
    await queue.openNext();
    expect(await Promise.all(first)).toEqual(first.map((_, i) => `done ${i}`));
    expect(batches).toEqual([Array.from({ length: 500 }, (_, i) => i)]);
  });

  it('starts a new batch for callers arriving while one runs', async () => {
    const queue = gatedQueue();
    let release: () => void = () => undefined;
    const batches: number[][] = [];
    const run = createBatchedRun<number, number>(queue.schedule, async (items) => {
      batches.push([...items]);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return items.map((item) => item * 10);
    });
    const early = run(1);
    await queue.openNext();
    while (batches.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const late = [run(2), run(3)];
    release();
    await queue.openNext();
    expect(await early).toBe(10);
    expect(await Promise.all(late)).toEqual([20, 30]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('fails only the callers of the batch whose run failed', async () => {
    const queue = gatedQueue();
    let calls = 0;
    const run = createBatchedRun<string, string>(queue.schedule, async (items) => {
      calls++;
      if (calls === 1) throw new Error('disk full');
      return items.map((item) => item.toUpperCase());
    });
    const failing = [run('a'), run('b')];
    await queue.openNext();
    await expect(failing[0]).rejects.toThrow('disk full');
    await expect(failing[1]).rejects.toThrow('disk full');
    const next = run('c');
    await queue.openNext();
    expect(await next).toBe('C');
  });
});

describe('the recent-model library in a burst of opens', () => {
  let directory: string | undefined;
  afterEach(async () => {
    if (directory !== undefined) await rm(directory, { recursive: true, force: true });
  });

  it('records 300 opens at once in a few writes, each answered with the id of its entry', async () => {
    directory = await mkdtemp(join(tmpdir(), 'rp-library-burst-'));
    const library = createModelLibrary({ directory, logger: createRecordingLogger() });
    const opened = (i: number): ModelFileData => ({
      path: join(directory!, `model-${i % 40}.vrm`),
      fileName: `model-${i % 40}.vrm`,
      format: 'vrm1',
      title: `Model ${i % 40}`,
      author: 'Tester',
      size: 1000 + (i % 40),
      sha256: 'a'.repeat(64),
      bytes: new Uint8Array(0),
      mtimeMs: 0,
    });
    writes.count = 0;
    const ids = await Promise.all(
      Array.from({ length: 300 }, (_, i) => library.recordOpened(opened(i))),
    );
    await library.flush();
    // One write for the first open (queued alone) and one for all that joined behind it.
    expect(writes.count).toBeLessThanOrEqual(3);
    // One id per model (40 of them), though only the newest 30 stay in the library.
    expect(new Set(ids).size).toBe(40);
    const listing = await library.list();
    expect(listing.entries).toHaveLength(30);
    // Every answer names the entry its model has in the library (opens finish resolving
    // their paths in any order, so which 30 stay is not fixed).
    for (const entry of listing.entries) {
      const model = Number(entry.title.replace('Model ', ''));
      const answered = ids.filter((_, i) => i % 40 === model);
      expect(new Set(answered)).toEqual(new Set([entry.id]));
    }
  });
});
