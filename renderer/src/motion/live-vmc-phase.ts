/** After this long without data (seconds) a live figure holds its last pose. */
export const LIVE_HOLD_AFTER_S = 1;
/** After this long without data (seconds) the live motion ends: the chosen motion (or none) returns. */
export const LIVE_END_AFTER_S = 5;

/**
 * Where a live VMC motion stands: `waiting` for its first frame, `live` while frames arrive,
 * `holding` the last pose after {@link LIVE_HOLD_AFTER_S} without data, `ended` after
 * {@link LIVE_END_AFTER_S}.
 *
 * @param secondsSinceData - since the last good packet, or null before any
 */
export function liveVmcPhase(
  secondsSinceData: number | null,
): 'waiting' | 'live' | 'holding' | 'ended' {
  if (secondsSinceData === null) return 'waiting';
  if (secondsSinceData >= LIVE_END_AFTER_S) return 'ended';
  return secondsSinceData >= LIVE_HOLD_AFTER_S ? 'holding' : 'live';
}
