/**
 * Issue #6's soak: an MMD model with its ragdoll, 60 simulated seconds with the app's BLAST
 * every 5 s: no NaN, no body faster than 50 m/s. On the generated humanoid with hair and a
 * skirt, and on mokou_B.pmd and Gene_light.pmx when ../shared/fixtures is present. Also prints
 * what the strongest blast the simulator allows in the tests (power 30) gives.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MmdModel } from '../../renderer/src/formats/mmd/mmd-model';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import { BLAST_POWER } from '../../renderer/src/ui/command-actions';
import { humanoidMmdModel } from '../../scripts/fixtures/mmd/mmd-fixture-models';
import { loadRapier } from '../support/rapier';

const FIXTURES = join(import.meta.dirname, '..', '..', '..', 'shared', 'fixtures');
const present = existsSync(FIXTURES);
if (!present) console.log(`mmd-soak: ${FIXTURES} not found; real-model soaks skipped`);

const SOAK_SECONDS = 60;
const BLAST_EVERY_SECONDS = 5;
const SPEED_LIMIT = 50;

interface Soak {
  readonly maxSpeed: number;
  readonly nanCount: number;
  /** Fastest body in each 5 s interval, m/s. */
  readonly peaks: readonly number[];
}

async function soak(model: MmdModel, power: number): Promise<Soak> {
  const rapier = await loadRapier();
  const rig = mmdRig(model);
  const sandbox = new Sandbox(rapier, { seed: 3 });
  try {
    sandbox.addFigure(rig.rig.spec, { mmd: rig.physics });
    sandbox.drop();
    let nanCount = 0;
    const peaks: number[] = [];
    for (let t = 0; t < SOAK_SECONDS; t += BLAST_EVERY_SECONDS) {
      let peak = 0;
      sandbox.run(BLAST_EVERY_SECONDS, () => {
        // measure() covers the parts and every MMD body (follow and dynamic).
        const m = sandbox.measure();
        peak = Math.max(peak, m.maxSpeed);
        nanCount = Math.max(nanCount, m.nanCount);
      });
      peaks.push(peak);
      sandbox.blast(power);
    }
    return { maxSpeed: Math.max(...peaks), nanCount, peaks };
  } finally {
    sandbox.dispose();
  }
}

function print(name: string, power: number, result: Soak): void {
  console.log(
    `mmd soak ${name}, BLAST ${power} every ${BLAST_EVERY_SECONDS} s for ${SOAK_SECONDS} s: ` +
      `max speed ${result.maxSpeed.toFixed(1)} m/s, NaN ${result.nanCount}; ` +
      `per interval ${result.peaks.map((p) => p.toFixed(0)).join(' ')}`,
  );
}

const models: [string, boolean, () => MmdModel][] = [
  [
    'generated humanoid with hair and skirt',
    true,
    () => humanoidMmdModel({ hairSegments: 5, skirt: {} }),
  ],
  [
    'mokou_B.pmd',
    present,
    () => parseMmdModel(readFileSync(join(FIXTURES, 'pmd/mokou/mokou_B.pmd'))),
  ],
  [
    'Gene_light.pmx',
    present,
    () => parseMmdModel(readFileSync(join(FIXTURES, 'pmx/gene_light/Gene_light.pmx'))),
  ],
];

describe('MMD soak: 60 s, BLAST every 5 s', () => {
  for (const [name, available, load] of models) {
    it.skipIf(!available)(
      `${name}: no NaN, nothing faster than 50 m/s at BLAST ${BLAST_POWER}`,
      async () => {
        const result = await soak(load(), BLAST_POWER);
        print(name, BLAST_POWER, result);
        expect(result.nanCount).toBe(0);
        expect(result.maxSpeed).toBeLessThan(SPEED_LIMIT);
      },
    );
  }

  it('prints what BLAST 30 gives on the generated humanoid (no NaN asserted)', async () => {
    const result = await soak(models[0]![2](), 30);
    print(models[0]![0], 30, result);
    expect(result.nanCount).toBe(0);
  });
});
