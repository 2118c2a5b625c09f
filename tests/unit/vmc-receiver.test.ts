/**
 * The VMC receiver over real loopback UDP, fed by a hand-written OSC encoder (not the app's
 * `osc-min`): it decodes
 * and turns poses into our space, ignores unknown addresses, counts and drops malformed
 * packets (a flood of 10,000 in a second included) while still answering, and says plainly
 * when its port is in use.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { OscOutArg } from '../support/osc-by-hand';
import { encodeMessage } from '../support/osc-by-hand';
import type { Logger } from '../../electron/main/host/logger';
import { VmcReceiver } from '../../electron/main/host/vmc/vmc-receiver';
import { vmcBoneIndex } from '../../shared/vmc-bones';
import { isVmcFrame } from '../../shared/vmc-frame';
import { udpSender, vmcBundle } from '../support/vmc-osc';

const warnings: string[] = [];
const logger: Logger = {
  info: () => {},
  warn: (m) => warnings.push(m),
  error: (m) => warnings.push(m),
};
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  warnings.length = 0;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function started(): Promise<{
  receiver: VmcReceiver;
  send: (bytes: Uint8Array) => Promise<void>;
}> {
  const receiver = new VmcReceiver(logger);
  const status = await receiver.start({ port: 0, listen: 'local' });
  expect(status.listening).toBe(true);
  expect(status.address).toBe('127.0.0.1');
  cleanups.push(() => receiver.stop());
  const sender = udpSender(receiver.boundPort()!);
  cleanups.push(() => sender.close());
  return { receiver, send: sender.send };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await sleep(5);
  expect(check()).toBe(true);
}

/** One message by hand; plain numbers are floats, plain strings strings. */
function message(address: string, args: readonly (number | string | OscOutArg)[]): Uint8Array {
  return encodeMessage(
    address,
    args.map((arg): OscOutArg =>
      typeof arg === 'number'
        ? { type: 'f', value: arg }
        : typeof arg === 'string'
          ? { type: 's', value: arg }
          : arg,
    ),
  );
}

describe('VMC receiver', () => {
  it('decodes bone, root and expression messages into our space', async () => {
    const { receiver, send } = await started();
    // Unity: the left arm turned 30° about Unity's Z, hips 0.1 m to Unity's right.
    const s = Math.sin(Math.PI / 12);
    const c = Math.cos(Math.PI / 12);
    await send(
      vmcBundle([
        { name: 'Hips', position: [0.1, 0.9, 0.2], rotation: [0, 0, 0, 1] },
        { name: 'LeftUpperArm', position: [0, 0, 0], rotation: [0, 0, s, c] },
        { name: 'LeftThumbProximal', position: [0, 0, 0], rotation: [s, 0, 0, c] },
        { name: 'NotABone', position: [0, 0, 0], rotation: [0, 0, 0, 1] },
      ]),
    );
    await send(message('/VMC/Ext/Blend/Val', ['Blink', 0.75]));
    await send(message('/VMC/Ext/Some/Other', [1, 2, 3]));
    await send(message('/VMC/Ext/Blend/Apply', []));
    await until(() => receiver.pose.blendNames.length === 1);
    const frame = receiver.takeFrame(0)!;
    expect(isVmcFrame(frame)).toBe(true);
    const arm = 4 * vmcBoneIndex('LeftUpperArm');
    // Mirrored across X: (x, y, z, w) → (x, −y, −z, w).
    expect([...frame.rotations.subarray(arm, arm + 4)].map((v) => +v.toFixed(6))).toEqual([
      0,
      0,
      +(-s).toFixed(6),
      +c.toFixed(6),
    ]);
    const thumb = 4 * vmcBoneIndex('LeftThumbProximal');
    expect(frame.rotations[thumb]).toBeCloseTo(s, 6);
    expect([...frame.hipsPosition].map((v) => +v.toFixed(6))).toEqual([-0.1, 0.9, 0.2]);
    expect(frame.received[vmcBoneIndex('Hips')]).toBe(1);
    expect(frame.received[vmcBoneIndex('RightUpperArm')]).toBe(0);
    expect(frame.blendNames).toEqual(['Blink']);
    expect(frame.blendValues[0]).toBeCloseTo(0.75, 6);
    expect(receiver.pose.loaded).toBe(1);
    // Nothing newer: nothing taken.
    expect(receiver.takeFrame(frame.sequence)).toBeNull();
    const status = receiver.status();
    expect(status.badPackets).toBe(0);
    expect(status.sender).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(status.secondsSinceData).toBeLessThan(1);
  });

  it('counts and drops malformed packets: truncated, wrong type tags, huge sizes', async () => {
    const { receiver, send } = await started();
    const good = vmcBundle([{ name: 'Hips', position: [0, 1, 0], rotation: [0, 0, 0, 1] }]);
    const huge = good.slice();
    new DataView(huge.buffer).setInt32(16, 0x7ffffff0);
    const bad = [
      good.slice(0, good.length - 8),
      huge,
      message('/VMC/Ext/Bone/Pos', [1, 2, 3]), // a number where the bone name belongs
      message('/VMC/Ext/Bone/Pos', ['Hips', 1]), // too few numbers
      message('/VMC/Ext/Bone/Pos', ['Hips', 0, 0, 0, 0, 0, 0, 0]), // zero rotation
      message('/VMC/Ext/Root/Pos', ['root', 0, 0, 0, 0, 0, 0, Number.NaN]),
      message('/VMC/Ext/Bone/Pos', [{ type: 'T' }, 0, 0, 0, 0, 0, 0, 1]), // wrong type tag
      new Uint8Array([0xff, 0xfe, 0xfd, 0xfc]),
    ];
    for (const bytes of bad) await send(bytes);
    await until(() => receiver.status().packets === bad.length);
    expect(receiver.status().badPackets).toBe(bad.length);
    expect(receiver.pose.sequence).toBe(0);
    expect(
      warnings.some((w) => /Dropped a packet from 127\.0\.0\.1:\d+ that is not VMC/.test(w)),
    ).toBe(true);
    await send(good);
    await until(() => receiver.pose.sequence === 1);
    expect(receiver.status().badPackets).toBe(bad.length);
  });

  it('survives a flood of 10,000 packets in a second, still answering', async () => {
    const { receiver, send } = await started();
    const junk = new Uint8Array(64).fill(0x41);
    // 100 bursts of 100, 10 ms apart: 10,000 packets in about a second on an idle machine
    // (a busy one takes longer to send them; the receiver's side is the same).
    for (let burst = 0; burst < 100; burst++) {
      const sends: Promise<void>[] = [];
      for (let i = 0; i < 100; i++) sends.push(send(i % 2 === 0 ? junk : junk.subarray(0, 7)));
      await Promise.all(sends);
      await sleep(10);
    }
    await sleep(200);
    const status = receiver.status();
    // Every packet that reached the socket (the kernel may drop some of a flood) was refused.
    expect(status.packets).toBeGreaterThan(5000);
    expect(status.badPackets).toBe(status.packets);
    // Still answering: a good packet right after is applied.
    await send(vmcBundle([{ name: 'Hips', position: [0, 1, 0], rotation: [0, 0, 0, 1] }]));
    await until(() => receiver.pose.sequence === 1);
    // The log was not flooded.
    expect(warnings.length).toBeLessThan(5);
  });

  it('answers a waiting poll as soon as a packet makes a newer pose, and with none after its wait', async () => {
    const { receiver, send } = await started();
    const hips = (y: number) =>
      vmcBundle([{ name: 'Hips', position: [0, y, 0], rotation: [0, 0, 0, 1] }]);
    // Nothing newer within 50 ms: none.
    const before = performance.now();
    expect(await receiver.waitForFrame(0, 50)).toBeNull();
    expect(performance.now() - before).toBeGreaterThanOrEqual(45);
    // A poll waiting 10 s is answered by the packet, not by its wait running out.
    const waiting = receiver.waitForFrame(0, 10_000);
    const sentAt = performance.now();
    await send(hips(0.8));
    const frame = await waiting;
    expect(performance.now() - sentAt).toBeLessThan(2000);
    expect(frame?.hipsPosition[1]).toBeCloseTo(0.8, 6);
    // Already newer: at once.
    expect((await receiver.waitForFrame(0, 10_000))?.sequence).toBe(frame!.sequence);
    // Closing answers a waiting poll with none.
    const closing = receiver.waitForFrame(frame!.sequence, 10_000);
    await receiver.stop();
    expect(await closing).toBeNull();
  });

  it('says plainly when the port is in use, and listens again once it is free', async () => {
    const first = new VmcReceiver(logger);
    await first.start({ port: 0, listen: 'local' });
    cleanups.push(() => first.stop());
    const port = first.boundPort()!;
    const second = new VmcReceiver(logger);
    cleanups.push(() => second.stop());
    const status = await second.start({ port, listen: 'local' });
    expect(status.listening).toBe(false);
    expect(status.problem).toBe(
      `VMC port ${port} is already in use by another program (another VMC app?). ` +
        'Close that program or choose another port.',
    );
    await first.stop();
    const retry = await second.start({ port, listen: 'local' });
    expect(retry.listening).toBe(true);
    expect(retry.problem).toBeNull();
  });
});
