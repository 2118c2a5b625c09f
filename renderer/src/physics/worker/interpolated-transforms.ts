import { BodyTransforms } from '../body-transforms';
import type { TransformReader } from '../body-transforms';
import { slerpQuat } from '../motion/rotation-math';
import type { QuatLike, Vec3Like } from '../vector-math';

/**
 * The two newest states a physics thread sent, read in between by the frame's time. A thread
 * on its own clock finishes steps at 120 Hz while the page draws at 60 or 144 Hz, so drawing
 * only the newest state would show one, two or three steps of motion from frame to frame;
 * drawing the moment one state-interval behind the newest, blended between the two states
 * around it, moves every body evenly, at the cost of at most that interval (one step when the
 * thread keeps up) of delay.
 *
 * Positions are blended linearly and rotations along the shorter arc (`slerpQuat`). Where the
 * two states hold other bodies (one came or went in between) the newest is read as it is. Reads
 * allocate nothing.
 */
export class InterpolatedTransforms implements TransformReader {
  private older = new BodyTransforms(0);
  private newer = new BodyTransforms(0);
  private olderSeconds = 0;
  private newerSeconds = 0;
  private newerArrivedMs = 0;
  private blend = 1;
  private readonly olderPosition: Vec3Like = { x: 0, y: 0, z: 0 };
  private readonly olderRotation: QuatLike = { x: 0, y: 0, z: 0, w: 1 };

  /** The newest state, read exactly as the thread sent it. */
  get newest(): TransformReader {
    return this.newer;
  }

  /** How far the last {@link sample} put the frame from the older state to the newer (0-1). */
  get alpha(): number {
    return this.blend;
  }

  /**
   * Takes the thread's newest state: `data` packed as `BodyTransforms` (its `handles` with every
   * change of `layoutVersion`), stepped up to `simSeconds`, arriving at `nowMs`.
   *
   * @returns the buffer no longer read (the state before the older one), to hand back to the
   *   thread for filling again; undefined for the first two states.
   */
  push(
    data: Float64Array<ArrayBuffer>,
    layoutVersion: number,
    handles: readonly number[] | undefined,
    simSeconds: number,
    nowMs: number,
  ): Float64Array<ArrayBuffer> | undefined {
    const retired = this.older;
    const freed = retired.data.length > 0 ? retired.data : undefined;
    this.older = this.newer;
    this.newer = retired;
    // Handles come only with a change of layout since the last state, which `older` now holds.
    const known = layoutVersion === this.older.version ? this.older.handles : undefined;
    this.newer.adopt(data, layoutVersion, handles ?? known);
    this.olderSeconds = this.newerSeconds;
    this.newerSeconds = simSeconds;
    this.newerArrivedMs = nowMs;
    return freed === data ? undefined : freed;
  }

  /**
   * Places the frame being drawn at `nowMs`: one state-interval behind the newest state, moved
   * on by the wall time since it arrived (TIME scale `timeScale`), never past it.
   */
  sample(nowMs: number, timeScale: number): void {
    const interval = this.newerSeconds - this.olderSeconds;
    if (interval <= 0 || this.older.version !== this.newer.version) {
      this.blend = 1;
      return;
    }
    const since = Math.max(0, ((nowMs - this.newerArrivedMs) / 1000) * timeScale);
    this.blend = Math.min(1, since / interval);
  }

  read(handle: number, position: Vec3Like, rotation: QuatLike): boolean {
    if (!this.newer.read(handle, position, rotation)) return false;
    const t = this.blend;
    if (t >= 1) return true;
    const p = this.olderPosition;
    const q = this.olderRotation;
    if (!this.older.read(handle, p, q)) return true;
    position.x = p.x + (position.x - p.x) * t;
    position.y = p.y + (position.y - p.y) * t;
    position.z = p.z + (position.z - p.z) * t;
    slerpQuat(q, rotation, t, rotation);
    return true;
  }
}
