import { describe, expect, it } from 'vitest';
import { InFlight } from '../../tools/browser/in-flight';

/** A promise and the functions that settle it. */
function deferred(): {
  promise: Promise<string>;
  resolve: (value: string) => void;
  reject: (error: Error) => void;
} {
  let resolve!: (value: string) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<string>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Whether `promise` has settled once the queued callbacks have run. */
async function hasSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
}

describe('InFlight', () => {
  it('settles at once with nothing tracked', async () => {
    expect(await hasSettled(new InFlight().settled())).toBe(true);
  });

  it('waits for every tracked promise, and passes each through unchanged', async () => {
    const inFlight = new InFlight();
    const first = deferred();
    const second = deferred();
    expect(inFlight.track(first.promise)).toBe(first.promise);
    inFlight.track(second.promise);
    expect(inFlight.size).toBe(2);
    const settled = inFlight.settled();
    first.resolve('a');
    expect(await hasSettled(settled)).toBe(false);
    expect(inFlight.size).toBe(1);
    second.resolve('b');
    expect(await hasSettled(settled)).toBe(true);
    expect(inFlight.size).toBe(0);
  });

  it('counts a rejected promise as settled, without rejecting itself', async () => {
    const inFlight = new InFlight();
    const failing = deferred();
    const caller = inFlight.track(failing.promise).catch((error: Error) => error.message);
    const settled = inFlight.settled();
    failing.reject(new Error('write failed'));
    expect(await caller).toBe('write failed');
    await expect(settled).resolves.toBeUndefined();
  });

  it('also waits for a promise tracked while it waits', async () => {
    const inFlight = new InFlight();
    const first = deferred();
    const later = deferred();
    inFlight.track(first.promise);
    const settled = inFlight.settled();
    inFlight.track(later.promise);
    first.resolve('a');
    expect(await hasSettled(settled)).toBe(false);
    later.resolve('b');
    expect(await hasSettled(settled)).toBe(true);
  });
});
