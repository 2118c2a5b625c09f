/** How many recent frames {@link FrameStats} remembers. */
export const FRAME_HISTORY = 600;

/** A copy of the frame statistics, safe to hand out (see {@link FrameStats.snapshot}). */
export interface FrameStatsSnapshot {
  /** Frames drawn since start. */
  readonly frames: number;
  /** `performance.now()` when the first frame had been drawn, ms since navigation; null before. */
  readonly firstFrameMs: number | null;
  /** JavaScript time of the most recent frames, oldest first, ms (at most {@link FRAME_HISTORY}). */
  readonly recentFrameMs: readonly number[];
  /** Of that, the physics (the sandbox's `advance`), ms. The rest is syncing and issuing the draw. */
  readonly recentPhysicsMs: readonly number[];
  /** Physics steps of the same frames. */
  readonly recentSteps: readonly number[];
}

/**
 * JavaScript time per frame (physics, syncing and issuing the draw), kept in a fixed ring
 * so recording never allocates. Read it with {@link snapshot}, which does.
 */
export class FrameStats {
  private readonly durations = new Float64Array(FRAME_HISTORY);
  private readonly physicsDurations = new Float64Array(FRAME_HISTORY);
  private readonly steps = new Uint8Array(FRAME_HISTORY);
  private count = 0;
  private firstFrame: number | null = null;

  /**
   * Records one frame that took `ms` of JavaScript, `physicsMs` of it in physics, ran `steps`
   * physics steps and ended at `endMs` (performance.now()).
   */
  record(ms: number, physicsMs: number, steps: number, endMs: number): void {
    const slot = this.count % FRAME_HISTORY;
    this.durations[slot] = ms;
    this.physicsDurations[slot] = physicsMs;
    this.steps[slot] = steps;
    this.count++;
    if (this.firstFrame === null) this.firstFrame = endMs;
  }

  /** A copy of the current numbers. Allocates; call on demand. */
  snapshot(): FrameStatsSnapshot {
    const kept = Math.min(this.count, FRAME_HISTORY);
    const recentFrameMs: number[] = [];
    const recentPhysicsMs: number[] = [];
    const recentSteps: number[] = [];
    for (let i = this.count - kept; i < this.count; i++) {
      recentFrameMs.push(this.durations[i % FRAME_HISTORY]!);
      recentPhysicsMs.push(this.physicsDurations[i % FRAME_HISTORY]!);
      recentSteps.push(this.steps[i % FRAME_HISTORY]!);
    }
    return {
      frames: this.count,
      firstFrameMs: this.firstFrame,
      recentFrameMs,
      recentPhysicsMs,
      recentSteps,
    };
  }
}
