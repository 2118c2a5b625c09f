import type { FrameSectionClock } from './frame-sections';
import { FrameStats } from './frame-stats';

/** Longest frame the loop passes on, seconds: after a stall (a hidden tab) don't leap ahead. */
const MAX_FRAME_SECONDS = 0.1;

/** The work of one frame, split so the loop can time the whole of it. */
export interface FrameWork {
  /** Advances physics by `seconds` of wall time; returns the fixed steps taken. */
  advance(seconds: number): number;
  /** Copies physics state into the scene and draws it. */
  draw(): void;
  /**
   * True when this frame is to be left out: nothing is advanced, drawn or counted, and the
   * next frame's time starts from it (so skipped time is not caught up afterwards).
   */
  skip?(): boolean;
}

/**
 * The animation-frame loop: once per frame, advance the physics (the sandbox turns wall
 * time into fixed 1/120 s steps), then sync and draw. Times the JavaScript of each frame
 * into {@link stats}. Allocates nothing per frame.
 */
export class RenderLoop {
  readonly stats = new FrameStats();
  private frameRequest = 0;
  private lastTime: number | null = null;
  private running = false;

  /**
   * @param fixedFrameSeconds when set, every frame advances by exactly this much instead
   *   of the wall time since the last one. For benchmarks: a slow software renderer then
   *   does the same work per frame as a 60 Hz display (1/60 s, two physics steps).
   * @param sections when set, receives each frame's time section by section (benchmarks);
   *   the loop laps `physics`, {@link FrameWork.draw} laps the rest.
   */
  constructor(
    private readonly work: FrameWork,
    private readonly fixedFrameSeconds?: number,
    private readonly sections?: FrameSectionClock,
  ) {}

  /** Starts the loop (idempotent). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.lastTime = null;
    this.frameRequest = requestAnimationFrame(this.frame);
  }

  /** Stops the loop; {@link start} resumes it. */
  stop(): void {
    this.running = false;
    cancelAnimationFrame(this.frameRequest);
  }

  /** Stops for good. */
  dispose(): void {
    this.stop();
  }

  private readonly frame = (time: number): void => {
    if (!this.running) return;
    this.frameRequest = requestAnimationFrame(this.frame);
    const seconds =
      this.fixedFrameSeconds ??
      (this.lastTime === null ? 0 : Math.min((time - this.lastTime) / 1000, MAX_FRAME_SECONDS));
    this.lastTime = time;
    if (this.work.skip?.() === true) return;
    const start = performance.now();
    this.sections?.begin();
    const steps = this.work.advance(seconds);
    const physicsEnd = performance.now();
    this.sections?.lap('physics');
    this.work.draw();
    this.sections?.end();
    const end = performance.now();
    this.stats.record(end - start, physicsEnd - start, steps, end);
  };
}
