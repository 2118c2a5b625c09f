/**
 * The receiver's fast reading of the usual VMC messages (straight from the bytes) against
 * `osc-min` decoding the same datagrams: the same pose, expressions and sender time from a
 * sender's frames made by the hand-written encoder in tests/support; the same packets refused
 * (as `OscError`) and the same state after 2,000 random mutations; and packets it does not
 * read itself (doubles, another argument layout) still read, by `osc-min`.
 */
import { describe, expect, it } from 'vitest';
import { OscError } from '../../electron/main/host/vmc/osc-codec';
import { VmcFastReader } from '../../electron/main/host/vmc/vmc-fast-reader';
import { VmcPoseState } from '../../electron/main/host/vmc/vmc-pose-state';
import { VMC_BONES } from '../../shared/vmc-bones';
import { OscBundleWriter } from '../support/osc-by-hand';
import type { OscOutArg } from '../support/osc-by-hand';
import { vmcBundle } from '../support/vmc-osc';

/** A full frame: every bone turned, hips moved, expressions, extra VMC messages senders add. */
function senderFrame(seed: number): Uint8Array {
  const bones = VMC_BONES.map((name, i) => {
    const angle = 0.02 * i + seed;
    return {
      name,
      position: [0.01 * i, name === 'Hips' ? 0.9 : 0, -0.02 * i] as [number, number, number],
      rotation: [Math.sin(angle / 2), 0, 0.1, Math.cos(angle / 2)] as [
        number,
        number,
        number,
        number,
      ],
    };
  });
  return vmcBundle(bones, seed, { Joy: 0.25 * seed, A: 1.5, Blink_L: -1, まばたき: 0.5 });
}

function state(readFast: boolean, packets: readonly Uint8Array[]): VmcPoseState {
  const pose = new VmcPoseState(readFast);
  for (const packet of packets) pose.applyPacket(packet);
  return pose;
}

function expectSame(a: VmcPoseState, b: VmcPoseState): void {
  expect(a.snapshot()).toEqual(b.snapshot());
  expect(a.senderTime).toBe(b.senderTime);
  expect(a.loaded).toBe(b.loaded);
}

describe('the fast VMC reader', () => {
  it('reads a sender’s frames to the same pose as osc-min', () => {
    const packets = [senderFrame(0.5), senderFrame(1)];
    const reader = new VmcFastReader();
    expect(reader.read(packets[0]!)).toBe(true);
    // OK, T, Root/Pos, 55 bones, 4 expressions and Apply.
    expect(reader.count).toBe(3 + VMC_BONES.length + 4 + 1);
    const fast = state(true, packets);
    expectSame(fast, state(false, packets));
    expect(fast.blendNames).toEqual(['Joy', 'A', 'Blink_L', 'まばたき']);
    expect([...fast.blendValues]).toEqual([0.25, 1, 0, 0.5]);
    expect(fast.senderTime).toBe(1);
    expect(fast.loaded).toBe(1);
  });

  it('leaves other layouts to osc-min, which reads them', () => {
    const writer = new OscBundleWriter(65000);
    const double = (value: number): OscOutArg => ({ type: 'd', value });
    writer.message('/VMC/Ext/Bone/Pos', [
      { type: 's', value: 'LeftUpperArm' },
      ...[0, 0, 0, 0, 0, Math.SQRT1_2, Math.SQRT1_2].map(double),
    ]);
    writer.message('/VMC/Ext/OK', [
      { type: 'i', value: 1 },
      { type: 'i', value: 3 },
    ]);
    writer.message('/VMC/Ext/Hmd/Pos', [{ type: 's', value: 'hmd' }, double(1)]);
    const packet = writer.take()[0]!.slice();
    expect(new VmcFastReader().read(packet)).toBe(false);
    const pose = state(true, [packet]);
    expectSame(pose, state(false, [packet]));
    expect(pose.received[VMC_BONES.indexOf('LeftUpperArm')]).toBe(1);
  });

  it('refuses what osc-min refuses and takes what it takes, over 2,000 mutated frames', () => {
    const base = senderFrame(0.75);
    let seed = 777;
    const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const fast = new VmcPoseState(true);
    const slow = new VmcPoseState(false);
    let refused = 0;
    let read = 0;
    const reader = new VmcFastReader();
    for (let i = 0; i < 2_000; i++) {
      const length = random() < 0.2 ? 4 * Math.floor((random() * base.length) / 4) : base.length;
      const copy = base.slice(0, length);
      for (let k = 0; k < 3; k++)
        copy[Math.floor(random() * copy.length)] = Math.floor(random() * 256);
      if (reader.read(copy)) read++;
      const outcome = (pose: VmcPoseState): string => {
        try {
          pose.applyPacket(copy);
          return 'applied';
        } catch (error) {
          expect(error).toBeInstanceOf(OscError);
          return 'refused';
        }
      };
      const a = outcome(fast);
      expect(a).toBe(outcome(slow));
      if (a === 'refused') refused++;
    }
    expectSame(fast, slow);
    expect(refused).toBeGreaterThan(100);
    // Most mutations leave the layout alone (a changed number or name): read fast.
    expect(read).toBeGreaterThan(500);
  });
});
