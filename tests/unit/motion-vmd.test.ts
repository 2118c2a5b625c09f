/**
 * VMD bone keys: the reader (layout, Shift_JIS names, both versions) and their conversion to
 * an `mmd` clip (our axes and metres, MMD's curves, sorting, in-between bones, names no figure
 * can follow), then a known MMD pose through retargeting onto a VRM and the box dummy.
 */
import { describe, expect, it } from 'vitest';
import { parseVmd } from '../../renderer/src/formats/vmd/parse-vmd';
import {
  MMD_A_POSE_ARM_ANGLE,
  MMD_STANDARD_HIPS_HEIGHT,
} from '../../renderer/src/motion/mmd-a-pose';
import { figureHipsHeight } from '../../renderer/src/motion/figure-hips-height';
import type { MotionClip } from '../../renderer/src/motion/motion-clip';
import { axisAngleQuat, conjugateQuat, multiplyQuats } from '../../renderer/src/motion/quat-tuple';
import { retargetMotion } from '../../renderer/src/motion/retarget-motion';
import { sampleRotation, sampleTranslation } from '../../renderer/src/motion/sample-track';
import { vmdToClip } from '../../renderer/src/motion/vmd-clip';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { createDollPose } from '../../renderer/src/physics/motion/doll-motion';
import type { DollPose } from '../../renderer/src/physics/motion/doll-motion';
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import { sub } from '../../renderer/src/rig/tuple-math';
import { posedPoint } from '../support/doll-pose-kinematics';
import type { Quat, Vec3 } from '../../renderer/src/physics/vector-math';
import { MMD_UNIT_METRES } from '../../renderer/src/rig/mmd/mmd-coordinates';
import { specFromHumanoidBones } from '../../renderer/src/rig/spec-from-humanoid-bones';
import { writeVmd } from '../../tools/fixtures/motion/vmd-writer';
import type { VmdKeySpec } from '../../tools/fixtures/motion/vmd-writer';
import { humanTPose } from '../support/humanoid-rigs';
import { angleBetweenQuats, partRotation } from '../support/motion-clips';

function clipOf(keys: readonly VmdKeySpec[], version: '0002' | 'file' = '0002'): MotionClip {
  return vmdToClip(parseVmd(writeVmd({ keys, version })), 'test.vmd');
}

function bone(clip: MotionClip, name: string) {
  const found = clip.bones.find((b) => b.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
}

/** A rotation in MMD's file axes (left-handed) of `angle` about `axis`, as a VMD stores it. */
function mmdQuat(
  axis: readonly [number, number, number],
  angle: number,
): [number, number, number, number] {
  const s = Math.sin(angle / 2);
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)];
}

describe('parseVmd', () => {
  it('reads names, frames, positions, rotations and curves in file order', () => {
    const vmd = parseVmd(
      writeVmd({
        modelName: '初音ミク',
        keys: [
          { name: 'センター', frame: 12, position: [1, 2, 3], curves: { y: [0, 0, 127, 0] } },
          {
            name: '左腕',
            frame: 3,
            rotation: [0.1, 0.2, 0.3, 0.9],
            curves: { rotation: [10, 20, 30, 40] },
          },
        ],
      }),
    );
    expect(vmd.version).toBe('0002');
    expect(vmd.modelName).toBe('初音ミク');
    const keys = vmd.boneKeys;
    expect(keys.count).toBe(2);
    expect(keys.names).toEqual(['センター', '左腕']);
    expect([...keys.frames]).toEqual([12, 3]);
    expect([...keys.positions.slice(0, 3)]).toEqual([1, 2, 3]);
    expect([...keys.rotations.slice(4, 8)].map((v) => Math.round(v * 10) / 10)).toEqual([
      0.1, 0.2, 0.3, 0.9,
    ]);
    // Curve bytes: 4·k + channel; channel 1 is Y, 3 the rotation.
    expect([1, 5, 9, 13].map((i) => keys.curves[i])).toEqual([0, 0, 127, 0]);
    expect([3, 7, 11, 15].map((i) => keys.curves[16 + i])).toEqual([10, 20, 30, 40]);
  });

  it('reads the older "file" version with its 10-byte model name', () => {
    const vmd = parseVmd(
      writeVmd({ version: 'file', modelName: 'old', keys: [{ name: '頭', frame: 1 }] }),
    );
    expect(vmd.version).toBe('file');
    expect(vmd.modelName).toBe('old');
    expect(vmd.boneKeys.names).toEqual(['頭']);
  });
});

describe('vmdToClip', () => {
  it('converts rotations (−x, −y, z, w) and positions (x, y, −z) × 0.08 m like the PMX reader', () => {
    const q: [number, number, number, number] = [0.1, 0.2, 0.3, Math.sqrt(1 - 0.14)];
    const clip = clipOf([
      { name: '左腕', frame: 0, rotation: q },
      { name: 'センター', frame: 0, position: [1, 2, 3] },
      { name: 'センター', frame: 30, position: [2, 2, 3] },
    ]);
    expect(clip.rest).toBe('mmd');
    expect(clip.duration).toBe(1);
    const rotation = new Float64Array(4);
    sampleRotation(bone(clip, '左腕').rotation!, 0, rotation, 0);
    expect(angleBetweenQuats(partRotation(rotation, 0), [-q[0], -q[1], q[2], q[3]])).toBeLessThan(
      1e-6,
    );
    const position = new Float64Array(3);
    sampleTranslation(bone(clip, 'センター').translation!, 0, position, 0);
    expect(position[0]).toBeCloseTo(1 * MMD_UNIT_METRES, 6);
    expect(position[1]).toBeCloseTo(2 * MMD_UNIT_METRES, 6);
    expect(position[2]).toBeCloseTo(-3 * MMD_UNIT_METRES, 6);
  });

  it('keeps each key’s curve for the segment leading into it, per channel', () => {
    const clip = clipOf([
      { name: 'センター', frame: 0 },
      { name: 'センター', frame: 30, position: [0, 10, 0], curves: { y: [0, 0, 127, 0] } },
      { name: '頭', frame: 0 },
      {
        name: '頭',
        frame: 30,
        rotation: mmdQuat([0, 0, 1], 0.8),
        curves: { rotation: [0, 0, 127, 0] },
      },
    ]);
    const position = new Float64Array(3);
    sampleTranslation(bone(clip, 'センター').translation!, 0.5, position, 0);
    // Halfway in time, the curve 3t² − 2t³ → t³ gives 0.125 of the way (see the sampler tests).
    expect(position[1]).toBeCloseTo(10 * MMD_UNIT_METRES * 0.125, 6);
    const rotation = new Float64Array(4);
    sampleRotation(bone(clip, '頭').rotation!, 0.5, rotation, 0);
    expect(
      angleBetweenQuats(partRotation(rotation, 0), axisAngleQuat([0, 0, 1], 0.1)),
    ).toBeLessThan(1e-6);
  });

  it('sorts keys by frame and keeps the last of two on one frame', () => {
    const clip = clipOf([
      { name: '首', frame: 30, rotation: mmdQuat([0, 0, 1], 0.3) },
      { name: '首', frame: 0, rotation: mmdQuat([0, 0, 1], 0.1) },
      { name: '首', frame: 30, rotation: mmdQuat([0, 0, 1], 0.5) },
    ]);
    const track = bone(clip, '首').rotation!;
    expect([...track.times]).toEqual([0, 1]);
    const end = new Float64Array(4);
    sampleRotation(track, 1, end, 0);
    expect(angleBetweenQuats(partRotation(end, 0), axisAngleQuat([0, 0, 1], 0.5))).toBeLessThan(
      1e-6,
    );
  });

  it('accepts the usual other spellings and lists the moving bones no figure can follow', () => {
    const clip = clipOf([
      { name: '左肘', frame: 0, rotation: mmdQuat([0, 1, 0], 0.4) },
      { name: '上半身２', frame: 0, rotation: mmdQuat([1, 0, 0], 0.1) },
      { name: '左足ＩＫ', frame: 0, position: [0, 1, 0] },
      { name: '右足ＩＫ', frame: 0 },
      { name: '左目', frame: 0, rotation: mmdQuat([1, 0, 0], 0.1) },
      { name: '下半身', frame: 0, position: [0, 1, 0] },
    ]);
    expect(bone(clip, '左ひじ').rotation).not.toBeNull();
    expect(bone(clip, '上半身2').rotation).not.toBeNull();
    // The leg-IK bones become foot targets; the rest is listed.
    expect(clip.footTargets?.map((t) => [t.side, t.name])).toEqual([
      ['left', '左足ＩＫ'],
      ['right', '右足ＩＫ'],
    ]);
    expect(clip.unusedBones).toEqual(['左目', '下半身 (position)']);
    expect(clip.duration).toBe(1);
    const skipped = retargetMotion(clip, BOX_DOLL, { figureKind: 'box' }).skippedBones;
    expect(skipped).toEqual(['左目', '下半身 (position)']);
  });
});

describe('leg IK (足ＩＫ)', () => {
  const figures = [
    { kind: 'box' as const, spec: BOX_DOLL },
    { kind: 'vrm' as const, spec: specFromHumanoidBones(humanTPose()).spec },
  ];

  /** Where the figure's left ankle is in a pose: the ankle joint, or the shin's far end. */
  function ankleOf(spec: DollSpec, pose: DollPose): Vec3 {
    const lower = spec.parts.find((p) => p.name === 'legL_lo')!;
    const knee = spec.joints.find((j) => j.child === 'legL_lo')!.anchor;
    const ankle =
      spec.joints.find((j) => j.child === 'footL')?.anchor ??
      ([
        2 * lower.center[0] - knee[0],
        2 * lower.center[1] - knee[1],
        2 * lower.center[2] - knee[2],
      ] as Vec3);
    return posedPoint(spec, pose, 'legL_lo', ankle);
  }

  function kneeAngle(spec: DollSpec, pose: DollPose): { along: number; off: number } {
    const joint = spec.joints.find((j) => j.name === 'kneeL')!;
    if (joint.kind !== 'revolute') throw new Error('the knee is a hinge');
    const at = (name: string) =>
      partRotation(
        pose.rotations,
        spec.parts.findIndex((p) => p.name === name),
      );
    const r = multiplyQuats(conjugateQuat(at('legL_up')), at('legL_lo'));
    const s = Math.hypot(r[0], r[1], r[2]);
    const angle = 2 * Math.atan2(s, r[3]);
    const axis = s > 1e-12 ? [r[0] / s, r[1] / s, r[2] / s] : [0, 0, 0];
    const along =
      angle * (axis[0]! * joint.axis[0] + axis[1]! * joint.axis[1] + axis[2]! * joint.axis[2]);
    return { along, off: Math.abs(angle) - Math.abs(along) };
  }

  it('keeps the feet where they stand while センター sinks, bending the knees on their hinges', () => {
    const clip = clipOf([
      { name: 'センター', frame: 0, position: [0, -2, 0] },
      { name: '左足ＩＫ', frame: 0 },
      { name: '右足ＩＫ', frame: 0 },
    ]);
    for (const { kind, spec } of figures) {
      const rest = createDollPose(spec.parts.length);
      const pose = createDollPose(spec.parts.length);
      retargetMotion(clip, spec, { figureKind: kind }).sample(0, pose);
      // The hips went down (2 units = 0.16 m at MMD's scale, scaled to the figure)...
      expect(pose.rootOffset[1]).toBeLessThan(-0.1);
      // ...the ankle stayed put...
      const moved = sub(ankleOf(spec, pose), ankleOf(spec, rest));
      expect(Math.hypot(...moved), kind).toBeLessThan(1e-6);
      // ...because the knee bent, about its own axis only.
      const knee = kneeAngle(spec, pose);
      expect(knee.along, kind).toBeGreaterThan(0.5);
      expect(knee.off, kind).toBeLessThan(1e-6);
    }
  });

  it('lifts a foot to a raised target and turns the foot part with the target', () => {
    const turn = mmdQuat([1, 0, 0], 0.3);
    const clip = clipOf([
      { name: 'センター', frame: 0 },
      { name: '左足ＩＫ', frame: 0, position: [0, 1.5, -1], rotation: turn },
    ]);
    const { spec } = figures[1]!;
    const scale = figureHipsHeight(spec) / MMD_STANDARD_HIPS_HEIGHT;
    const rest = createDollPose(spec.parts.length);
    const pose = createDollPose(spec.parts.length);
    retargetMotion(clip, spec, { figureKind: 'vrm' }).sample(0, pose);
    const moved = sub(ankleOf(spec, pose), ankleOf(spec, rest));
    // MMD (0, 1.5, −1) units is (0, 1.5, 1) × 0.08 m in our axes: up and forward.
    expect(moved[0]).toBeCloseTo(0, 6);
    expect(moved[1]).toBeCloseTo(1.5 * MMD_UNIT_METRES * scale, 6);
    expect(moved[2]).toBeCloseTo(1 * MMD_UNIT_METRES * scale, 6);
    const foot = partRotation(
      pose.rotations,
      spec.parts.findIndex((p) => p.name === 'footL'),
    );
    expect(angleBetweenQuats(foot, axisAngleQuat([1, 0, 0], -0.3))).toBeLessThan(1e-6);
    expect(kneeAngle(spec, pose).off).toBeLessThan(1e-6);
  });
});

describe('a known MMD pose on other figures', () => {
  const vrm = specFromHumanoidBones(humanTPose()).spec;
  // 左腕 turned 0.5 rad about MMD's Z axis and 0.35 rad about its Y axis, in the file's axes.
  const fileZ = mmdQuat([0, 0, 1], 0.5);
  const fileY = mmdQuat([0, 1, 0], 0.35);
  const fileRotation = multiplyQuats(fileZ, fileY) as [number, number, number, number];
  const clip = clipOf([{ name: '左腕', frame: 0, rotation: fileRotation }]);
  /** The same rotation in our axes: Z keeps its sign, X and Y turn the other way. */
  const ours: Quat = multiplyQuats(axisAngleQuat([0, 0, 1], 0.5), axisAngleQuat([0, 1, 0], -0.35));

  function part(spec: typeof vrm, kind: 'vrm' | 'box' | 'mmd', name: string): Quat {
    const pose = createDollPose(spec.parts.length);
    retargetMotion(clip, spec, { figureKind: kind }).sample(0, pose);
    return partRotation(
      pose.rotations,
      spec.parts.findIndex((p) => p.name === name),
    );
  }

  it('gives a VRM the humanoid rotation: the MMD rotation in our axes × the A-pose offset', () => {
    const expected = multiplyQuats(ours, axisAngleQuat([0, 0, 1], -MMD_A_POSE_ARM_ANGLE));
    expect(angleBetweenQuats(part(vrm, 'vrm', 'armL_up'), expected)).toBeLessThan(1e-6);
    // The forearm and hand follow the upper arm (no keys of their own).
    expect(angleBetweenQuats(part(vrm, 'vrm', 'armL_lo'), expected)).toBeLessThan(1e-6);
    expect(angleBetweenQuats(part(vrm, 'vrm', 'handL'), expected)).toBeLessThan(1e-6);
  });

  it('gives the box dummy the same arm, measured from its hanging rest', () => {
    // From hanging (−Y) to the T-pose is +90° about Z, then the VRM's rotation.
    const expected = multiplyQuats(
      multiplyQuats(ours, axisAngleQuat([0, 0, 1], -MMD_A_POSE_ARM_ANGLE)),
      axisAngleQuat([0, 0, 1], Math.PI / 2),
    );
    expect(angleBetweenQuats(part(BOX_DOLL, 'box', 'armL_up'), expected)).toBeLessThan(1e-6);
  });
});
