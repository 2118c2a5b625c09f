/**
 * `npm run bench:motion-physics`: what playing a motion costs per physics step, side by side in one
 * run: six box dummies following the built-in Stand motion (motors re-aimed, pins moved,
 * knock-down watched every step) against the same six figures passive (STIFFNESS 50), kept
 * awake so both do the same solver work, and, for reference, passive ones allowed to sleep.
 * Blocks of steps alternate between the scenes so machine noise hits all; medians are quoted.
 *
 * It also compares the two balance assists, the app's pin (a kinematic anchor and a 6-axis
 * joint with force-limited motors, solved with the contacts) and Rapier's PidController (an
 * impulse computed before each step, same spring and force limits): the cost of six figures
 * on each, and on the box dummy and the heaviest fixtures present, Stand tracking (10 s) and
 * a 12 m/s ball (12 s), as `npm run sim -- --balance pin|pid` measures them.
 *
 *   npm run bench:motion-physics [-- --json]
 */
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import RAPIER from '@dimforge/rapier3d-simd-compat';
import { BOX_DOLL } from '../renderer/src/physics/box-doll';
import type { DollSpec } from '../renderer/src/physics/doll-spec';
import type { MmdPhysicsSpec } from '../renderer/src/physics/mmd/mmd-physics-spec';
import type { BalanceAssistKind } from '../renderer/src/physics/motion/balance-pin';
import { Sandbox } from '../renderer/src/physics/sandbox';
import { builtinMotion } from '../renderer/src/motion/builtin-motions';
import type { FigureKind } from '../renderer/src/motion/retarget-motion';
import { retargetMotion } from '../renderer/src/motion/retarget-motion';
import { realFixture } from '../tools/fixtures/real-fixtures';
import { median } from './lib/bench-stats';
import { loadMmdDoll } from '../tools/loaders/load-mmd-doll';
import { loadModelDoll } from '../tools/loaders/load-model-doll';
import { runSimulation } from '../tools/sim/run-simulation';
import { parseSimOptions } from '../tools/sim/sim-options';

/** Fixtures the balance assists are compared on, when present (a heavy MMD model, a wide VRM). */
const COMPARED_FIXTURES = ['pmd/mokou/mokou_B.pmd', 'vrm1/addon_debug_robot.vrm'];

const FIGURES = 6;
const BLOCK_STEPS = 30;
const BLOCKS = 40;

type Scene = { readonly name: string; readonly sandbox: Sandbox; readonly step: () => void };

function standingFigures(balanceAssist: BalanceAssistKind = 'pin'): Sandbox {
  const sandbox = new Sandbox(RAPIER, { stiffness: 50, seed: 5, balanceAssist });
  for (let i = 0; i < FIGURES; i++) sandbox.addFigure();
  sandbox.reset();
  return sandbox;
}

function motionScene(balanceAssist: BalanceAssistKind): Scene {
  const sandbox = standingFigures(balanceAssist);
  const stand = retargetMotion(builtinMotion('stand'), BOX_DOLL, { figureKind: 'box' });
  for (const figure of sandbox.figures) sandbox.motion.set(figure, stand);
  const name = balanceAssist === 'pin' ? 'following Stand' : 'following Stand, PidController';
  return { name, sandbox, step: () => sandbox.step() };
}

function passiveAwakeScene(): Scene {
  const sandbox = standingFigures();
  const pelvises = sandbox.figures.map((figure) => figure.ragdoll.root.body);
  return {
    name: 'passive, awake',
    sandbox,
    step: () => {
      for (const pelvis of pelvises) pelvis.wakeUp();
      sandbox.step();
    },
  };
}

function passiveScene(): Scene {
  const sandbox = standingFigures();
  return { name: 'passive, may sleep', sandbox, step: () => sandbox.step() };
}

function timeBlock(step: () => void): number {
  const start = performance.now();
  for (let i = 0; i < BLOCK_STEPS; i++) step();
  return (performance.now() - start) / BLOCK_STEPS;
}

interface ComparedFigure {
  readonly name: string;
  readonly kind: FigureKind;
  readonly spec: DollSpec;
  readonly mmd?: MmdPhysicsSpec;
}

async function comparedFigures(): Promise<ComparedFigure[]> {
  const figures: ComparedFigure[] = [{ name: 'box dummy', kind: 'box', spec: BOX_DOLL }];
  for (const file of COMPARED_FIXTURES) {
    const path = realFixture(file);
    if (!existsSync(path)) {
      console.warn(`note: ${file} is absent; left out of the balance comparison`);
      continue;
    }
    if (file.endsWith('.pmd')) {
      const doll = await loadMmdDoll(path);
      figures.push({ name: basename(file), kind: 'mmd', spec: doll.spec, mmd: doll.rig.physics });
    } else {
      figures.push({ name: basename(file), kind: 'vrm', spec: (await loadModelDoll(path)).spec });
    }
  }
  return figures;
}

/** Stand tracking and a 12 m/s ball on one figure with one balance assist. */
function compareBalance(figure: ComparedFigure, balance: BalanceAssistKind) {
  const motion = retargetMotion(builtinMotion('stand'), figure.spec, { figureKind: figure.kind });
  const run = (args: string[]) =>
    runSimulation(
      RAPIER,
      parseSimOptions(['--motion', 'builtin:stand', '--balance', balance, ...args]),
      figure.spec,
      figure.mmd,
      motion,
    );
  const stand = run(['--seconds', '10']);
  const hit = run(['--seconds', '12', '--hit-ball', '12']);
  return {
    figure: figure.name,
    balance,
    trackingErrorRad: stand.trackingErrorRad,
    pelvisHeightRatio: stand.pelvisHeightRatio,
    standFalls: stand.falls,
    hitFalls: hit.falls,
    hitRecoveries: hit.recoveries,
    maxSecondsToRecover: hit.maxSecondsToRecover,
  };
}

async function main(): Promise<void> {
  await RAPIER.init();
  const scenes = [motionScene('pin'), passiveAwakeScene(), passiveScene(), motionScene('pid')];
  // Warm-up (WASM, JIT) and let the motion figures get up and the passive ones settle.
  for (let i = 0; i < 240; i++) for (const scene of scenes) scene.step();
  const times = scenes.map((): number[] => []);
  for (let block = 0; block < BLOCKS; block++) {
    // Rotate the order so no scene always runs first.
    for (let k = 0; k < scenes.length; k++) {
      const i = (block + k) % scenes.length;
      times[i]!.push(timeBlock(scenes[i]!.step));
    }
  }
  const rows = scenes.map((scene, i) => ({ scene: scene.name, msPerStep: median(times[i]!) }));
  const motion = rows[0]!.msPerStep;
  const awake = rows[1]!.msPerStep;
  const states = scenes[0]!.sandbox.figures.map((f) => scenes[0]!.sandbox.motion.state(f));
  const pid = rows[3]!.msPerStep;
  for (const scene of scenes) scene.sandbox.dispose();
  const balance = (await comparedFigures()).flatMap((figure) => [
    compareBalance(figure, 'pin'),
    compareBalance(figure, 'pid'),
  ]);
  if (process.argv.includes('--json')) {
    console.log(
      JSON.stringify({
        figures: FIGURES,
        rows,
        ratio: motion / awake,
        pidRatio: pid / awake,
        states,
        balance,
      }),
    );
    return;
  }
  console.log(`| ${FIGURES} box dummies | ms per step (median) |`);
  console.log('|---|---|');
  for (const row of rows) console.log(`| ${row.scene} | ${row.msPerStep.toFixed(3)} |`);
  console.log(`\nmotion / passive awake: ${(motion / awake).toFixed(2)}x`);
  console.log(`motion (PidController) / passive awake: ${(pid / awake).toFixed(2)}x`);
  console.log(`motion figures at the end: ${states.join(', ')}\n`);
  const fixed = (value: number | null, digits: number) =>
    value === null ? '–' : value.toFixed(digits);
  console.log('| figure | balance | Stand: error / ratio / falls | hit-ball 12: falls / rec / s |');
  console.log('|---|---|---|---|');
  for (const r of balance) {
    const stand = `${fixed(r.trackingErrorRad, 3)} / ${fixed(r.pelvisHeightRatio, 3)} / ${r.standFalls}`;
    const hit = `${r.hitFalls} / ${r.hitRecoveries} / ${fixed(r.maxSecondsToRecover, 2)}`;
    console.log(`| ${r.figure} | ${r.balance} | ${stand} | ${hit} |`);
  }
}

await main();
