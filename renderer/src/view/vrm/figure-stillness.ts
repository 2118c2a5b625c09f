import { TRANSFORM_FLOATS, writePackedTransform } from '../../physics/body-transforms';
import type { BodySource } from '../body-meshes';

/**
 * How far a part may drift from where the avatar was last posed before it counts as moved:
 * metres for positions, quaternion components for rotations. A figure at rest in Rapier is
 * asleep and reads back bit for bit the same; the tolerance covers one that settles awake.
 */
export const STILL_TOLERANCE = 1e-5;

// Per-frame scratch: the check runs every frame for every avatar and allocates nothing.
const position = { x: 0, y: 0, z: 0 };
const rotation = { x: 0, y: 0, z: 0, w: 1 };

/**
 * Tells whether a figure's parts are where they were when its avatar was last posed, so a
 * figure lying still need not be posed again. Compares against the pose of the last
 * {@link remember}, not the previous frame, so a slow creep is noticed once it adds up.
 */
export class FigureStillness {
  private readonly handles: readonly number[];
  /** x, y, z, qx, qy, qz, qw of each part when last remembered. */
  private readonly posed: Float64Array;
  private hasPose = false;

  /** @param handles the figure's part body handles. */
  constructor(
    handles: Iterable<number>,
    private readonly source: BodySource,
  ) {
    this.handles = [...handles];
    this.posed = new Float64Array(this.handles.length * TRANSFORM_FLOATS);
  }

  /**
   * True when every part is within {@link STILL_TOLERANCE} of where it was at the last
   * {@link remember}; false before the first one. Allocates nothing.
   */
  unchanged(): boolean {
    if (!this.hasPose) return false;
    const posed = this.posed;
    for (let i = 0; i < this.handles.length; i++) {
      if (!this.source.readTransform(this.handles[i]!, position, rotation)) return false;
      const o = i * TRANSFORM_FLOATS;
      if (
        Math.abs(position.x - posed[o]!) > STILL_TOLERANCE ||
        Math.abs(position.y - posed[o + 1]!) > STILL_TOLERANCE ||
        Math.abs(position.z - posed[o + 2]!) > STILL_TOLERANCE ||
        Math.abs(rotation.x - posed[o + 3]!) > STILL_TOLERANCE ||
        Math.abs(rotation.y - posed[o + 4]!) > STILL_TOLERANCE ||
        Math.abs(rotation.z - posed[o + 5]!) > STILL_TOLERANCE ||
        Math.abs(rotation.w - posed[o + 6]!) > STILL_TOLERANCE
      ) {
        return false;
      }
    }
    return true;
  }

  /** Stores every part's current transform as the posed one. Allocates nothing. */
  remember(): void {
    const posed = this.posed;
    for (let i = 0; i < this.handles.length; i++) {
      if (!this.source.readTransform(this.handles[i]!, position, rotation)) continue;
      writePackedTransform(posed, i * TRANSFORM_FLOATS, position, rotation);
    }
    this.hasPose = true;
  }
}
