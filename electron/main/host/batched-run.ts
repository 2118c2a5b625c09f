/**
 * Folds many requests that each change one shared thing into one run for all of them. The
 * first request opens a batch and queues its run; requests arriving before that run starts
 * join the batch; requests arriving while it runs open the next one. However many requests
 * arrive at once, the work happens in a few runs instead of one per request (each run, for
 * the library, one rewrite of its file with an fsync).
 */

/**
 * Wraps `runBatch` so that concurrent calls share batches as described above.
 *
 * @param schedule queues a batch's run (the caller's serializing queue); its promise settles
 *   when the run has
 * @param runBatch does the work for every item of a batch, in arrival order, and returns
 *   one result per item; if it throws, every caller of that batch gets the error
 */
export function createBatchedRun<Item, Result>(
  schedule: (run: () => Promise<readonly Result[]>) => Promise<readonly Result[]>,
  runBatch: (items: readonly Item[]) => Promise<readonly Result[]>,
): (item: Item) => Promise<Result> {
  let open: { items: Item[]; results: Promise<readonly Result[]> } | undefined;
  return (item) => {
    if (open === undefined) {
      const batch: { items: Item[]; results: Promise<readonly Result[]> } = {
        items: [],
        results: Promise.resolve([]),
      };
      batch.results = schedule(() => {
        // From here on, new arrivals open the next batch.
        if (open === batch) open = undefined;
        return runBatch(batch.items);
      });
      open = batch;
    }
    const index = open.items.push(item) - 1;
    return open.results.then((results) => results[index] as Result);
  };
}
