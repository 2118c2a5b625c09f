/**
 * VRM benchmark: `npm run bench:vrm [-- --repeats N]`. For each VRM fixture (the generated
 * ones, plus ../shared/fixtures when present), times "ready to simulate" (our load: checks,
 * three-vrm parse, skeleton read, ragdoll spec, Rapier bodies and joints) against the bare
 * three-vrm parse of the same bytes, alternating the two in one run, and prints medians.
 * Ready is what the app does when a person opens a model (`loadVrm`, as `loadAvatarModel`
 * calls it, then the spec, then `Sandbox.addFigure`); the ready column's stages (load = checks
 * + parse + skeleton, spec, bodies) are medians of their own, so they need not add up exactly.
 * Freeing the model and the bodies afterwards is left out of both timings (Node's own loader,
 * `loadVrmBones`, frees the model at once; the app keeps it).
 * Besides the medians it prints the fastest run of each and their ratio: on a machine shared
 * with other work, a process that loses the CPU stalls for milliseconds, more often during
 * the longer timing, which drifts the medians; the fastest runs are the work itself. It
 * ends with the load average, to tell the two situations apart.
 * three.js's own warnings (e.g. textures Node cannot decode) go to stderr; the table to stdout.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';

import RAPIER from '@dimforge/rapier3d-compat';
import { Sandbox } from '../renderer/src/physics/sandbox';
import { specFromHumanoidBones } from '../renderer/src/rig/spec-from-humanoid-bones';
import { writeHeavyVrmFixture, writeVrmFixtures } from './fixtures/make-vrm-fixtures';
import { loadThreeVrm, loadVrm, parseVrm } from './lib/load-vrm-bones';

const SHARED = join(import.meta.dirname, '../../shared/fixtures');
const WARM_UP_ROUNDS = 3;
/**
 * Unmeasured rounds on the first file before any file is measured: without them the first
 * files measured still run partly unoptimised code, and more of it on the ready path (rig,
 * Rapier) than on the bare one, which inflated their ratios by up to 2x.
 */
const JIT_WARM_UP_ROUNDS = 40;
/** Sizes of the generated heavy files, MB. */
const HEAVY_MEGABYTES = [2, 10];

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The bare parse: what three-vrm costs on its own. Returns its ms; frees the model after. */
async function bareParse(bytes: Uint8Array): Promise<number> {
  const start = performance.now();
  const vrm = await parseVrm(bytes);
  const ms = performance.now() - start;
  if (vrm) (await loadThreeVrm()).VRMUtils.deepDispose(vrm.scene);
  return ms;
}

/** Where the ready-to-simulate time went in one run, ms. */
interface Stages {
  load: number;
  spec: number;
  bodies: number;
}

/**
 * Ready to simulate: loaded (our checks, the three-vrm parse, the skeleton read), a spec
 * built, and a figure's bodies and joints in the world. Records each stage's time and returns
 * the total; frees the model and the figure after.
 */
async function readyToSimulate(
  sandbox: Sandbox,
  bytes: Uint8Array,
  name: string,
  stages: Stages[],
): Promise<number> {
  const t0 = performance.now();
  const loaded = await loadVrm(bytes, name);
  const t1 = performance.now();
  const rig = specFromHumanoidBones(loaded.bones, { name: loaded.meta.title || name });
  const t2 = performance.now();
  sandbox.addFigure(rig.spec);
  const t3 = performance.now();
  stages.push({ load: t1 - t0, spec: t2 - t1, bodies: t3 - t2 });
  sandbox.clearFigures();
  (await loadThreeVrm()).VRMUtils.deepDispose(loaded.vrm.scene);
  return t3 - t0;
}

interface Row {
  readonly file: string;
  readonly kb: number;
  /** Medians, ms. */
  readonly bareMs: number;
  readonly readyMs: number;
  /** Fastest runs, ms: what each costs when nothing else took the CPU meanwhile. */
  readonly bareMinMs: number;
  readonly readyMinMs: number;
  readonly loadMs: number;
  readonly specMs: number;
  readonly bodiesMs: number;
}

async function benchFile(sandbox: Sandbox, path: string, repeats: number): Promise<Row> {
  const bytes = await readFile(path);
  const name = basename(path);
  const bare: number[] = [];
  const ready: number[] = [];
  const stages: Stages[] = [];
  for (let round = 0; round < WARM_UP_ROUNDS + repeats; round++) {
    // Alternate which goes first, so neither always gets the warmer caches.
    let bareMs: number;
    let readyMs: number;
    if (round % 2 === 0) {
      bareMs = await bareParse(bytes);
      readyMs = await readyToSimulate(sandbox, bytes, name, stages);
    } else {
      readyMs = await readyToSimulate(sandbox, bytes, name, stages);
      bareMs = await bareParse(bytes);
    }
    if (round < WARM_UP_ROUNDS) {
      stages.length = 0;
      continue;
    }
    bare.push(bareMs);
    ready.push(readyMs);
  }
  return {
    file: name,
    kb: bytes.byteLength / 1024,
    bareMs: median(bare),
    readyMs: median(ready),
    bareMinMs: Math.min(...bare),
    readyMinMs: Math.min(...ready),
    loadMs: median(stages.map((s) => s.load)),
    specMs: median(stages.map((s) => s.spec)),
    bodiesMs: median(stages.map((s) => s.bodies)),
  };
}

function printTable(rows: readonly Row[], repeats: number): void {
  console.log(`\nVRM ready-to-simulate vs bare three-vrm parse (median of ${repeats}, ms)\n`);
  console.log(
    '| file | KB | bare parse | ready to simulate | ratio | fastest bare | fastest ready | ratio of fastest | of which: load | spec | bodies |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const ms = (value: number) => value.toFixed(2);
  const ratio = (ready: number, bare: number) => `${(ready / bare).toFixed(3)}x`;
  for (const row of rows) {
    console.log(
      `| ${row.file} | ${row.kb.toFixed(0)} | ${ms(row.bareMs)} | ${ms(row.readyMs)} | ` +
        `${ratio(row.readyMs, row.bareMs)} | ${ms(row.bareMinMs)} | ${ms(row.readyMinMs)} | ` +
        `${ratio(row.readyMinMs, row.bareMinMs)} | ${ms(row.loadMs)} | ${ms(row.specMs)} | ${ms(row.bodiesMs)} |`,
    );
  }
  const total = (pick: (row: Row) => number) => rows.reduce((sum, row) => sum + pick(row), 0);
  const [bare, ready] = [total((r) => r.bareMs), total((r) => r.readyMs)];
  const [bareMin, readyMin] = [total((r) => r.bareMinMs), total((r) => r.readyMinMs)];
  console.log(
    `| all files | | ${ms(bare)} | ${ms(ready)} | ${ratio(ready, bare)} | ` +
      `${ms(bareMin)} | ${ms(readyMin)} | ${ratio(readyMin, bareMin)} |`,
  );
  // Other processes taking the CPU land as multi-ms stalls, more often in the longer of two
  // timings: say how busy the machine was, since that is when the medians drift.
  console.log(
    `\n(load average over 1 min at the end: ${loadavg()[0]!.toFixed(2)} on ${cpus().length} CPUs)`,
  );
}

function realFixtures(): string[] {
  return ['vrm0', 'vrm1'].flatMap((folder) => {
    const dir = join(SHARED, folder);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((f) => f.endsWith('.vrm'))
      .map((f) => join(dir, f));
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { repeats: { type: 'string', default: '41' } } });
  const repeats = Number(values.repeats);
  if (!Number.isInteger(repeats) || repeats < 1)
    throw new Error('--repeats needs a whole number ≥ 1');
  await RAPIER.init();
  const dir = await mkdtemp(join(tmpdir(), 'bench-vrm-'));
  const sandbox = new Sandbox(RAPIER, { maxFigures: 1 });
  try {
    const generated = (await writeVrmFixtures(dir))
      .filter((f) => f.kind === 'good')
      .map((f) => f.file);
    // Real avatars weigh megabytes; these show how the fixed costs compare at that size.
    for (const megabytes of HEAVY_MEGABYTES) {
      generated.push(await writeHeavyVrmFixture(dir, megabytes));
    }
    const real = realFixtures();
    if (real.length === 0) console.error(`note: ${SHARED} not found; generated fixtures only`);
    const files = [...generated, ...real];
    await benchFile(sandbox, files[0]!, JIT_WARM_UP_ROUNDS);
    const rows: Row[] = [];
    for (const file of files) rows.push(await benchFile(sandbox, file, repeats));
    printTable(rows, repeats);
  } finally {
    sandbox.dispose();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
