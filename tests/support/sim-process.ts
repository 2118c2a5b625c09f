import type { SpawnSyncReturns } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';
import { runSimCli } from '../../tools/sim/sim-cli';

/**
 * Runs `scripts/sim.ts` with `args` in a child Node (as `npm run sim -- …` does). Takes a few
 * seconds to start: use it to check what only the process shows (the exit status), and
 * {@link simInProcess} for the rest.
 */
export function runSim(...args: string[]): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/sim.ts', ...args], {
    encoding: 'utf8',
    timeout: 120_000,
  });
}

/** What a simulator run left: its exit status and its output, as a child process's would read. */
export interface SimRun {
  readonly status: number;
  /** Every result line, each ended by a newline. */
  readonly stdout: string;
  /** Every note and error line, each ended by a newline. */
  readonly stderr: string;
}

/** Runs the simulator's command line on `args` in this process and collects what it printed. */
export async function simInProcess(...args: string[]): Promise<SimRun> {
  let stdout = '';
  let stderr = '';
  const status = await runSimCli(args, {
    log: (line) => (stdout += `${line}\n`),
    error: (line) => (stderr += `${line}\n`),
  });
  return { status, stdout, stderr };
}

/**
 * Asserts that `sim --model <path> --json` refused the file the way a bad model must be refused:
 * status 1, `sim: …<fileName>: <reason>` on stderr, nothing on stdout.
 */
export async function expectModelRefused(
  path: string,
  fileName: string,
  reason: RegExp,
): Promise<void> {
  const run = await simInProcess('--model', path, '--json');
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(new RegExp(`sim: .*${fileName.replace('.', '\\.')}: `));
  expect(run.stderr).toMatch(reason);
  expect(run.stdout).toBe('');
}

/**
 * Runs the simulator with `args` and `--json` in this process, asserts it succeeded (showing its
 * stderr when it did not) and returns the parsed JSON result.
 */
// The result's shape is what the calling test asserts, as with JSON.parse.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function simJson<T = any>(...args: string[]): Promise<T> {
  const run = await simInProcess(...args, '--json');
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
}
