/**
 * Caps the file reads the host runs at once and the bytes they hold: each read of a model
 * or texture loads the whole file into memory, so a page asking for one 500 MB model fifty
 * times at once (or a model naming one texture under fifty spellings) would otherwise hold
 * 25 GB. Reads wait their turn in the order they came; a read larger than the whole byte
 * budget still runs, alone.
 */

/** How many reads at once and how many bytes between them. */
export interface ReadBudgetLimits {
  /** Reads running at once. */
  readonly maxReads: number;
  /** Bytes the running reads may hold together. */
  readonly maxBytes: number;
}

/** Reads at once: a few, so a slow disk stays busy without memory growing with requests. */
export const READ_BUDGET_LIMITS: ReadBudgetLimits = Object.freeze({
  maxReads: 4,
  maxBytes: 768 * 1024 * 1024,
});

export interface ReadBudget {
  /**
   * Runs `read` once it fits: fewer than `maxReads` running and `bytes` more within
   * `maxBytes` (or nothing else running); the bytes are released when it settles.
   *
   * @param bytes - what the read will hold in memory (the file's size), bytes
   */
  run<T>(bytes: number, read: () => Promise<T>): Promise<T>;
}

interface Waiting {
  readonly bytes: number;
  readonly start: () => void;
}

/** An empty budget with `limits`. */
export function createReadBudget(limits: ReadBudgetLimits = READ_BUDGET_LIMITS): ReadBudget {
  const waiting: Waiting[] = [];
  let running = 0;
  let heldBytes = 0;

  const fits = (bytes: number): boolean =>
    running === 0 || (running < limits.maxReads && heldBytes + bytes <= limits.maxBytes);

  /** Starts waiting reads in order while the first fits (none overtakes a large one). */
  function startWaiting(): void {
    while (waiting.length > 0 && fits(waiting[0]!.bytes)) waiting.shift()!.start();
  }

  return {
    run<T>(bytes: number, read: () => Promise<T>): Promise<T> {
      const size = Math.max(0, bytes);
      return new Promise<T>((resolve, reject) => {
        const start = (): void => {
          running += 1;
          heldBytes += size;
          // A read that throws at once still releases its share.
          void Promise.resolve()
            .then(read)
            .then(resolve, reject)
            .finally(() => {
              running -= 1;
              heldBytes -= size;
              startWaiting();
            });
        };
        waiting.push({ bytes: size, start });
        startWaiting();
      });
    },
  };
}
