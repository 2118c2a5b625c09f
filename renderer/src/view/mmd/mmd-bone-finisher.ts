import type { Quaternion, Vector3 } from 'three';
import type { MmdBone } from '../../formats/mmd/mmd-model';
import type { Vec3 } from '../../physics/vector-math';
import type { BoneFinishPlan } from '../../rig/mmd/bone-finish-plan';
import { planBoneFinish } from '../../rig/mmd/bone-finish-plan';
import { inheritAppend } from './mmd-append-step';
import { MmdBonePoseState } from './mmd-bone-pose-state';
import { solveIk } from './mmd-ik-step';

/**
 * Finishes an MMD skeleton the way MMD does once the physics has posed the bones it owns:
 * in MMD's order (after physics, deform layer, index), each bone takes its inherited (付与)
 * rotation and move and each IK chain is solved (see `inheritAppend`, `solveIk`), and what
 * follows a moved bone is moved with it. Bones the physics owns keep the world pose it gave
 * them. Works on the pose writer's world arrays in place; allocates nothing per frame.
 */
export class MmdBoneFinisher {
  private readonly plan: BoneFinishPlan;
  private readonly state: MmdBonePoseState;

  /**
   * @param parents - each bone's parent as built into the drawn hierarchy, −1 for a root
   * @param restDoll - rest positions in the figure's world at rest, metres
   * @param owned - true for bones the physics poses
   * @param positions - world positions, read and written
   * @param rotations - world rotations, read and written
   */
  constructor(
    bones: readonly MmdBone[],
    parents: readonly number[],
    restDoll: readonly Vec3[],
    owned: readonly boolean[],
    positions: readonly Vector3[],
    rotations: readonly Quaternion[],
  ) {
    this.plan = planBoneFinish(bones, parents, owned);
    this.state = new MmdBonePoseState(parents, restDoll, owned, this.plan, positions, rotations);
  }

  /** True when the model has anything to finish (an inheritance or an IK chain that can act). */
  get active(): boolean {
    return this.plan.steps.length > 0;
  }

  /** Applies inheritance and IK to the world pose the writer left. */
  finish(): void {
    if (!this.active) return;
    const { steps, appends, iks } = this.plan;
    const state = this.state;
    state.capture();
    for (let s = 0; s < steps.length; s++) {
      const bone = steps[s]!;
      const append = appends[bone];
      if (append && !state.owned[bone]) {
        inheritAppend(state, bone, append);
        state.moved(bone);
      }
      const ik = iks[bone];
      if (ik) solveIk(state, bone, ik);
    }
  }
}
