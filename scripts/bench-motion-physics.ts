/**
 * `npm run bench:motion-physics`: what playing a motion costs per physics step, side by side in one
 * run: six box dummies following the built-in Stand motion (motors re-aimed, pins moved,
 * knock-down watched every step) against the same six figures passive (STIFFNESS 50), kept
 * awake so both do the same solver work, and, for reference, passive ones allowed to sleep.
 * Blocks of steps alternate between the scenes so machine noise hits all; medians are quoted.
 *
 *   npm run bench:motion-physics [-- --json]
 */
import RAPIER from '@dimforge/rapier3d-compat';
import { BOX_DOLL } from '../renderer/src/physics/box-doll';
import { Sandbox } from '../renderer/src/physics/sandbox';
import { builtinMotion } from '../renderer/src/motion/builtin-motions';
import { retargetMotion } from '../renderer/src/motion/retarget-motion';
import { median } from './lib/bench-stats';

const FIGURES = 6;
const BLOCK_STEPS = 30;
const BLOCKS = 40;

type Scene = { readonly name: string; readonly sandbox: Sandbox; readonly step: () => void };

function standingFigures(): Sandbox {
  const sandbox = new Sandbox(RAPIER, { stiffness: 50, seed: 5 });
  for (let i = 0; i < FIGURES; i++) sandbox.addFigure();
  sandbox.reset();
  return sandbox;
}

function motionScene(): Scene {
  const sandbox = standingFigures();
  const stand = retargetMotion(builtinMotion('stand'), BOX_DOLL, { figureKind: 'box' });
  for (const figure of sandbox.figures) sandbox.setFigureMotion(figure, stand);
  return { name: 'following Stand', sandbox, step: () => sandbox.step() };
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

async function main(): Promise<void> {
  await RAPIER.init();
  const scenes = [motionScene(), passiveAwakeScene(), passiveScene()];
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
  const states = scenes[0]!.sandbox.figures.map((f) => scenes[0]!.sandbox.figureMotionState(f));
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ figures: FIGURES, rows, ratio: motion / awake, states }));
  } else {
    console.log(`| ${FIGURES} box dummies | ms per step (median) |`);
    console.log('|---|---|');
    for (const row of rows) console.log(`| ${row.scene} | ${row.msPerStep.toFixed(3)} |`);
    console.log(`\nmotion / passive awake: ${(motion / awake).toFixed(2)}x`);
    console.log(`motion figures at the end: ${states.join(', ')}`);
  }
  for (const scene of scenes) scene.sandbox.dispose();
}

await main();
