/**
 * `npm run bench:vmc`: what receiving VMC costs at 60 frames a second with all 55 humanoid
 * bones (plus OK, T, Root/Pos and 10 expressions), sent as a sender sends them: bundles that
 * each fit a datagram.
 *
 * - Main process, decode only: the receiver fed the frame's datagrams directly (median of
 *   blocks): `osc-min` decoding and the VMC messages applied to the pose.
 * - Main process, real UDP: a child process sends the datagrams over loopback at 60 Hz for
 *   10 s; this process's CPU time over wall time is its share of one core (socket, decoding,
 *   an idle event loop).
 * - Page: checking a frame (`isVmcFrame`) and handing it to the live motion of 1 and of 6
 *   figures (`LiveVmcMotion.update`), once per displayed frame; with the structured clone the
 *   IPC makes of the frame (`structuredClone`, the HTML structured clone Electron's IPC also uses) and the motion sampled
 *   into the joint targets' pose (`sample`, what the physics step turns into motor targets).
 * - Latency, in this process: a datagram handed to a UDP socket aimed at the real receiver,
 *   while the page's poll waits on it (as the app keeps one waiting), until the page-side code
 *   has the figure's target pose from it: the socket, the fast reader, the snapshot, the
 *   structured clone, the check, the live motion and its sample. Electron's IPC hop itself is
 *   not in it (no Electron here).
 */
import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { loadavg } from 'node:os';
import { VmcFrameWriter } from '../electron/main/host/vmc/vmc-frame-writer';
import { VmcReceiver } from '../electron/main/host/vmc/vmc-receiver';
import type { Logger } from '../electron/main/host/logger';
import { createLiveVmcMotion } from '../renderer/src/motion/live-vmc-motion';
import { createVmcOutFrame } from '../renderer/src/motion/vmc-out-pose';
import { BOX_DOLL } from '../renderer/src/physics/box-doll';
import { createDollPose } from '../renderer/src/physics/motion/doll-motion';
import { VMC_BONE_COUNT } from '../shared/vmc-bones';
import { isVmcFrame } from '../shared/vmc-frame';

const quiet: Logger = { info: () => {}, warn: () => {}, error: (m) => console.error(m) };
const FRAMES_PER_BLOCK = 600;
const BLOCKS = 15;
const UDP_SECONDS = 10;

/** The datagrams of one full frame: every bone turned a little, 10 expressions. */
function fullFrame(): Uint8Array[] {
  const frame = createVmcOutFrame();
  for (let i = 0; i < VMC_BONE_COUNT; i++) {
    const angle = 0.01 * i;
    frame.rotations.set([Math.sin(angle / 2), 0, 0, Math.cos(angle / 2)], 4 * i);
    frame.received[i] = 1;
  }
  frame.hipsPosition.set([0, 0.9, 0]);
  frame.blendNames = ['A', 'I', 'U', 'E', 'O', 'Blink', 'Joy', 'Angry', 'Sorrow', 'Fun'];
  frame.blendValues = new Float64Array(10).fill(0.25);
  return new VmcFrameWriter().write(frame, 0).map((d) => d.slice());
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Median ms per frame of `run` over blocks of {@link FRAMES_PER_BLOCK} frames. */
function perFrame(run: () => void): number {
  for (let i = 0; i < FRAMES_PER_BLOCK; i++) run();
  const blocks: number[] = [];
  for (let b = 0; b < BLOCKS; b++) {
    const start = performance.now();
    for (let i = 0; i < FRAMES_PER_BLOCK; i++) run();
    blocks.push((performance.now() - start) / FRAMES_PER_BLOCK);
  }
  return median(blocks);
}

/** This process's share of a core while a child sends `datagrams` 60 times a second. */
async function udpShare(
  datagrams: readonly Uint8Array[],
): Promise<{ share: number; packets: number; bad: number; load: number }> {
  const receiver = new VmcReceiver(quiet);
  const status = await receiver.start({ port: 0, listen: 'local' });
  if (status.problem) throw new Error(status.problem);
  const port = receiver.boundPort()!;
  const payload = JSON.stringify(datagrams.map((d) => Buffer.from(d).toString('base64')));
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const s = require('node:dgram').createSocket('udp4');
       const d = ${payload}.map((b) => Buffer.from(b, 'base64'));
       let n = 0; const t0 = Date.now();
       const next = () => { for (const x of d) s.send(x, ${port}, '127.0.0.1');
         n++; if (Date.now() - t0 > ${UDP_SECONDS * 1000}) { setTimeout(() => s.close(), 100); return; }
         setTimeout(next, t0 + n * 1000 / 60 - Date.now()); };
       next();`,
    ],
    { stdio: 'inherit' },
  );
  const cpu0 = process.cpuUsage();
  const load0 = loadavg()[0]!;
  const wall0 = performance.now();
  await new Promise((resolve) => child.on('exit', resolve));
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - wall0;
  const end = receiver.status();
  await receiver.stop();
  return {
    share: (cpu.user + cpu.system) / 1000 / wall,
    packets: end.packets,
    bad: end.badPackets,
    load: (load0 + loadavg()[0]!) / 2,
  };
}

const LATENCY_PACKETS = 600;

/** ms from a datagram handed to the socket to the page-side code having its target pose. */
async function latency(datagram: Uint8Array): Promise<number[]> {
  const receiver = new VmcReceiver(quiet);
  await receiver.start({ port: 0, listen: 'local' });
  const port = receiver.boundPort()!;
  const socket = createSocket('udp4');
  const motion = createLiveVmcMotion(BOX_DOLL, 'box');
  const target = createDollPose(BOX_DOLL.parts.length);
  let sequence = 0;
  const times: number[] = [];
  for (let i = 0; i < LATENCY_PACKETS; i++) {
    // The page's poll is waiting when the packet comes (see vmc-service.ts).
    const polled = receiver.waitForFrame(sequence, 1000);
    const sentAt = performance.now();
    socket.send(datagram, port, '127.0.0.1');
    const frame = await polled;
    if (!frame) throw new Error('bench: a packet did not arrive');
    const page = structuredClone(frame);
    if (!isVmcFrame(page)) throw new Error('bench: not a frame');
    sequence = page.sequence;
    motion.update(page);
    motion.sample(0, target);
    times.push(performance.now() - sentAt);
    await new Promise((resolve) => setTimeout(resolve, 1000 / 60));
  }
  socket.close();
  await receiver.stop();
  return times;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

async function main(): Promise<void> {
  const datagrams = fullFrame();
  const bytes = datagrams.reduce((sum, d) => sum + d.byteLength, 0);
  const receiver = new VmcReceiver(quiet);
  const remote = { address: '127.0.0.1', port: 1 };
  const decodeMs = perFrame(() => {
    for (const d of datagrams) receiver.receive(d, remote);
  });
  if (receiver.status().badPackets > 0) throw new Error('bench: the frame did not decode');
  const frame = receiver.pose.snapshot();
  const one = [createLiveVmcMotion(BOX_DOLL, 'box')];
  const six = Array.from({ length: 6 }, () => createLiveVmcMotion(BOX_DOLL, 'box'));
  const page = (motions: typeof one) => () => {
    if (!isVmcFrame(frame)) throw new Error('bench: not a frame');
    for (const motion of motions) motion.update(frame);
  };
  const pageOneMs = perFrame(page(one));
  const pageSixMs = perFrame(page(six));
  const pose = createDollPose(BOX_DOLL.parts.length);
  const pageFullMs = perFrame(() => {
    const copy = structuredClone(frame);
    if (!isVmcFrame(copy)) throw new Error('bench: not a frame');
    one[0]!.update(copy);
    one[0]!.sample(0, pose);
  });
  const cpuDecode = process.cpuUsage();
  const cpuDecodeFrames = 3000;
  for (let i = 0; i < cpuDecodeFrames; i++) for (const d of datagrams) receiver.receive(d, remote);
  const decodeCpu = process.cpuUsage(cpuDecode);
  const decodeCpuMs = (decodeCpu.user + decodeCpu.system) / 1000 / cpuDecodeFrames;
  const udp = await udpShare(datagrams);
  const idle = await udpShare([]);
  const waits = await latency(datagrams[0]!);

  console.log(
    `One frame: 55 bones, OK, T, Root/Pos, 10 expressions + Apply = ${datagrams.length} datagrams, ${bytes} bytes\n`,
  );
  console.log('| where | what | cost |');
  console.log('|---|---|---|');
  console.log(
    `| main | decode and apply one frame | ${decodeMs.toFixed(4)} ms = ${((decodeMs * 60) / 10).toFixed(2)} % of a core at 60 Hz |`,
  );
  console.log(
    `| main | real UDP, 60 Hz for ${UDP_SECONDS} s (${udp.packets} packets, ${udp.bad} bad) | ${(udp.share * 100).toFixed(2)} % of a core |`,
  );
  console.log(
    `| main | decode and apply one frame, CPU time | ${decodeCpuMs.toFixed(4)} ms = ${((decodeCpuMs * 60) / 10).toFixed(2)} % of a core at 60 Hz |`,
  );
  console.log(`| page | check + apply one frame, 1 figure | ${pageOneMs.toFixed(4)} ms |`);
  console.log(`| page | check + apply one frame, 6 figures | ${pageSixMs.toFixed(4)} ms |`);
  console.log(
    `| page | IPC copy (structured clone) + check + apply + target pose, 1 figure | ${pageFullMs.toFixed(4)} ms |`,
  );
  console.log(
    `| both | packet handed to the socket → target pose in the page code (${LATENCY_PACKETS} packets) | median ${percentile(waits, 0.5).toFixed(3)} ms, 95th ${percentile(waits, 0.95).toFixed(3)} ms, max ${Math.max(...waits).toFixed(3)} ms |`,
  );
  console.log(
    `| main | the same 10 s with no packets (the process's idle share, to subtract) | ${(idle.share * 100).toFixed(2)} % of a core |`,
  );
  console.log(`\n1-minute load average during the UDP runs: ${udp.load.toFixed(1)}`);
}

await main();
