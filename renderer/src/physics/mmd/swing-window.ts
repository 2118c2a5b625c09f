import type { RigidBody } from '../rapier-api';
import { scratchVec3 } from '../vector-math';

const position = scratchVec3();

/**
 * How far a set of bodies has moved within a time window: the extent of each body's sampled
 * positions along each world axis (metres), and the largest of them, the window's sweep. A
 * body chattering in its joint limits jitters by millimetres whatever its speed reads; a
 * swing, however slow, sweeps centimetres. Storage is kept between windows and only grows, so
 * sampling allocates nothing of its own (each Rapier position read makes one small view in
 * Rapier's bindings).
 */
export class SwingWindow {
  /** Per body: min x, y, z, then max x, y, z of the window's samples. */
  private extent = new Float64Array(0);
  private count = 0;
  /**
   * The window's sweep so far (metres), kept as samples come: `close` runs once a second,
   * too seldom for V8 to optimise a loop over every body there, and unoptimised code boxes
   * each number it computes.
   */
  private readonly sweep = new Float64Array(1);
  /** The sweeps of the two windows before (metres; Infinity before the first). */
  private previous = Infinity;
  private beforePrevious = Infinity;

  /** Starts over for `count` bodies, forgetting every sample and every earlier window. */
  reset(count: number): void {
    if (this.extent.length < count * 6) this.extent = new Float64Array(count * 6);
    this.count = count;
    this.previous = Infinity;
    this.beforePrevious = Infinity;
    this.clearSamples();
  }

  /** How many bodies the window holds. */
  get size(): number {
    return this.count;
  }

  /** Adds body `index`'s current position to the window. */
  sample(index: number, body: RigidBody): void {
    body.translation(position);
    const e = this.extent;
    const at = index * 6;
    if (position.x < e[at]!) e[at] = position.x;
    if (position.y < e[at + 1]!) e[at + 1] = position.y;
    if (position.z < e[at + 2]!) e[at + 2] = position.z;
    if (position.x > e[at + 3]!) e[at + 3] = position.x;
    if (position.y > e[at + 4]!) e[at + 4] = position.y;
    if (position.z > e[at + 5]!) e[at + 5] = position.z;
    const sweep = Math.max(e[at + 3]! - e[at]!, e[at + 4]! - e[at + 1]!, e[at + 5]! - e[at + 2]!);
    if (sweep > this.sweep[0]!) this.sweep[0] = sweep;
  }

  /**
   * Ends the window and starts the next. Returns true when the bodies are not dying out: the
   * window's sweep (its largest body's, metres along any axis) is under `calmSweep`, or no less
   * than `decay` × the larger of the two windows before (two, so a swing slower than the
   * window, which one window sees only part of, is compared with its full size). A damped
   * swing shrinks window after window (a hair chain's by 0.55-0.85 a second); the solver's
   * chatter keeps its size, or jumps about, however long one waits. `decay` Infinity: calm
   * only under `calmSweep`.
   */
  close(calmSweep: number, decay: number): boolean {
    const sweep = this.sweep[0]!;
    const before = Math.max(this.previous, this.beforePrevious);
    this.beforePrevious = this.previous;
    this.previous = sweep;
    this.clearSamples();
    return sweep < calmSweep || (decay !== Infinity && sweep >= decay * before);
  }

  private clearSamples(): void {
    this.sweep[0] = 0;
    for (let i = 0; i < this.count; i++) {
      const at = i * 6;
      this.extent.fill(Infinity, at, at + 3);
      this.extent.fill(-Infinity, at + 3, at + 6);
    }
  }
}
