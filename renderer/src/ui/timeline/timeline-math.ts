import { RECORD_RATE_HZ } from '../../physics/recording/scene-recorder';

/** Seconds the export range covers until one is chosen: the newest 10 s. */
export const DEFAULT_EXPORT_SECONDS = 10;

/** An inclusive run of the recorder's frame numbers. */
export interface FrameRange {
  readonly first: number;
  readonly last: number;
}

/**
 * The frame under a point of the timeline's track: `x` CSS pixels from its left edge on a track
 * `width` pixels wide showing `shown` (first frame at the left edge, last at the right). Points
 * off the track give its ends.
 */
export function frameAtPosition(x: number, width: number, shown: FrameRange): number {
  if (!(width > 0) || shown.last <= shown.first) return shown.last;
  const share = Math.min(1, Math.max(0, x / width));
  return Math.round(shown.first + share * (shown.last - shown.first));
}

/** Where `frame` sits along a track showing `shown`, 0 (left) to 1 (right), clamped. */
export function shareOfFrame(frame: number, shown: FrameRange): number {
  if (shown.last <= shown.first) return 1;
  return Math.min(1, Math.max(0, (frame - shown.first) / (shown.last - shown.first)));
}

/** `range` limited to `held`; when they do not overlap, the end of `held` nearest to it. */
export function clampRange(range: FrameRange, held: FrameRange): FrameRange {
  const first = Math.min(held.last, Math.max(held.first, range.first));
  const last = Math.min(held.last, Math.max(first, range.last));
  return { first, last };
}

/** The newest {@link DEFAULT_EXPORT_SECONDS} of `held` (all of it when shorter). */
export function defaultExportRange(
  held: FrameRange,
  seconds = DEFAULT_EXPORT_SECONDS,
  rateHz = RECORD_RATE_HZ,
): FrameRange {
  return { first: Math.max(held.first, held.last - Math.round(seconds * rateHz)), last: held.last };
}

/** What Space does, given what the timeline is doing. */
export type SpaceAction = 'pause' | 'play-back' | 'stop-playback' | 'go-live';

/**
 * Space: live → pause; paused on an older frame → play the recording back from it; playing
 * back → stop on the frame shown; paused on the newest frame → carry on live.
 */
export function spaceAction(state: {
  readonly paused: boolean;
  readonly playing: boolean;
  readonly inPast: boolean;
}): SpaceAction {
  if (!state.paused) return 'pause';
  if (state.playing) return 'stop-playback';
  return state.inPast ? 'play-back' : 'go-live';
}

/**
 * How far before the newest frame `frame` is, as the timeline shows it: "−2.50 s", or "0.00 s"
 * at the newest frame.
 */
export function formatOffset(frame: number, newest: number, rateHz = RECORD_RATE_HZ): string {
  const seconds = Math.max(0, newest - frame) / rateHz;
  return seconds === 0 ? '0.00 s' : `−${seconds.toFixed(2)} s`;
}

/** A range's length as the timeline shows it: "10.0 s". */
export function formatSpan(range: FrameRange, rateHz = RECORD_RATE_HZ): string {
  return `${((range.last - range.first) / rateHz).toFixed(1)} s`;
}
