import { Quaternion } from 'three';
import type { AppendPlan } from '../../rig/mmd/bone-finish-plan';
import type { MmdBonePoseState } from './mmd-bone-pose-state';

const IDENTITY = new Quaternion();
const inherited = new Quaternion();

/**
 * Sets bone `index`'s inherited (付与) rotation and move from its source, as MMD does (read
 * from babylon-mmd's append solver): a share `ratio` of the source's own rotation (and IK
 * rotation), or, for a source that itself inherits, of its own rotation with what it inherited;
 * a local append takes the source's whole world rotation, or its move away from rest, instead.
 * The ratio may be negative (a cancel bone) or above 1. Does not place the bone.
 */
export function inheritAppend(state: MmdBonePoseState, index: number, plan: AppendPlan): void {
  const source = plan.source;
  if (plan.rotation) {
    if (plan.local) {
      inherited.copy(state.rotations[source]!);
    } else {
      inherited
        .copy(state.ownRotation[source]!)
        .multiply(state.appendRotation[source]!)
        .premultiply(state.ikRotation[source]!);
    }
    state.appendRotation[index]!.copy(IDENTITY).slerp(inherited, plan.ratio);
  }
  if (plan.translation) {
    const move = state.appendMove[index]!;
    if (plan.local) move.copy(state.positions[source]!).sub(state.restWorld[source]!);
    else move.copy(state.ownMove[source]!).add(state.appendMove[source]!);
    move.multiplyScalar(plan.ratio);
  }
}
