import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseVmd } from '../../renderer/src/formats/vmd/parse-vmd';
import { HUMANOID_PARENTS } from '../../renderer/src/motion/humanoid-hierarchy';
import type { HumanoidKeysOptions } from '../../renderer/src/motion/export/humanoid-keys';
import { humanoidKeys } from '../../renderer/src/motion/export/humanoid-keys';
import { writeVmd } from '../../renderer/src/motion/export/write-vmd';
import { writeVrma } from '../../renderer/src/motion/export/write-vrma';
import { retargetMotion } from '../../renderer/src/motion/retarget-motion';
import { LOOP_SEAM_SECONDS } from '../../renderer/src/motion/seamless-loop';
import type { FigureKind } from '../../renderer/src/motion/rest-offsets';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import { createDollPose } from '../../renderer/src/physics/motion/doll-motion';
import type { RecordedFigureMotion } from '../../renderer/src/physics/recording/recorded-figure-motion';
import { recordedFigureMotion } from '../../renderer/src/physics/recording/recorded-figure-motion';
import type { AddFigureOptions } from '../../renderer/src/physics/sandbox';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { loadMotionFile } from '../../renderer/src/view/motion/load-motion-file';
import { loadMmdDoll } from '../../tools/loaders/load-mmd-doll';
import { realFixture } from '../../tools/fixtures/real-fixtures';
import { loadRapier } from '../support/rapier';
import { recordSteps } from '../support/recorded-steps';

const MOKOU = realFixture('pmd/mokou/mokou_B.pmd');
const ORDER = [...HUMANOID_PARENTS.keys()];

/** A figure dropped, landing, blasted and tumbling: 3 s recorded, the whole range exported. */
async function recordedFall(spec: DollSpec, options: AddFigureOptions = {}) {
  const rapier = await loadRapier();
  const sandbox = new Sandbox(rapier, { seed: 21 });
  const recorder = recordSteps(sandbox);
  const figure = sandbox.addFigure(spec, options);
  sandbox.run(1.5);
  sandbox.blast(8);
  sandbox.run(1.5);
  const motion = recordedFigureMotion(
    recorder,
    figure.id,
    spec,
    recorder.firstFrame,
    recorder.lastFrame,
  );
  sandbox.dispose();
  return motion;
}

function angle(a: Float64Array, ao: number, b: Float64Array, bo: number): number {
  let dot = 0;
  for (let i = 0; i < 4; i++) dot += a[ao + i]! * b[bo + i]!;
  return 2 * Math.acos(Math.min(1, Math.abs(dot)));
}

/**
 * Loads the file as the app does and plays it on the same figure through the motion system:
 * the largest angle, over every exported frame before the loop seam and every part, between
 * the pose it asks for and the recorded one.
 */
async function playbackError(
  bytes: Uint8Array,
  fileName: string,
  motion: RecordedFigureMotion,
  figureKind: FigureKind,
): Promise<number> {
  const clip = await loadMotionFile(bytes.slice().buffer, fileName);
  const played = retargetMotion(clip, motion.spec, { figureKind });
  const pose = createDollPose(motion.spec.parts.length);
  const parts = motion.spec.parts.length;
  let worst = 0;
  // Playback blends a loop's last half second toward its first frame (LoopSeam), on purpose:
  // the frames before that are the recording as the motion system plays it.
  const seamStart = played.duration - Math.min(LOOP_SEAM_SECONDS, played.duration / 4);
  for (let f = 0; f < motion.frameCount && f / 30 < seamStart; f++) {
    played.sample(f / 30, pose);
    for (let p = 0; p < parts; p++)
      worst = Math.max(worst, angle(pose.rotations, 4 * p, motion.rotations, (f * parts + p) * 4));
  }
  return worst;
}

function keysFor(motion: RecordedFigureMotion, options: HumanoidKeysOptions) {
  return humanoidKeys(motion, ORDER, options);
}

describe('exporting a recorded motion', () => {
  it('box dummy → .vrma: three-vrm-animation reads it and it plays back the recorded pose', async () => {
    const motion = await recordedFall(BOX_DOLL);
    expect(motion.frameCount).toBe(90);
    const keys = keysFor(motion, { rest: 'tpose', figureKind: 'box' });
    expect(keys.bones).toEqual([
      'hips',
      'spine',
      'head',
      'leftUpperArm',
      'leftLowerArm',
      'leftUpperLeg',
      'leftLowerLeg',
      'rightUpperArm',
      'rightLowerArm',
      'rightUpperLeg',
      'rightLowerLeg',
    ]);
    const bytes = writeVrma(keys, 'fall');
    expect(await playbackError(bytes, 'fall.vrma', motion, 'box')).toBeLessThan(0.01);
    // The hips path as three-vrm-animation reads it: within 1 mm.
    const clip = await loadMotionFile(bytes.slice().buffer, 'fall.vrma');
    const hips = clip.bones.find((bone) => bone.humanoid === 'hips')!.translation!;
    expect(hips.times.length).toBe(90);
    let worst = 0;
    for (let f = 0; f < 90; f++) {
      const restY = keys.restHipsHeight;
      const dy = hips.values[3 * f + 1]! + restY - keys.hips[3 * f + 1]!;
      const dx = hips.values[3 * f]! - keys.hips[3 * f]!;
      const dz = hips.values[3 * f + 2]! - keys.hips[3 * f + 2]!;
      worst = Math.max(worst, Math.hypot(dx, dy, dz));
    }
    expect(worst).toBeLessThan(0.001);
    // It moved: a test of a still figure would prove little.
    expect(Math.max(...keys.hips.filter((_, i) => i % 3 === 1))).toBeGreaterThan(1);
  });

  it('box dummy → .vmd: our VMD reader reads 30 fps Shift_JIS keys that play back the recorded pose', async () => {
    const motion = await recordedFall(BOX_DOLL);
    const bytes = writeVmd(keysFor(motion, { rest: 'mmd', figureKind: 'box' }));
    const vmd = parseVmd(bytes);
    expect(vmd.version).toBe('0002');
    expect(new Set(vmd.boneKeys.names)).toEqual(
      new Set([
        'センター',
        '下半身',
        '上半身',
        '頭',
        '左腕',
        '左ひじ',
        '左足',
        '左ひざ',
        '右腕',
        '右ひじ',
        '右足',
        '右ひざ',
      ]),
    );
    expect(vmd.boneKeys.count).toBe(90 * 12);
    expect(Math.max(...vmd.boneKeys.frames)).toBe(89);
    expect(await playbackError(bytes, 'fall.vmd', motion, 'box')).toBeLessThan(0.01);
  });

  it.skipIf(!existsSync(MOKOU))(
    'mokou_B → .vmd: every standard bone plays back within 0.01 rad on the same model',
    async () => {
      const doll = await loadMmdDoll(MOKOU);
      const motion = await recordedFall(doll.spec, { mmd: doll.rig.physics });
      const bytes = writeVmd(keysFor(motion, { rest: 'mmd', figureKind: 'mmd' }), 'mokou');
      const vmd = parseVmd(bytes);
      expect(new Set(vmd.boneKeys.names).size).toBe(16);
      expect(await playbackError(bytes, 'mokou.vmd', motion, 'mmd')).toBeLessThan(0.01);
      // And as a .vrma (T-pose rotations) on the same model.
      const vrma = writeVrma(keysFor(motion, { rest: 'tpose', figureKind: 'mmd' }), 'mokou');
      expect(await playbackError(vrma, 'mokou.vrma', motion, 'mmd')).toBeLessThan(0.01);
    },
  );
});
