/**
 * `npm run sim:landing-gaps`: how far ragdoll joints come apart while figures land, before and
 * after the joint projection (`renderer/src/physics/joint-projection.ts`), side by side in one
 * run. Before: no joint projection.
 *
 * 1. Every figure (the box dummy, two generated humanoids, every real VRM/PMX/PMD fixture that
 *    is present) is dropped and, 3 s later, blasted at power 16; the worst joint gap of the DROP
 *    landing and of the 5 s after the BLAST over seeds 1-3, with the joint, the time since the
 *    DROP and the fastest part's speed in the step before (the speed at impact), and the mean
 *    over the seeds of each seed's worst gap.
 *    Targets: ≤ 11 mm for the DROP, ≤ 20 mm after BLAST 16.
 * 2. BLAST speeds: the box dummy's top speed after BLAST 4/8/16/30 (the original design
 *    measured about 10/18/19/35 m/s), before and after.
 * 3. Step cost: six figures dropped and blasted at 16 every simulated second, ms per step
 *    after against before, and after against bare Rapier stepping the same world.
 *
 * `--levers` adds the other levers tried, each on the box dummy, a generated humanoid,
 * godette_v4 and addon_debug_robot (when present). `--only SUBSTRING` keeps the figures whose
 * name contains it; `--quick` skips the step cost; `--seeds N` runs seeds 1-N instead of 1-3
 * (one landing's gap depends on where in its step a foot meets the floor, so comparing two
 * settings by the worst of three seeds reads mostly that chance). Prints Markdown tables and
 * the load average.
 *
 *   npm run sim:landing-gaps [-- --levers] [-- --only godette] [-- --quick] [-- --seeds 8]
 */
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import os from 'node:os';
import { parseArgs } from 'node:util';
import RAPIER from '@dimforge/rapier3d-simd-compat';
import { BOX_DOLL } from '../renderer/src/physics/box-doll';
import type { RigidBody } from '../renderer/src/physics/rapier-api';
import type { SandboxOptions } from '../renderer/src/physics/sandbox';
import { Sandbox } from '../renderer/src/physics/sandbox';
import { specFromHumanoidBones } from '../renderer/src/rig/spec-from-humanoid-bones';
import { REAL_HUMANOID_MODELS, realFixture } from '../tools/fixtures/real-fixtures';
import { SKELETONS } from '../tools/fixtures/fixture-skeletons';
import type { GapPeak, LandingFigure, LandingLever, LandingRun } from './lib/landing-gaps';
import { measureLanding, worstPeak } from './lib/landing-gaps';
import { loadMmdDoll } from '../tools/loaders/load-mmd-doll';
import { loadModelDoll } from '../tools/loaders/load-model-doll';
import type { PairedStepTimes } from './lib/step-bench';
import { WARM_UP_STEPS, timeStepsPaired } from './lib/step-bench';

/** Seeds 1-N; `--seeds N` sets N. */
let seeds = [1, 2, 3];
const DROP_TARGET_M = 0.011;
const BLAST_TARGET_M = 0.02;
const BLAST_POWERS = [4, 8, 16, 30];

/** Lets Rapier re-solve a step `substeps` times after CCD stops a body (its default is 1). */
const ccdSubsteps =
  (substeps: number) =>
  (sandbox: Sandbox): void => {
    sandbox.world.integrationParameters.maxCcdSubsteps = substeps;
  };
const NO_PROJECTION: SandboxOptions = { jointProjection: false };
/** The sandbox as it was before: no joint projection. */
const BEFORE: LandingLever = { options: NO_PROJECTION };

function partBodies(sandbox: Sandbox): RigidBody[] {
  return sandbox.figures.flatMap((figure) => figure.ragdoll.parts.map((part) => part.body));
}

/** `change` on top of the sandbox as it was before. */
function beforeAnd(change: (sandbox: Sandbox) => void): LandingLever {
  return {
    options: NO_PROJECTION,
    setUp: change,
  };
}

/** Part speeds capped at `limit` m/s after every step. */
function speedClamp(limit: number): (sandbox: Sandbox) => void {
  return (sandbox) => {
    for (const body of partBodies(sandbox)) {
      const v = body.linvel();
      const speed = Math.hypot(v.x, v.y, v.z);
      if (speed > limit) {
        const k = limit / speed;
        body.setLinvel({ x: v.x * k, y: v.y * k, z: v.z * k }, true);
      }
    }
  };
}

/** The levers tried, each alone on the sandbox as it was before, then the combination built. */
const LEVERS: readonly (readonly [string, LandingLever])[] = [
  ['before (1 CCD substep, no joint projection)', BEFORE],
  [
    '+8 solver iterations on ragdoll parts (setAdditionalSolverIterations)',
    beforeAnd((s) => {
      for (const body of partBodies(s))
        body.setAdditionalSolverIterations(body.additionalSolverIterations() + 8);
    }),
  ],
  ['world numSolverIterations +8', beforeAnd((s) => (s.world.numSolverIterations += 8))],
  [
    'world numInternalPgsIterations 2 (was 1)',
    beforeAnd((s) => (s.world.numInternalPgsIterations = 2)),
  ],
  [
    'contacts between jointed parts on',
    beforeAnd((s) => {
      for (const figure of s.figures)
        for (const joint of figure.ragdoll.joints) joint.joint.setContactsEnabled(true);
    }),
  ],
  [
    "every part at least 30% of the heaviest part's mass",
    beforeAnd((s) => {
      for (const figure of s.figures) {
        const parts = figure.ragdoll.parts;
        const heaviest = Math.max(...parts.map((part) => part.body.mass()));
        for (const part of parts)
          if (part.body.mass() < 0.3 * heaviest) part.collider.setMass(0.3 * heaviest);
      }
    }),
  ],
  [
    'CCD off on ragdoll parts',
    beforeAnd((s) => {
      for (const body of partBodies(s)) body.enableCcd(false);
    }),
  ],
  [
    'soft CCD (0.3 m prediction) instead of CCD on parts',
    beforeAnd((s) => {
      for (const body of partBodies(s)) {
        body.enableCcd(false);
        body.setSoftCcdPrediction(0.3);
      }
    }),
  ],
  [
    'contact skin 1 cm on parts',
    beforeAnd((s) => {
      for (const figure of s.figures)
        for (const part of figure.ragdoll.parts) part.collider.setContactSkin(0.01);
    }),
  ],
  [
    'contact prediction distance 0.1 m (was 0.02)',
    beforeAnd((s) => (s.world.integrationParameters.normalizedPredictionDistance = 0.1)),
  ],
  ['part speed clamped to 12 m/s every step', { ...BEFORE, afterStep: speedClamp(12) }],
  ['2 CCD substeps', beforeAnd(ccdSubsteps(2))],
  ['4 CCD substeps', beforeAnd(ccdSubsteps(4))],
  ['8 CCD substeps', beforeAnd(ccdSubsteps(8))],
  [
    '8 CCD substeps + 4 solver iterations on parts',
    beforeAnd((s) => {
      ccdSubsteps(8)(s);
      for (const body of partBodies(s))
        body.setAdditionalSolverIterations(body.additionalSolverIterations() + 4);
    }),
  ],
  ['8 CCD substeps + joint projection', { setUp: ccdSubsteps(8) }],
  ['joint projection (as built)', {}],
];

async function loadFigures(only: string | undefined): Promise<LandingFigure[]> {
  const figures: LandingFigure[] = [
    { name: 'box dummy', spec: BOX_DOLL },
    {
      name: 'generated T-pose human',
      spec: specFromHumanoidBones(SKELETONS.tposeFull.positions).spec,
    },
    { name: 'generated chibi', spec: specFromHumanoidBones(SKELETONS.chibi.positions).spec },
  ];
  for (const file of REAL_HUMANOID_MODELS) {
    const path = realFixture(file);
    if (only && !file.includes(only)) continue;
    if (!existsSync(path)) {
      console.warn(`sim:landing-gaps: ${path} not found; left out`);
      continue;
    }
    if (/\.(pmx|pmd)$/i.test(file)) {
      const doll = await loadMmdDoll(path);
      figures.push({ name: basename(file), spec: doll.spec, mmd: doll.rig.physics });
    } else {
      const doll = await loadModelDoll(path);
      figures.push({ name: basename(file), spec: doll.spec });
    }
  }
  return only ? figures.filter((figure) => figure.name.includes(only)) : figures;
}

function mm(m: number): string {
  return `${(m * 1000).toFixed(1)} mm`;
}

function peakCell(peak: GapPeak, target: number): string {
  const mark = peak.gapM <= target ? '' : ' !';
  return `${mm(peak.gapM)}${mark}, ${peak.joint}, ${peak.timeS.toFixed(2)} s, ${peak.impactSpeed.toFixed(1)} m/s`;
}

interface Worst {
  readonly drop: GapPeak;
  readonly blast: GapPeak;
  /** The mean over the seeds of each seed's worst gap, metres. */
  readonly dropMeanM: number;
  readonly blastMeanM: number;
  readonly topSpeed: string;
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function worstOf(runs: readonly LandingRun[]): Worst {
  const speeds = runs.map((run) => run.topSpeedAfterBlast);
  return {
    drop: worstPeak(runs.map((run) => run.drop)),
    blast: worstPeak(runs.map((run) => run.blast)),
    dropMeanM: mean(runs.map((run) => run.drop.gapM)),
    blastMeanM: mean(runs.map((run) => run.blast.gapM)),
    topSpeed: `${Math.min(...speeds).toFixed(0)}-${Math.max(...speeds).toFixed(0)}`,
  };
}

function landing(figure: LandingFigure, lever: LandingLever = {}): Worst {
  return worstOf(seeds.map((seed) => measureLanding(RAPIER, figure, seed, lever)));
}

function printFigures(figures: readonly LandingFigure[]): void {
  console.log(
    `\n### Worst joint gap per figure, seeds 1-${seeds.length} (gap, joint, s since DROP, speed at impact; mean of the seeds' worst)\n`,
  );
  console.log(
    '| figure | DROP before | DROP after | BLAST 16 before | BLAST 16 after | top speed after BLAST 16, before / after (m/s) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const figure of figures) {
    const old = landing(figure, BEFORE);
    const now = landing(figure);
    console.log(
      `| ${figure.name} | ${peakCell(old.drop, DROP_TARGET_M)}; ${mm(old.dropMeanM)} | ${peakCell(now.drop, DROP_TARGET_M)}; ${mm(now.dropMeanM)} | ${peakCell(old.blast, BLAST_TARGET_M)}; ${mm(old.blastMeanM)} | ${peakCell(now.blast, BLAST_TARGET_M)}; ${mm(now.blastMeanM)} | ${old.topSpeed} / ${now.topSpeed} |`,
    );
  }
}

function printLevers(figures: readonly LandingFigure[]): void {
  const chosen = figures.filter((figure) =>
    ['box dummy', 'generated T-pose human', 'godette_v4.vrm', 'addon_debug_robot.vrm'].includes(
      figure.name,
    ),
  );
  console.log(
    `\n### Levers: worst DROP / BLAST 16 gap over seeds 1-${seeds.length} (mm), top speed after BLAST 16 (m/s)\n`,
  );
  console.log(`| lever | ${chosen.map((figure) => figure.name).join(' | ')} |`);
  console.log(`| --- |${chosen.map(() => ' --- |').join('')}`);
  for (const [name, lever] of LEVERS) {
    const cells = chosen.map((figure) => {
      const worst = landing(figure, lever);
      return `${(worst.drop.gapM * 1000).toFixed(1)} / ${(worst.blast.gapM * 1000).toFixed(1)}, ${worst.topSpeed}`;
    });
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
}

/** The box dummy's top speed in the 15 s after a blast, as the original design measured it. */
function blastTopSpeed(power: number, lever: LandingLever = {}): number {
  const sandbox = new Sandbox(RAPIER, { ...lever.options, seed: power });
  try {
    sandbox.addFigure();
    lever.setUp?.(sandbox);
    sandbox.run(2);
    sandbox.blast(power);
    let top = 0;
    sandbox.run(15, () => {
      top = Math.max(top, sandbox.measure().maxSpeed);
    });
    return top;
  } finally {
    sandbox.dispose();
  }
}

function printBlastSpeeds(): void {
  console.log(
    '\n### BLAST speeds, box dummy (top speed in 15 s, m/s; original design 9.7 / 17.9 / 19.4 / 35.2)\n',
  );
  console.log(`| | ${BLAST_POWERS.map((p) => `power ${p}`).join(' | ')} |`);
  console.log(`| --- |${BLAST_POWERS.map(() => ' --- |').join('')}`);
  for (const [name, lever] of [
    ['before', BEFORE],
    ['after', {}],
  ] as const) {
    const cells = BLAST_POWERS.map((power) => blastTopSpeed(power, lever).toFixed(1));
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
}

function costScene(figure: LandingFigure, lever: LandingLever = {}): Sandbox {
  const sandbox = new Sandbox(RAPIER, { ...lever.options, seed: 11 });
  for (let i = 0; i < 6; i++) sandbox.addFigure(figure.spec, figure.mmd ? { mmd: figure.mmd } : {});
  lever.setUp?.(sandbox);
  sandbox.drop();
  return sandbox;
}

/**
 * ms per step, as built against before, and each against bare Rapier stepping a twin of the
 * same world (same settings) with `world.step()` alone.
 */
function printCost(figure: LandingFigure): void {
  const after = costScene(figure);
  const old = costScene(figure, BEFORE);
  const twin = costScene(figure);
  const oldTwin = costScene(figure, BEFORE);
  const scenes = [after, old, twin, oldTwin];
  for (let i = 0; i < WARM_UP_STEPS; i++) {
    after.step();
    old.step();
    twin.world.step();
    oldTwin.world.step();
  }
  const blastAll = (): void => {
    for (const scene of scenes) scene.blast(16);
  };
  const hooks = { everySecond: blastAll };
  const vsBefore = timeStepsPaired(
    () => after.step(),
    () => old.step(),
    hooks,
  );
  const vsBare = timeStepsPaired(
    () => after.step(),
    () => twin.world.step(),
    hooks,
  );
  const oldVsBare = timeStepsPaired(
    () => old.step(),
    () => oldTwin.world.step(),
    hooks,
  );
  console.log(
    `\n### Step cost: six ${figure.name}, dropped, BLAST 16 every simulated second (medians of 30-step blocks)\n`,
  );
  console.log('| compared | ms/step | against | ratio |');
  console.log('| --- | ---: | ---: | ---: |');
  const row = (name: string, t: PairedStepTimes): void =>
    console.log(
      `| ${name} | ${t.sandboxMs.toFixed(3)} | ${t.bareMs.toFixed(3)} | ${t.ratio.toFixed(2)}x |`,
    );
  row('after / before', vsBefore);
  row('after / bare Rapier, same world', vsBare);
  row('before / bare Rapier, same world', oldVsBare);
  for (const sandbox of scenes) sandbox.dispose();
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      levers: { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      seeds: { type: 'string', default: '3' },
    },
  });
  const seedCount = Number(values.seeds);
  if (!Number.isInteger(seedCount) || seedCount < 1) {
    throw new Error(`sim:landing-gaps: --seeds wants a whole number ≥ 1, not "${values.seeds}"`);
  }
  seeds = Array.from({ length: seedCount }, (_, i) => i + 1);
  await RAPIER.init();
  console.log(`load average at start (1/5/15 min): ${loadAverage()}`);
  const figures = await loadFigures(values.only);
  printFigures(figures);
  printBlastSpeeds();
  if (values.levers) printLevers(figures);
  if (!values.quick) {
    const vrm = figures.find((figure) => figure.name === 'godette_v4.vrm');
    printCost(vrm ?? figures.find((figure) => figure.name === 'generated T-pose human')!);
  }
  console.log(`\nload average at end: ${loadAverage()}`);
}

void main();
