/**
 * What the two VRM load benchmarks (scripts/bench-vrm.ts in Node, scripts/bench-vrm-browser.ts
 * in Chromium) share: the files they time, how many rounds, and the table they print. The
 * timing itself is renderer/src/test-build/vrm-load-bench.ts's `timeVrmLoads`, which runs in the
 * page for the browser benchmark and in Node for the other.
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import type { VrmLoadTimes } from '../../renderer/src/test-build/vrm-load-bench';
import { writeHeavyVrmFixture, writeVrmFixtures } from '../../tools/fixtures/make-vrm-fixtures';
import { median } from './bench-stats';
import { REAL_FIXTURES } from '../../tools/fixtures/real-fixtures';

/** Unmeasured rounds before each file's measured ones. */
const WARM_UP_ROUNDS = 3;
/**
 * Unmeasured rounds on the first file before any file is measured: without them the first
 * files measured still run partly unoptimised code, and more of it on the ready path (rig,
 * Rapier) than on the bare one, which inflated their ratios by up to 2x.
 */
const JIT_WARM_UP_ROUNDS = 40;
/** Sizes of the generated heavy files, MB. */
const HEAVY_MEGABYTES = [2, 10];

/** `--repeats N` from the command line (measured rounds per file), `fallback` when absent. */
export function repeatsArgument(fallback: number): number {
  const { values } = parseArgs({
    options: { repeats: { type: 'string', default: String(fallback) } },
  });
  const repeats = Number(values.repeats);
  if (!Number.isInteger(repeats) || repeats < 1) {
    throw new Error('--repeats needs a whole number ≥ 1');
  }
  return repeats;
}

/**
 * The files to time: the generated good VRM fixtures written into `dir`, two heavy ones (real
 * avatars weigh megabytes; these show how the fixed costs compare at that size), then the
 * real ones in the real-model fixtures folder when present (a note on stderr when not).
 */
export async function vrmBenchFiles(dir: string): Promise<string[]> {
  const files = (await writeVrmFixtures(dir)).filter((f) => f.kind === 'good').map((f) => f.file);
  for (const megabytes of HEAVY_MEGABYTES) files.push(await writeHeavyVrmFixture(dir, megabytes));
  const real = ['vrm0', 'vrm1'].flatMap((folder) => {
    const folderPath = join(REAL_FIXTURES, folder);
    if (!existsSync(folderPath)) return [];
    return readdirSync(folderPath)
      .filter((f) => f.endsWith('.vrm'))
      .map((f) => join(folderPath, f));
  });
  if (real.length === 0) console.error(`note: ${REAL_FIXTURES} not found; generated fixtures only`);
  return [...files, ...real];
}

/**
 * Times one file's rounds (`warmUp` unmeasured, then `repeats` measured) on `bytes`, the
 * contents of `path`, with renderer/src/test-build/vrm-load-bench.ts's `timeVrmLoads`.
 */
export type TimeVrmFile = (
  path: string,
  bytes: Uint8Array,
  repeats: number,
  warmUp: number,
) => Promise<VrmLoadTimes>;

/**
 * Times every file with `timeFile`, after {@link JIT_WARM_UP_ROUNDS} unmeasured rounds on the
 * first, saying on stderr as each is done, then prints the table under `title`.
 */
export async function benchVrmFiles(
  files: readonly string[],
  repeats: number,
  timeFile: TimeVrmFile,
  title: string,
): Promise<void> {
  const first = files[0];
  if (first === undefined) throw new Error('bench: no VRM files to time');
  await timeFile(first, await readFile(first), JIT_WARM_UP_ROUNDS, WARM_UP_ROUNDS);
  const rows: VrmBenchRow[] = [];
  for (const file of files) {
    const bytes = await readFile(file);
    const times = await timeFile(file, bytes, repeats, WARM_UP_ROUNDS);
    rows.push(vrmBenchRow(basename(file), bytes.byteLength, times));
    console.error(`measured ${basename(file)}`);
  }
  printVrmBenchTable(rows, title);
}

/** One file's line of the table. */
interface VrmBenchRow {
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

/** Medians and fastest runs of one file's measured rounds. */
function vrmBenchRow(file: string, bytes: number, times: VrmLoadTimes): VrmBenchRow {
  return {
    file,
    kb: bytes / 1024,
    bareMs: median(times.bareMs),
    readyMs: median(times.readyMs),
    bareMinMs: Math.min(...times.bareMs),
    readyMinMs: Math.min(...times.readyMs),
    loadMs: median(times.loadMs),
    specMs: median(times.specMs),
    bodiesMs: median(times.bodiesMs),
  };
}

/**
 * Prints the Markdown table under `title`: per file and over all files, medians, fastest
 * runs and their ratios, then the machine's load average.
 */
function printVrmBenchTable(rows: readonly VrmBenchRow[], title: string): void {
  console.log(`\n${title}\n`);
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
  const total = (pick: (row: VrmBenchRow) => number) =>
    rows.reduce((sum, row) => sum + pick(row), 0);
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
