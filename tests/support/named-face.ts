import type { FaceTarget } from '../../renderer/src/view/face/face-target';

/** A face of plain names with weights, as a model's would be, for tests of the face logic. */
export class NamedFace implements FaceTarget {
  readonly weights: Float64Array;

  constructor(readonly names: readonly string[]) {
    this.weights = new Float64Array(names.length);
  }

  indexOf(name: string): number {
    return this.names.indexOf(name);
  }

  weight(index: number): number {
    return this.weights[index] ?? 0;
  }

  setWeight(index: number, weight: number): void {
    if (index >= 0 && index < this.weights.length)
      this.weights[index] = Math.min(1, Math.max(0, weight));
  }

  setWeightFrom(index: number, from: Float64Array, slot: number): void {
    this.setWeight(index, from[slot]!);
  }

  readWeight(index: number, to: Float64Array, slot: number): void {
    to[slot] = this.weights[index] ?? 0;
  }

  apply(): void {}

  /** The weight of `name` (the test's shorthand). */
  of(name: string): number {
    return this.weights[this.indexOf(name)]!;
  }
}
