import { describe, expect, it } from 'vitest';
import { SimUsageError, parseSimOptions } from '../../tools/sim/sim-options';
import { runSim, simInProcess, simJson } from '../support/sim-process';

describe('npm run sim', () => {
  it('prints the measurement keys as JSON, with no NaN after a blast', async () => {
    const result = await simJson('--dolls', '3', '--seconds', '3', '--blast', '30');
    for (const key of [
      'dolls',
      'bodies',
      'steps',
      'msPerStep',
      'maxJointGapM',
      'nanCount',
      'meanPoseDeviationRad',
      'maxSpeed',
    ]) {
      expect(result, key).toHaveProperty(key);
      expect(Number.isFinite(result[key]), key).toBe(true);
    }
    expect(result.dolls).toBe(3);
    expect(result.bodies).toBe(33);
    expect(result.steps).toBe(360);
    expect(result.nanCount).toBe(0);
    expect(result.maxSpeed).toBeGreaterThan(10); // the blast happened
    expect(result.msPerStep).toBeGreaterThan(0);
  });

  it('--rope-from-world hangs the first doll from a rope that stays within 1 cm of its length under a BLAST', async () => {
    const result = await simJson('--rope-from-world', 'head', '--blast', '16', '--seconds', '3');
    expect(result.ropePart).toBe('head');
    expect(result.ropeLengthM).toBeCloseTo(0.5, 6);
    expect(result.ropeMaxStretchM).toBeLessThan(0.01);
    expect(result.ropeSolverStretchM).toBeGreaterThanOrEqual(0);
    // The blast threw it.
    expect(result.maxSpeed).toBeGreaterThan(5);
    expect(result.nanCount).toBe(0);
    expect(result.maxJointGapM).toBeLessThan(0.011);
    const table = await simInProcess('--rope-from-world', 'armL_lo', '--seconds', '0.5');
    expect(table.status).toBe(0);
    expect(table.stdout).toMatch(/rope largest stretch\s+[\d.]+ mm/);
    const wrong = await simInProcess('--rope-from-world', 'tail', '--seconds', '0.5');
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(/has no part "tail"; its parts are .*head/);
  });

  it('prints a readable table without --json', async () => {
    const run = await simInProcess('--seconds', '1');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/largest joint gap\s+[\d.]+ mm/);
  });

  it.each([
    [['--dolls', '51'], /--dolls must be between 1 and 50/],
    [['--dolls', '2.5'], /whole number/],
    [['--seconds', 'abc'], /--seconds needs a number/],
    [['--stiffness=-1'], /--stiffness must be between 0 and 100/],
    [['--method', 'magic'], /motor or pd-torque/],
    [['--frobnicate'], /Unknown option/],
    [['stray'], /positional/],
    [['--hit-ball', '51'], /--hit-ball must be between 0 and 50/],
    [['--motion', ' '], /--motion needs builtin:<name> or the path/],
  ])('rejects %j with the usage and exit status 2', async (args, message) => {
    const run = await simInProcess(...args);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toMatch(/Usage: npm run sim/);
    expect(run.stdout).toBe('');
  });
});

// The rest run the command line in this process; these two start it as `npm run sim` does,
// for what only a process shows: its exit status and its two streams.
describe('npm run sim in its own process', () => {
  it('exits 0 with the JSON on stdout', () => {
    const run = runSim('--seconds', '0.25', '--json');
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ dolls: 1, seconds: 0.25, nanCount: 0 });
  });

  it('exits 2 with the usage on stderr and nothing on stdout for a bad argument', () => {
    const run = runSim('--dolls', '51');
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--dolls must be between 1 and 50/);
    expect(run.stderr).toMatch(/Usage: npm run sim/);
    expect(run.stdout).toBe('');
  });
});

describe('npm run sim -- --motion', () => {
  it('plays a built-in motion from standing and reports how well it was followed', async () => {
    const result = await simJson('--motion', 'builtin:stand', '--seconds', '3');
    expect(result.motion).toBe('stand');
    expect(result.trackingErrorRad).toBeGreaterThan(0);
    expect(result.trackingErrorRad).toBeLessThan(0.1);
    expect(result.pelvisHeightRatio).toBeGreaterThan(0.95);
    expect(result).toMatchObject({ falls: 0, recoveries: 0, maxSecondsToRecover: null });
  });

  it('--hit-ball 12 knocks the first doll down and it gets up within the run', async () => {
    const result = await simJson('--motion', 'builtin:stand', '--hit-ball', '12', '--seconds', '9');
    expect(result.hitBall).toBe(12);
    expect(result.props).toBe(1);
    expect(result.falls).toBeGreaterThanOrEqual(1);
    expect(result.recoveries).toBeGreaterThanOrEqual(1);
    expect(result.maxSecondsToRecover).toBeGreaterThan(1);
    expect(result.maxSecondsToRecover).toBeLessThanOrEqual(4);
  });

  it('refuses a motion that cannot be used with the reason and exit status 1', async () => {
    for (const [source, reason] of [
      ['builtin:nope', /builtin:nope: no such built-in motion/],
      ['/nonexistent/dance.vmd', /dance\.vmd/],
    ] as const) {
      const run = await simInProcess('--motion', source, '--json');
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/^sim: /);
      expect(run.stderr).toMatch(reason);
      expect(run.stdout).toBe('');
    }
  });
});

describe('parseSimOptions', () => {
  it('has the documented defaults', async () => {
    expect(parseSimOptions([])).toEqual({
      dolls: 1,
      seconds: 5,
      stiffness: 50,
      blast: null,
      props: 0,
      seed: 1,
      method: 'motor',
      report: false,
      hitBall: null,
      balance: 'pin',
      json: false,
      help: false,
    });
  });

  it('reads every option', async () => {
    expect(
      parseSimOptions([
        '--dolls',
        '20',
        '--seconds',
        '5',
        '--blast',
        '30',
        '--props',
        '4',
        '--seed',
        '9',
        '--stiffness',
        '80',
        '--method',
        'pd-torque',
        '--motion',
        'builtin:wave',
        '--hit-ball',
        '12',
        '--balance',
        'pid',
        '--json',
      ]),
    ).toMatchObject({
      dolls: 20,
      seconds: 5,
      blast: 30,
      props: 4,
      seed: 9,
      stiffness: 80,
      method: 'pd-torque',
      motion: 'builtin:wave',
      hitBall: 12,
      balance: 'pid',
      json: true,
    });
  });

  it('throws a usage error, not a crash, for an empty number', async () => {
    expect(() => parseSimOptions(['--dolls', ''])).toThrow(SimUsageError);
  });

  it('refuses a balance assist it does not have, naming the choices', async () => {
    expect(() => parseSimOptions(['--balance', 'rope'])).toThrow(
      '--balance must be pin or pid, not "rope"',
    );
  });
});
