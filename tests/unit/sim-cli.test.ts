import { describe, expect, it } from 'vitest';
import { SimUsageError, parseSimOptions } from '../../scripts/lib/sim-options';
import { runSim } from '../support/sim-process';

describe('npm run sim', () => {
  it('prints the measurement keys as JSON, with no NaN after a blast', () => {
    const run = runSim('--dolls', '3', '--seconds', '3', '--blast', '30', '--json');
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
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

  it('prints a readable table without --json', () => {
    const run = runSim('--seconds', '1');
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
  ])('rejects %j with the usage and exit status 2', (args, message) => {
    const run = runSim(...args);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toMatch(/Usage: npm run sim/);
    expect(run.stdout).toBe('');
  });
});

describe('parseSimOptions', () => {
  it('has the documented defaults', () => {
    expect(parseSimOptions([])).toEqual({
      dolls: 1,
      seconds: 5,
      stiffness: 50,
      blast: null,
      props: 0,
      seed: 1,
      method: 'motor',
      report: false,
      json: false,
      help: false,
    });
  });

  it('reads every option', () => {
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
      json: true,
    });
  });

  it('throws a usage error, not a crash, for an empty number', () => {
    expect(() => parseSimOptions(['--dolls', ''])).toThrow(SimUsageError);
  });
});
