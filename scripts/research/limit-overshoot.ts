/**
 * `npx tsx scripts/research/limit-overshoot.ts`: how far a box dummy's elbows and knees go past their
 * angle limits under hard kicks (the scene of the hinge-limit test in
 * tests/unit/physics-design-results.test.ts: 40 rounds of angular kicks on every forearm and
 * shin, STIFFNESS 0), at Rapier's default contact prediction distance (2 cm) and at 1 cm, with
 * the angle-limit projection (`renderer/src/physics/limit-projection.ts`) off and on.
 *
 * Prints a Markdown table: per kick (N·m·s), the worst overshoot in radians over seeds 1-3 and
 * every hinge, either end. Deterministic: the same numbers on every run and machine load.
 * `--seeds N` takes seeds 1..N instead.
 */
import RAPIER from '@dimforge/rapier3d-simd-compat';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { hingeRanges, worstOvershoot } from '../../tools/physics/hinge-kicks';

const KICKS = [0.15, 0.16, 0.17, 0.18, 0.19, 0.2, 0.21, 0.22, 0.23];
const PREDICTIONS = [0.02, 0.01];

function seedCount(): number {
  const at = process.argv.indexOf('--seeds');
  const count = at >= 0 ? Number(process.argv[at + 1]) : 3;
  if (!Number.isInteger(count) || count < 1) throw new Error('--seeds takes a whole number ≥ 1');
  return count;
}

/** The worst overshoot over seeds 1..seeds for one setting (radians). */
function worst(kick: number, prediction: number, projection: boolean, seeds: number): number {
  let worstSeen = 0;
  for (let seed = 1; seed <= seeds; seed++) {
    const sandbox = new Sandbox(RAPIER, { stiffness: 0, seed, limitProjection: projection });
    sandbox.world.integrationParameters.normalizedPredictionDistance = prediction;
    worstSeen = Math.max(worstSeen, worstOvershoot(hingeRanges(sandbox, kick, 0)));
    sandbox.dispose();
  }
  return worstSeen;
}

await RAPIER.init();
const seeds = seedCount();
const columns = PREDICTIONS.flatMap((prediction) =>
  [false, true].map((projection) => ({ prediction, projection })),
);
const header = columns.map(
  (c) => `${c.prediction * 100} cm, projection ${c.projection ? 'on' : 'off'}`,
);
console.log(`Worst overshoot past a hinge limit (rad), seeds 1-${seeds}, the test's bound 0.05:\n`);
console.log(`| kick (N·m·s) | ${header.join(' | ')} |`);
console.log(`| -----------: | ${header.map((h) => '-'.repeat(h.length - 1) + ':').join(' | ')} |`);
for (const kick of KICKS) {
  const cells = columns.map((c, i) =>
    worst(kick, c.prediction, c.projection, seeds).toFixed(3).padStart(header[i]!.length),
  );
  console.log(`| ${kick.toFixed(2).padStart(12)} | ${cells.join(' | ')} |`);
}
