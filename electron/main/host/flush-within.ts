/**
 * Waits for pending writes before the app quits, but not forever: a write stuck on a
 * broken disk or network share must not keep the app from quitting. What did not finish
 * in time is named, so the log says what may not have been saved.
 */

/** Something with writes that may still be on their way to disk. */
export interface PendingWrites {
  /** What it holds, in words for the log (`the recent-model library and presets`). */
  readonly name: string;
  /** Resolves once every write queued so far has finished (or failed). */
  flush(): Promise<void>;
}

/** Quitting waits this long for pending writes: 5 s. */
export const QUIT_FLUSH_LIMIT_MS = 5000;

/**
 * Flushes every store at once and waits at most `limitMs` for all of them.
 *
 * @param limitMs - the longest wait, milliseconds
 * @returns the names of the stores whose flush had not finished by then (failures count as
 *   finished: they were reported when they happened)
 */
export async function flushWithin(
  stores: readonly PendingWrites[],
  limitMs: number,
): Promise<string[]> {
  const unfinished = new Set(stores.map((store) => store.name));
  const flushes = stores.map((store) =>
    store.flush().then(
      () => unfinished.delete(store.name),
      () => unfinished.delete(store.name),
    ),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, limitMs);
  });
  try {
    await Promise.race([Promise.all(flushes), limit]);
  } finally {
    clearTimeout(timer);
  }
  return [...unfinished];
}
