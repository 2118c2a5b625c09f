import type { SoundKind } from '../physics/sound/sound-requests';

/** One impact or blast sound that was started. */
export interface SoundLogEntry {
  /** When it was started, ms on the page's clock (`performance.now()`). */
  readonly time: number;
  readonly kind: SoundKind;
  /** Its own loudness, 0..1, before VOLUME. */
  readonly gain: number;
}

/** The sounds a page started, newest last; at most {@link SOUND_LOG_LIMIT} are kept. */
export const SOUND_LOG_LIMIT = 500;
