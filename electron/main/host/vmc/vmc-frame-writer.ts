/**
 * Writes one pose as the VMC messages a sender sends each frame: `/VMC/Ext/OK 1`,
 * `/VMC/Ext/T`, `/VMC/Ext/Root/Pos`, `/VMC/Ext/Bone/Pos` for every bone the pose has, and the
 * expressions with `/VMC/Ext/Blend/Val` and `/VMC/Ext/Blend/Apply`, packed into bundles that
 * each fit one datagram. Positions and rotations are turned into Unity's space here.
 */

import { VMC_BONES, VMC_BONE_COUNT } from '../../../../shared/vmc-bones';
import { mirrorPosition, mirrorRotation } from '../../../../shared/vmc-coordinates';
import type { VmcFrame } from '../../../../shared/vmc-frame';
import type { OscOutArg } from './osc-codec';
import { OscBundleWriter } from './osc-codec';

const unity = new Float64Array(7);

function poseArgs(
  name: string,
  position: Float64Array,
  rotation: Float64Array,
  ro: number,
): OscOutArg[] {
  mirrorPosition(position, 0, unity, 0);
  mirrorRotation(rotation, ro, unity, 3);
  return [
    { type: 's', value: name },
    ...Array.from(unity, (value): OscOutArg => ({ type: 'f', value })),
  ];
}

const ZERO = new Float64Array(3);

/** Encodes VMC frames; one per sender (it reuses its buffer). */
export class VmcFrameWriter {
  private readonly writer: OscBundleWriter;

  /** @param maxBytes - the most bytes per datagram (default 1,400) */
  constructor(maxBytes?: number) {
    this.writer = new OscBundleWriter(maxBytes);
  }

  /**
   * The datagrams for `frame` at `time` seconds since sending began (valid until the next call).
   * Bones are those `frame.received` marks; the hips carry `frame.hipsPosition`.
   */
  write(frame: VmcFrame, time: number): readonly Uint8Array[] {
    const w = this.writer;
    w.message('/VMC/Ext/OK', [{ type: 'i', value: 1 }]);
    w.message('/VMC/Ext/T', [{ type: 'f', value: time }]);
    w.message('/VMC/Ext/Root/Pos', poseArgs('root', frame.rootPosition, frame.rootRotation, 0));
    for (let i = 0; i < VMC_BONE_COUNT; i++) {
      if (frame.received[i] === 0) continue;
      const position = i === 0 ? frame.hipsPosition : ZERO;
      w.message('/VMC/Ext/Bone/Pos', poseArgs(VMC_BONES[i]!, position, frame.rotations, 4 * i));
    }
    if (frame.blendNames.length > 0) {
      frame.blendNames.forEach((name, i) =>
        w.message('/VMC/Ext/Blend/Val', [
          { type: 's', value: name },
          { type: 'f', value: frame.blendValues[i]! },
        ]),
      );
      w.message('/VMC/Ext/Blend/Apply', []);
    }
    return w.take();
  }
}
