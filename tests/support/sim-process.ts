import type { SpawnSyncReturns } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';

/** Runs `scripts/sim.ts` with `args` in a child Node (as `npm run sim -- …` does). */
export function runSim(...args: string[]): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/sim.ts', ...args], {
    encoding: 'utf8',
    timeout: 120_000,
  });
}

/**
 * Asserts that `sim --model <path> --json` refused the file the way a bad model must be refused:
 * status 1, `sim: …<fileName>: <reason>` on stderr, nothing on stdout.
 */
export function expectModelRefused(path: string, fileName: string, reason: RegExp): void {
  const run = runSim('--model', path, '--json');
  expect(run.status).toBe(1);
  expect(run.stderr).toMatch(new RegExp(`sim: .*${fileName.replace('.', '\\.')}: `));
  expect(run.stderr).toMatch(reason);
  expect(run.stdout).toBe('');
}
