import type { Rewind } from './rewind';
import { RECORD_RATE_HZ } from './scene-recorder';

/** What playback reads of the sandbox: the TIME scale. */
export interface PlaybackClock {
  readonly timeScale: number;
}

/**
 * Plays the recording back from the frame shown, at the TIME speed, one render frame at a time
 * (the timeline's Play). Reaching the newest frame ends playback and resumes the simulation,
 * so play carries on seamlessly into the live scene. Allocates nothing per frame.
 */
export class TimelinePlayback {
  private playing = false;
  private position = 0;

  constructor(
    private readonly rewind: Rewind,
    private readonly clock: PlaybackClock,
  ) {}

  /** Whether recorded frames are being played back. */
  get isPlaying(): boolean {
    return this.playing;
  }

  /** Starts playing from the frame shown; nothing happens unless paused in the past. */
  play(): void {
    if (!this.rewind.inPast) return;
    this.playing = true;
    this.position = this.rewind.frame!;
  }

  /** Stops on the frame shown (still paused). */
  stop(): void {
    this.playing = false;
  }

  /**
   * Moves playback on by `seconds` of wall time scaled by TIME; at the newest frame it resumes
   * the simulation and stops. Returns whether playback goes on.
   */
  advance(seconds: number): boolean {
    if (!this.playing) return false;
    if (!this.rewind.paused) {
      this.playing = false;
      return false;
    }
    this.position += seconds * this.clock.timeScale * RECORD_RATE_HZ;
    if (this.position >= this.rewind.lastFrame) {
      this.rewind.show(this.rewind.lastFrame);
      this.rewind.resume();
      this.playing = false;
      return false;
    }
    const frame = Math.floor(this.position);
    if (frame !== this.rewind.frame) this.rewind.show(frame);
    return true;
  }
}
