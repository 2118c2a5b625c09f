/**
 * `npm run bench`: physics cost, measured side by side in one run.
 *
 * 1. ms per step for 1, 5, 10, 20 and 50 box dolls in an active scene (dropped, then blasted
 *    every simulated second) at STIFFNESS 50, against bare Rapier on the same bodies, two ways:
 *    - same world: each of our steps against Rapier's engine step inside it (what
 *      `world.step()` runs), timed in the very same step, so on exactly our bodies and state;
 *    - twin: our step against the engine step of an identical twin scene (same bodies, joints
 *      and motors, same seed), which runs the sandbox's step too with only that timed, so both
 *      follow the same trajectories (the table prints how far apart they end: 0). Blocks of
 *      steps alternate between the two so machine noise hits both; medians of blocks and of
 *      single steps are quoted. Our engine step against the twin's, the same work in two
 *      worlds, shows how far two worlds time apart on their own.
 *    `--cpu-time` times the steps by this process's CPU time instead of the wall clock.
 *    Then where our code's microseconds go in a lone doll's step: the same scene with the
 *    sandbox's joint checks switched off one by one (mean µs outside Rapier's engine step).
 * 2. STIFFNESS by joint motors against an explicit PD torque: pose deviation after a fall,
 *    how many parts sleep, and cost.
 * 3. JavaScript heap allocated per step (tools/allocations/step-allocations.ts, in a child Node without inlining).
 *
 * Prints Markdown tables (for BENCHMARKS.md) and, with --json, one JSON object.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import RAPIER from '@dimforge/rapier3d-simd-compat';
import { Sandbox } from '../renderer/src/physics/sandbox';
import type { StiffnessMethod } from '../renderer/src/physics/stiffness';
import { measureStepAllocationsInChild } from '../tools/allocations/allocation-process';
import { median } from './lib/bench-stats';
import {
  BLOCK_STEPS,
  STEPS_PER_SECOND,
  WARM_UP_STEPS,
  timeStepsPairedInside,
} from './lib/step-bench';

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

/** Which of the sandbox's joint checks run (both by default, as in the app). */
interface Checks {
  readonly jointProjection?: boolean;
  readonly limitProjection?: boolean;
}

function activeScene(
  dolls: number,
  method: StiffnessMethod = 'motor',
  checks: Checks = {},
): Sandbox {
  const sandbox = new Sandbox(RAPIER, {
    stiffness: 50,
    seed: 11,
    maxFigures: 50,
    stiffnessMethod: method,
    ...checks,
  });
  for (let i = 0; i < dolls; i++) sandbox.addFigure();
  sandbox.drop();
  return sandbox;
}

interface LoadRow {
  dolls: number;
  bodies: number;
  /** Our whole step, ms (median of blocks). */
  sandboxMs: number;
  /** Rapier's engine step inside our step, same steps, ms (median of blocks). */
  engineMs: number;
  /** Our step / the Rapier step inside it: median of single steps' ratios. */
  sameWorldStepRatio: number;
  /** The same from the totals over every step: the mean share our code adds. */
  sameWorldTotalRatio: number;
  /** The twin's engine step, ms (median of blocks). */
  bareMs: number;
  /** Ours / the twin's engine step (medians of blocks). */
  ratio: number;
  /** Ours / the twin's engine step from the medians of single steps. */
  stepRatio: number;
  /**
   * Our engine step / the twin's (medians of single steps): the same work in two worlds,
   * so any distance from 1 is how far two worlds time apart, not our code.
   */
  worldsRatio: number;
  /** The largest distance between a body in ours and the same body in the twin at the end, m. */
  twinGapM: number;
}

/** Simulated seconds each scene is timed for: enough single steps to steady a lone doll's. */
const LOAD_SECONDS = 30;

/**
 * A sandbox's step whose Rapier engine step (the physics pipeline's `step`, all that
 * `world.step()` runs on Rapier 0.20) is timed too: `step()` returns the whole step's ms, and
 * with `engineOnly` only the engine step's; either way each engine step's ms is pushed onto
 * `engineSteps`. The twin runs the sandbox's whole step with only its engine step timed, so it
 * follows the same trajectories: a twin that only stepped its world drifted away (the joint
 * projection moves parts now and then, and from there the two scenes differed: 10% more solver
 * contacts in ours at 20 dolls, 11% fewer at 5), which the ratio then counted as our cost or
 * our gain. The wrapper's own two clock reads fall inside the whole step's time (against us).
 */
function timedStep(
  sandbox: Sandbox,
  engineOnly: boolean,
): { step: () => number; engineSteps: number[] } {
  const pipeline = sandbox.world.physicsPipeline;
  const engineStep = pipeline.step.bind(pipeline);
  const engineSteps: number[] = [];
  let engineMs = 0;
  pipeline.step = (...args: Parameters<typeof pipeline.step>): void => {
    const start = clock();
    engineStep(...args);
    engineMs = clock() - start;
  };
  const step = (): number => {
    const start = clock();
    sandbox.step();
    const wholeMs = clock() - start;
    engineSteps.push(engineMs);
    return engineOnly ? engineMs : wholeMs;
  };
  return { step, engineSteps };
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

/** Medians of blocks of {@link BLOCK_STEPS} consecutive steps' mean time, ms. */
function blockMedian(steps: readonly number[]): number {
  const blocks: number[] = [];
  for (let at = 0; at + BLOCK_STEPS <= steps.length; at += BLOCK_STEPS) {
    let sum = 0;
    for (let i = at; i < at + BLOCK_STEPS; i++) sum += steps[i]!;
    blocks.push(sum / BLOCK_STEPS);
  }
  return median(blocks);
}

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/**
 * Times `dolls` box dolls two ways at once. Same world: each of our steps against the Rapier
 * engine step inside it, which is bare Rapier on exactly our bodies and state. Twin: our step
 * against a second, identical scene's engine step; the two worlds' engine steps, the same work,
 * are compared too ({@link LoadRow.worldsRatio}), which shows how much of the twin ratio is
 * two worlds timing apart.
 */
function measureLoad(dolls: number): LoadRow {
  const ours = activeScene(dolls);
  const twin = activeScene(dolls);
  for (let i = 0; i < WARM_UP_STEPS; i++) {
    ours.step();
    twin.step();
  }
  const oursTimer = timedStep(ours, false);
  const twinTimer = timedStep(twin, true);
  const times = timeStepsPairedInside(oursTimer.step, twinTimer.step, {
    // Keep the scene active: the same blast in both (same seed, same state).
    everySecond: () => {
      ours.blast(6);
      twin.blast(6);
    },
    seconds: LOAD_SECONDS,
  });
  const whole = times.sandboxSteps;
  const engine = oursTimer.engineSteps;
  const row = {
    dolls,
    bodies: ours.bodies.length,
    sandboxMs: times.sandboxMs,
    engineMs: blockMedian(engine),
    sameWorldStepRatio: median(whole.map((ms, i) => ms / engine[i]!)),
    sameWorldTotalRatio: sum(whole) / sum(engine),
    bareMs: times.bareMs,
    ratio: times.ratio,
    stepRatio: times.stepRatio,
    worldsRatio: median(engine) / times.bareStepMs,
    twinGapM: largestPositionGap(ours, twin),
  };
  ours.dispose();
  twin.dispose();
  return row;
}

interface SplitRow {
  readonly checks: string;
  /** Mean µs per step outside Rapier's engine step. */
  readonly oursMicros: number;
  /** Mean µs of the engine step. */
  readonly engineMicros: number;
}

/** Steps a lone doll is timed for in {@link measureSplit}, after as many again of warm-up. */
const SPLIT_STEPS = 36_000;

/**
 * Where our code's microseconds go in a lone doll's step: the same scene with the joint
 * checks switched off by the sandbox's own options, each step timed whole and inside.
 */
function measureSplit(label: string, checks: Checks): SplitRow {
  const sandbox = activeScene(1, 'motor', checks);
  const timer = timedStep(sandbox, false);
  let whole = 0;
  for (let i = 0; i < 2 * SPLIT_STEPS; i++) {
    if (i % STEPS_PER_SECOND === 0) sandbox.blast(6);
    if (i === SPLIT_STEPS) {
      whole = 0;
      timer.engineSteps.length = 0;
    }
    whole += timer.step();
  }
  const engine = sum(timer.engineSteps);
  sandbox.dispose();
  return {
    checks: label,
    oursMicros: ((whole - engine) / SPLIT_STEPS) * 1000,
    engineMicros: (engine / SPLIT_STEPS) * 1000,
  };
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
  const split = [
    measureSplit('both checks (the app)', {}),
    measureSplit('no angle-limit projection', { limitProjection: false }),
    measureSplit('no joint projection', { jointProjection: false }),
    measureSplit('neither', { jointProjection: false, limitProjection: false }),
  ];
  const stiffness = (['motor', 'pd-torque'] as const).flatMap((method) =>
    [0, 25, 50, 100].map((value) => measureStiffness(method, value)),
  );
  // In a child Node without inlining, as the tool needs: inlined, V8 folds Rapier's step into
  // ours and the heap profile's stacks can no longer tell whose code allocated.
  const allocations = measureStepAllocationsInChild(600_000);
  const result = {
    commit: gitCommit(),
    node: process.version,
    cpu: cpuName(),
    cores: os.cpus().length,
    load,
    split,
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
    "| dolls | bodies | sandbox ms/step | its Rapier step, ms | same world: ratio of single steps | same world: ratio of totals | twin's Rapier step, ms | twin: ratio | twin: ratio of single-step medians | our Rapier step / the twin's | twin apart at the end (m) |",
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of load) {
    console.log(
      `| ${r.dolls} | ${r.bodies} | ${r.sandboxMs.toFixed(3)} | ${r.engineMs.toFixed(3)} | ${r.sameWorldStepRatio.toFixed(3)} | ${r.sameWorldTotalRatio.toFixed(3)} | ${r.bareMs.toFixed(3)} | ${r.ratio.toFixed(3)} | ${r.stepRatio.toFixed(3)} | ${r.worldsRatio.toFixed(3)} | ${r.twinGapM.toExponential(1)} |`,
    );
  }
  console.log(
    "\n| a lone doll blasted every second | our code, µs per step (mean) | Rapier's engine step, µs |",
  );
  console.log('|---|---:|---:|');
  for (const r of split) {
    console.log(`| ${r.checks} | ${r.oursMicros.toFixed(2)} | ${r.engineMicros.toFixed(1)} |`);
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
  console.log(
    `| outside world.step(), Rapier's glue for our reads included | ${allocations.sandboxOwnBytesPerStep.toFixed(1)} |`,
  );
  console.log(`| of it, our own code's | ${allocations.ownCodeBytesPerStep.toFixed(1)} |`);
}

await main();
