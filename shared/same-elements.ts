/**
 * Whether two lists hold the same elements (by `===`) in the same order. Allocates nothing, so
 * it may run every frame.
 */
export function sameElements<T>(a: ArrayLike<T>, b: ArrayLike<T>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
