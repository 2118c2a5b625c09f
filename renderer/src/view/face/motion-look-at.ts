import { writeLookAtSample } from '../../motion/face-tracks';
import type { LookAtTrack } from '../../motion/face-tracks';
import { lookAtTrackOf } from '../../motion/retarget-motion';
import type { DollMotion } from '../../physics/motion/doll-motion';
import type { FaceCues } from './face-cues';
import type { FaceMotionSource } from './motion-face-tracks';

/** Slots of {@link MotionLookAt}'s numbers: the motion's time. */
const TIME = 0;

/**
 * A playing motion's gaze (a VRM Animation's look-at track) for a figure's eyes: while the
 * figure follows the motion (or gets up into it), the eyes take the track's yaw and pitch
 * instead of looking at the camera; knocked down, they look at the camera again. Binding to a
 * new motion does not allocate either; each frame allocates nothing.
 */
export class MotionLookAt {
  private bound: DollMotion | null = null;
  private track: LookAtTrack | null = null;
  private readonly numbers = new Float64Array(3);

  constructor(
    private readonly source: FaceMotionSource,
    private readonly cues: FaceCues,
  ) {}

  /**
   * Writes the motion's yaw and pitch now (degrees) into `out[slot]` and `out[slot + 1]` and
   * returns true; false, `out` untouched, when the motion has no gaze or the figure is not
   * following it.
   */
  write(out: Float64Array, slot: number): boolean {
    const motion = this.source.current();
    if (motion !== this.bound) {
      this.bound = motion;
      this.track = motion ? lookAtTrackOf(motion) : null;
    }
    const track = this.track;
    if (!track) return false;
    const state = this.cues.motionState();
    if (state !== 'following' && state !== 'gettingUp') return false;
    const numbers = this.numbers;
    numbers[TIME] = this.source.time();
    writeLookAtSample(track, numbers, TIME, 1);
    out[slot] = numbers[1]!;
    out[slot + 1] = numbers[2]!;
    return true;
  }
}
