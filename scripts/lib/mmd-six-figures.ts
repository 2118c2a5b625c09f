/**
 * `npm run bench:mmd`'s six-figure part: the app's limit of six figures of one MMD model in
 * one sandbox, (1) kept moving (dropped, then blasted every simulated second) and (2) dropped
 * and left lying: after SETTLE_SECONDS, REST_SECONDS are measured. Step times are medians of the
 * process's CPU time over blocks of BLOCK_STEPS; speeds are the fastest MMD dynamic body at the end.
 */
import type { RapierApi } from '../../renderer/src/physics/rapier-api';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import type { MmdDoll } from '../../tools/loaders/load-mmd-doll';
import { median } from './bench-stats';
import { BLOCK_STEPS, STEPS_PER_SECOND } from './step-bench';

export const SIX = 6;
/** Simulated seconds from DROP until the rest part is measured. */
export const SETTLE_SECONDS = 12;
/** Simulated seconds measured at rest (and while moving). */
export const REST_SECONDS = 10;
/** A BLAST every simulated second while moving. */
export const SIX_BLAST_POWER = 6;

/** What the six figures did. */
export interface SixFigureResult {
  readonly movingMsPerStep: number;
  readonly restMsPerStep: number;
  /** Fastest MMD dynamic body after REST_SECONDS lying still, m/s. */
  readonly restTopSpeed: number;
  readonly mmdBodies: number;
  readonly mmdBodiesAsleep: number;
  /** Simulated seconds after DROP when every MMD body was asleep (checked each second); null if not within 52 s. */
  readonly asleepAfterSeconds: number | null;
  /** CPU ms per step over the 2 s after that. */
  readonly asleepMsPerStep: number;
}

function sixFigures(rapier: RapierApi, doll: MmdDoll, seed: number): Sandbox {
  const sandbox = new Sandbox(rapier, { stiffness: 50, seed });
  for (let i = 0; i < SIX; i++) sandbox.addFigure(doll.spec, { mmd: doll.rig.physics });
  sandbox.drop();
  return sandbox;
}

/**
 * Median CPU ms per step over `seconds`, in blocks of {@link BLOCK_STEPS}: the process's own CPU
 * time, which other work on a loaded machine inflates far less than wall time.
 */
function timeSeconds(sandbox: Sandbox, seconds: number, everySecond?: () => void): number {
  const ms: number[] = [];
  const blocks = (seconds * STEPS_PER_SECOND) / BLOCK_STEPS;
  for (let block = 0; block < blocks; block++) {
    if ((block * BLOCK_STEPS) % STEPS_PER_SECOND === 0) everySecond?.();
    const start = process.cpuUsage();
    for (let i = 0; i < BLOCK_STEPS; i++) sandbox.step();
    const used = process.cpuUsage(start);
    ms.push((used.user + used.system) / 1000 / BLOCK_STEPS);
  }
  return median(ms);
}

/** Runs both six-figure scenes. Allocates freely (a benchmark, not a frame path). */
export function measureSixFigures(rapier: RapierApi, doll: MmdDoll, seed: number): SixFigureResult {
  const moving = sixFigures(rapier, doll, seed);
  moving.run(1);
  const movingMsPerStep = timeSeconds(moving, REST_SECONDS, () => moving.blast(SIX_BLAST_POWER));
  moving.dispose();
  const lying = sixFigures(rapier, doll, seed);
  lying.run(SETTLE_SECONDS);
  const restMsPerStep = timeSeconds(lying, REST_SECONDS);
  // Then until every MMD body sleeps (at most 30 s more), and 2 s asleep.
  let asleepAfterSeconds: number | null = null;
  for (let second = 0; second < 30 && asleepAfterSeconds === null; second++) {
    if (allAsleep(lying)) asleepAfterSeconds = SETTLE_SECONDS + REST_SECONDS + second;
    else lying.run(1);
  }
  const asleepMsPerStep = timeSeconds(lying, 2);
  let restTopSpeed = 0;
  let mmdBodies = 0;
  let mmdBodiesAsleep = 0;
  for (const figure of lying.figures) {
    for (const body of figure.mmd?.rigidBodies() ?? []) {
      const v = body.linvel();
      restTopSpeed = Math.max(restTopSpeed, Math.hypot(v.x, v.y, v.z));
      mmdBodies++;
      if (body.isSleeping()) mmdBodiesAsleep++;
    }
  }
  lying.dispose();
  return {
    movingMsPerStep,
    restMsPerStep,
    restTopSpeed,
    mmdBodies,
    mmdBodiesAsleep,
    asleepAfterSeconds,
    asleepMsPerStep,
  };
}

/**
 * The first whole second after the drop at which every MMD body of six figures dropped
 * together sleeps, checked each second up to `seconds`; null if not by then.
 */
export function secondsUntilAsleep(
  rapier: RapierApi,
  doll: MmdDoll,
  seed: number,
  seconds: number,
): number | null {
  const sandbox = sixFigures(rapier, doll, seed);
  try {
    for (let second = 1; second <= seconds; second++) {
      sandbox.run(1);
      if (allAsleep(sandbox)) return second;
    }
    return null;
  } finally {
    sandbox.dispose();
  }
}

function allAsleep(sandbox: Sandbox): boolean {
  return sandbox.figures.every((figure) =>
    (figure.mmd?.rigidBodies() ?? []).every((body) => body.isSleeping()),
  );
}
