import type { DollPose } from '../physics/motion/doll-motion';
import { createDollPose } from '../physics/motion/doll-motion';
import { conjugateInto, multiplyInto, setIdentity, slerpInto } from './quat-buffer';

/**
 * Longest stretch at the end of a loop over which its seam is blended away, seconds. Long
 * enough that the last frame's pose turns into the first one's at the speed of an ordinary
 * motion (a 1 rad jump over 0.5 s is a 2 rad/s swing), short enough to leave most of the clip
 * as it was made.
 */
export const LOOP_SEAM_SECONDS = 0.5;

/**
 * A clip whose last frame is not its first jumps when it loops: every joint target and the
 * root snap in one step, which the motors and the balance pin pass on to the figure as a kick
 * (measured: a light avatar stamped its feet and fell once per loop of a real VRMA). This
 * spreads the jump over the end of the loop, so the pose reaches the first frame's exactly as
 * the time wraps:
 *
 *   part rotation q(t) · slerp(1, Δ, s(t)),  Δ = q(end)⁻¹ · q(0),
 *   root offset   r(t) + s(t) · (r(0) − r(end)),
 *
 * with s a smoothstep from 0 at `duration − seconds` to 1 at `duration`. A clip that already
 * loops cleanly has Δ = 1 and an unchanged root, so it plays exactly as before.
 */
export class LoopSeam {
  /** Per part, Δ = q(end)⁻¹ · q(0) (packed x, y, z, w). */
  private readonly corrections: Float64Array;
  private readonly rootJump = new Float64Array(3);
  private readonly identity = new Float64Array(4);
  private readonly fraction = new Float64Array(1);
  private readonly scratch = new Float64Array(4);
  private readonly start: number;

  /**
   * @param sample the clip's own sampler (writes the pose at a time into `out`; allocates nothing)
   * @param duration length of one loop, seconds
   * @param partCount parts in a pose
   */
  constructor(
    sample: (time: number, out: DollPose) => void,
    private readonly duration: number,
    partCount: number,
  ) {
    const first = createDollPose(partCount);
    const last = createDollPose(partCount);
    sample(0, first);
    // The last moment before the time wraps to 0 (sample(duration) would wrap).
    sample(duration * (1 - 1e-9), last);
    this.corrections = new Float64Array(4 * partCount);
    for (let p = 0; p < partCount; p++) {
      conjugateInto(last.rotations, 4 * p, this.scratch, 0);
      multiplyInto(this.scratch, 0, first.rotations, 4 * p, this.corrections, 4 * p);
    }
    for (let i = 0; i < 3; i++) this.rootJump[i] = first.rootOffset[i]! - last.rootOffset[i]!;
    setIdentity(this.identity, 0);
    this.start = duration - Math.min(LOOP_SEAM_SECONDS, duration / 4);
  }

  /** Largest angle (radians) a part's rotation jumps by at the seam, before blending. */
  get largestJump(): number {
    let largest = 0;
    for (let p = 0; p < this.corrections.length / 4; p++) {
      const w = Math.min(1, Math.abs(this.corrections[4 * p + 3]!));
      largest = Math.max(largest, 2 * Math.acos(w));
    }
    return largest;
  }

  /**
   * Blends `pose` (sampled at clock[0] seconds, 0 ≤ time < duration) toward the first frame as
   * the loop nears its end. The time comes in a slot, not an argument, so that V8 boxes no
   * double per call (see `sample-track.ts`). Allocates nothing.
   */
  apply(clock: Float64Array, pose: DollPose): void {
    const time = clock[0]!;
    if (time <= this.start) return;
    const u = Math.min(1, (time - this.start) / (this.duration - this.start));
    this.fraction[0] = u * u * (3 - 2 * u);
    const rotations = pose.rotations;
    for (let o = 0; o < this.corrections.length; o += 4) {
      slerpInto(this.identity, 0, this.corrections, o, this.fraction, this.scratch, 0);
      multiplyInto(rotations, o, this.scratch, 0, rotations, o);
    }
    const s = this.fraction[0]!;
    for (let i = 0; i < 3; i++) pose.rootOffset[i]! += s * this.rootJump[i]!;
  }
}
