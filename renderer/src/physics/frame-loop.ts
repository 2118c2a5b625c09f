import type { Grab } from './grab';
import { monotonicNowMs } from './monotonic-clock';
import { FIXED_STEP, MAX_STEPS_PER_FRAME } from './sandbox-settings';

/** What the frame loop steps: one fixed step of the sandbox's pipeline. */
export interface SteppedPipeline {
  run(): void;
}

/**
 * The sandbox's clock: turns rendered frames (wall seconds, scaled by TIME) into fixed steps
 * of {@link FIXED_STEP}, at most {@link MAX_STEPS_PER_FRAME} a frame, and times the steps of
 * {@link run} for `SandboxReport.msPerStep`.
 */
export class FrameLoop {
  /** Simulated seconds owed to the world, less than one step after a normal frame. */
  private accumulator = 0;
  private timedSteps = 0;
  private timedMs = 0;

  constructor(
    private readonly pipeline: SteppedPipeline,
    private readonly grab: Grab,
  ) {}

  /**
   * Advances by one frame of `simulatedSeconds` (wall time already scaled by TIME). Returns
   * the steps taken. Less than a step left over is kept for the next frame, also after a frame
   * that took all 8 steps, so a slow machine's motion keeps up with the wall clock (and a song);
   * a whole step or more left after 8 is dropped, so a slow frame never snowballs. Reads no
   * clock (a reading is a boxed number in Node and Chromium): allocates nothing.
   */
  advance(simulatedSeconds: number): number {
    if (!(simulatedSeconds > 0)) return 0;
    this.accumulator += simulatedSeconds;
    // The pointer moves once a frame: the grab's move is spread over this frame's steps.
    this.grab.spreadMove(Math.min(Math.floor(this.accumulator / FIXED_STEP), MAX_STEPS_PER_FRAME));
    let steps = 0;
    while (this.accumulator >= FIXED_STEP && steps < MAX_STEPS_PER_FRAME) {
      this.pipeline.run();
      this.accumulator -= FIXED_STEP;
      steps++;
    }
    if (steps === MAX_STEPS_PER_FRAME && this.accumulator >= FIXED_STEP) this.accumulator = 0;
    return steps;
  }

  /**
   * Runs `seconds` of simulated time in fixed steps, calling `afterStep` after each; each
   * step's wall time counts toward {@link msPerStep}.
   */
  run(seconds: number, afterStep?: () => void): void {
    const steps = Math.round(seconds / FIXED_STEP);
    for (let i = 0; i < steps; i++) {
      const start = monotonicNowMs();
      this.pipeline.run();
      this.timedMs += monotonicNowMs() - start;
      this.timedSteps++;
      afterStep?.();
    }
  }

  /** Forgets the time owed (the bodies were just put somewhere else). */
  dropBacklog(): void {
    this.accumulator = 0;
  }

  /** Restarts the {@link msPerStep} average. */
  resetTiming(): void {
    this.timedMs = 0;
    this.timedSteps = 0;
  }

  /** Mean wall time per step of {@link run} since the last {@link resetTiming}, ms; 0 before any. */
  get msPerStep(): number {
    return this.timedSteps === 0 ? 0 : this.timedMs / this.timedSteps;
  }
}
