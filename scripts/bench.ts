/**
 * `npm run bench`: physics cost, measured side by side in one run.
 *
 * 1. ms per step for 1, 5, 10, 20 and 50 box dolls in an active scene (dropped, then blasted
 *    every simulated second) at STIFFNESS 50: our sandbox's step against Rapier's bare engine
 *    step (what `world.step()` runs) on an identical twin scene (same bodies, joints and
 *    motors, same seed), which runs the sandbox's step too with only that timed, so both follow
 *    the same trajectories and do the same work (the table prints how far apart they end: 0).
 *    Blocks of steps alternate between the two so machine noise hits both; medians are quoted,
 *    of blocks and (less disturbed by a loaded machine) of single steps.
 *    The last column is the old measure, a twin that steps its world alone by `world.step()`
 *    and drifts apart.
 *    `--cpu-time` times the steps by this process's CPU time instead of the wall clock.
 * 2. STIFFNESS by joint motors against an explicit PD torque: pose deviation after a fall,
 *    how many parts sleep, and cost.
 * 3. JavaScript heap allocated per step (see tools/step-allocations.ts).
 *
 * Prints Markdown tables (for BENCHMARKS.md) and, with --json, one JSON object.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import RAPIER from '@dimforge/rapier3d-simd-compat';
import { Sandbox } from '../renderer/src/physics/sandbox';
import type { StiffnessMethod } from '../renderer/src/physics/stiffness';
import { measureStepAllocations } from '../tools/step-allocations';
import { WARM_UP_STEPS, timeStepsPairedInside } from './lib/step-bench';

const DOLL_COUNTS = [1, 5, 10, 20, 50];

/** This process's CPU time (user and system), ms: what a step costs while others load the machine. */
function cpuClockMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/**
 * The clock the load table is timed with: wall time, or with `--cpu-time` this process's CPU
 * time (on a shared machine the wall time of a step is mostly the time it waited for a core).
 */
const clock: () => number = process.argv.includes('--cpu-time')
  ? cpuClockMs
  : () => performance.now();

function activeScene(dolls: number, method: StiffnessMethod = 'motor'): Sandbox {
  const sandbox = new Sandbox(RAPIER, {
    stiffness: 50,
    seed: 11,
    maxFigures: 50,
    stiffnessMethod: method,
  });
  for (let i = 0; i < dolls; i++) sandbox.addFigure();
  sandbox.drop();
  return sandbox;
}

interface LoadRow {
  dolls: number;
  bodies: number;
  sandboxMs: number;
  bareMs: number;
  ratio: number;
  /** Ours / bare from the medians of single steps (see `timeStepsPairedInside`). */
  stepRatio: number;
  /** The largest distance between a body in ours and the same body in the twin at the end, m. */
  twinGapM: number;
  /** Ours / a twin that only steps its world, so drifts into another scene (the old measure). */
  driftingRatio: number;
}

/**
 * One step of `sandbox` that times only Rapier's engine step inside it (the physics pipeline's
 * `step`, which `world.step()` runs too), in ms: the twin runs the sandbox's whole step, untimed
 * around the engine step, so its scene stays the same as ours. A twin that only stepped its
 * world drifted away: the joint projection moves parts now and then, and from there the two
 * scenes differ (10% more solver contacts in ours at 20 dolls, 11% fewer at 5), which the ratio
 * then counted as our cost or our gain. On Rapier 0.20, `World.step` is the engine step alone.
 */
function worldStepTimer(sandbox: Sandbox): () => number {
  const pipeline = sandbox.world.physicsPipeline;
  const step = pipeline.step.bind(pipeline);
  let ms = 0;
  pipeline.step = (...args: Parameters<typeof pipeline.step>): void => {
    const start = clock();
    step(...args);
    ms += clock() - start;
  };
  return () => {
    ms = 0;
    sandbox.step();
    return ms;
  };
}

/** One whole step of `sandbox`, timed the same way as {@link worldStepTimer}'s, in ms. */
function stepTimer(sandbox: Sandbox): () => number {
  return () => {
    const start = clock();
    sandbox.step();
    return clock() - start;
  };
}

/** The largest distance between a body of `a` and the same body of `b` (metres). */
function largestPositionGap(a: Sandbox, b: Sandbox): number {
  const p = { x: 0, y: 0, z: 0 };
  const q = { x: 0, y: 0, z: 0 };
  const rotation = { x: 0, y: 0, z: 0, w: 1 };
  let largest = 0;
  a.bodies.forEach((body, i) => {
    a.readTransform(body.handle, p, rotation);
    b.readTransform(b.bodies[i]!.handle, q, rotation);
    largest = Math.max(largest, Math.hypot(p.x - q.x, p.y - q.y, p.z - q.z));
  });
  return largest;
}

function measureLoad(dolls: number): LoadRow {
  const ours = activeScene(dolls);
  const twin = activeScene(dolls);
  const drifting = activeScene(dolls);
  for (let i = 0; i < WARM_UP_STEPS; i++) {
    ours.step();
    twin.step();
    drifting.world.step();
  }
  const times = timeStepsPairedInside(stepTimer(ours), worldStepTimer(twin), {
    // Keep the scene active: the same blast in both (same seed, same state).
    everySecond: () => {
      ours.blast(6);
      twin.blast(6);
    },
  });
  const twinGapM = largestPositionGap(ours, twin);
  ours.dispose();
  twin.dispose();
  const again = activeScene(dolls);
  for (let i = 0; i < WARM_UP_STEPS; i++) again.step();
  const old = timeStepsPairedInside(
    stepTimer(again),
    () => {
      const start = clock();
      drifting.world.step();
      return clock() - start;
    },
    {
      everySecond: () => {
        again.blast(6);
        drifting.blast(6);
      },
    },
  );
  const row = {
    dolls,
    bodies: again.bodies.length,
    sandboxMs: times.sandboxMs,
    bareMs: times.bareMs,
    ratio: times.ratio,
    stepRatio: times.stepRatio,
    twinGapM,
    driftingRatio: old.ratio,
  };
  again.dispose();
  drifting.dispose();
  return row;
}

interface StiffnessRow {
  method: StiffnessMethod;
  stiffness: number;
  meanPoseDeviationRad: number;
  asleepFraction: number;
  msPerStep: number;
}

/** Six dolls dropped at random yaw, 5 s, averaged over three random seeds. */
function measureStiffness(method: StiffnessMethod, stiffness: number): StiffnessRow {
  let deviation = 0;
  let asleep = 0;
  let parts = 0;
  let ms = 0;
  for (const seed of [1, 2, 3]) {
    const sandbox = new Sandbox(RAPIER, { stiffness, seed, stiffnessMethod: method });
    for (let i = 0; i < 6; i++) sandbox.addFigure();
    sandbox.drop();
    sandbox.run(0.5);
    sandbox.resetTiming();
    sandbox.run(4.5);
    const m = sandbox.measure();
    deviation += m.meanPoseDeviationRad;
    ms += m.msPerStep;
    for (const figure of sandbox.figures) {
      for (const part of figure.ragdoll.parts) {
        parts++;
        if (part.body.isSleeping()) asleep++;
      }
    }
    sandbox.dispose();
  }
  return {
    method,
    stiffness,
    meanPoseDeviationRad: deviation / 3,
    asleepFraction: asleep / parts,
    msPerStep: ms / 3,
  };
}

function cpuName(): string {
  return os.cpus()[0]?.model.trim() ?? 'unknown CPU';
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch (error) {
    // Outside a git checkout the table still prints; say why the commit is missing.
    console.warn(
      `bench: no git commit to label the run with (${(error as Error).message.split('\n')[0]})`,
    );
    return 'unknown';
  }
}

async function main(): Promise<void> {
  await RAPIER.init();
  const json = process.argv.includes('--json');
  // A first pass, thrown away: the case measured first otherwise pays for compiling the step
  // path (on both sides, but the sandbox has more JavaScript to compile), and a lone doll,
  // measured first, showed a 1.5x ratio against a twin running the very same code.
  measureLoad(DOLL_COUNTS[0]!);
  const load = DOLL_COUNTS.map(measureLoad);
  const stiffness = (['motor', 'pd-torque'] as const).flatMap((method) =>
    [0, 25, 50, 100].map((value) => measureStiffness(method, value)),
  );
  const allocations = await measureStepAllocations();
  const result = {
    commit: gitCommit(),
    node: process.version,
    cpu: cpuName(),
    cores: os.cpus().length,
    load,
    stiffness,
    allocations,
  };
  if (json) {
    console.log(JSON.stringify(result));
    return;
  }
  console.log(
    `commit ${result.commit}, Node ${result.node}, ${result.cpu} (${result.cores} cores), load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(
        ' / ',
      )} at the end; steps timed by ${clock === cpuClockMs ? 'CPU time' : 'wall time'}\n`,
  );
  console.log(
    '| dolls | bodies | sandbox ms/step | bare Rapier ms/step | ratio | ratio of single-step medians | twin apart at the end (m) | ratio, twin stepping its world only |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of load) {
    console.log(
      `| ${r.dolls} | ${r.bodies} | ${r.sandboxMs.toFixed(3)} | ${r.bareMs.toFixed(3)} | ${r.ratio.toFixed(3)} | ${r.stepRatio.toFixed(3)} | ${r.twinGapM.toExponential(1)} | ${r.driftingRatio.toFixed(3)} |`,
    );
  }
  console.log(
    '\n| STIFFNESS by | S | mean pose deviation (rad) | parts asleep after 5 s | ms/step (6 dolls) |',
  );
  console.log('|---|---:|---:|---:|---:|');
  for (const r of stiffness) {
    console.log(
      `| ${r.method} | ${r.stiffness} | ${r.meanPoseDeviationRad.toFixed(2)} | ${(r.asleepFraction * 100).toFixed(0)}% | ${r.msPerStep.toFixed(3)} |`,
    );
  }
  console.log('\n| heap allocated per step (6 dolls, 12 props, a grab) | bytes |');
  console.log('|---|---:|');
  console.log(
    `| sandbox step, everything (Rapier included) | ${allocations.sandboxBytesPerStep.toFixed(0)} |`,
  );
  console.log(`| bare Rapier world.step() | ${allocations.bareRapierBytesPerStep.toFixed(0)} |`);
  console.log(`| the sandbox's own code | ${allocations.sandboxOwnBytesPerStep.toFixed(1)} |`);
}

await main();
