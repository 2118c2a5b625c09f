import type { VRMExpression, VRMExpressionManager } from '@pixiv/three-vrm';
import type { FaceTarget } from './face-target';

/**
 * A VRM's expressions as a {@link FaceTarget}: weights go straight onto three-vrm's
 * expressions, which `expressionManager.update()` draws (the avatar calls it each frame), so
 * {@link apply} has nothing left to do. A model without expressions has an empty face.
 */
export class VrmFaceTarget implements FaceTarget {
  readonly names: readonly string[];
  private readonly expressions: readonly VRMExpression[];

  constructor(manager: VRMExpressionManager | null | undefined) {
    this.expressions = manager ? [...manager.expressions] : [];
    this.names = this.expressions.map((expression) => expression.expressionName);
  }

  indexOf(name: string): number {
    return this.names.indexOf(name);
  }

  weight(index: number): number {
    return this.expressions[index]?.weight ?? 0;
  }

  setWeight(index: number, weight: number): void {
    const expression = this.expressions[index];
    if (expression) expression.weight = weight < 0 ? 0 : weight > 1 ? 1 : weight;
  }

  setWeightFrom(index: number, from: Float64Array, slot: number): void {
    const expression = this.expressions[index];
    if (!expression) return;
    const weight = from[slot]!;
    expression.weight = weight < 0 ? 0 : weight > 1 ? 1 : weight;
  }

  readWeight(index: number, to: Float64Array, slot: number): void {
    const expression = this.expressions[index];
    to[slot] = expression ? expression.weight : 0;
  }

  apply(): void {
    // three-vrm's expression manager draws the weights in its own update.
  }
}
