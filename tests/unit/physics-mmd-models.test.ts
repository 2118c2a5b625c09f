import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import type { Figure, Sandbox } from '../../renderer/src/physics/sandbox';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import { fastestMmdBody, maxMmdJointGap } from '../support/mmd-figure-measures';
import { useSandboxes } from '../support/sandboxes';
import { REAL_FIXTURES } from '../../tools/fixtures/real-fixtures';

/**
 * Real MMD models from the real-model fixtures (parsed and rigged by the other MMD layers) running
 * in the sandbox with their own bodies and joints: they drop and rest with no NaN and their
 * joints closed, and the cost of a step beside bare Rapier. The 60 s BLAST soak of the same
 * models is `mmd-soak.test.ts`.
 */
const FIXTURES = `${REAL_FIXTURES}/`;
const MODELS = [
  'pmx/gene_light/Gene_light.pmx',
  'pmd/mokou/mokou_B.pmd',
  'pmd/low_miku/low_miku.pmd',
].map((path) => FIXTURES + path);
const present = MODELS.filter((path) => existsSync(path));
if (present.length < MODELS.length)
  console.warn(
    `physics-mmd-models: skipping models not found in ${FIXTURES}: ${MODELS.filter((p) => !present.includes(p)).join(', ')}`,
  );

const makeSandbox = useSandboxes();

async function figureFor(
  path: string,
  seed: number,
): Promise<{ sandbox: Sandbox; figure: Figure }> {
  const rig = mmdRig(parseMmdModel(readFileSync(path)));
  const sandbox = await makeSandbox({ seed });
  const figure = sandbox.addFigure(rig.rig.spec, { mmd: rig.physics });
  return { sandbox, figure };
}

describe.skipIf(present.length === 0)('real MMD models with their own physics', () => {
  for (const path of present) {
    const name = path.split('/').pop()!;

    it(`${name}: drops and rests with no NaN, its translation-locked joints closed within 5 mm (seeds 1-3)`, async () => {
      for (const seed of [1, 2, 3]) {
        const { sandbox, figure } = await figureFor(path, seed);
        sandbox.drop();
        let nan = 0;
        sandbox.run(20, () => {
          if (sandbox.steps % 30 === 0) nan = Math.max(nan, sandbox.measure().nanCount);
        });
        const restSpeed = fastestMmdBody(figure);
        const lockedGap = maxMmdJointGap(figure, true);
        expect(nan).toBe(0);
        // Soft joints under gravity, contacts and the stage's grip: mokou_B's hair chains lying
        // gripped on the floor rest 1-3 mm open (seeds 1-8; 0.3-7.4 mm when the hair still
        // skated); a joint torn apart would be centimetres.
        expect(lockedGap).toBeLessThan(5e-3);
        expect(restSpeed).toBeLessThan(0.5);
      }
    });
  }
});
