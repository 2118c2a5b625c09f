/**
 * createSharedRun: requests arriving together share runs (at most two for any number of
 * callers), a caller arriving during a run still sees changes made before it asked, and a
 * failed run does not stop the next.
 */

import { describe, expect, it } from 'vitest';
import { createSharedRun } from '../../electron/main/host/shared-run';

/** A run whose end the test decides. */
function controlledWork() {
  const ends: ((value: number) => void)[] = [];
  const fails: ((error: Error) => void)[] = [];
  let state = 0;
  const work = (): Promise<number> => {
    const seen = state;
    return new Promise<number>((resolve, reject) => {
      ends.push(() => resolve(seen));
      fails.push(reject);
    });
  };
  return {
    work,
    ends,
    fails,
    change: () => void state++,
  };
}

describe('createSharedRun', () => {
  it('runs at most twice for a thousand callers at once', async () => {
    const c = controlledWork();
    const run = createSharedRun(c.work);
    const results = Array.from({ length: 1000 }, () => run());
    expect(c.ends.length).toBe(1);
    c.ends[0]!(0);
    await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(c.ends.length).toBe(2);
    c.ends[1]!(0);
    const values = await Promise.all(results);
    expect(values.length).toBe(1000);
    expect(c.ends.length).toBe(2);
  });

  it('a caller arriving during a run gets the next run, which sees the change made before it', async () => {
    const c = controlledWork();
    const run = createSharedRun(c.work);
    const first = run();
    c.change();
    const second = run();
    c.ends[0]!(0);
    await expect(first).resolves.toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    c.ends[1]!(0);
    await expect(second).resolves.toBe(1);
  });

  it('a failed run rejects its callers only; the next run goes ahead', async () => {
    const c = controlledWork();
    const run = createSharedRun(c.work);
    const first = run();
    const second = run();
    c.fails[0]!(new Error('disk gone'));
    await expect(first).rejects.toThrow('disk gone');
    await new Promise((resolve) => setImmediate(resolve));
    c.ends[1]!(0);
    await expect(second).resolves.toBe(0);
    const third = run();
    expect(c.ends.length).toBe(3);
    c.ends[2]!(0);
    await expect(third).resolves.toBe(0);
  });
});
