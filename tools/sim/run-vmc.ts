/**
 * The simulator's live VMC runs, in real time: `--vmc-in PORT` drives the figures from a VMC
 * stream received on 127.0.0.1:PORT, `--vmc-out HOST:PORT` sends the first figure's pose at
 * 60 Hz. Both use the app's own receiver, sender and motion code.
 */

import { VmcReceiver } from '../../electron/main/host/vmc/vmc-receiver';
import { VmcSender } from '../../electron/main/host/vmc/vmc-sender';
import type { Logger } from '../../electron/main/host/logger';
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import type { MmdPhysicsSpec } from '../../renderer/src/physics/mmd/mmd-physics-spec';
import type { DollMotion } from '../../renderer/src/physics/motion/doll-motion';
import type { RapierApi } from '../../renderer/src/physics/rapier-api';
import { FIXED_STEP, Sandbox } from '../../renderer/src/physics/sandbox';
import type { Figure } from '../../renderer/src/physics/sandbox';
import { createLiveVmcMotion } from '../../renderer/src/motion/live-vmc-motion';
import { liveVmcPhase } from '../../renderer/src/motion/live-vmc-phase';
import type { VmcOutFigure } from '../../renderer/src/motion/vmc-out-pose';
import { createVmcOutFrame, writeVmcOutPose } from '../../renderer/src/motion/vmc-out-pose';
import type { SimOptions } from './sim-options';
import { simSandboxOptions } from './sim-options';
import type { MotionReport } from './motion-watch';
import { MotionWatch } from './motion-watch';

/** A VMC run that could not start (the port in use …); the message says why. */
export class VmcSimError extends Error {
  override name = 'VmcSimError';
}

/** Most steps taken in one catch-up, as the app's frame loop allows. */
const MAX_CATCH_UP_STEPS = 8;
/** How often the loop looks at the clock and the socket, ms. */
const TICK_MS = 2;
/** A wait that returns within this many ms means the event loop has settled. */
const SETTLED_MS = 50;
/** Waits tried before the clock starts anyway. */
const SETTLE_TRIES = 20;
/** VMC frames sent per second by --vmc-out. */
const SEND_RATE_HZ = 60;

/** What --vmc-in adds to the JSON. */
export interface VmcInReport extends MotionReport {
  readonly vmcPackets: number;
  readonly vmcBadPackets: number;
  /** `host:port` of the last sender, or null when none sent. */
  readonly vmcSender: string | null;
  /** Mean angle between each followed joint and the received target while following, rad. */
  readonly liveTrackingErrorRad: number | null;
  /** Steps simulated (from the first packet on). */
  readonly steps: number;
  /** Largest joint separation seen, metres. */
  readonly maxJointGapM: number;
  readonly nanCount: number;
}

/** What --vmc-out adds. */
export interface VmcOutReport {
  readonly vmcFramesSent: number;
  readonly vmcDatagramsSent: number;
  readonly vmcTarget: string;
  readonly steps: number;
}

/** The simulator's figures and how they are built. */
export interface VmcSimScene {
  readonly spec: DollSpec;
  readonly figure: VmcOutFigure;
  readonly mmd?: MmdPhysicsSpec;
  /** A motion the figures play while sending (--vmc-out with --motion). */
  readonly motion?: DollMotion;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function stderrLogger(error: (line: string) => void): Logger {
  return {
    info: () => {},
    warn: (message) => error(`sim: ${message}`),
    error: (message, cause) => error(`sim: ${message}${cause ? `: ${String(cause)}` : ''}`),
  };
}

function buildSandbox(rapier: RapierApi, options: SimOptions, scene: VmcSimScene): Sandbox {
  const sandbox = new Sandbox(rapier, simSandboxOptions(options));
  for (let i = 0; i < options.dolls; i++)
    sandbox.addFigure(scene.spec, scene.mmd ? { mmd: scene.mmd } : {});
  // Standing in the rest pose, so following starts at once rather than after a fall.
  sandbox.reset();
  return sandbox;
}

/**
 * Steps `sandbox` in real time for `seconds` of wall time, calling `tick` before each catch-up
 * (it may return false to hold the clock: nothing is simulated then) and `afterStep` after
 * every step.
 */
async function runRealTime(
  sandbox: Sandbox,
  seconds: number,
  tick: () => boolean,
  afterStep: () => void,
): Promise<void> {
  // Rapier's first step costs a few hundred milliseconds of warm-up, and the first wait after
  // it has been seen to stall for seconds (work the engine does once the loop is idle): both
  // are taken before the clock runs, or the first second of a run would be lost to them.
  sandbox.run(FIXED_STEP, afterStep);
  for (let i = 0; i < SETTLE_TRIES; i++) {
    const before = performance.now();
    await sleep(TICK_MS);
    if (performance.now() - before < SETTLED_MS) break;
  }
  const end = performance.now() + seconds * 1000;
  let simulatedMs = 0;
  let last = performance.now();
  while (performance.now() < end) {
    await sleep(TICK_MS);
    const now = performance.now();
    const running = tick();
    if (!running) {
      last = now;
      continue;
    }
    simulatedMs += now - last;
    last = now;
    let steps = 0;
    while (simulatedMs >= FIXED_STEP * 1000 && steps < MAX_CATCH_UP_STEPS) {
      sandbox.run(FIXED_STEP, afterStep);
      simulatedMs -= FIXED_STEP * 1000;
      steps++;
    }
    if (steps === MAX_CATCH_UP_STEPS) simulatedMs = 0;
  }
}

/**
 * `--vmc-in`: listens on 127.0.0.1:`port`; from the first packet on every figure follows the
 * received pose through the physics (the clock starts then); after 5 s without data they let
 * go, and take the pose again when data returns. Throws {@link VmcSimError} when the port
 * cannot be used.
 */
export async function runVmcIn(
  rapier: RapierApi,
  options: SimOptions,
  scene: VmcSimScene,
  port: number,
  error: (line: string) => void,
): Promise<VmcInReport> {
  const receiver = new VmcReceiver(stderrLogger(error));
  const status = await receiver.start({ port, listen: 'local' });
  if (status.problem) throw new VmcSimError(status.problem);
  const sandbox = buildSandbox(rapier, options, scene);
  try {
    const live = sandbox.figures.map((figure) => ({
      figure,
      motion: createLiveVmcMotion(scene.spec, scene.figure.kind),
    }));
    const watch = new MotionWatch(sandbox, live);
    let seen = 0;
    let attached = false;
    let maxJointGapM = 0;
    let nanCount = 0;
    const attach = (on: boolean) => {
      attached = on;
      for (const { figure, motion } of live) {
        if (on) motion.resetReference();
        sandbox.motion.set(figure, on ? motion : null);
      }
    };
    const tick = () => {
      const pose = receiver.pose;
      if (pose.sequence > seen) {
        seen = pose.sequence;
        for (const { motion } of live) motion.update(pose);
        if (!attached) attach(true);
      }
      if (attached && liveVmcPhase(receiver.status().secondsSinceData) === 'ended') attach(false);
      return seen > 0;
    };
    await runRealTime(sandbox, options.seconds, tick, () => {
      watch.afterStep();
      const m = sandbox.measure();
      maxJointGapM = Math.max(maxJointGapM, m.maxJointGapM);
      nanCount = Math.max(nanCount, m.nanCount);
    });
    const end = receiver.status();
    const report = watch.report();
    return {
      ...report,
      vmcPackets: end.packets,
      vmcBadPackets: end.badPackets,
      vmcSender: end.sender,
      liveTrackingErrorRad: report.trackingErrorRad,
      steps: sandbox.steps,
      maxJointGapM,
      nanCount,
    };
  } finally {
    sandbox.dispose();
    await receiver.stop();
  }
}

const partRotations = { value: new Float64Array(0) };
const rootCenter = new Float64Array(3);

/** Reads a figure's parts' world rotations and its root part's centre into the scratch buffers. */
function readFigurePose(figure: Figure): void {
  const parts = figure.ragdoll.parts;
  if (partRotations.value.length !== parts.length * 4)
    partRotations.value = new Float64Array(parts.length * 4);
  const out = partRotations.value;
  parts.forEach((part, p) => {
    const q = part.body.rotation();
    out[4 * p] = q.x;
    out[4 * p + 1] = q.y;
    out[4 * p + 2] = q.z;
    out[4 * p + 3] = q.w;
  });
  const t = figure.ragdoll.root.body.translation();
  rootCenter[0] = t.x;
  rootCenter[1] = t.y;
  rootCenter[2] = t.z;
}

/**
 * `--vmc-out`: simulates the figures in real time (playing `scene.motion` when given, else
 * standing and letting go) and sends the first one's pose to `host:port` at 60 Hz.
 */
export async function runVmcOut(
  rapier: RapierApi,
  options: SimOptions,
  scene: VmcSimScene,
  target: { host: string; port: number },
  error: (line: string) => void,
): Promise<VmcOutReport> {
  const sender = new VmcSender(stderrLogger(error));
  const sandbox = buildSandbox(rapier, options, scene);
  const frame = createVmcOutFrame();
  try {
    if (scene.motion) for (const f of sandbox.figures) sandbox.motion.set(f, scene.motion);
    sender.start(target);
    const first = sandbox.figures[0]!;
    const started = performance.now();
    let nextSend = started;
    const tick = () => {
      const now = performance.now();
      if (now < nextSend) return true;
      nextSend += 1000 / SEND_RATE_HZ;
      if (nextSend < now) nextSend = now + 1000 / SEND_RATE_HZ;
      readFigurePose(first);
      writeVmcOutPose(scene.spec, scene.figure, partRotations.value, rootCenter, first.slot, frame);
      sender.send(frame, (now - started) / 1000);
      return true;
    };
    await runRealTime(sandbox, options.seconds, tick, () => {});
    return {
      vmcFramesSent: sender.frames,
      vmcDatagramsSent: sender.datagrams,
      vmcTarget: `${target.host}:${target.port}`,
      steps: sandbox.steps,
    };
  } finally {
    sandbox.dispose();
    await sender.stop();
  }
}
