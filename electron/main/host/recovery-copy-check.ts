/**
 * Whether the crash-recovery copy of the scene is on disk and fresh: checked before the app
 * restarts into an update, so the scene open now is offered back at the next start.
 */

import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { errorCode } from './host-problem';
import { RECOVERY_FILE } from './recovery-store';

/** A copy older than this (ms) is not the scene open now (the page sends one every 10 s). */
export const FRESH_RECOVERY_MS = 30_000;

/**
 * True when `recovery.ragdoll` in `dataFolder` was written within {@link FRESH_RECOVERY_MS}
 * of `now` (ms since the epoch).
 */
export async function recoveryCopyIsFresh(dataFolder: string, now: number): Promise<boolean> {
  try {
    const info = await stat(join(dataFolder, RECOVERY_FILE));
    return info.isFile() && now - info.mtimeMs <= FRESH_RECOVERY_MS;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw error;
  }
}
