// The physics layer compiles with neither DOM nor Node types; both provide this global.
declare const performance: { now(): number };

/** Milliseconds from an arbitrary origin, monotonic. Works in Node and browsers. */
export function monotonicNowMs(): number {
  return performance.now();
}
