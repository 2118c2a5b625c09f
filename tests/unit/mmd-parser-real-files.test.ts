/**
 * parseMmdModel on the real PMX and PMD files in the real-model fixtures (made by other people and
 * tools): the counts their README lists come out, texture paths use forward slashes. Skipped,
 * with a note, when the folder is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MmdModel } from '../../renderer/src/formats/mmd/mmd-model';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import { REAL_FIXTURES } from '../../tools/fixtures/real-fixtures';

const SHARED = REAL_FIXTURES;
const present = existsSync(join(SHARED, 'pmx')) && existsSync(join(SHARED, 'pmd'));
if (!present) console.warn(`Skipping the real MMD file tests: ${SHARED} has no pmx/ and pmd/.`);

function parse(relative: string): MmdModel {
  return parseMmdModel(readFileSync(join(SHARED, relative)));
}

function countByType(model: MmdModel): [number, number, number] {
  const counts: [number, number, number] = [0, 0, 0];
  for (const body of model.rigidBodies) counts[body.physicsMode]++;
  return counts;
}

function expectForwardSlashes(model: MmdModel): void {
  for (const texture of model.textures) expect(texture).not.toContain('\\');
}

describe.skipIf(!present)('real MMD files', () => {
  it('Gene_light.pmx: 28,646 vertices, 224 bones, 87 bodies (25/9/53), 92 joints', () => {
    const bytes = readFileSync(join(SHARED, 'pmx/gene_light/Gene_light.pmx'));
    const model = parseMmdModel(bytes);
    expect(model.format).toBe('pmx');
    expect(model.version).toBe(2);
    expect(model.mesh.vertexCount).toBe(28646);
    expect(model.bones.length).toBe(224);
    expect(model.rigidBodies.length).toBe(87);
    expect(countByType(model)).toEqual([25, 9, 53]);
    expect(model.joints.length).toBe(92);
    expect(model.textures.some((texture) => texture.startsWith('light/'))).toBe(true);
    expectForwardSlashes(model);
    let drawn = 0;
    for (const material of model.materials) drawn += material.indexCount;
    expect(drawn).toBe(model.mesh.indices.length);
    expect(model.warnings).toEqual([]);
  });

  it('mokou_B.pmd: 125 bodies and 117 joints; mokou_A.pmd: 95 and 83', () => {
    const b = parse('pmd/mokou/mokou_B.pmd');
    expect([b.rigidBodies.length, b.joints.length]).toEqual([125, 117]);
    const a = parse('pmd/mokou/mokou_A.pmd');
    expect([a.rigidBodies.length, a.joints.length]).toEqual([95, 83]);
    for (const model of [a, b]) {
      expect(model.format).toBe('pmd');
      expect(model.bones.map((bone) => bone.name)).toContain('センター');
      expect(model.textures).toContain('moko_hair_01.tga');
      expectForwardSlashes(model);
      expect(model.warnings).toEqual([]);
    }
  });

  it('low_miku.pmd: 1,223 vertices, 44 bodies, 27 joints', () => {
    const model = parse('pmd/low_miku/low_miku.pmd');
    expect(model.mesh.vertexCount).toBe(1223);
    expect([model.rigidBodies.length, model.joints.length]).toEqual([44, 27]);
    // PMD body positions are made model-space: a head body sits near the head bone.
    const head = model.bones.find((bone) => bone.name === '頭')!;
    const nearest = Math.min(
      ...model.rigidBodies.map((body) =>
        Math.hypot(...body.position.map((v, i) => v - head.position[i]!)),
      ),
    );
    expect(nearest).toBeLessThan(2);
  });

  it('yw_test_model.pmx: 19 bodies, 0 joints, one body with bone −1', () => {
    const model = parse('pmx/yw_test_model/yw_test_model.pmx');
    expect(model.bones.length).toBe(114);
    expect(model.rigidBodies.length).toBe(19);
    expect(model.joints.length).toBe(0);
    expect(model.rigidBodies.filter((body) => body.boneIndex === -1).length).toBe(1);
    expect(model.textures).toContain('tex/diffuse.png');
  });

  it.each(['constraint_test', 'constraint_test2', 'constraint_test3', 'constraint_test4'])(
    'babylon %s.pmx: 2 bodies and 1 joint between them',
    (name) => {
      const model = parse(`pmx/babylon_constraint/${name}.pmx`);
      expect(model.rigidBodies.length).toBe(2);
      expect(model.joints.length).toBe(1);
      const joint = model.joints[0]!;
      expect([joint.bodyA, joint.bodyB].sort()).toEqual([0, 1]);
    },
  );
});
