/**
 * Runs an expensive read once for everyone who asks while it runs. A caller that arrives
 * while a run is under way waits for the next run (which starts when the current one ends),
 * so it still sees every change made before it asked; all callers that arrive meanwhile share
 * that one next run. However many requests arrive at once, at most two runs happen.
 */

/** Wraps `work` so that concurrent calls share runs as described above. */
export function createSharedRun<T>(work: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const run = work();
    running = run;
    const clear = (): void => {
      if (running === run) running = undefined;
    };
    run.then(clear, clear);
    return run;
  };
  return () => {
    if (running === undefined) return start();
    // Whether the current run succeeds or fails, the next one starts after it.
    next ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}
