/**
 * `npm run bench:sound`: what choosing impact sounds costs a physics step. Two identical
 * scenes (6 box figures, 12 props, the same seed), one with impact sounds on, are stepped in
 * alternating blocks while a BLAST at power 14 hits both every simulated second; the sounds
 * scene's requests are read out after each block, as the page's player does once a frame.
 * Prints a Markdown table: median ms per step of each and the difference, and how many
 * sounds were requested.
 */
import RAPIER from '@dimforge/rapier3d-simd-compat';
import { Sandbox } from '../renderer/src/physics/sandbox';
import { soundRequest } from '../renderer/src/physics/sound/sound-requests';
import { WARM_UP_STEPS, timeStepsPaired } from './lib/step-bench';

const SECONDS = 12;

function scene(impactSounds: boolean): Sandbox {
  const sandbox = new Sandbox(RAPIER, { seed: 5, impactSounds });
  for (let i = 0; i < 6; i++) sandbox.addFigure();
  for (let i = 0; i < 12; i++) sandbox.addProp(i % 2 === 0 ? 'ball' : 'box');
  return sandbox;
}

async function main(): Promise<void> {
  await RAPIER.init();
  const quiet = scene(false);
  const loud = scene(true);
  for (let i = 0; i < WARM_UP_STEPS; i++) {
    quiet.step();
    loud.step();
  }
  const ring = loud.soundRequests!;
  const out = soundRequest();
  const counts = new Map<string, number>();
  const times = timeStepsPaired(
    () => loud.step(),
    () => quiet.step(),
    {
      seconds: SECONDS,
      everySecond: () => {
        quiet.blast(14);
        loud.blast(14);
      },
      afterBlock: () => {
        while (ring.shift(out)) counts.set(out.kind, (counts.get(out.kind) ?? 0) + 1);
      },
    },
  );
  const sounds = [...counts].map(([kind, n]) => `${kind} ${n}`).join(', ');
  console.log(`6 box figures, 12 props, BLAST 14 every simulated second, ${SECONDS} s measured\n`);
  console.log('| sound | ms per step (median of blocks) |');
  console.log('|---|---|');
  console.log(`| off | ${times.bareMs.toFixed(3)} |`);
  console.log(`| on | ${times.sandboxMs.toFixed(3)} |`);
  console.log(`| difference | ${(times.sandboxMs - times.bareMs).toFixed(3)} |`);
  console.log(`\nSounds requested: ${sounds}`);
  quiet.dispose();
  loud.dispose();
}

await main();
