/**
 * Real MMD models from the fixtures folder: Gene_light hangs its right upper sleeve (右腕xca,
 * not a bone the ragdoll drives) on an IK bone riding on the elbow. While the arm moves, the
 * skinned vertices weighted mostly to it keep their distance to the arm within 2 cm; with the
 * chain left out (as before IK was solved) they do not. The other real models carry no IK on
 * bones outside the physics. Skipped when the folder is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { MmdModel } from '../../renderer/src/formats/mmd/mmd-model';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import { realFixture } from '../../tools/fixtures/real-fixtures';
import { sleeveDrift } from '../support/sleeve-drift';

const GENE = realFixture('pmx/gene_light/Gene_light.pmx');
const present = existsSync(GENE);
if (!present) console.warn(`skipping: ${GENE} is not here (the real fixtures are absent)`);

const SLEEVE = ['右腕xca'];

function withoutIk(model: MmdModel, name: string): MmdModel {
  return {
    ...model,
    bones: model.bones.map((bone) => (bone.name === name ? { ...bone, ik: null } : bone)),
  };
}

describe.skipIf(!present)('sleeves on IK and inherited bones, real models', () => {
  it('keeps Gene_light’s right sleeve on the arm while the arm moves', async () => {
    const model = parseMmdModel(readFileSync(GENE));
    const solved = await sleeveDrift(model, '右', SLEEVE);
    const unsolved = await sleeveDrift(withoutIk(model, '右腕xcIK'), '右', SLEEVE);
    expect(solved.vertices).toBeGreaterThan(10);
    expect(solved.drift).toBeLessThan(0.02);
    expect(unsolved.drift).toBeGreaterThan(0.04);
  });
});
