import type { RewindSandbox } from '../../physics/recording/rewind';
import type { PlaybackClock } from '../../physics/recording/timeline-playback';
import { Rewind } from '../../physics/recording/rewind';
import type { RecordedSandbox, SceneRecorderOptions } from '../../physics/recording/scene-recorder';
import { SceneRecorder } from '../../physics/recording/scene-recorder';
import { TimelinePlayback } from '../../physics/recording/timeline-playback';
import type { Sandbox } from '../../physics/sandbox';
import type { RecordedFrames } from '../../view/recorded-frames';
import type { FrameDriver } from '../../view/sandbox-slot';
import type { FrameRange } from './timeline-math';
import { clampRange, defaultExportRange } from './timeline-math';

/** The sandbox as the timeline records, rewinds and steps it (the `Sandbox` class fits). */
export type TimelineSandbox = RecordedSandbox &
  RewindSandbox &
  PlaybackClock &
  Pick<Sandbox, 'advance' | 'bodiesVersion' | 'setStepObserver'>;

/**
 * A stretch of the recording, in the recorder's time (simulated seconds since the sandbox was
 * made, see `SceneRecorder.timeAt`) and as the recorder's frame numbers.
 */
export interface ExportRange {
  readonly startSeconds: number;
  readonly endSeconds: number;
  /** The recorder's frame at {@link startSeconds}. */
  readonly firstFrame: number;
  /** The recorder's frame at {@link endSeconds}. */
  readonly lastFrame: number;
}

/** What an export reads: the range chosen on the timeline (by default the last 10 s). */
export interface ExportRangeSource {
  /** The chosen range, clamped to what is recorded; null while nothing is. */
  exportRange(): ExportRange | null;
}

/**
 * The app's always-on recording and the timeline's state: the {@link SceneRecorder} records
 * after every sandbox step (figures and props coming and going included), {@link Rewind} pauses,
 * shows recorded frames and resumes, and {@link TimelinePlayback} plays frames back at TIME.
 *
 * The view's frame loop calls {@link advance} instead of the sandbox's: live it steps the
 * sandbox, paused it does nothing, playing back it shows the next recorded frame. Nothing here
 * allocates per frame. {@link dispose} detaches the recorder from the sandbox.
 */
export class SceneTimeline implements ExportRangeSource, FrameDriver, RecordedFrames {
  readonly recorder: SceneRecorder;
  readonly rewind: Rewind;
  readonly playback: TimelinePlayback;
  /** The range chosen on the timeline (recorder frames), or null for the default. */
  private chosen: FrameRange | null = null;
  /** The sandbox's bodies version as the timeline last left it while paused. */
  private expectedVersion = -1;
  private disposed = false;

  constructor(
    private readonly sandbox: TimelineSandbox,
    options: SceneRecorderOptions = {},
  ) {
    this.recorder = new SceneRecorder(sandbox, options);
    this.rewind = new Rewind(sandbox, this.recorder);
    this.playback = new TimelinePlayback(this.rewind, sandbox);
    sandbox.setStepObserver(this.recorder.afterStep);
  }

  /**
   * One rendered frame of `seconds` wall time: steps the sandbox when live, shows the next
   * recorded frame when playing back, nothing when paused. Returns the physics steps taken.
   */
  advance(seconds: number): number {
    if (this.rewind.paused && this.sandbox.bodiesVersion !== this.expectedVersion) {
      // Something added or removed bodies while paused without resuming first (a model or a
      // preset arriving): that is the scene now, so carry on from it.
      this.playback.stop();
      this.rewind.resumeAsItIs();
    }
    if (this.playback.isPlaying) {
      this.playback.advance(seconds);
      this.expectedVersion = this.sandbox.bodiesVersion;
      return 0;
    }
    if (this.rewind.paused) return 0;
    return this.sandbox.advance(seconds);
  }

  /** Whether simulated time passes (live), as opposed to paused or playing recorded frames. */
  get live(): boolean {
    return !this.rewind.paused;
  }

  /** Whether recorded frames are being played back. */
  get playing(): boolean {
    return this.playback.isPlaying;
  }

  /** The frame shown while paused or playing back, else null (live). */
  get shownFrame(): number | null {
    return this.rewind.frame;
  }

  /** The recording the view's avatars keep their spring bones beside: this timeline's frames. */
  get recording(): RecordedFrames {
    return this;
  }

  /** The oldest frame recorded and held. */
  get firstRecordedFrame(): number {
    return this.recorder.firstFrame;
  }

  /** The newest frame recorded. */
  get lastRecordedFrame(): number {
    return this.recorder.lastFrame;
  }

  /** How many times the simulation carried on from a frame shown (see `SceneRecorder.truncations`). */
  get truncations(): number {
    return this.recorder.truncations;
  }

  /** Which recording of a held frame this is (see `SceneRecorder.serialAt`). */
  serialAt(frame: number): number {
    return this.recorder.serialAt(frame);
  }

  /** The frames that can be shown: from the last figure change (or the oldest held) to the newest. */
  get scrubbable(): FrameRange {
    return { first: this.rewind.firstFrame, last: this.rewind.lastFrame };
  }

  /** Whether the frame shown is older than the newest (resuming there rewrites the future). */
  get inPast(): boolean {
    return this.rewind.inPast;
  }

  /** Stops the simulation on the newest frame (nothing happens when already paused). */
  pause(): void {
    this.playback.stop();
    this.rewind.pause();
    this.expectedVersion = this.sandbox.bodiesVersion;
  }

  /** Shows a recorded frame (pausing first), clamped to {@link scrubbable}; returns it. */
  show(frame: number): number {
    this.playback.stop();
    const shown = this.rewind.show(frame);
    this.expectedVersion = this.sandbox.bodiesVersion;
    return shown;
  }

  /** Plays the recording back from the frame shown at TIME; nothing unless in the past. */
  play(): void {
    this.playback.play();
  }

  /** Stops playing back, staying paused on the frame shown. */
  stopPlayback(): void {
    this.playback.stop();
  }

  /**
   * Carries on live from the frame shown (positions and velocities as recorded); the frames
   * after it are forgotten. Nothing happens when live.
   */
  resume(): void {
    this.playback.stop();
    this.rewind.resume();
  }

  /**
   * Before anything changes the scene (a grab, BLAST, ADD, a preset…): when paused, the
   * simulation resumes from the frame shown, so the change acts on that moment and the
   * recording carries on from it. Returns whether it was paused.
   */
  resumeForChange(): boolean {
    if (!this.rewind.paused) return false;
    this.resume();
    return true;
  }

  /** Chooses the export range, frames of the recorder (either order); clamped when read. */
  chooseRange(a: number, b: number): void {
    this.chosen = { first: Math.min(a, b), last: Math.max(a, b) };
  }

  /** Back to the default range (the last 10 s). */
  clearRange(): void {
    this.chosen = null;
  }

  /** The range in frames, clamped to the recording (null while nothing is recorded). */
  rangeFrames(): FrameRange | null {
    const recorder = this.recorder;
    if (recorder.frameCount === 0) return null;
    const held = { first: recorder.firstFrame, last: recorder.lastFrame };
    return this.chosen ? clampRange(this.chosen, held) : defaultExportRange(held);
  }

  exportRange(): ExportRange | null {
    const frames = this.rangeFrames();
    if (!frames) return null;
    return {
      startSeconds: this.recorder.timeAt(frames.first),
      endSeconds: this.recorder.timeAt(frames.last),
      firstFrame: frames.first,
      lastFrame: frames.last,
    };
  }

  /** Stops recording for good (the recorder lets go of the sandbox). */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.playback.stop();
    this.sandbox.setStepObserver(null);
  }
}
