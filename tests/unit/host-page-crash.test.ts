/**
 * When the page's process dies the main process reloads it and says why, but stops after
 * three reloads in a minute so a page that dies on every start does not loop forever.
 */

import { describe, expect, it } from 'vitest';
import { createPageCrashPolicy } from '../../electron/main/host/page-crash-policy';

describe('createPageCrashPolicy', () => {
  it('reloads after a crash, out of memory or a kill, saying why', () => {
    let time = 0;
    const policy = createPageCrashPolicy({ now: () => (time += 30_000) });
    const oom = policy.decide({ reason: 'oom', exitCode: -1 });
    expect(oom).toMatchObject({ kind: 'reload' });
    expect(oom.kind === 'reload' && oom.message).toContain('ran out of memory');
    const crashed = policy.decide({ reason: 'crashed', exitCode: 139 });
    expect(crashed.kind === 'reload' && crashed.message).toContain('crashed, exit code 139');
  });

  it('ignores a clean exit (the window closing)', () => {
    const policy = createPageCrashPolicy();
    expect(policy.decide({ reason: 'clean-exit', exitCode: 0 })).toEqual({ kind: 'ignore' });
  });

  it('gives up after three reloads within a minute, and reloads again once it has passed', () => {
    let time = 0;
    const policy = createPageCrashPolicy({ now: () => time });
    const kinds = [];
    for (let i = 0; i < 4; i++) {
      time += 1000;
      kinds.push(policy.decide({ reason: 'crashed', exitCode: 1 }).kind);
    }
    expect(kinds).toEqual(['reload', 'reload', 'reload', 'give-up']);
    const last = policy.decide({ reason: 'oom', exitCode: 1 });
    expect(last.kind === 'give-up' && last.message).toContain('was not reloaded');
    time += 61_000;
    expect(policy.decide({ reason: 'crashed', exitCode: 1 }).kind).toBe('reload');
  });
});
