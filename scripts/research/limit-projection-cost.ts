/**
 * `npx tsx scripts/research/limit-projection-cost.ts [--rounds N]`: what the angle-limit projection
 * (`renderer/src/physics/limit-projection.ts`) costs per step, side by side in one run.
 *
 * Six figures dropped at STIFFNESS 50 and blasted at power 6 every simulated second (the
 * scene of `npm run bench`), as box dummies: the sandbox projects only figures whose limited
 * joints are all hinges (`limitsAreHinges`), not a model's rig. Three sandboxes: projection on,
 * off, and on again (the noise between two identical scenes), stepped in alternating blocks
 * (see scripts/lib/step-bench.ts); medians of blocks, ms per step (wall time). The three
 * scenes part ways once the projection moves a limb, so the step times also differ by the
 * scene; the last columns time the projection's own work inside the "on" scene, which does
 * not depend on that: ms per step, and how many checks (figure × step) and projected joints.
 */
import RAPIER from '@dimforge/rapier3d-simd-compat';
import os from 'node:os';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import { LimitProjection } from '../../renderer/src/physics/limit-projection';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { median } from '../lib/bench-stats';
import { MEASURED_SECONDS, STEPS_PER_SECOND, WARM_UP_STEPS, timeBlock } from '../lib/step-bench';

const BLOCK_STEPS = 30;

/** Times the projection's own `update` calls and counts its checks and what they project. */
const own = { ms: 0, checks: 0, projected: 0 };
const update = LimitProjection.prototype.update;
LimitProjection.prototype.update = function (this: LimitProjection, held) {
  const start = performance.now();
  const projected = update.call(this, held);
  own.ms += performance.now() - start;
  own.projected += projected;
  return projected;
};
/** A check reads the rotations first (a private method, counted from here only). */
const checked = LimitProjection.prototype as unknown as { readRotations(): void };
const readRotations = checked.readRotations;
checked.readRotations = function (this: unknown) {
  own.checks++;
  readRotations.call(this);
};

function scene(spec: DollSpec, limitProjection: boolean): Sandbox {
  const sandbox = new Sandbox(RAPIER, { stiffness: 50, seed: 11, limitProjection });
  for (let i = 0; i < 6; i++) sandbox.addFigure(spec);
  sandbox.drop();
  for (let i = 0; i < WARM_UP_STEPS; i++) sandbox.step();
  return sandbox;
}

interface Row {
  on: number;
  off: number;
  onAgain: number;
  ownMs: number;
  checksPerStep: number;
  projectedPerStep: number;
}

function measure(spec: DollSpec): Row {
  const scenes = [scene(spec, true), scene(spec, false), scene(spec, true)];
  const times: number[][] = [[], [], []];
  const blocks = (MEASURED_SECONDS * STEPS_PER_SECOND) / BLOCK_STEPS;
  let ownMs = 0;
  let checks = 0;
  let projected = 0;
  for (let block = 0; block < blocks; block++) {
    if ((block * BLOCK_STEPS) % STEPS_PER_SECOND === 0) for (const s of scenes) s.blast(6);
    // Each scene goes first in turn.
    for (let k = 0; k < 3; k++) {
      const i = (block + k) % 3;
      own.ms = own.checks = own.projected = 0;
      times[i]!.push(timeBlock(() => scenes[i]!.step()));
      if (i === 0) {
        ownMs += own.ms;
        checks += own.checks;
        projected += own.projected;
      }
    }
  }
  for (const s of scenes) s.dispose();
  const steps = blocks * BLOCK_STEPS;
  return {
    on: median(times[0]!),
    off: median(times[1]!),
    onAgain: median(times[2]!),
    ownMs: ownMs / steps,
    checksPerStep: checks / steps,
    projectedPerStep: projected / steps,
  };
}

function roundsArg(): number {
  const at = process.argv.indexOf('--rounds');
  const rounds = at >= 0 ? Number(process.argv[at + 1]) : 3;
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds takes a whole number ≥ 1');
  return rounds;
}

await RAPIER.init();
const kinds: [string, DollSpec][] = [['six box dummies', BOX_DOLL]];
console.log(`Load average at start: ${os.loadavg()[0]!.toFixed(1)}\n`);
console.log(
  '| scene | round | on (ms/step) | off | on, a second copy | on / off | projection itself (ms/step) | figures checked per step | joints projected per step |',
);
console.log('| --- | --: | --: | --: | --: | --: | --: | --: | --: |');
for (let round = 1; round <= roundsArg(); round++) {
  for (const [name, spec] of kinds) {
    const r = measure(spec);
    console.log(
      `| ${name} | ${round} | ${r.on.toFixed(3)} | ${r.off.toFixed(3)} | ${r.onAgain.toFixed(3)} | ${((r.on + r.onAgain) / 2 / r.off).toFixed(3)} | ${r.ownMs.toFixed(4)} | ${r.checksPerStep.toFixed(2)} | ${r.projectedPerStep.toFixed(3)} |`,
    );
  }
}
console.log(`\nLoad average at end: ${os.loadavg()[0]!.toFixed(1)}`);
