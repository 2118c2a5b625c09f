import { VMC_BONE_COUNT, VMC_BONE_VRM_NAMES } from '../../../shared/vmc-bones';
import type { VmcFrame } from '../../../shared/vmc-frame';
import type { DollSpec } from '../physics/doll-spec';
import type { Vec3 } from '../physics/vector-math';
import type { HumanoidBoneName } from '../rig/humanoid-bones';
import type { HumanoidKeyPlan } from './export/humanoid-keys';
import {
  exportedParents,
  humanoidKeyPlan,
  writeHumanoidWorlds,
  writeLocalRotations,
} from './export/humanoid-keys';
import { HUMANOID_PARENTS } from './humanoid-hierarchy';
import type { FigureKind } from './rest-offsets';

/** A {@link VmcFrame} whose buffers the writer fills (the contract's fields, mutable). */
export interface VmcOutFrame extends VmcFrame {
  readonly rotations: Float64Array;
  readonly received: Uint8Array;
  readonly hipsPosition: Float64Array;
  blendNames: readonly string[];
  blendValues: Float64Array;
}

/** What is known of the figure beyond its spec (as for exporting a motion). */
export interface VmcOutFigure {
  readonly kind: FigureKind;
  /** A VRM avatar's humanoid bones and the part each follows: every one of them is sent. */
  readonly boneOwners?: ReadonlyMap<HumanoidBoneName, string>;
  /** The hips relative to the root part's centre at rest, metres (default: the doll's origin). */
  readonly hipsOffset?: Vec3;
}

/** An empty out frame: no bones, identity root at the origin. */
export function createVmcOutFrame(): VmcOutFrame {
  return {
    sequence: 0,
    rotations: new Float64Array(VMC_BONE_COUNT * 4),
    received: new Uint8Array(VMC_BONE_COUNT),
    hipsPosition: new Float64Array(3),
    rootPosition: new Float64Array(3),
    rootRotation: new Float64Array([0, 0, 0, 1]),
    blendNames: [],
    blendValues: new Float64Array(0),
  };
}

/** One figure's bones as {@link VmcOutPoseWriter} sends them, worked out once. */
interface OutPlan {
  readonly spec: DollSpec;
  readonly kind: FigureKind;
  readonly boneOwners: VmcOutFigure['boneOwners'];
  readonly hipsOffset: VmcOutFigure['hipsOffset'];
  readonly keys: HumanoidKeyPlan;
  readonly parents: Int32Array;
  /** Per bone of the plan, its index in `VMC_BONES`, or -1. */
  readonly vmcIndex: Int32Array;
  readonly worlds: Float64Array;
  readonly locals: Float64Array;
}

const ORDER = [...HUMANOID_PARENTS.keys()];

/**
 * Writes a figure's ragdoll pose as a VMC frame: each humanoid bone's local rotation away
 * from VRM's T-pose (the inverse of how motions drive the figure: the same math as a motion
 * export, `humanoid-keys.ts`), and the hips' position relative to the figure's slot on the
 * floor. Working out a figure's bones allocates, once per figure; each send after allocates
 * nothing.
 */
export class VmcOutPoseWriter {
  private plan: OutPlan | null = null;
  private readonly q = new Float64Array(16);
  private readonly inverse = new Float64Array(4);
  private readonly hips = new Float64Array(3);

  /**
   * @param partRotations - per part (spec order), the part's world rotation x, y, z, w
   * @param rootCenter - the root part's centre, world metres
   * @param slot - the figure's (x, z) on the floor, metres
   */
  write(
    spec: DollSpec,
    figure: VmcOutFigure,
    partRotations: Float64Array,
    rootCenter: Float64Array,
    slot: readonly [number, number],
    out: VmcOutFrame,
  ): void {
    const plan = this.planFor(spec, figure);
    writeHumanoidWorlds(
      plan.keys,
      partRotations,
      0,
      rootCenter,
      0,
      plan.worlds,
      0,
      this.hips,
      0,
      this.q,
    );
    writeLocalRotations(plan.parents, plan.worlds, 0, plan.locals, 0, this.inverse);
    out.received.fill(0);
    const vmcIndex = plan.vmcIndex;
    for (let b = 0; b < vmcIndex.length; b++) {
      const index = vmcIndex[b]!;
      if (index < 0) continue;
      for (let c = 0; c < 4; c++) out.rotations[4 * index + c] = plan.locals[4 * b + c]!;
      out.received[index] = 1;
    }
    const hips = this.hips;
    out.hipsPosition[0] = hips[0]! - slot[0];
    out.hipsPosition[1] = hips[1]!;
    out.hipsPosition[2] = hips[2]! - slot[1];
  }

  private planFor(spec: DollSpec, figure: VmcOutFigure): OutPlan {
    const cached = this.plan;
    if (
      cached &&
      cached.spec === spec &&
      cached.kind === figure.kind &&
      cached.boneOwners === figure.boneOwners &&
      cached.hipsOffset === figure.hipsOffset
    )
      return cached;
    const keys = humanoidKeyPlan(spec, ORDER, {
      rest: 'tpose',
      figureKind: figure.kind,
      ...(figure.boneOwners ? { boneOwners: figure.boneOwners } : {}),
      ...(figure.hipsOffset ? { hipsOffset: figure.hipsOffset } : {}),
    });
    const plan: OutPlan = {
      spec,
      kind: figure.kind,
      boneOwners: figure.boneOwners,
      hipsOffset: figure.hipsOffset,
      keys,
      parents: exportedParents(keys.bones, HUMANOID_PARENTS),
      vmcIndex: Int32Array.from(keys.bones, (bone) => VMC_BONE_VRM_NAMES.indexOf(bone)),
      worlds: new Float64Array(keys.bones.length * 4),
      locals: new Float64Array(keys.bones.length * 4),
    };
    this.plan = plan;
    return plan;
  }
}

const sharedWriter = new VmcOutPoseWriter();

/**
 * {@link VmcOutPoseWriter.write} with one writer shared by its callers (the simulator and the
 * tests send one figure): allocation-free after the first call for a figure.
 */
export function writeVmcOutPose(
  spec: DollSpec,
  figure: VmcOutFigure,
  partRotations: Float64Array,
  rootCenter: Float64Array,
  slot: readonly [number, number],
  out: VmcOutFrame,
): void {
  sharedWriter.write(spec, figure, partRotations, rootCenter, slot, out);
}
