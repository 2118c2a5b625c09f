import type { FrameSection, FrameSectionClock } from '../view/frame-sections';
import { FRAME_SECTIONS } from '../view/frame-sections';

/** How many recent frames {@link FrameSectionTimes} remembers. */
export const SECTION_HISTORY = 600;

/** The recent frames' time per section, ms, oldest first, and how many frames were timed. */
export interface FrameSectionSnapshot {
  readonly frames: number;
  readonly recentMs: Readonly<Record<FrameSection, readonly number[]>>;
}

/**
 * The renderer benchmark's clock (`?frame-sections` on the test build): adds the time between
 * laps to each section and keeps the last {@link SECTION_HISTORY} frames in fixed rings, so
 * timing never allocates. Read it with {@link snapshot}, which does.
 */
export class FrameSectionTimes implements FrameSectionClock {
  private readonly current = new Float64Array(FRAME_SECTIONS.length);
  private readonly rings = FRAME_SECTIONS.map(() => new Float64Array(SECTION_HISTORY));
  private readonly indexOf = new Map<FrameSection, number>(
    FRAME_SECTIONS.map((section, index) => [section, index]),
  );
  private last = 0;
  private count = 0;

  begin(): void {
    this.current.fill(0);
    this.last = performance.now();
  }

  lap(section: FrameSection): void {
    const now = performance.now();
    this.current[this.indexOf.get(section)!]! += now - this.last;
    this.last = now;
  }

  end(): void {
    this.lap('other');
    const slot = this.count % SECTION_HISTORY;
    for (let i = 0; i < this.rings.length; i++) this.rings[i]![slot] = this.current[i]!;
    this.count++;
  }

  /** A copy of the recent frames' sections. Allocates; call on demand. */
  snapshot(): FrameSectionSnapshot {
    const kept = Math.min(this.count, SECTION_HISTORY);
    const recentMs = {} as Record<FrameSection, number[]>;
    FRAME_SECTIONS.forEach((section, index) => {
      const values: number[] = [];
      for (let i = this.count - kept; i < this.count; i++) {
        values.push(this.rings[index]![i % SECTION_HISTORY]!);
      }
      recentMs[section] = values;
    });
    return { frames: this.count, recentMs };
  }
}
