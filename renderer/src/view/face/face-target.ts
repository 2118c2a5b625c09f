/**
 * A figure's face as the face logic sees it: named weights, 0–1, whatever the model stores
 * them as (VRM expressions, MMD morphs). Names are resolved to indices once, at load; the
 * per-frame calls take indices so they allocate nothing.
 *
 * Several writers share one face each frame (blinking, gaze, reactions, a motion's face
 * tracks, the timeline showing a recorded frame); each sets the weights it owns and the
 * avatar calls {@link FaceTarget.apply} once, after all of them.
 */
export interface FaceTarget {
  /** Every name this face has, as the model spells it (VRM expression or MMD morph name). */
  readonly names: readonly string[];
  /** Index of `name` in {@link names}, or -1 when the model lacks it. */
  indexOf(name: string): number;
  /** The weight last set at `index`, 0–1. */
  weight(index: number): number;
  /** Sets the weight at `index`, clamped to 0–1; drawn at the next {@link apply}. */
  setWeight(index: number, weight: number): void;
  /**
   * {@link setWeight} to `from[slot]`, and {@link weight} into `to[slot]`: what the per-frame
   * writers use, since a fractional number handed to or returned from a call V8 does not
   * inline is boxed on the heap, and these hand none.
   */
  setWeightFrom(index: number, from: Float64Array, slot: number): void;
  readWeight(index: number, to: Float64Array, slot: number): void;
  /** Writes the weights to what is drawn (expression manager, morph target influences). */
  apply(): void;
}
