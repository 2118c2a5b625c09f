/**
 * Ids for presets and library entries. The host makes them; the renderer only passes them
 * back, and every channel checks them against `STORE_ID_PATTERN`, so an id can never name a
 * path outside its folder (no dots, no slashes).
 */

import { randomBytes } from 'node:crypto';

/** Lower-case letters, digits and dashes, 1-64 characters, starting with a letter or digit. */
export const STORE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/**
 * A new id: the time in base 36 (so ids sort roughly by creation) and 8 random hex digits.
 *
 * @param prefix - `p` for presets, `m` for library entries
 */
export function newStoreId(prefix: string, now: Date = new Date()): string {
  return `${prefix}-${now.getTime().toString(36)}-${randomBytes(4).toString('hex')}`;
}
