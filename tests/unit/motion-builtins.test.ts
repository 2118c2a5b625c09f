import { describe, expect, it } from 'vitest';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import { reachBelowCenter } from '../../renderer/src/physics/doll-spec';
import { createDollPose } from '../../renderer/src/physics/motion/doll-motion';
import type { DollPose } from '../../renderer/src/physics/motion/doll-motion';
import type { Vec3 } from '../../renderer/src/physics/vector-math';
import { specFromHumanoidBones } from '../../renderer/src/rig/spec-from-humanoid-bones';
import { BUILTIN_MOTION_NAMES, builtinMotion } from '../../renderer/src/motion/builtin-motions';
import { MMD_A_POSE_ARM_ANGLE } from '../../renderer/src/motion/mmd-a-pose';
import type { FigureKind } from '../../renderer/src/motion/retarget-motion';
import { retargetMotion } from '../../renderer/src/motion/retarget-motion';
import { loadMotionSource } from '../../tools/loaders/load-motion';
import { centerOfMass, posedPoint } from '../support/doll-pose-kinematics';
import { aPose, chibi, humanTPose } from '../support/humanoid-rigs';
import { angleBetweenQuats, partRotation } from '../support/motion-clips';
import { hingeTarget, jointRotation, rotationVector } from '../support/joint-targets';

const FIGURES: { kind: FigureKind; name: string; spec: DollSpec }[] = [
  { kind: 'box', name: 'box dummy', spec: BOX_DOLL },
  { kind: 'vrm', name: 'T-pose VRM', spec: specFromHumanoidBones(humanTPose()).spec },
  { kind: 'vrm', name: 'chibi VRM', spec: specFromHumanoidBones(chibi()).spec },
  {
    kind: 'mmd',
    name: 'A-pose MMD',
    spec: specFromHumanoidBones(aPose(humanTPose(), (MMD_A_POSE_ARM_ANGLE * 180) / Math.PI)).spec,
  },
];

const SAMPLE_STEP = 0.05;

function forEachSample(
  name: (typeof BUILTIN_MOTION_NAMES)[number],
  spec: DollSpec,
  kind: FigureKind,
  visit: (pose: DollPose, time: number) => void,
): void {
  const motion = retargetMotion(builtinMotion(name), spec, { figureKind: kind });
  const pose = createDollPose(spec.parts.length);
  for (let time = 0; time < motion.duration; time += SAMPLE_STEP) {
    motion.sample(time, pose);
    visit(pose, time);
  }
}

describe('built-in motions', () => {
  it('offers stand, wave and march, each a seamless loop', async () => {
    expect(BUILTIN_MOTION_NAMES).toEqual(['stand', 'wave', 'march']);
    for (const name of BUILTIN_MOTION_NAMES) {
      const clip = builtinMotion(name);
      expect(clip.name).toBe(name);
      expect(clip.rest).toBe('tpose');
      const motion = retargetMotion(clip, BOX_DOLL, { figureKind: 'box' });
      const start = createDollPose(BOX_DOLL.parts.length);
      const end = createDollPose(BOX_DOLL.parts.length);
      motion.sample(0, start);
      motion.sample(clip.duration - 1e-6, end);
      for (let i = 0; i < BOX_DOLL.parts.length; i++) {
        expect(
          angleBetweenQuats(partRotation(start.rotations, i), partRotation(end.rotations, i)),
        ).toBeLessThan(1e-4);
      }
      for (let a = 0; a < 3; a++) expect(end.rootOffset[a]).toBeCloseTo(start.rootOffset[a]!, 5);
      expect((await loadMotionSource(`builtin:${name}`)).name).toBe(name);
    }
  });

  it('keeps every elbow and knee on its hinge and within its range, on every figure', () => {
    for (const name of BUILTIN_MOTION_NAMES) {
      for (const { kind, spec, name: figure } of FIGURES) {
        forEachSample(name, spec, kind, (pose, time) => {
          for (const joint of spec.joints) {
            if (joint.kind !== 'revolute') continue;
            const { along, off } = hingeTarget(spec, pose, joint);
            const where = `${name} on the ${figure}, ${joint.name} at ${time.toFixed(2)} s`;
            expect(off, where).toBeLessThan(1e-6);
            expect(along, where).toBeGreaterThanOrEqual(joint.limits[0] - 1e-6);
            expect(along, where).toBeLessThanOrEqual(joint.limits[1] + 1e-6);
          }
        });
      }
    }
  });

  it('keeps limited ball joints (neck, wrists, ankles) within their limits', () => {
    for (const name of BUILTIN_MOTION_NAMES) {
      for (const { kind, spec, name: figure } of FIGURES) {
        forEachSample(name, spec, kind, (pose, time) => {
          for (const joint of spec.joints) {
            if (joint.kind !== 'spherical' || !joint.limits) continue;
            const v = rotationVector(jointRotation(spec, pose, joint));
            (['x', 'y', 'z'] as const).forEach((axis, i) => {
              const range = joint.limits![axis];
              if (!range) return;
              const where = `${name} on the ${figure}, ${joint.name} ${axis} at ${time.toFixed(2)} s`;
              expect(v[i]!, where).toBeGreaterThanOrEqual(range[0]);
              expect(v[i]!, where).toBeLessThanOrEqual(range[1]);
            });
          }
        });
      }
    }
  });

  it('stand keeps the feet planted and the centre of mass over them', () => {
    for (const { kind, spec, name: figure } of FIGURES) {
      const footPart = spec.parts.some((p) => p.name === 'footL') ? 'foot' : 'leg';
      const soles = (['L', 'R'] as const).map((side) => {
        const part = spec.parts.find(
          (p) => p.name === (footPart === 'foot' ? `foot${side}` : `leg${side}_lo`),
        )!;
        return {
          part: part.name,
          point: [part.center[0], part.center[1] - reachBelowCenter(part), part.center[2]] as Vec3,
        };
      });
      const rest = createDollPose(spec.parts.length);
      const restSoles = soles.map((s) => posedPoint(spec, rest, s.part, s.point));
      const halfStance = Math.abs(restSoles[0]![0] - restSoles[1]![0]) / 2;
      const restCom = centerOfMass(spec, rest);
      forEachSample('stand', spec, kind, (pose, time) => {
        const where = `stand on the ${figure} at ${time.toFixed(2)} s`;
        soles.forEach((sole, i) => {
          const moved = posedPoint(spec, pose, sole.part, sole.point);
          const drift = Math.hypot(...moved.map((v, a) => v - restSoles[i]![a]!));
          expect(drift, where).toBeLessThan(0.01);
        });
        const com = centerOfMass(spec, pose);
        const mid = restSoles.reduce((sum, s) => sum + s[0], 0) / 2;
        expect(Math.abs(com[0] - mid), where).toBeLessThan(halfStance * 0.5);
        // Front to back the figure's rest already balances; the motion may not lean it away.
        expect(Math.abs(com[2] - restCom[2]), where).toBeLessThan(0.02);
      });
    }
  });
});

describe('loadMotionSource', () => {
  it('refuses an unknown built-in, naming the choices', async () => {
    await expect(loadMotionSource('builtin:moonwalk')).rejects.toThrow(
      /builtin:moonwalk: no such built-in motion; choose one of builtin:stand, builtin:wave, builtin:march/,
    );
  });
});
