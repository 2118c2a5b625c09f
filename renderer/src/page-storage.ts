/**
 * Small settings kept in the page's storage (`localStorage`) between runs. Storage can be
 * missing, full or locked (private modes): then reading gives nothing and remembering is
 * skipped, each with a warning on the console, and the app carries on.
 */

/**
 * The text stored under `key`; undefined when there is none, no storage, or it cannot be read
 * (then `warning` is logged with the error).
 */
export function readStoredText(
  storage: Storage | undefined,
  key: string,
  warning: string,
): string | undefined {
  try {
    return storage?.getItem(key) ?? undefined;
  } catch (error) {
    console.warn(warning, error);
    return undefined;
  }
}

/**
 * The JSON object stored under `key`, for the caller to check field by field; null when there
 * is none, it is not an object, or it cannot be read or parsed (then `warning` is logged with
 * the error).
 */
export function readStoredObject(
  storage: Storage | undefined,
  key: string,
  warning: string,
): Record<string, unknown> | null {
  let saved: unknown;
  try {
    saved = JSON.parse(storage?.getItem(key) ?? 'null');
  } catch (error) {
    console.warn(warning, error);
    return null;
  }
  return typeof saved === 'object' && saved !== null ? (saved as Record<string, unknown>) : null;
}

/**
 * Stores `value` under `key`; when the storage refuses, logs `warning` with the error and
 * carries on (only the remembering is lost).
 */
export function rememberInStorage(
  storage: Storage | undefined,
  key: string,
  value: string,
  warning: string,
): void {
  try {
    storage?.setItem(key, value);
  } catch (error) {
    console.warn(warning, error);
  }
}
