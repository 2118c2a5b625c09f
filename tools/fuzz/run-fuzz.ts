/**
 * One fuzz run: every file format's reader on seeded damaged files, then every host channel
 * with seeded hostile requests and a burst, each in its own temp sandbox, with every path the
 * process touches recorded. Both `npm run fuzz` and the unit test call this.
 */

import { recordFileAccess } from './file-access-recorder';
import { preloadReaders } from './format-targets';
import { fuzzFormats, type FormatCounts } from './fuzz-formats';
import { fuzzChains, type ChainCounts } from './fuzz-chains';
import { fuzzHostChannels, type ChannelCounts } from './fuzz-host-channels';
import { createFuzzSandbox } from './fuzz-sandbox';

export interface FuzzOptions {
  readonly seed: number;
  /** Damaged files per format. */
  readonly fileCases: number;
  /** Hostile requests, one after another. */
  readonly requests: number;
  /** Requests sent at once after those. */
  readonly burstSize: number;
  /** Whether the burst also saves presets and reads models (which write, one at a time). */
  readonly burstWrites: boolean;
  /** Only the formats whose name contains this. */
  readonly onlyFormat?: string;
  /**
   * A case or request slower than this is reported as hung, ms. Default 5000, the target
   * `npm run fuzz` measures; the unit test passes a wider bound that only a real hang
   * reaches, so a loaded machine does not fail it.
   */
  readonly limitMs?: number;
  /** Chained sequences run. Default `DEFAULT_CHAIN_ROUNDS`. */
  readonly chainRounds?: number;
}

/** Chained sequences per run unless told: ten of each kind. */
export const DEFAULT_CHAIN_ROUNDS = 30;

export interface FuzzReport {
  readonly options: FuzzOptions;
  readonly formats: readonly FormatCounts[];
  /** Paths the format readers opened outside their data and user folders (should be none). */
  readonly formatsOutsideTouched: readonly string[];
  /**
   * Paths outside those folders the format readers only looked up (stat): a damaged
   * `library.json` names other files, and listing checks whether each is still there.
   */
  readonly formatsOutsideLookedUp: number;
  readonly channels: ChannelCounts;
  /** Chained sequences (preset then load, drop then texture, restart then read). */
  readonly chains: ChainCounts;
  readonly ms: number;
}

const QUIET = ['log', 'info', 'warn', 'error', 'debug'] as const;

/**
 * Runs `work` with the console muted: three.js and three-vrm warn about every odd file
 * ("Curves of LookAtDegreeMap…", NaN bounding spheres), thousands of lines that say nothing
 * about what the fuzz checks.
 */
async function quietly<T>(work: () => Promise<T>): Promise<T> {
  const saved = QUIET.map((name) => console[name]);
  for (const name of QUIET) console[name] = () => {};
  try {
    return await work();
  } finally {
    QUIET.forEach((name, i) => (console[name] = saved[i]!));
  }
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const sandbox = await createFuzzSandbox();
  await preloadReaders();
  let formats: FormatCounts[];
  let formatsOutsideTouched: string[];
  let formatsOutsideLookedUp: number;
  const recorder = recordFileAccess();
  try {
    formats = await quietly(() =>
      fuzzFormats({
        folders: sandbox,
        seed: options.seed,
        iterations: options.fileCases,
        ...(options.limitMs === undefined ? {} : { limitMs: options.limitMs }),
        ...(options.onlyFormat === undefined ? {} : { only: options.onlyFormat }),
      }),
    );
  } finally {
    recorder.stop();
    const outside = recorder.outside([sandbox.dataFolder, sandbox.userFiles]);
    const lookedUp = recorder.lookedUpOnly;
    formatsOutsideTouched = outside.filter((path) => !lookedUp.has(path));
    formatsOutsideLookedUp = outside.length - formatsOutsideTouched.length;
    await sandbox.remove();
  }
  const channels = await quietly(() =>
    fuzzHostChannels({
      seed: options.seed,
      iterations: options.requests,
      burstSize: options.burstSize,
      burstWrites: options.burstWrites,
      ...(options.limitMs === undefined ? {} : { limitMs: options.limitMs }),
    }),
  );
  const chains = await quietly(() =>
    fuzzChains({ seed: options.seed, rounds: options.chainRounds ?? DEFAULT_CHAIN_ROUNDS }),
  );
  return {
    options,
    formats,
    formatsOutsideTouched,
    formatsOutsideLookedUp,
    channels,
    chains,
    ms: Math.round(performance.now() - started),
  };
}

/** Every failure in `report`, one line each (empty when the run found nothing). */
export function failuresOf(report: FuzzReport): string[] {
  const lines: string[] = [];
  for (const f of report.formats) {
    for (const [what, list] of [
      ['crashed', f.crashes],
      ['refused without naming the file and problem', f.unnamed],
      ['took too long', f.slow],
      ['left a promise rejected with nobody waiting', f.loose],
    ] as const) {
      for (const c of list)
        lines.push(`${f.target} case ${c.iteration} (${c.kind}) ${what}: ${c.message}`);
    }
  }
  const ch = report.channels;
  for (const [what, list] of [
    ['crashed', ch.crashes],
    ['refused without saying what is wrong', ch.unclear],
    ['took too long', ch.slow],
  ] as const) {
    for (const c of list) lines.push(`request ${c.iteration} to ${c.kind} ${what}: ${c.message}`);
  }
  if (ch.burst.crashes > 0) lines.push(`${ch.burst.crashes} burst requests crashed`);
  if (ch.burst.overLimit > 0) lines.push(`${ch.burst.overLimit} burst requests took too long`);
  for (const path of [...report.formatsOutsideTouched, ...ch.outsideTouched]) {
    lines.push(`touched ${path}, outside the data folder and the user's files`);
  }
  if (!ch.outsideUnchanged) lines.push('the files in the outside folder changed');
  lines.push(...report.chains.leaks);
  for (const path of report.chains.outsideTouched) {
    lines.push(`a chained sequence touched ${path}, outside the data folder and the user's files`);
  }
  for (const key of ch.polluted) lines.push(`Object.prototype gained "${key}"`);
  return lines;
}
