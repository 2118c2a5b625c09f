import { FIXED_STEP } from '../physics/sandbox';
import type { FrameDriver } from '../view/sandbox-slot';
import type { RecordedFrames } from '../view/recorded-frames';
import type { FrameAfterStep } from './test-hook';

/**
 * Most simulated time, seconds, the one frame drawn after {@link TestClock.advanceSimulated}
 * moves the avatars' springs by: the frame loop's own cap on a long frame.
 */
const MAX_DRAWN_SECONDS = 0.1;

/** The app's own driver the clock passes time to: the timeline, which always records. */
export type TestClockTimeline = FrameDriver & { readonly recording: RecordedFrames };

/** What the test clock needs of the sandbox: its TIME, simulated seconds per wall second. */
export interface TestClockSandbox {
  readonly timeScale: number;
}

/** What the test clock needs of the view: one frame, drawn or not, without stepping the physics. */
export interface TestClockView {
  drawFrame(seconds: number): void;
  poseFrame(seconds: number): void;
}

/**
 * The test build's time for the end-to-end tests. It sits between the view's frame loop and
 * the app's own driver (the timeline), so a test steps simulated time itself instead of
 * waiting for SwiftShader to draw enough frames:
 *
 * - {@link advanceSimulated} steps by exactly the simulated time asked for, one fixed step
 *   per call of the timeline: the recorder records every step and motions see fixed steps,
 *   as in normal running; a paused timeline stays paused, a playing one plays that much back.
 * - {@link hold} keeps the frame loop from advancing or drawing anything, so only the test
 *   moves time and its outcome does not depend on how many frames a busy machine drew
 *   meanwhile. The picture changes only when the test steps time (each
 *   {@link advanceSimulated} draws one frame): SwiftShader drawing every frame kept both
 *   cores of a two-core machine busy, and every Playwright click waits on frames.
 *
 * Lives in test-build/ only: the installed app's loop drives the timeline directly.
 */
export class TestClock implements FrameDriver {
  private held = false;

  constructor(
    private readonly timeline: TestClockTimeline,
    private readonly sandbox: TestClockSandbox,
    private readonly view: TestClockView,
  ) {}

  /** Whether drawn frames are kept from advancing the physics. */
  get holding(): boolean {
    return this.held;
  }

  /** Holds (true) or releases (false) the frame loop's physics. */
  hold(held: boolean): void {
    this.held = held;
  }

  /**
   * Steps simulated time by `seconds` (rounded to whole 1/120 s steps) through the timeline,
   * then draws one frame, or with `frame` `'unseen'` runs one undrawn, or with `false` none (a
   * wait that checks the physics between short steps draws once at its end: each SwiftShader
   * frame costs a tenth of a second of CPU). Returns the physics steps taken: 0 while the
   * timeline is paused or plays the recording back.
   */
  advanceSimulated(seconds: number, frame: FrameAfterStep = true): number {
    if (!(seconds > 0)) return 0;
    const wanted = Math.round(seconds / FIXED_STEP);
    // One step's worth of wall time per call, at TIME: the sandbox's accumulator then takes
    // one step each call, whatever fraction of a step it carried from the frames before.
    const wallPerStep = FIXED_STEP / this.sandbox.timeScale;
    let steps = 0;
    for (let i = 0; i < wanted; i++) steps += this.timeline.advance(wallPerStep);
    // A TIME whose product with that wall time rounds just below a step owes the last one.
    if (steps > 0 && steps < wanted) steps += this.timeline.advance(wallPerStep);
    const frameSeconds = Math.min(wanted * FIXED_STEP, MAX_DRAWN_SECONDS);
    if (frame === 'unseen') this.view.poseFrame(frameSeconds);
    else if (frame) this.view.drawFrame(frameSeconds);
    return steps;
  }

  /** The frame loop's frame: the timeline's, or nothing while held. */
  advance(frameSeconds: number): number {
    return this.held ? 0 : this.timeline.advance(frameSeconds);
  }

  /** False while held: the picture stays as the last {@link advanceSimulated} drew it. */
  get drawsFrames(): boolean {
    return !this.held;
  }

  /** False while held, so the avatars' own springs stand still with the physics. */
  get live(): boolean {
    return !this.held && this.timeline.live;
  }

  resumeForChange(): void {
    this.timeline.resumeForChange();
  }

  get recording(): RecordedFrames {
    return this.timeline.recording;
  }
}
