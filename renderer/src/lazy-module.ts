/**
 * Loads a module on first use with a dynamic `import()`, so its code (and its own chunk of
 * the build) is fetched and parsed only when a person first needs the feature, not at start.
 * Later calls share the same promise; a failed load is forgotten so the next use tries again.
 *
 * @param load - `() => import('…')`, written out at the call site so the bundler sees it
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
