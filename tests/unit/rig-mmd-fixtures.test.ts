/**
 * mmdRig and mmdPhysicsReport on files: the generated fixtures (always) and the real models
 * in the real-model fixtures (skipped with a note when the folder is absent).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import { mmdPhysicsReport } from '../../renderer/src/rig/mmd/mmd-physics-report';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import { humanoidMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';
import { writePmx } from '../../tools/fixtures/mmd/pmx-writer';
import { REAL_FIXTURES } from '../../tools/fixtures/real-fixtures';

const FIXTURES = REAL_FIXTURES;
const present = existsSync(FIXTURES);
if (!present) console.warn(`rig-mmd-fixtures: ${FIXTURES} not found; real-model tests skipped`);
const real = (path: string) => parseMmdModel(readFileSync(join(FIXTURES, path)));

describe('generated PMX, written and read back', () => {
  it('rigs the humanoid with hair and skirt: every body and joint kept, no warnings', () => {
    const source = humanoidMmdModel({ hairSegments: 5, skirt: {}, pose: 'A' });
    const rig = mmdRig(parseMmdModel(writePmx(source)));
    expect(rig.physics.bodies).toHaveLength(source.rigidBodies.length);
    expect(rig.physics.joints).toHaveLength(source.joints.length);
    expect(rig.warnings).toEqual([]);
    expect(rig.bonesMissing).toEqual([]);
    const hair = rig.physics.bodies.filter((b) => b.name.startsWith('髪') && b.motion !== 'follow');
    expect(hair.length).toBe(5);
    for (const b of hair) expect(b.part).toBe('head');
  });

  it('keeps what it can of bad data and says so once per kind', () => {
    const source = humanoidMmdModel({
      jointToMissingBody: true,
      bodyWithoutBone: true,
      nanBodyPosition: true,
    });
    const rig = mmdRig(parseMmdModel(writePmx(source)));
    expect(rig.warnings.map((w) => w.code)).toEqual([
      'body-not-finite',
      'body-no-bone',
      'joint-missing-body',
    ]);
    expect(rig.physics.bodies).toHaveLength(source.rigidBodies.length - 1);
  });
});

describe.skipIf(!present)('real models', () => {
  it.each([
    ['pmx/gene_light/Gene_light.pmx', 87, 92, { follow: 25, dynamic: 9, dynamicRotation: 53 }],
    ['pmd/mokou/mokou_B.pmd', 125, 117, { follow: 20, dynamic: 105, dynamicRotation: 0 }],
  ] as const)(
    '%s: physics report counts, and YXZ lays the capsules along their bones best',
    (file, bodies, joints, types) => {
      const model = real(file);
      const report = mmdPhysicsReport(model);
      expect(report.bodies).toBe(bodies);
      expect(report.joints.total).toBe(joints);
      expect(report.types).toEqual(types);
      const { orders, best, capsules } = report.capsuleOrders;
      expect(capsules).toBeGreaterThan(20);
      expect(best).toBe('YXZ');
      const yxz = orders.find((o) => o.order === 'YXZ')!;
      for (const o of orders) {
        expect(yxz.medianDegrees).toBeLessThanOrEqual(o.medianDegrees);
        expect(yxz.within5Degrees).toBeGreaterThanOrEqual(o.within5Degrees);
      }
      const rig = mmdRig(model);
      expect(rig.physics.bodies).toHaveLength(bodies);
      expect(rig.physics.joints).toHaveLength(joints);
    },
  );

  it('Gene_light: standard bones found, A-pose arms, every moving body off the ragdoll bones', () => {
    const model = real('pmx/gene_light/Gene_light.pmx');
    const rig = mmdRig(model);
    expect(rig.bonesMissing).toEqual(['左つま先', '右つま先']);
    expect(rig.warnings).toEqual([]);
    for (const b of rig.physics.bodies) {
      if (b.motion === 'follow') continue;
      const bone = model.rigidBodies[b.sourceIndex]!.boneIndex;
      expect(rig.boneDrivers[bone], b.name).toMatchObject({ kind: 'body' });
    }
  });

  it('yw_test_model: a body with no bone follows the nearest part, said once', () => {
    const rig = mmdRig(real('pmx/yw_test_model/yw_test_model.pmx'));
    expect(rig.warnings.map((w) => w.code)).toEqual(['body-no-bone']);
    expect(rig.physics.bodies.every((b) => b.motion === 'follow')).toBe(true);
  });

  it('refuses the babylon constraint test (two bodies, no skeleton) naming the bones', () => {
    const model = real('pmx/babylon_constraint/constraint_test.pmx');
    expect(() => mmdRig(model)).toThrow(
      /^Missing bones: 下半身 \(lower body\), 上半身 \(upper body\), 頭 \(head\)/,
    );
  });
});
