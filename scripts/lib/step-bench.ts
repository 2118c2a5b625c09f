/**
 * The step benchmarks' harness (`npm run bench`, `npm run bench:mmd`): physics steps timed in
 * blocks, over a few simulated seconds, with something done at the start of each second (a
 * blast, so the scene keeps moving). Two scenes are timed in alternating blocks, each going
 * first every other block, so machine noise hits both; medians are quoted.
 */
import { median } from './bench-stats';

/** Steps per timed block: long enough for performance.now(), short enough for many samples. */
export const BLOCK_STEPS = 30;
/** Simulated seconds measured. */
export const MEASURED_SECONDS = 6;
/** The sandbox's fixed steps per simulated second (1/120 s each). */
export const STEPS_PER_SECOND = 120;
/** Unmeasured steps first: the first steps pay for WASM and JIT compilation. */
export const WARM_UP_STEPS = 60;

/** What the timed loop does besides stepping; both run outside the timings. */
export interface StepBenchHooks {
  /** Before the block that starts each simulated second (e.g. the same blast in both scenes). */
  readonly everySecond?: () => void;
  /** After each block (or pair of blocks), e.g. sampling the fastest body. */
  readonly afterBlock?: () => void;
  /** Simulated seconds measured (default {@link MEASURED_SECONDS}). */
  readonly seconds?: number;
}

/** Mean ms per call of `step` over one block of {@link BLOCK_STEPS} calls. */
export function timeBlock(step: () => void): number {
  const start = performance.now();
  for (let i = 0; i < BLOCK_STEPS; i++) step();
  return (performance.now() - start) / BLOCK_STEPS;
}

/** Blocks in `seconds` of simulated time. */
const blocksIn = (seconds: number): number => (seconds * STEPS_PER_SECOND) / BLOCK_STEPS;
const startsSecond = (block: number): boolean => (block * BLOCK_STEPS) % STEPS_PER_SECOND === 0;

/** ms per step of `step`, one sample per block, over {@link MEASURED_SECONDS}. */
export function timeSteps(step: () => void, hooks: StepBenchHooks = {}): number[] {
  const ms: number[] = [];
  for (let block = 0; block < blocksIn(hooks.seconds ?? MEASURED_SECONDS); block++) {
    if (startsSecond(block)) hooks.everySecond?.();
    ms.push(timeBlock(step));
    hooks.afterBlock?.();
  }
  return ms;
}

/** Both scenes' medians, ms per step, and ours / bare. */
export interface PairedStepTimes {
  readonly sandboxMs: number;
  readonly bareMs: number;
  readonly ratio: number;
}

/**
 * Times `ours` against `bare` over {@link MEASURED_SECONDS} in alternating blocks (each goes
 * first every other block) and returns their medians and ratio.
 */
export function timeStepsPaired(
  ours: () => void,
  bare: () => void,
  hooks: StepBenchHooks = {},
): PairedStepTimes {
  return pairBlocks(
    () => timeBlock(ours),
    () => timeBlock(bare),
    hooks,
  );
}

/**
 * Mean ms per step over one block of {@link BLOCK_STEPS} calls of `step`, each of which
 * takes one step and returns the ms it timed itself (so it can leave untimed work out); each
 * step's own time is also pushed onto `steps`.
 */
export function timeBlockInside(step: () => number, steps: number[] = []): number {
  let ms = 0;
  for (let i = 0; i < BLOCK_STEPS; i++) {
    const one = step();
    steps.push(one);
    ms += one;
  }
  return ms / BLOCK_STEPS;
}

/** {@link PairedStepTimes}, and the same from the medians of single steps. */
export interface PairedStepTimesInside extends PairedStepTimes {
  /** Median of single steps, ms: a step is short enough to be seldom cut by the scheduler. */
  readonly sandboxStepMs: number;
  readonly bareStepMs: number;
  readonly stepRatio: number;
  /** Every step's own time, ms, in the order taken: ours, and bare. */
  readonly sandboxSteps: readonly number[];
  readonly bareSteps: readonly number[];
}

/**
 * As {@link timeStepsPaired}, but each call takes one step and returns the ms it timed
 * itself: a scene that has to do untimed work in its steps (the bare twin that must follow the
 * sandbox's trajectories) times only its part. Also gives the medians of single steps, which
 * a loaded machine disturbs far less than blocks (two identical scenes at load 10: within
 * 1.5% of each other, where block medians were 0.8-1.5x).
 */
export function timeStepsPairedInside(
  ours: () => number,
  bare: () => number,
  hooks: StepBenchHooks = {},
): PairedStepTimesInside {
  const oursSteps: number[] = [];
  const bareSteps: number[] = [];
  const blocks = pairBlocks(
    () => timeBlockInside(ours, oursSteps),
    () => timeBlockInside(bare, bareSteps),
    hooks,
  );
  const sandboxStepMs = median(oursSteps);
  const bareStepMs = median(bareSteps);
  return {
    ...blocks,
    sandboxStepMs,
    bareStepMs,
    stepRatio: sandboxStepMs / bareStepMs,
    sandboxSteps: oursSteps,
    bareSteps,
  };
}

/** Alternating blocks of the two timers (each first every other block); their medians. */
function pairBlocks(
  oursBlock: () => number,
  bareBlock: () => number,
  hooks: StepBenchHooks,
): PairedStepTimes {
  const oursMs: number[] = [];
  const bareMs: number[] = [];
  for (let block = 0; block < blocksIn(hooks.seconds ?? MEASURED_SECONDS); block++) {
    if (startsSecond(block)) hooks.everySecond?.();
    if (block % 2 === 0) {
      oursMs.push(oursBlock());
      bareMs.push(bareBlock());
    } else {
      bareMs.push(bareBlock());
      oursMs.push(oursBlock());
    }
    hooks.afterBlock?.();
  }
  const sandboxMs = median(oursMs);
  return { sandboxMs, bareMs: median(bareMs), ratio: sandboxMs / median(bareMs) };
}
