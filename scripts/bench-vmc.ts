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
 *   figures (`LiveVmcMotion.update`), once per displayed frame.
 */
import { spawn } from 'node:child_process';
import { VmcFrameWriter } from '../electron/main/host/vmc/vmc-frame-writer';
import { VmcReceiver } from '../electron/main/host/vmc/vmc-receiver';
import type { Logger } from '../electron/main/host/logger';
import { createLiveVmcMotion } from '../renderer/src/motion/live-vmc-motion';
import { createVmcOutFrame } from '../renderer/src/motion/vmc-out-pose';
import { BOX_DOLL } from '../renderer/src/physics/box-doll';
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
): Promise<{ share: number; packets: number; bad: number }> {
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
  };
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
  const udp = await udpShare(datagrams);

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
  console.log(`| page | check + apply one frame, 1 figure | ${pageOneMs.toFixed(4)} ms |`);
  console.log(`| page | check + apply one frame, 6 figures | ${pageSixMs.toFixed(4)} ms |`);
}

await main();
