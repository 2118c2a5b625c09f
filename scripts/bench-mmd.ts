/**
 * `npm run bench:mmd`: the cost of an MMD model's own physics (target: a model with 125
 * rigid bodies and 117 joints plus its ragdoll within 1.5 ms per step).
 *
 * mokou_B.pmd from the real-model fixtures (tools/fixtures/real-fixtures.ts) when present, else the generated 125-body/117-joint
 * model, with its ragdoll, in our sandbox, against bare Rapier: the same stage, ragdoll, MMD
 * bodies and joints built directly (`scripts/lib/bare-mmd-world.ts`: follow bodies as
 * colliders on their parts, so stepping needs no JavaScript) and stepped with `world.step()`.
 * The scenes are kept active: dropped, then blasted every simulated second. Both are warmed
 * up first (throwaway copies for 5 s, then 60 steps of each measured scene), blocks of steps
 * alternate between the two so machine noise hits both, and medians are quoted. The top
 * speeds say how each scene behaved: bare Rapier has no whip cap. `--generated` uses the
 * generated model even when mokou_B.pmd is there; `--model PATH` runs any PMX or PMD file
 * instead (one that cannot be used is named with the reason, exit code 1); `--json` prints
 * one JSON object; `--breakdown` adds where bare Rapier's time goes (the same scene without MMD joints, without MMD collisions, with the
 * follow bodies colliding with nothing, and the ragdoll alone). `--six` adds six figures of the
 * model in one sandbox (the app's limit): ms per step while kept moving, and after lying
 * still for 12 s, 10 s more: ms per step, the fastest MMD body and how many sleep
 * (`scripts/lib/mmd-six-figures.ts`; targets ≤ 5 ms moving, ≤ 1 ms and < 0.05 m/s at rest);
 * `--six-only` runs only that part. `--levers` (alone) runs the six figures moving once per
 * variant of the physics settings, side by side (`scripts/lib/mmd-six-levers.ts`); `--lever
 * TEXT` (repeatable) keeps "as built" and the variants whose name contains TEXT. `--profile`
 * (alone, or with `--lever`) runs the six figures moving with Rapier's profiler on and prints
 * its split of the step and a census of collider pairs, contacts, awake bodies and joints
 * (`scripts/lib/mmd-six-profile.ts`). `--seed N` runs the levers on another seed than 11
 * (one scene's trajectory decides a few per cent of its cost, so compare over seeds).
 * `--rest-seeds 1,2,3` drops six figures once per seed and prints when each pile fell asleep
 * (within 30 s): whether one pile sleeps is the luck of its seed.
 */
import os from 'node:os';
import RAPIER from '@dimforge/rapier3d-simd-compat';
import { Sandbox } from '../renderer/src/physics/sandbox';
import type { MmdPhysicsSpec } from '../renderer/src/physics/mmd/mmd-physics-spec';
import type { BareMmdWorld } from './lib/bare-mmd-world';
import { buildBareMmdWorld } from './lib/bare-mmd-world';
import type { MmdDoll } from '../tools/loaders/load-mmd-doll';
import { MmdLoadError, mmdDollFromModel, readMmdModel } from '../tools/loaders/load-mmd-doll';
import { STEPS_PER_SECOND, WARM_UP_STEPS, timeSteps, timeStepsPaired } from './lib/step-bench';
import { median } from './lib/bench-stats';
import { benchMmdModel } from './lib/bench-mmd-model';
import { buildLeverScene, measureLevers, selectLevers } from './lib/mmd-six-levers';
import type { SixProfile } from './lib/mmd-six-profile';
import { profileSixFigures } from './lib/mmd-six-profile';
import {
  REST_SECONDS,
  SETTLE_SECONDS,
  SIX,
  SIX_BLAST_POWER,
  measureSixFigures,
  secondsUntilAsleep,
} from './lib/mmd-six-figures';

/** Steps of each throwaway scene before anything is measured (see `warmUpEngine`). */
const ENGINE_WARM_UP_STEPS = 600;
/** Gentle enough to keep everything in play, strong enough to keep it moving. */
const BLAST_POWER = 6;
/** The target, ms per step. */
const TARGET_MS = 1.5;

const STIFFNESS = 50;
const SEED = 11;

function scene(doll: MmdDoll): Sandbox {
  const sandbox = new Sandbox(RAPIER, { stiffness: STIFFNESS, seed: SEED });
  sandbox.addFigure(doll.spec, { mmd: doll.rig.physics });
  sandbox.drop();
  return sandbox;
}

function bare(doll: MmdDoll, mmd: MmdPhysicsSpec = doll.rig.physics): BareMmdWorld {
  return buildBareMmdWorld(RAPIER, doll.spec, mmd, { stiffness: STIFFNESS, seed: SEED });
}

/** The scene's physics with some of it switched off, to see what the bare step spends on it. */
function variants(physics: MmdPhysicsSpec): [string, MmdPhysicsSpec][] {
  const masked = (test: (motion: string) => boolean): MmdPhysicsSpec => ({
    ...physics,
    bodies: physics.bodies.map((b) => (test(b.motion) ? { ...b, collisionMask: 0 } : b)),
  });
  return [
    ['as is', physics],
    ['without MMD joints', { ...physics, joints: [] }],
    ['MMD bodies colliding with nothing', masked(() => true)],
    ['follow bodies colliding with nothing', masked((motion) => motion === 'follow')],
    ['the ragdoll alone', { bodies: [], joints: [] }],
  ];
}

/** Median bare `world.step()` time of one variant, ms (same warm-up and blasts as the main run). */
function bareMs(doll: MmdDoll, mmd: MmdPhysicsSpec): number {
  const twin = bare(doll, mmd);
  for (let i = 0; i < WARM_UP_STEPS; i++) twin.world.step();
  const times = timeSteps(() => twin.world.step(), {
    everySecond: () => twin.blast(BLAST_POWER),
  });
  twin.dispose();
  return median(times);
}

/**
 * Steps throwaway copies of both scenes for a few simulated seconds. Rapier's WebAssembly
 * starts on V8's baseline compiler and is swapped for optimised code in the background:
 * whichever scene ran first was measured 1.5-2x slower with only the 60 warm-up steps.
 */
function warmUpEngine(doll: MmdDoll): void {
  const sandbox = scene(doll);
  const twin = bare(doll);
  for (let i = 0; i < ENGINE_WARM_UP_STEPS; i++) {
    if (i % STEPS_PER_SECOND === 0) {
      sandbox.blast(BLAST_POWER);
      twin.blast(BLAST_POWER);
    }
    sandbox.step();
    twin.world.step();
  }
  sandbox.dispose();
  twin.dispose();
}

function printBreakdown(doll: MmdDoll): void {
  console.log('\n| bare Rapier, the same scene | ms/step |');
  console.log('|---|---:|');
  for (const [name, mmd] of variants(doll.rig.physics)) {
    console.log(`| ${name} | ${bareMs(doll, mmd).toFixed(3)} |`);
  }
}

/** Fastest body in a world now, m/s (read between timed blocks, never inside them). */
function fastest(world: Sandbox['world']): number {
  let top = 0;
  world.bodies.forEach((body) => {
    const v = body.linvel();
    top = Math.max(top, Math.hypot(v.x, v.y, v.z));
  });
  return top;
}

/** The model `--model` names, or the benchmark's own; null after saying why it cannot run. */
async function pickDoll(): Promise<MmdDoll | null> {
  const path = modelArgument();
  if (path === null) {
    console.error('bench:mmd: --model needs the path of a PMX or PMD file');
    return null;
  }
  try {
    if (path !== undefined) {
      const { model, fileName } = await readMmdModel(path);
      return mmdDollFromModel(model, fileName);
    }
    const { model, source } = benchMmdModel('bench:mmd', {
      generated: process.argv.includes('--generated'),
    });
    return mmdDollFromModel(model, source);
  } catch (error) {
    if (!(error instanceof MmdLoadError)) throw error;
    console.error(`bench:mmd: ${error.message}`);
    return null;
  }
}

async function main(): Promise<void> {
  await RAPIER.init();
  const doll = await pickDoll();
  if (doll === null) {
    process.exitCode = 1;
    return;
  }
  // A flag picks one report instead of the default comparison, looked for in this order.
  const reports: readonly [string, (doll: MmdDoll) => void][] = [
    ['--six-only', printSix],
    ['--rest-seeds', printRestSeeds],
    ['--profile', printProfile],
    ['--levers', printLevers],
  ];
  const report = reports.find(([flag]) => process.argv.includes(flag));
  if (report) {
    report[1](doll);
    return;
  }
  warmUpEngine(doll);
  const ours = scene(doll);
  const twin = bare(doll);
  for (let i = 0; i < WARM_UP_STEPS; i++) {
    ours.step();
    twin.world.step();
  }
  let oursTop = 0;
  let bareTop = 0;
  const times = timeStepsPaired(
    () => ours.step(),
    () => twin.world.step(),
    {
      everySecond: () => {
        ours.blast(BLAST_POWER);
        twin.blast(BLAST_POWER);
      },
      // Sampled at block ends: a scene that blows up does different (usually more) work.
      afterBlock: () => {
        oursTop = Math.max(oursTop, fastest(ours.world));
        bareTop = Math.max(bareTop, fastest(twin.world));
      },
    },
  );
  const end = ours.measure();
  const row = {
    model: doll.fileName,
    mmdBodies: doll.rig.physics.bodies.length,
    mmdJoints: doll.rig.physics.joints.length,
    bodies: ours.bodies.length,
    ...times,
    nanCount: end.nanCount,
    sandboxTopSpeed: oursTop,
    bareTopSpeed: bareTop,
    node: process.version,
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
  };
  ours.dispose();
  twin.dispose();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(row));
    return;
  }
  console.log(`Node ${row.node}, ${row.cpu} (${os.cpus().length} cores)\n`);
  console.log(
    '| model | MMD bodies / joints | bodies in world | sandbox ms/step | bare Rapier ms/step | ratio | top speed sandbox / bare (m/s) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| ${row.model} | ${row.mmdBodies} / ${row.mmdJoints} | ${row.bodies} | ${row.sandboxMs.toFixed(3)} | ${row.bareMs.toFixed(3)} | ${row.ratio.toFixed(3)} | ${row.sandboxTopSpeed.toFixed(0)} / ${row.bareTopSpeed.toFixed(0)} |`,
  );
  console.log(
    `\ntarget ≤ ${TARGET_MS} ms per step: ${row.sandboxMs <= TARGET_MS ? 'reached' : 'NOT reached'}`,
  );
  if (process.argv.includes('--breakdown')) printBreakdown(doll);
  if (process.argv.includes('--six')) printSix(doll);
}

/** `--model PATH`'s path; undefined without `--model`, null when it has no path after it. */
function modelArgument(): string | undefined | null {
  const at = process.argv.indexOf('--model');
  if (at < 0) return undefined;
  const path = process.argv[at + 1];
  return path === undefined || path.startsWith('--') ? null : path;
}

/** The texts after each `--lever`. */
function leverArguments(): string[] {
  return process.argv.flatMap((arg, i) => (process.argv[i - 1] === '--lever' ? [arg] : []));
}

/** Simulated seconds each lever is measured for. */
const LEVER_SECONDS = 10;

/** `--seed N`, or {@link SEED}. */
function leverSeed(): number {
  const at = process.argv.indexOf('--seed');
  const seed = at >= 0 ? Number(process.argv[at + 1]) : SEED;
  if (!Number.isInteger(seed)) throw new Error('bench:mmd: --seed needs a whole number');
  return seed;
}

function printLevers(doll: MmdDoll): void {
  const load = os.loadavg()[0]!.toFixed(1);
  const seed = leverSeed();
  const results = measureLevers(RAPIER, doll, seed, LEVER_SECONDS, leverArguments());
  console.log(
    `\n${SIX} figures of ${doll.fileName} moving (blast ${SIX_BLAST_POWER} every second), seed ${seed}, ${LEVER_SECONDS} s side by side; load ${load} at start, ${os.loadavg()[0]!.toFixed(1)} at end`,
  );
  console.log(
    '| variant | CPU ms/step | Rapier wall ms: step / solver / narrow / broad | fastest MMD body (m/s) | largest ragdoll joint gap (mm) |',
  );
  console.log('|---|---:|---|---:|---:|');
  for (const r of results) {
    const { step, solver, narrow, broad } = r.rapier;
    console.log(
      `| ${r.name} | ${r.msPerStep.toFixed(2)} | ${[step, solver, narrow, broad].map((x) => x.toFixed(2)).join(' / ')} | ${r.topMmdSpeed.toFixed(1)} | ${(r.maxRagdollGapM * 1000).toFixed(1)} |`,
    );
  }
}

/** Simulated seconds the profile runs for. */
const PROFILE_SECONDS = 10;

function printProfile(doll: MmdDoll): void {
  for (const lever of selectLevers(leverArguments())) {
    const load = os.loadavg()[0]!.toFixed(1);
    const p = profileSixFigures(buildLeverScene(RAPIER, doll, lever, SEED), PROFILE_SECONDS);
    console.log(
      `\n**${lever.name}**: ${SIX} figures of ${doll.fileName} moving (blast ${SIX_BLAST_POWER} every second), ${PROFILE_SECONDS} s, Rapier's profiler on; load ${load} at start, ${os.loadavg()[0]!.toFixed(1)} at end`,
    );
    printOneProfile(p);
  }
}

function printOneProfile(p: SixProfile): void {
  console.log(`CPU ms per step (median of blocks): ${p.cpuMsPerStep.toFixed(2)}\n`);
  console.log('| Rapier phase | wall ms/step | share of step |');
  console.log('|---|---:|---:|');
  const step = p.phases[0]![1];
  for (const [name, ms] of p.phases) {
    const label = name.replace(/^( *)/, (spaces) => '· '.repeat(spaces.length / 2));
    console.log(`| ${label} | ${ms.toFixed(3)} | ${((100 * ms) / step).toFixed(1)} % |`);
  }
  console.log(
    `\nPer step (mean of censuses): ${p.awakeBodies.toFixed(0)} of ${p.bodies} dynamic bodies awake, ${p.activeJoints.toFixed(0)} of ${p.joints} impulse joints with an awake body.\n`,
  );
  console.log(
    '| collider pair (hair: MMD dynamic body) | pairs held | touching | solver contacts |',
  );
  console.log('|---|---:|---:|---:|');
  let total = { pairs: 0, touching: 0, solverContacts: 0 };
  for (const row of p.pairs) {
    console.log(
      `| ${row.pair} | ${row.pairs.toFixed(0)} | ${row.touching.toFixed(0)} | ${row.solverContacts.toFixed(0)} |`,
    );
    total = {
      pairs: total.pairs + row.pairs,
      touching: total.touching + row.touching,
      solverContacts: total.solverContacts + row.solverContacts,
    };
  }
  console.log(
    `| all | ${total.pairs.toFixed(0)} | ${total.touching.toFixed(0)} | ${total.solverContacts.toFixed(0)} |`,
  );
}

/** Simulated seconds a pile is given to fall asleep under `--rest-seeds`. */
const REST_SEEDS_SECONDS = 30;

/** `--rest-seeds 1,2,3`: the seeds whose piles are dropped. */
function restSeeds(): number[] {
  const list = process.argv[process.argv.indexOf('--rest-seeds') + 1] ?? '';
  const seeds = list.split(',').map(Number);
  if (!/^\d+(,\d+)*$/.test(list))
    throw new Error('bench:mmd: --rest-seeds needs whole numbers separated by commas, e.g. 1,2,3');
  return seeds;
}

/** When six figures dropped together fall asleep, seed by seed: the lying-still row is seed luck. */
function printRestSeeds(doll: MmdDoll): void {
  console.log(
    `\n| seed | ${SIX} figures of ${doll.fileName} dropped together: every MMD body asleep (s after the drop) |`,
  );
  console.log('|---:|---:|');
  let asleep = 0;
  const seeds = restSeeds();
  for (const seed of seeds) {
    const seconds = secondsUntilAsleep(RAPIER, doll, seed, REST_SEEDS_SECONDS);
    if (seconds !== null) asleep++;
    console.log(`| ${seed} | ${seconds ?? `not within ${REST_SEEDS_SECONDS} s`} |`);
  }
  console.log(`\n${asleep} of ${seeds.length} piles asleep within ${REST_SEEDS_SECONDS} s`);
}

function printSix(doll: MmdDoll): void {
  const six = measureSixFigures(RAPIER, doll, SEED);
  console.log(
    `\n| ${SIX} figures of ${doll.fileName} | CPU ms/step | fastest MMD body (m/s) | MMD bodies asleep | target |`,
  );
  console.log('|---|---:|---:|---:|---|');
  console.log(
    `| moving (blast ${SIX_BLAST_POWER} every second), ${REST_SECONDS} s | ${six.movingMsPerStep.toFixed(3)} | | | ≤ 5 ms |`,
  );
  console.log(
    `| lying still, ${REST_SECONDS} s after ${SETTLE_SECONDS} s | ${six.restMsPerStep.toFixed(3)} | ${six.restTopSpeed.toFixed(3)} | ${six.mmdBodiesAsleep} / ${six.mmdBodies} | ≤ 1 ms, < 0.05 m/s, all |`,
  );
  console.log(
    `| all asleep ${six.asleepAfterSeconds === null ? 'never (52 s)' : `${six.asleepAfterSeconds} s after the drop`}: the 2 s after | ${six.asleepMsPerStep.toFixed(3)} | | | ≤ 1 ms |`,
  );
}

await main();
