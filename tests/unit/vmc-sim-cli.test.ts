/**
 * VMC through the physics, over real loopback UDP with the packets made and read by a
 * hand-written OSC codec, not the app's `osc-min` (see tests/support/vmc-osc.ts), on the real Rapier WASM: a sender raises the
 * figure's arm and the figure follows; the sent stream decodes to the figure's pose; and the
 * simulator's --vmc-in and --vmc-out runs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { VmcReceiver } from '../../electron/main/host/vmc/vmc-receiver';
import { VmcSender } from '../../electron/main/host/vmc/vmc-sender';
import type { Logger } from '../../electron/main/host/logger';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { createDollPose } from '../../renderer/src/physics/motion/doll-motion';
import { createLiveVmcMotion } from '../../renderer/src/motion/live-vmc-motion';
import { createVmcOutFrame, writeVmcOutPose } from '../../renderer/src/motion/vmc-out-pose';
import { VMC_BONES, VMC_BONE_COUNT } from '../../shared/vmc-bones';
import { loadRapier } from '../support/rapier';
import { simInProcess } from '../support/sim-process';
import type { WireBone } from '../support/vmc-osc';
import {
  readMessages,
  toUnityRotation,
  udpCollector,
  udpSender,
  vmcBundle,
} from '../support/vmc-osc';

const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A standing pose (our space): every body bone at the T-pose, the left arm raised by `angle` rad. */
function pose(armAngle: number): WireBone[] {
  const names = ['Hips', 'Spine', 'Chest', 'Neck', 'Head', 'LeftUpperArm', 'RightUpperArm'];
  const raised = [0, 0, Math.sin(armAngle / 2), Math.cos(armAngle / 2)]; // about +Z: +X arm goes up
  return names.map((name) => ({
    name,
    position: name === 'Hips' ? [0, 0.9, 0] : [0, 0, 0],
    rotation: toUnityRotation(name === 'LeftUpperArm' ? raised : [0, 0, 0, 1]),
  }));
}

/** Angle between two unit quaternions, radians. */
function angleBetween(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const dot = Math.abs(a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]! + a[3]! * b[3]!);
  return 2 * Math.acos(Math.min(1, dot));
}

async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await sleep(5);
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

describe('VMC in, through the physics', () => {
  it('a sender raises the left arm and the figure follows within 0.15 rad', async () => {
    const rapier = await loadRapier();
    const receiver = new VmcReceiver(quiet);
    await receiver.start({ port: 0, listen: 'local' });
    cleanups.push(() => receiver.stop());
    const sender = udpSender(receiver.boundPort()!);
    cleanups.push(() => sender.close());
    const sandbox = new Sandbox(rapier, { maxFigures: 2 });
    cleanups.push(() => sandbox.dispose());
    const figure = sandbox.addFigure(BOX_DOLL);
    sandbox.reset();
    const motion = createLiveVmcMotion(BOX_DOLL, 'box');
    const arm = BOX_DOLL.parts.findIndex((part) => part.name === 'armL_up');
    const target = createDollPose(BOX_DOLL.parts.length);

    const follow = async (armAngle: number) => {
      const before = receiver.pose.sequence;
      await sender.send(vmcBundle(pose(armAngle)));
      await waitFor(() => receiver.pose.sequence > before, 'the packet');
      motion.update(receiver.pose);
      if (sandbox.motion.of(figure) === null) sandbox.motion.set(figure, motion);
      sandbox.run(2);
      motion.sample(0, target);
      const q = figure.ragdoll.parts[arm]!.body.rotation();
      return {
        error: angleBetween([q.x, q.y, q.z, q.w], target.rotations.subarray(4 * arm, 4 * arm + 4)),
        rotation: [q.x, q.y, q.z, q.w],
      };
    };
    const level = await follow(0);
    expect(level.error).toBeLessThan(0.15);
    const raised = await follow(Math.PI / 4);
    expect(raised.error).toBeLessThan(0.15);
    // It really moved: from level to 45° up is a 0.79 rad turn.
    expect(angleBetween(level.rotation, raised.rotation)).toBeGreaterThan(0.6);
    expect(sandbox.motion.state(figure)).toBe('following');
  });

  it('sim --vmc-in follows a live sender and reports the VMC numbers', async () => {
    const receiverPort = 39600 + Math.floor(Math.random() * 300);
    const sender = udpSender(receiverPort);
    cleanups.push(() => sender.close());
    let sent = 0;
    const timer = setInterval(() => {
      sent++;
      void sender.send(vmcBundle(pose(Math.PI / 4), sent / 60));
      if (sent % 4 === 0) void sender.send(new Uint8Array([1, 2, 3])); // not OSC
    }, 1000 / 60);
    cleanups.push(() => clearInterval(timer));
    const run = await simInProcess('--vmc-in', String(receiverPort), '--seconds', '3', '--json');
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    // About 200 on an idle machine; a busy one runs the sender (in this process, beside the
    // simulator) far slower.
    expect(result.vmcPackets).toBeGreaterThan(5);
    expect(result.vmcBadPackets).toBeGreaterThan(0);
    expect(result.vmcBadPackets).toBeLessThan(result.vmcPackets / 2);
    expect(result.vmcSender).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(result.liveTrackingErrorRad).toBeGreaterThan(0);
    expect(result.liveTrackingErrorRad).toBeLessThan(0.15);
    expect(result.falls).toBe(0);
    expect(result.nanCount).toBe(0);
  });

  it('sim --vmc-in on a port in use exits 1 with a clear message', async () => {
    const receiver = new VmcReceiver(quiet);
    await receiver.start({ port: 0, listen: 'local' });
    cleanups.push(() => receiver.stop());
    const run = await simInProcess('--vmc-in', String(receiver.boundPort()), '--seconds', '1');
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/VMC port \d+ is already in use by another program/);
    expect(run.stdout).toBe('');
  });
});

describe('VMC out', () => {
  it('the sent stream decodes (by hand) to the figure’s pose within 1e-4', async () => {
    const rapier = await loadRapier();
    const collector = await udpCollector();
    cleanups.push(() => collector.close());
    const sandbox = new Sandbox(rapier, { maxFigures: 2 });
    cleanups.push(() => sandbox.dispose());
    const figure = sandbox.addFigure(BOX_DOLL);
    sandbox.drop();
    sandbox.run(1.2); // falling and tumbling: every joint away from rest
    const parts = figure.ragdoll.parts;
    const rotations = new Float64Array(parts.length * 4);
    parts.forEach((part, p) => {
      const q = part.body.rotation();
      rotations.set([q.x, q.y, q.z, q.w], 4 * p);
    });
    const t = figure.ragdoll.root.body.translation();
    const frame = createVmcOutFrame();
    writeVmcOutPose(
      BOX_DOLL,
      { kind: 'box' },
      rotations,
      new Float64Array([t.x, t.y, t.z]),
      figure.slot,
      frame,
    );
    const vmcSender = new VmcSender(quiet);
    vmcSender.start({ host: '127.0.0.1', port: collector.port });
    cleanups.push(() => vmcSender.stop());
    vmcSender.send(frame, 0);
    await waitFor(() => collector.datagrams.length === vmcSender.datagrams, 'the datagrams');

    // Read back by the hand-written reader, turned back into our space by hand.
    const wire = createVmcOutFrame();
    const addresses = new Set<string>();
    for (const datagram of collector.datagrams) {
      expect(datagram.byteLength).toBeLessThanOrEqual(1400);
      for (const m of readMessages(datagram)) {
        addresses.add(m.address);
        if (m.address !== '/VMC/Ext/Bone/Pos') continue;
        expect(m.types).toBe('sfffffff');
        const [name, px, py, pz, qx, qy, qz, qw] = m.args;
        const index = VMC_BONES.indexOf(name as string);
        wire.rotations.set([qx, -(qy as number), -(qz as number), qw] as number[], 4 * index);
        wire.received[index] = 1;
        if (name === 'Hips') wire.hipsPosition.set([-(px as number), py as number, pz as number]);
      }
    }
    expect([...addresses].sort()).toEqual([
      '/VMC/Ext/Bone/Pos',
      '/VMC/Ext/OK',
      '/VMC/Ext/Root/Pos',
      '/VMC/Ext/T',
    ]);
    expect(wire.received.reduce((a, b) => a + b, 0)).toBe(parts.length); // one bone per part
    // Played back through the same retargeting a motion uses, the stream gives each part the
    // rotation the figure has now.
    const live = createLiveVmcMotion(BOX_DOLL, 'box');
    live.update(wire);
    const played = createDollPose(parts.length);
    live.sample(0, played);
    for (let p = 0; p < parts.length; p++) {
      const error = angleBetween(
        rotations.subarray(4 * p, 4 * p + 4),
        played.rotations.subarray(4 * p, 4 * p + 4),
      );
      expect(error, BOX_DOLL.parts[p]!.name).toBeLessThan(1e-4);
    }
    expect(VMC_BONE_COUNT).toBe(55);
  });

  it('sim --vmc-out sends up to 60 frames a second that the hand-written reader reads', async () => {
    const collector = await udpCollector();
    cleanups.push(() => collector.close());
    const run = await simInProcess(
      '--vmc-out',
      `127.0.0.1:${collector.port}`,
      '--seconds',
      '2',
      '--motion',
      'builtin:wave',
      '--json',
    );
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    // 120 on time; a machine busy with other work drops ticks, never adds any.
    expect(result.vmcFramesSent).toBeGreaterThanOrEqual(10);
    expect(result.vmcFramesSent).toBeLessThanOrEqual(122);
    await waitFor(
      () => collector.datagrams.length >= result.vmcDatagramsSent,
      `the datagrams (${collector.datagrams.length} of ${result.vmcDatagramsSent})`,
    );
    const oks = collector.datagrams
      .flatMap((d) => readMessages(d))
      .filter((m) => m.address === '/VMC/Ext/OK');
    expect(oks.length).toBe(result.vmcFramesSent);
  });
});
