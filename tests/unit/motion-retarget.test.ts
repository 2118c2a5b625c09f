import { describe, expect, it } from 'vitest';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import { createDollPose } from '../../renderer/src/physics/motion/doll-motion';
import type { Quat, Vec3 } from '../../renderer/src/physics/vector-math';
import { specFromHumanoidBones } from '../../renderer/src/rig/spec-from-humanoid-bones';
import { normalize, rotate, sub } from '../../renderer/src/rig/tuple-math';
import { figureHipsHeight } from '../../renderer/src/motion/figure-hips-height';
import { MMD_A_POSE_ARM_ANGLE } from '../../renderer/src/motion/mmd-a-pose';
import type { MmdBoneTracks } from '../../renderer/src/motion/mmd-clip';
import { mmdClip } from '../../renderer/src/motion/mmd-clip';
import type { MotionClip } from '../../renderer/src/motion/motion-clip';
import { axisAngleQuat, chainQuats, multiplyQuats } from '../../renderer/src/motion/quat-tuple';
import type { FigureKind } from '../../renderer/src/motion/retarget-motion';
import { retargetMotion } from '../../renderer/src/motion/retarget-motion';
import type { HumanoidBoneTracks } from '../../renderer/src/motion/tpose-clip';
import { tposeClip } from '../../renderer/src/motion/tpose-clip';
import {
  angleBetweenQuats,
  holdRotation,
  partRotation,
  rotationTrack,
  translationTrack,
} from '../support/motion-clips';
import { aPose, chibi, humanTPose } from '../support/humanoid-rigs';

const X: Vec3 = [1, 0, 0];
const Y: Vec3 = [0, 1, 0];
const Z: Vec3 = [0, 0, 1];
const A_POSE_DEGREES = (MMD_A_POSE_ARM_ANGLE * 180) / Math.PI;

const FIGURES: { kind: FigureKind; spec: DollSpec }[] = [
  { kind: 'box', spec: BOX_DOLL },
  { kind: 'vrm', spec: specFromHumanoidBones(humanTPose()).spec },
  { kind: 'mmd', spec: specFromHumanoidBones(aPose(humanTPose(), A_POSE_DEGREES)).spec },
];

function tpose(tracks: [string, HumanoidBoneTracks][], duration = 1): MotionClip {
  return tposeClip({ name: 'test', duration, restHipsHeight: 0.91 }, new Map(tracks));
}

function mmd(tracks: [string, MmdBoneTracks][], duration = 1): MotionClip {
  return mmdClip({ name: 'test.vmd', duration }, new Map(tracks));
}

/** Every part's rotation at `time`, by part name. */
function poseOf(
  clip: MotionClip,
  spec: DollSpec,
  kind: FigureKind,
  time = 0,
): { rotation: (part: string) => Quat; rootOffset: Vec3 } {
  const motion = retargetMotion(clip, spec, { figureKind: kind });
  const pose = createDollPose(spec.parts.length);
  motion.sample(time, pose);
  return {
    rotation: (part) =>
      partRotation(
        pose.rotations,
        spec.parts.findIndex((p) => p.name === part),
      ),
    rootOffset: [pose.rootOffset[0]!, pose.rootOffset[1]!, pose.rootOffset[2]!],
  };
}

/** Where the upper arm of `side` points at rest: shoulder → elbow. */
function restArmDirection(spec: DollSpec, side: 'L' | 'R'): Vec3 {
  const anchor = (child: string) => spec.joints.find((j) => j.child === child)!.anchor;
  return normalize(sub(anchor(`arm${side}_lo`), anchor(`arm${side}_up`)));
}

function expectDirection(actual: Vec3, expected: Vec3, tolerance = 1e-6): void {
  const e = normalize(expected);
  for (let i = 0; i < 3; i++) expect(actual[i]).toBeCloseTo(e[i]!, -Math.log10(tolerance));
}

describe('retargeting a T-pose clip', () => {
  it('holds arms straight out on every figure when the clip is at rest, legs at their rest', () => {
    for (const { kind, spec } of FIGURES) {
      const pose = poseOf(tpose([]), spec, kind);
      for (const side of ['L', 'R'] as const) {
        const out: Vec3 = side === 'L' ? X : [-1, 0, 0];
        for (const part of [`arm${side}_up`, `arm${side}_lo`]) {
          expectDirection(rotate(pose.rotation(part), restArmDirection(spec, side)), out);
        }
      }
      // Legs, torso and head stay at their rest.
      for (const part of ['pelvis', 'torso', 'head', 'legL_up', 'legR_lo']) {
        expect(angleBetweenQuats(pose.rotation(part), [0, 0, 0, 1])).toBeLessThan(1e-6);
      }
    }
  });

  it('leaves a T-pose figure at rest for a clip at rest', () => {
    const spec = FIGURES[1]!.spec;
    const pose = poseOf(tpose([]), spec, 'vrm');
    for (const part of spec.parts) {
      expect(angleBetweenQuats(pose.rotation(part.name), [0, 0, 0, 1])).toBeLessThan(1e-6);
    }
  });

  it('raises an A-pose MMD figure’s arms to the T-pose', () => {
    const { spec } = FIGURES[2]!;
    const pose = poseOf(tpose([]), spec, 'mmd');
    // The figure's arm rests 37° below horizontal; a T-pose clip at rest lifts it level.
    expectDirection(restArmDirection(spec, 'L'), [
      Math.cos(MMD_A_POSE_ARM_ANGLE),
      -Math.sin(MMD_A_POSE_ARM_ANGLE),
      0,
    ]);
    expectDirection(rotate(pose.rotation('armL_up'), restArmDirection(spec, 'L')), X);
    expect(
      angleBetweenQuats(pose.rotation('armL_up'), axisAngleQuat(Z, MMD_A_POSE_ARM_ANGLE)),
    ).toBeLessThan(1e-6);
  });

  it('bends the box dummy’s elbow about its own hinge axis for a T-pose elbow bend', () => {
    // In the T-pose the left elbow bends forward about +Y by a negative angle; the box dummy's
    // arm hangs down and its elbow hinges about +X with the same sign for a forward bend.
    const bend = axisAngleQuat(Y, -0.8);
    const pose = poseOf(
      tpose([['leftLowerArm', { rotation: holdRotation(bend) }]]),
      BOX_DOLL,
      'box',
    );
    const relative = multiplyQuats(
      [
        ...pose
          .rotation('armL_up')
          .slice(0, 3)
          .map((v) => -v),
        pose.rotation('armL_up')[3],
      ] as unknown as Quat,
      pose.rotation('armL_lo'),
    );
    expect(angleBetweenQuats(relative, axisAngleQuat(X, -0.8))).toBeLessThan(1e-6);
  });

  it('bends a splayed, leaning leg’s knee about that figure’s own knee axis', () => {
    const spec = specFromHumanoidBones(chibi()).spec;
    const knee = spec.joints.find((j) => j.name === 'kneeL')!;
    if (knee.kind !== 'revolute') throw new Error('the knee is a hinge');
    // Its hinge is a few degrees off the T-pose's X, as its thigh is off vertical.
    expect(angleBetweenQuats(axisAngleQuat(knee.axis, 1), axisAngleQuat(X, 1))).toBeGreaterThan(
      0.02,
    );
    const clip = tpose([['leftLowerLeg', { rotation: holdRotation(axisAngleQuat(X, 1.2)) }]]);
    const pose = poseOf(clip, spec, 'vrm');
    expect(angleBetweenQuats(pose.rotation('legL_up'), [0, 0, 0, 1])).toBeLessThan(1e-9);
    // Within a few thousandths of a radian of the figure's hinge (the shortest turn from the
    // T-pose leg to a leaning leg tips the axis very slightly), far from the T-pose's X.
    expect(angleBetweenQuats(pose.rotation('legL_lo'), axisAngleQuat(knee.axis, 1.2))).toBeLessThan(
      0.005,
    );
    expect(angleBetweenQuats(pose.rotation('legL_lo'), axisAngleQuat(X, 1.2))).toBeGreaterThan(
      0.02,
    );
    expect(
      angleBetweenQuats(poseOf(tpose([]), spec, 'vrm').rotation('legL_lo'), [0, 0, 0, 1]),
    ).toBeLessThan(1e-9);
  });

  it('composes the spine chain into the torso and the neck into the head', () => {
    const spine = axisAngleQuat(X, 0.2);
    const chest = axisAngleQuat(Y, 0.3);
    const neck = axisAngleQuat(Z, 0.1);
    const head = axisAngleQuat(X, -0.25);
    const clip = tpose([
      ['spine', { rotation: holdRotation(spine) }],
      ['chest', { rotation: holdRotation(chest) }],
      ['neck', { rotation: holdRotation(neck) }],
      ['head', { rotation: holdRotation(head) }],
    ]);
    for (const { kind, spec } of FIGURES) {
      const pose = poseOf(clip, spec, kind);
      expect(angleBetweenQuats(pose.rotation('torso'), chainQuats(spine, chest))).toBeLessThan(
        1e-9,
      );
      expect(
        angleBetweenQuats(pose.rotation('head'), chainQuats(spine, chest, neck, head)),
      ).toBeLessThan(1e-9);
      expect(angleBetweenQuats(pose.rotation('pelvis'), [0, 0, 0, 1])).toBeLessThan(1e-9);
    }
  });

  it('scales root motion to the figure’s hip height and turns the pelvis about the hips', () => {
    const clip = tpose([['hips', { translation: translationTrack([0], [[0.091, -0.0455, 0.2]]) }]]);
    for (const { kind, spec } of FIGURES) {
      const scale = figureHipsHeight(spec) / 0.91;
      const offset = poseOf(clip, spec, kind).rootOffset;
      expect(offset[0]).toBeCloseTo(0.091 * scale, 9);
      expect(offset[1]).toBeCloseTo(-0.0455 * scale, 9);
      expect(offset[2]).toBeCloseTo(0.2 * scale, 9);
    }
    expect(figureHipsHeight(BOX_DOLL)).toBeCloseTo(0.91, 9);

    const turn = axisAngleQuat(Y, Math.PI / 2);
    const turned = poseOf(tpose([['hips', { rotation: holdRotation(turn) }]]), BOX_DOLL, 'box');
    const center = BOX_DOLL.parts[0]!.center;
    const moved = sub(rotate(turn, center), center);
    for (let i = 0; i < 3; i++) expect(turned.rootOffset[i]).toBeCloseTo(moved[i]!, 9);
  });

  it('loops: times past the end and before the start wrap around', () => {
    const clip = tpose(
      [
        [
          'leftUpperArm',
          {
            rotation: rotationTrack(
              [0, 1, 2],
              [axisAngleQuat(Z, 0), axisAngleQuat(Z, 1), axisAngleQuat(Z, 0)],
            ),
          },
        ],
      ],
      2,
    );
    const spec = FIGURES[1]!.spec;
    const at = (t: number) => poseOf(clip, spec, 'vrm', t).rotation('armL_up');
    expect(angleBetweenQuats(at(0.5), axisAngleQuat(Z, 0.5))).toBeLessThan(1e-9);
    expect(angleBetweenQuats(at(4.5), at(0.5))).toBeLessThan(1e-9);
    expect(angleBetweenQuats(at(-1.5), at(0.5))).toBeLessThan(1e-9);
  });
});

describe('retargeting an MMD clip', () => {
  const raiseLeftArm = axisAngleQuat(Z, MMD_A_POSE_ARM_ANGLE);

  it('shows 左腕 raised to the horizontal as a level arm on every figure', () => {
    const clip = mmd([['左腕', { rotation: holdRotation(raiseLeftArm) }]]);
    for (const { kind, spec } of FIGURES) {
      const pose = poseOf(clip, spec, kind);
      expectDirection(rotate(pose.rotation('armL_up'), restArmDirection(spec, 'L')), X);
      expectDirection(rotate(pose.rotation('armL_lo'), restArmDirection(spec, 'L')), X);
    }
  });

  it('plays an MMD clip on an MMD figure with the rotations as they are', () => {
    const clip = mmd([['左腕', { rotation: holdRotation(raiseLeftArm) }]]);
    const { spec } = FIGURES[2]!;
    expect(
      angleBetweenQuats(poseOf(clip, spec, 'mmd').rotation('armL_up'), raiseLeftArm),
    ).toBeLessThan(1e-9);
  });

  it('gives a VRM figure the humanoid rotations: MMD rotation × A-pose offset', () => {
    // The expected humanoid rotation of 左腕 = R on a T-pose figure is R · R_z(−37°).
    const r = axisAngleQuat(normalize([0.3, -0.2, 0.9]), 0.7);
    const clip = mmd([['左腕', { rotation: holdRotation(r) }]]);
    const pose = poseOf(clip, FIGURES[1]!.spec, 'vrm');
    const expected = multiplyQuats(r, axisAngleQuat(Z, -MMD_A_POSE_ARM_ANGLE));
    expect(angleBetweenQuats(pose.rotation('armL_up'), expected)).toBeLessThan(1e-6);
    // An MMD clip at rest leaves a T-pose figure's arms in the A-pose.
    const rest = poseOf(mmd([]), FIGURES[1]!.spec, 'vrm');
    expectDirection(rotate(rest.rotation('armR_up'), [-1, 0, 0]), [
      -Math.cos(MMD_A_POSE_ARM_ANGLE),
      -Math.sin(MMD_A_POSE_ARM_ANGLE),
      0,
    ]);
  });

  it('folds センター, 腕捩 and 手捩 into the bones below them', () => {
    const center = axisAngleQuat(Y, 0.4);
    const arm = axisAngleQuat(Z, 0.3);
    const twist = axisAngleQuat(X, 0.5);
    const elbow = axisAngleQuat(Y, -0.6);
    const wristTwist = axisAngleQuat(X, -0.2);
    const wrist = axisAngleQuat(Z, 0.15);
    const clip = mmd([
      ['センター', { rotation: holdRotation(center) }],
      ['左腕', { rotation: holdRotation(arm) }],
      ['左腕捩', { rotation: holdRotation(twist) }],
      ['左ひじ', { rotation: holdRotation(elbow) }],
      ['左手捩', { rotation: holdRotation(wristTwist) }],
      ['左手首', { rotation: holdRotation(wrist) }],
    ]);
    const pose = poseOf(clip, FIGURES[2]!.spec, 'mmd');
    expect(angleBetweenQuats(pose.rotation('pelvis'), center)).toBeLessThan(1e-9);
    expect(angleBetweenQuats(pose.rotation('torso'), center)).toBeLessThan(1e-9);
    expect(angleBetweenQuats(pose.rotation('armL_up'), chainQuats(center, arm))).toBeLessThan(1e-9);
    expect(
      angleBetweenQuats(pose.rotation('armL_lo'), chainQuats(center, arm, twist, elbow)),
    ).toBeLessThan(1e-9);
    expect(
      angleBetweenQuats(
        pose.rotation('handL'),
        chainQuats(center, arm, twist, elbow, wristTwist, wrist),
      ),
    ).toBeLessThan(1e-9);
  });

  it('turns the hips with 下半身 and the torso with 上半身 only', () => {
    const lower = axisAngleQuat(Y, 0.3);
    const upper = axisAngleQuat(X, 0.2);
    const clip = mmd([
      ['下半身', { rotation: holdRotation(lower) }],
      ['上半身', { rotation: holdRotation(upper) }],
    ]);
    const pose = poseOf(clip, FIGURES[2]!.spec, 'mmd');
    expect(angleBetweenQuats(pose.rotation('pelvis'), lower)).toBeLessThan(1e-9);
    expect(angleBetweenQuats(pose.rotation('torso'), upper)).toBeLessThan(1e-9);
    expect(angleBetweenQuats(pose.rotation('legL_up'), lower)).toBeLessThan(1e-9);
  });
});

describe('skipped bones', () => {
  it('lists the bones a figure cannot show, once, and none that never move', () => {
    const bend = holdRotation(axisAngleQuat(X, 0.3));
    const clip = tposeClip(
      { name: 'test', duration: 1, restHipsHeight: 0.91, unusedBones: ['左足ＩＫ'] },
      new Map<string, HumanoidBoneTracks>([
        ['leftHand', { rotation: bend }],
        ['leftToes', { rotation: bend }],
        ['rightEye', { rotation: bend }],
        ['leftUpperArm', { rotation: bend }],
        ['rightFoot', { rotation: holdRotation([0, 0, 0, 1]) }],
      ]),
    );
    const onBox = retargetMotion(clip, BOX_DOLL, { figureKind: 'box' }).skippedBones;
    expect([...onBox].sort()).toEqual(['leftHand', 'leftToes', 'rightEye', '左足ＩＫ'].sort());
    const onVrm = retargetMotion(clip, FIGURES[1]!.spec, { figureKind: 'vrm' }).skippedBones;
    expect([...onVrm].sort()).toEqual(['leftToes', 'rightEye', '左足ＩＫ'].sort());
  });

  it('skips MMD twist bones only where no part below them exists', () => {
    const clip = mmd([['左手捩', { rotation: holdRotation(axisAngleQuat(X, 0.4)) }]]);
    expect(retargetMotion(clip, BOX_DOLL, { figureKind: 'box' }).skippedBones).toEqual(['左手捩']);
    expect(retargetMotion(clip, FIGURES[2]!.spec, { figureKind: 'mmd' }).skippedBones).toEqual([]);
  });
});
