import type { FaceTarget } from './face-target';
import type { ExpressionFace } from './vmc-expression-names';
import { sentExpressionName } from './vmc-expression-names';

/** A figure's face as VMC out sends it. */
export interface VmcOutFace {
  readonly target: FaceTarget;
  readonly kind: ExpressionFace;
  /** For a VRM figure, its VRM version (three-vrm's `meta.metaVersion`); `'1'` otherwise. */
  readonly vrmVersion: '0' | '1';
}

/** Where the sent expressions go (a `VmcOutFrame`'s fields). */
export interface VmcOutBlendFields {
  blendNames: readonly string[];
  blendValues: Float64Array;
}

const NO_NAMES: readonly string[] = [];
const NO_VALUES = new Float64Array(0);

/**
 * Writes a figure's face, as it is now, into the expressions a VMC frame sends
 * (`/VMC/Ext/Blend/Val` each, then `/VMC/Ext/Blend/Apply`): VRM 1.0 names for a VRM 1.0
 * figure, VRM 0.x names for a VRM 0.x figure, and an MMD figure's standard morphs as the VRM
 * 1.0 presets they stand for (two morphs on one preset send the larger). Every expression is
 * sent every frame, as the common senders do (VirtualMotionCapture, VSeeFace): a lost datagram
 * costs one frame, and a receiver that joins late has the whole face at once. Naming the face
 * allocates, once per face; each frame after allocates nothing.
 */
export class VmcOutBlends {
  private face: FaceTarget | null = null;
  private names: readonly string[] = NO_NAMES;
  /** Per face index, the slot in {@link names} it sends to, or -1. */
  private slots = new Int32Array(0);
  private values: Float64Array = NO_VALUES;
  private readonly weight = new Float64Array(1);

  /** Fills `out` with `face`'s expressions (none without a face). */
  write(face: VmcOutFace | null, out: VmcOutBlendFields): void {
    if (!face) {
      out.blendNames = NO_NAMES;
      out.blendValues = NO_VALUES;
      return;
    }
    if (face.target !== this.face) this.bind(face);
    const target = face.target;
    const slots = this.slots;
    const values = this.values;
    const weight = this.weight;
    values.fill(0);
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      if (slot < 0) continue;
      target.readWeight(i, weight, 0);
      if (weight[0]! > values[slot]!) values[slot] = weight[0]!;
    }
    out.blendNames = this.names;
    out.blendValues = values;
  }

  private bind(face: VmcOutFace): void {
    const target = face.target;
    this.face = target;
    const names: string[] = [];
    this.slots = Int32Array.from(target.names, (_, index) => {
      const name = sentExpressionName(target, face.kind, index, face.vrmVersion);
      if (name === null) return -1;
      const slot = names.indexOf(name);
      if (slot >= 0) return slot;
      names.push(name);
      return names.length - 1;
    });
    this.names = names;
    this.values = new Float64Array(names.length);
  }
}
