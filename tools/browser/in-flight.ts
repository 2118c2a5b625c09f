/**
 * Promises still under way, so that a caller can wait until every one of them has settled:
 * the test host waits for the answers it is still writing before it removes its folders.
 */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  /** How many tracked promises have not settled yet. */
  get size(): number {
    return this.running.size;
  }

  /** Tracks `promise` until it settles, and returns it unchanged. */
  track<T>(promise: Promise<T>): Promise<T> {
    this.running.add(promise);
    const done = () => this.running.delete(promise);
    promise.then(done, done);
    return promise;
  }

  /**
   * Resolves once every tracked promise has settled, those tracked while it waits included;
   * never rejects (a promise that rejects has settled too).
   */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
