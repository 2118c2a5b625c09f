import type { Object3D } from 'three';

/**
 * Largest change of a spring bone's local rotation (quaternion component) between two frames
 * that still counts as at rest. Far below what a person sees: 1e-4 is about 0.01°.
 */
export const SPRING_REST_TOLERANCE = 1e-4;
/** Frames in a row the springs must stay within the tolerance before they count as at rest. */
export const SPRING_REST_FRAMES = 30;

/**
 * Watches a model's spring bones (hair, skirts) come to rest: after each spring update,
 * {@link observe} compares every spring bone's local rotation with the previous frame's.
 * Once none has moved more than {@link SPRING_REST_TOLERANCE} for {@link SPRING_REST_FRAMES}
 * frames in a row, {@link atRest} is true, until {@link wake}.
 */
export class SpringRest {
  private readonly bones: readonly Object3D[];
  private readonly previous: Float64Array;
  private quietFrames = 0;
  private observed = false;

  /** @param bones the spring joints' bones (their local rotations are what the springs move). */
  constructor(bones: Iterable<Object3D>) {
    this.bones = [...bones];
    this.previous = new Float64Array(this.bones.length * 4);
  }

  /** True once the springs have been still for {@link SPRING_REST_FRAMES} frames. */
  get atRest(): boolean {
    return this.quietFrames >= SPRING_REST_FRAMES;
  }

  /** True when the last {@link observe} found no spring bone moving. */
  get quiet(): boolean {
    return this.quietFrames > 0;
  }

  /** Call after each spring update. Allocates nothing. */
  observe(): void {
    let largest = 0;
    const previous = this.previous;
    for (let i = 0; i < this.bones.length; i++) {
      const q = this.bones[i]!.quaternion;
      const o = i * 4;
      largest = Math.max(
        largest,
        Math.abs(q.x - previous[o]!),
        Math.abs(q.y - previous[o + 1]!),
        Math.abs(q.z - previous[o + 2]!),
        Math.abs(q.w - previous[o + 3]!),
      );
      previous[o] = q.x;
      previous[o + 1] = q.y;
      previous[o + 2] = q.z;
      previous[o + 3] = q.w;
    }
    this.quietFrames = this.observed && largest <= SPRING_REST_TOLERANCE ? this.quietFrames + 1 : 0;
    this.observed = true;
  }

  /** Something moved the model: the springs must run again until they settle anew. */
  wake(): void {
    this.quietFrames = 0;
  }
}
