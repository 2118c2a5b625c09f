/**
 * `tools/browser/open-app.ts` run as a plain script under tsx (whose esbuild keeps function
 * names with a `__name` helper the page does not have): the built app comes up with the real
 * host behind `window.host`, a model opened through the host becomes the figure, and the
 * simulated time asked for is stepped and reported; a file that is not there is refused in
 * one line with exit 1. Each run starts a process and a browser: two runs cover it.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeHumanoidPmx } from './support/mmd-files';
import { createTestHost } from '../../tools/browser/test-host';
import type { ChildRun } from '../support/tsx-child';
import { runTsxChild } from '../support/tsx-child';

/** Runs the tool in a child Node with tsx's loader, as `npx tsx` does. */
function runOpenApp(...args: string[]): Promise<ChildRun> {
  return runTsxChild('tools/browser/open-app.ts', args);
}

/** The report line the tool prints. */
function report(stdout: string): Record<string, unknown> {
  const line = stdout.split('\n').find((text) => text.startsWith('{'));
  expect(line, stdout).toBeDefined();
  return JSON.parse(line!) as Record<string, unknown>;
}

describe('tools/browser/open-app.ts', () => {
  it('opens the built app with window.host from a plain tsx script, opens a model through the host and steps its time', async () => {
    const host = createTestHost();
    try {
      const { path: model } = writeHumanoidPmx(host.files, 'humanoid.pmx', { texture: false });
      const opened = await runOpenApp('--model', model, '--seconds', '0.5');
      expect(opened.stderr).not.toContain('__name');
      expect(opened.status, opened.stderr).toBe(0);
      expect(report(opened.stdout)).toEqual({
        host: true,
        figures: ['mmd'],
        model: 'humanoid.pmx',
        steps: 60,
        status: expect.stringMatching(/^Opened .+ \(humanoid\.pmx\)\./),
      });
    } finally {
      await host.dispose();
    }
  });

  it('refuses a missing file in one line, with exit 1', async () => {
    const host = createTestHost();
    try {
      const missing = join(host.files, 'missing.vrm');
      const refused = await runOpenApp('--model', missing);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/open-app: .*missing\.vrm: .+/);
      expect(refused.stdout).not.toContain('{');
    } finally {
      await host.dispose();
    }
  });
});
