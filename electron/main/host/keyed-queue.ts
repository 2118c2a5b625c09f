/**
 * Runs tasks one at a time per key (a preset id, the library): a read-modify-write of one
 * file must not interleave with another on the same file, while different files proceed
 * in parallel.
 */

export interface KeyedQueue {
  /** Runs `task` after every earlier task for `key` has settled; returns its result. */
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Resolves once every task queued so far, for any key, has settled. */
  idle(): Promise<void>;
}

/** An empty queue. */
export function createKeyedQueue(): KeyedQueue {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve();
      // The caller sees the task's failure; the queue only waits for it to settle.
      const result = previous.then(task, task);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      void tail.then(() => {
        // Drop settled keys so a long session does not keep one entry per preset ever touched.
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    idle: async () => {
      await Promise.all([...tails.values()]);
    },
  };
}
