/**
 * The short seeded fuzz pass (the long one is `npm run fuzz`): damaged files of every format
 * through the app's readers, hostile requests on every host channel and a burst of 10,000,
 * in temp folders, and chained sequences (a preset naming a path then loaded, a drop then a
 * texture read, a restart then a read). Nothing may crash, hang, refuse without naming the file and the
 * problem, leave a rejected promise behind, touch a file outside the data folder and the
 * user's files, or add a key to Object.prototype.
 */

import { describe, expect, it } from 'vitest';
import { HOST_CHANNELS } from '../../shared/host-contract';
import { CHAIN_KINDS } from '../../tools/fuzz/fuzz-chains';
import { failuresOf, runFuzz, type FuzzReport } from '../../tools/fuzz/run-fuzz';

const FORMATS = [
  'vrm (page)',
  'pmx (page)',
  'pmd (page)',
  'vmd (page)',
  'vrma (page)',
  'vrm model header (host)',
  'pmx model header (host)',
  'pmd model header (host)',
  'vmd motion header (host)',
  'vrma motion header (host)',
  'preset import (host)',
  'preset in data folder (host)',
  'library.json (host)',
];

describe('fuzz, short seeded pass', () => {
  let report: FuzzReport;

  it('runs every format and channel without a failure', async () => {
    report = await runFuzz({
      seed: 20261201,
      fileCases: 60,
      requests: 400,
      burstSize: 10_000,
      burstWrites: true,
      // A hang, not a speed target (npm run fuzz measures the 5 s one): two loaded cores
      // can take seconds over a burst of 10,000.
      limitMs: 60_000,
    });
    expect(failuresOf(report)).toEqual([]);
  }, 300_000);

  it('damaged every format, and each reader both accepted and refused some', () => {
    expect(report.formats.map((f) => f.target)).toEqual(FORMATS);
    for (const f of report.formats) {
      expect(f.cases, f.target).toBe(60);
      expect(f.accepted + f.refused, f.target).toBe(60);
      expect(f.refused, f.target).toBeGreaterThan(0);
    }
    const kinds = new Set(report.formats.flatMap((f) => Object.keys(f.kinds)));
    for (const kind of [
      'bit-flips',
      'truncation',
      'huge-count',
      'bad-offset',
      'json-field',
      'glb-number',
    ]) {
      expect(kinds).toContain(kind);
    }
  });

  it('reached every channel, answered some, refused some at the door, and a burst of 10,000', () => {
    const { channels } = report;
    for (const channel of HOST_CHANNELS)
      expect(channels.perChannel[channel], channel).toBeGreaterThan(0);
    expect(channels.requests).toBe(400);
    expect(channels.answered).toBeGreaterThan(0);
    expect(channels.problems).toBeGreaterThan(0);
    expect(channels.refusedAtDoor).toBeGreaterThan(0);
    expect(channels.burst.requests).toBe(10_000);
    expect(channels.outsideUnchanged).toBe(true);
  });

  it('ran chained sequences of every kind without a leak', () => {
    const { chains } = report;
    for (const kind of CHAIN_KINDS) expect(chains.sequences[kind], kind).toBeGreaterThan(0);
    expect(chains.steps).toBeGreaterThan(chains.sequences.preset * 3);
    expect(chains.leaks).toEqual([]);
    expect(chains.outsideTouched).toEqual([]);
  });
});
