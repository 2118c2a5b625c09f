/**
 * `npm run bench:mmd`: the cost of an MMD model's own physics (issue #6: a model with 125
 * rigid bodies and 117 joints plus its ragdoll within 1.5 ms per step).
 *
 * mokou_B.pmd from ../shared/fixtures when present, else the generated 125-body/117-joint
 * model, with its ragdoll, in our sandbox, against Rapier's bare `world.step()` on an
 * identical twin scene: the same bodies and joints built by the same code, stepped with no
 * JavaScript around the step (its follow bodies stay where they are). The scene is kept
 * active: dropped, then blasted every simulated second. Both are warmed up first (the first
 * steps pay for WASM and JIT compilation), blocks of steps alternate between the two so
 * machine noise hits both, and medians are quoted. `--generated` uses the generated model even
 * when mokou_B.pmd is there; `--json` prints one JSON object.
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import RAPIER from '@dimforge/rapier3d-compat';
import { parseMmdModel } from '../renderer/src/formats/mmd/parse-mmd-model';
import type { MmdModel } from '../renderer/src/formats/mmd/mmd-model';
import { Sandbox } from '../renderer/src/physics/sandbox';
import { benchmarkMmdModel } from './fixtures/mmd/mmd-fixture-models';
import type { MmdDoll } from './lib/load-mmd-doll';
import { mmdDollFromModel } from './lib/load-mmd-doll';

const MOKOU = join(
  import.meta.dirname,
  '..',
  '..',
  'shared',
  'fixtures',
  'pmd',
  'mokou',
  'mokou_B.pmd',
);
const BLOCK_STEPS = 30;
const MEASURED_SECONDS = 6;
const STEPS_PER_SECOND = 120;
const WARM_UP_STEPS = 60;
/** Gentle enough to keep everything in play, strong enough to keep it moving. */
const BLAST_POWER = 6;
/** Issue #6's target, ms per step. */
const TARGET_MS = 1.5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function benchModel(): { model: MmdModel; source: string } {
  if (process.argv.includes('--generated'))
    return { model: benchmarkMmdModel(), source: 'generated benchmarkMmdModel()' };
  if (existsSync(MOKOU))
    return { model: parseMmdModel(readFileSync(MOKOU)), source: 'mokou_B.pmd' };
  console.warn(`bench:mmd: ${MOKOU} not found; using the generated 125-body model`);
  return { model: benchmarkMmdModel(), source: 'generated benchmarkMmdModel()' };
}

function scene(doll: MmdDoll): Sandbox {
  const sandbox = new Sandbox(RAPIER, { stiffness: 50, seed: 11 });
  sandbox.addFigure(doll.spec, { mmd: doll.rig.physics });
  sandbox.drop();
  return sandbox;
}

function timeBlock(step: () => void): number {
  const start = performance.now();
  for (let i = 0; i < BLOCK_STEPS; i++) step();
  return (performance.now() - start) / BLOCK_STEPS;
}

async function main(): Promise<void> {
  await RAPIER.init();
  const { model, source } = benchModel();
  const doll = mmdDollFromModel(model, source);
  const ours = scene(doll);
  const twin = scene(doll);
  for (let i = 0; i < WARM_UP_STEPS; i++) {
    ours.step();
    twin.world.step();
  }
  const oursMs: number[] = [];
  const bareMs: number[] = [];
  const blocks = (MEASURED_SECONDS * STEPS_PER_SECOND) / BLOCK_STEPS;
  for (let block = 0; block < blocks; block++) {
    if ((block * BLOCK_STEPS) % STEPS_PER_SECOND === 0) {
      ours.blast(BLAST_POWER);
      twin.blast(BLAST_POWER);
    }
    if (block % 2 === 0) {
      oursMs.push(timeBlock(() => ours.step()));
      bareMs.push(timeBlock(() => twin.world.step()));
    } else {
      bareMs.push(timeBlock(() => twin.world.step()));
      oursMs.push(timeBlock(() => ours.step()));
    }
  }
  const end = ours.measure();
  const row = {
    model: source,
    mmdBodies: doll.rig.physics.bodies.length,
    mmdJoints: doll.rig.physics.joints.length,
    bodies: ours.bodies.length,
    sandboxMs: median(oursMs),
    bareMs: median(bareMs),
    ratio: median(oursMs) / median(bareMs),
    nanCount: end.nanCount,
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
    '| model | MMD bodies / joints | bodies in world | sandbox ms/step | bare Rapier ms/step | ratio |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  console.log(
    `| ${row.model} | ${row.mmdBodies} / ${row.mmdJoints} | ${row.bodies} | ${row.sandboxMs.toFixed(3)} | ${row.bareMs.toFixed(3)} | ${row.ratio.toFixed(3)} |`,
  );
  console.log(
    `\ntarget ≤ ${TARGET_MS} ms per step: ${row.sandboxMs <= TARGET_MS ? 'reached' : 'NOT reached'}`,
  );
}

await main();
