/**
 * Every motion on every real figure in the real fixtures folder (VRM 0.x and 1.0, PMX and PMD):
 * the built-ins, the real test.vrma and a generated VMD with leg IK. Each sampled pose is
 * finite, every elbow and knee target lies on that figure's own hinge axis, and the built-ins
 * stay within the hinge ranges and the neck, wrist and ankle limits. Skipped with a note when
 * the folder is absent.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import { createDollPose } from '../../renderer/src/physics/motion/doll-motion';
import { BUILTIN_MOTION_NAMES, builtinMotion } from '../../renderer/src/motion/builtin-motions';
import type { MotionClip } from '../../renderer/src/motion/motion-clip';
import type { FigureKind } from '../../renderer/src/motion/retarget-motion';
import { retargetMotion } from '../../renderer/src/motion/retarget-motion';
import { vmdToClip } from '../../renderer/src/motion/vmd-clip';
import { parseVmd } from '../../renderer/src/formats/vmd/parse-vmd';
import { loadMmdDoll } from '../../tools/loaders/load-mmd-doll';
import { loadModelDoll } from '../../tools/loaders/load-model-doll';
import { loadMotionSource } from '../../tools/loaders/load-motion';
import { stepVmdKeys } from '../../tools/fixtures/motion/motion-fixtures';
import { writeVmd } from '../../tools/fixtures/motion/vmd-writer';
import { hingeTarget, jointRotation, rotationVector } from '../support/joint-targets';
import { REAL_FIXTURES } from '../../tools/fixtures/real-fixtures';

const FIXTURES = `${REAL_FIXTURES}/`;
const VRM_FILES = [
  'vrm0/addon_sphere_unigltf.vrm',
  'vrm0/univrm_emission_v0106.vrm',
  'vrm0/godette_v4.vrm',
  'vrm1/VRMC_vrm_expressions_isBinary_Overridden.vrm',
  'vrm1/VRMC_materials_mtoon_UV_Animation_Test.vrm',
  'vrm1/addon_debug_robot.vrm',
  'vrm1/metalkit_smoke_spring.vrm',
];
const MMD_FILES = [
  'pmx/gene_light/Gene_light.pmx',
  'pmx/yw_test_model/yw_test_model.pmx',
  'pmd/mokou/mokou_A.pmd',
  'pmd/low_miku/low_miku.pmd',
];
const present = existsSync(FIXTURES);
if (!present) console.warn(`skipping: ${FIXTURES} is not here (the shared fixtures are absent)`);

async function figures(): Promise<{ file: string; kind: FigureKind; spec: DollSpec }[]> {
  const vrms = await Promise.all(
    VRM_FILES.map(async (file) => ({
      file,
      kind: 'vrm' as const,
      spec: (await loadModelDoll(FIXTURES + file)).spec,
    })),
  );
  const mmds = await Promise.all(
    MMD_FILES.map(async (file) => ({
      file,
      kind: 'mmd' as const,
      spec: (await loadMmdDoll(FIXTURES + file)).spec,
    })),
  );
  return [...vrms, ...mmds];
}

/**
 * How far off its hinge an elbow or knee target may be (radians). Exact, except for an MMD
 * motion on an MMD model: those rotations are applied as they are, as MMD does, and the
 * motion's elbow bends about the hinge of the A-pose it was made on (37° here) while the
 * model's own hinge follows its arms (34° to 39° on these models), so a 0.6 rad bend lands
 * up to 0.6 × sin 5° ≈ 0.05 rad off.
 */
function offHingeAllowed(clip: MotionClip, kind: FigureKind): number {
  return clip.rest === 'mmd' && kind === 'mmd' ? 0.06 : 1e-6;
}

function check(
  clip: MotionClip,
  figure: { file: string; kind: FigureKind; spec: DollSpec },
  withinLimits: boolean,
): void {
  const { spec } = figure;
  const motion = retargetMotion(clip, spec, { figureKind: figure.kind });
  const pose = createDollPose(spec.parts.length);
  for (let time = 0; time < clip.duration; time += 0.1) {
    motion.sample(time, pose);
    const where = `${clip.name} on ${figure.file} at ${time.toFixed(1)} s`;
    expect([...pose.rotations, ...pose.rootOffset].every(Number.isFinite), where).toBe(true);
    for (const joint of spec.joints) {
      if (joint.kind === 'revolute') {
        const { along, off } = hingeTarget(spec, pose, joint);
        expect(off, `${where}, ${joint.name} off its hinge`).toBeLessThan(
          offHingeAllowed(clip, figure.kind),
        );
        if (withinLimits) {
          expect(along, `${where}, ${joint.name}`).toBeGreaterThanOrEqual(joint.limits[0] - 1e-6);
          expect(along, `${where}, ${joint.name}`).toBeLessThanOrEqual(joint.limits[1] + 1e-6);
        }
      } else if (withinLimits && joint.limits) {
        const v = rotationVector(jointRotation(spec, pose, joint));
        (['x', 'y', 'z'] as const).forEach((axis, i) => {
          const range = joint.limits![axis];
          if (!range) return;
          expect(v[i]!, `${where}, ${joint.name} ${axis}`).toBeGreaterThanOrEqual(range[0]);
          expect(v[i]!, `${where}, ${joint.name} ${axis}`).toBeLessThanOrEqual(range[1]);
        });
      }
    }
  }
}

describe.skipIf(!present)('motions on the real figures', () => {
  it('built-ins stay on every hinge and within every limit', { timeout: 120_000 }, async () => {
    for (const figure of await figures()) {
      for (const name of BUILTIN_MOTION_NAMES) check(builtinMotion(name), figure, true);
    }
  });

  it('test.vrma and a VMD with leg IK stay on every hinge', { timeout: 120_000 }, async () => {
    const vrma = await loadMotionSource(`${FIXTURES}vrma/test.vrma`);
    const vmd = vmdToClip(parseVmd(writeVmd({ keys: stepVmdKeys() })), 'step.vmd');
    for (const figure of await figures()) {
      check(vrma, figure, false);
      check(vmd, figure, false);
    }
  });
});
