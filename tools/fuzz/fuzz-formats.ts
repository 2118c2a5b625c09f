/**
 * Runs seeded mutations of every format through its reader and counts what happened:
 * accepted, refused with a message naming the file and the problem, refused without naming
 * them, crashed (an error the app does not expect), or slower than the time limit.
 */

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createSeededRandom } from '../../renderer/src/physics/seeded-random';
import { createModelLibrary, LIBRARY_FILE } from '../../electron/main/host/model-library';
import { readModelFile } from '../../electron/main/host/model-file';
import { createPresetStore, PRESET_FOLDER } from '../../electron/main/host/preset-store';
import { writeFile } from 'node:fs/promises';
import { presetContentSample, vrmSamples } from './format-samples';
import {
  formatTargets,
  SILENT_LOGGER,
  type FormatTarget,
  type FuzzFolders,
  type HostSamples,
} from './format-targets';
import type { CaseFailure } from './fuzz-report';

/** A case or request that takes longer than this counts as hung (the target), ms. */
export const CASE_TIME_LIMIT_MS = 5000;

/** What one target's cases came to. */
export interface FormatCounts {
  readonly target: string;
  cases: number;
  accepted: number;
  refused: number;
  /** Cases per mutation kind, e.g. `truncation: 12`. */
  readonly kinds: Record<string, number>;
  /** Refusals whose message lacks the file's name or says nothing beyond it. */
  readonly unnamed: CaseFailure[];
  readonly crashes: CaseFailure[];
  readonly slow: CaseFailure[];
  /**
   * Promises rejected with nobody waiting (in the page: an error in the console; in Node: a
   * crash), by the case during which they surfaced.
   */
  readonly loose: CaseFailure[];
  /** The slowest case, ms. */
  slowestMs: number;
}

/**
 * Writes a real library and preset through the host's own stores (over `folders`), for the
 * library and preset targets to start from.
 */
export async function captureHostSamples(folders: FuzzFolders): Promise<HostSamples> {
  const modelPath = join(folders.userFiles, 'sample.vrm');
  await writeFile(modelPath, vrmSamples()[0]!);
  const model = await readModelFile(modelPath);
  const library = createModelLibrary({ directory: folders.dataFolder, logger: SILENT_LOGGER });
  await library.recordOpened(model);
  await library.flush();
  const libraryBytes = new Uint8Array(await readFile(join(folders.dataFolder, LIBRARY_FILE)));
  const presets = createPresetStore({ directory: folders.dataFolder, logger: SILENT_LOGGER });
  const saved = await presets.save(presetContentSample(modelPath, model.size, model.sha256));
  const presetBytes = new Uint8Array(
    await readFile(join(folders.dataFolder, PRESET_FOLDER, `${saved.id}.ragdoll`)),
  );
  await presets.delete(saved.id);
  await presets.flush();
  return {
    preset: () => Promise.resolve(presetBytes),
    library: () => Promise.resolve(libraryBytes),
  };
}

/** True when `message` names `fileName` and says more than that. */
export function namesFileAndProblem(message: string, fileName: string): boolean {
  return message.includes(fileName) && message.trim().length >= fileName.length + 12;
}

async function fuzzTarget(
  target: FormatTarget,
  folders: FuzzFolders,
  seed: number,
  iterations: number,
  limitMs: number,
): Promise<FormatCounts> {
  const counts: FormatCounts = {
    target: target.name,
    cases: 0,
    accepted: 0,
    refused: 0,
    kinds: {},
    unnamed: [],
    crashes: [],
    slow: [],
    loose: [],
    slowestMs: 0,
  };
  const samples = await target.samples(folders);
  let current = { seed, iteration: -1, kind: '' };
  const onLoose = (reason: unknown): void => {
    counts.loose.push({ ...current, message: describeCrash(reason) });
  };
  process.on('unhandledRejection', onLoose);
  try {
    for (let i = 0; i < iterations; i++) {
      current = await fuzzCase(target, folders, counts, seed, i, samples, limitMs);
    }
  } finally {
    process.off('unhandledRejection', onLoose);
  }
  return counts;
}

/** Runs case `i`; resolves once rejections left behind by it have surfaced. */
async function fuzzCase(
  target: FormatTarget,
  folders: FuzzFolders,
  counts: FormatCounts,
  seed: number,
  i: number,
  samples: readonly Uint8Array[],
  limitMs: number,
): Promise<{ seed: number; iteration: number; kind: string }> {
  // One generator per case, so a single case repeats from (seed, i) alone.
  const random = createSeededRandom(seed * 1_000_003 + i);
  const mutation = target.mutate(samples[i % samples.length]!, random);
  counts.kinds[mutation.kind] = (counts.kinds[mutation.kind] ?? 0) + 1;
  const where = { seed, iteration: i, kind: mutation.kind };
  const started = performance.now();
  try {
    const verdict = await target.read(mutation.bytes, folders);
    if (verdict.kind === 'accepted') counts.accepted++;
    else {
      counts.refused++;
      if (!namesFileAndProblem(verdict.message, target.fileName)) {
        counts.unnamed.push({ ...where, message: verdict.message });
      }
    }
  } catch (error) {
    counts.crashes.push({ ...where, message: describeCrash(error) });
  }
  const ms = performance.now() - started;
  counts.slowestMs = Math.max(counts.slowestMs, ms);
  if (ms > limitMs) counts.slow.push({ ...where, message: `took ${Math.round(ms)} ms` });
  counts.cases++;
  // Node reports an unhandled rejection after the microtasks of the turn it happened in.
  await new Promise((resolve) => setImmediate(resolve));
  return where;
}

export function describeCrash(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}\n${error.stack ?? ''}`;
  return `a thrown ${typeof error}: ${String(error)}`;
}

/**
 * Runs `iterations` seeded cases against every target (or those whose name contains
 * `only`), one after the other.
 */
export async function fuzzFormats(options: {
  readonly folders: FuzzFolders;
  readonly seed: number;
  readonly iterations: number;
  readonly only?: string;
  /** Default `CASE_TIME_LIMIT_MS`. */
  readonly limitMs?: number;
}): Promise<FormatCounts[]> {
  const host = await captureHostSamples(options.folders);
  const results: FormatCounts[] = [];
  for (const target of formatTargets(host)) {
    if (options.only !== undefined && !target.name.includes(options.only)) continue;
    results.push(
      await fuzzTarget(
        target,
        options.folders,
        options.seed,
        options.iterations,
        options.limitMs ?? CASE_TIME_LIMIT_MS,
      ),
    );
  }
  return results;
}
