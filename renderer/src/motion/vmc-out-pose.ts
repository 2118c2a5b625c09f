import { VMC_BONE_COUNT, VMC_BONE_VRM_NAMES } from '../../../shared/vmc-bones';
import type { VmcFrame } from '../../../shared/vmc-frame';
import type { DollSpec } from '../physics/doll-spec';
import type { Vec3 } from '../physics/vector-math';
import type { HumanoidBoneName } from '../rig/humanoid-bones';
import { humanoidKeys, localRotations } from './export/humanoid-keys';
import { HUMANOID_PARENTS } from './humanoid-hierarchy';
import { rotateVectorInto } from './quat-buffer';
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

/**
 * Writes a figure's ragdoll pose as a VMC frame: each humanoid bone's local rotation away
 * from VRM's T-pose (the inverse of how motions drive the figure: `humanoidKeys`), and the
 * hips' position relative to the figure's slot on the floor.
 *
 * Allocates a little per call (the exporter's buffers): it runs at the send rate (30 or
 * 60 Hz), not per physics step.
 *
 * @param partRotations - per part (spec order), the part's world rotation x, y, z, w
 * @param rootCenter - the root part's centre, world metres
 * @param slot - the figure's (x, z) on the floor, metres
 */
export function writeVmcOutPose(
  spec: DollSpec,
  figure: VmcOutFigure,
  partRotations: Float64Array,
  rootCenter: Float64Array,
  slot: readonly [number, number],
  out: VmcOutFrame,
): void {
  const keys = humanoidKeys(
    {
      spec,
      frameRate: 1,
      frameCount: 1,
      sourceFrames: new Int32Array(1),
      rotations: partRotations,
      rootPositions: rootCenter,
    },
    [...HUMANOID_PARENTS.keys()],
    {
      rest: 'tpose',
      figureKind: figure.kind,
      ...(figure.boneOwners ? { boneOwners: figure.boneOwners } : {}),
      ...(figure.hipsOffset ? { hipsOffset: figure.hipsOffset } : {}),
    },
  );
  const { locals } = localRotations(keys, HUMANOID_PARENTS);
  out.received.fill(0);
  keys.bones.forEach((bone, b) => {
    const index = VMC_BONE_VRM_NAMES.indexOf(bone);
    if (index < 0) return;
    out.rotations.set(locals.subarray(4 * b, 4 * b + 4), 4 * index);
    out.received[index] = 1;
  });
  const root = Math.max(
    0,
    spec.parts.findIndex((part) => part.name === spec.rootPart),
  );
  const center = spec.parts[root]!.center;
  const offset = new Float64Array(figure.hipsOffset ?? [-center[0], -center[1], -center[2]]);
  rotateVectorInto(partRotations, 4 * root, offset, 0, offset, 0);
  out.hipsPosition[0] = rootCenter[0]! + offset[0]! - slot[0];
  out.hipsPosition[1] = rootCenter[1]! + offset[1]!;
  out.hipsPosition[2] = rootCenter[2]! + offset[2]! - slot[1];
}
