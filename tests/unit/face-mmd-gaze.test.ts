/**
 * An MMD figure's eyes (右目 and 左目, which a model turns through 両目 or on their own) follow
 * the camera within a small range, as a VRM's look-at does: on a generated PMX model with eye
 * bones, drawn by the app's own MMD avatar, the eyes turn toward a point off to one side and
 * above in proportion, look ahead at one behind the head, follow the hand while the figure is
 * held, and leave the eyes to a motion that turns them.
 */
import { Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import type { MmdBone, MmdModel } from '../../renderer/src/formats/mmd/mmd-model';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import type { DollMotion } from '../../renderer/src/physics/motion/doll-motion';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import type { FaceCues, FacePoint } from '../../renderer/src/view/face/face-cues';
import { MMD_EYE_MAX_PITCH, MMD_EYE_MAX_YAW } from '../../renderer/src/view/face/mmd-gaze';
import { MmdAvatar } from '../../renderer/src/view/mmd/mmd-avatar';
import { humanoidMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';
import { writePmx } from '../../tools/fixtures/mmd/pmx-writer';
import { drawMmdModel, PosedParts } from '../../tools/loaders/posed-mmd-avatar';

/** The humanoid fixture with MMD's eye bones: 両目, and 右目 / 左目 copying its rotation. */
function withEyes(model: MmdModel): MmdModel {
  const head = model.bones.findIndex((bone) => bone.name === '頭');
  const bone = (name: string, x: number, append: MmdBone['append']): MmdBone => ({
    name,
    englishName: '',
    // MMD's models face −Z: the eyes sit in front of the head.
    position: [x, 18.6, -0.9],
    parentIndex: head,
    layer: 0,
    tailBone: -1,
    tailOffset: [0, 0, -0.3],
    append,
    isIk: false,
    ik: null,
    afterPhysics: false,
    visible: true,
  });
  const both = model.bones.length;
  const copy = { parentIndex: both, ratio: 1, rotation: true, translation: false, local: false };
  return {
    ...model,
    bones: [
      ...model.bones,
      bone('両目', 0, null),
      bone('右目', -0.35, copy),
      bone('左目', 0.35, copy),
    ],
  };
}

/** A motion that only turns 両目 (20° about y) and poses nothing else. */
const eyesMotion = {
  name: 'eyes',
  duration: 2,
  sample: () => {},
  drawnBones: [
    {
      name: '両目',
      rotation: {
        times: new Float64Array([0]),
        values: new Float64Array([0, Math.sin(Math.PI / 18), 0, Math.cos(Math.PI / 18)]),
        bezier: null,
      },
    },
  ],
} as unknown as DollMotion;

async function figure(motion?: DollMotion) {
  const model = parseMmdModel(writePmx(withEyes(humanoidMmdModel())));
  const rig = mmdRig(model);
  const parts = new PosedParts(rig);
  const drawing = await drawMmdModel(model, rig);
  const viewer: FacePoint = { x: 0, y: 0, z: 0 };
  let held: FacePoint | null = null;
  const cues: FaceCues = {
    readHeld: (out) => {
      if (!held) return false;
      out.x = held.x;
      out.y = held.y;
      out.z = held.z;
      return true;
    },
    takeJolt: () => 0,
    motionState: () => 'passive',
    reactionsOn: () => true,
    readViewer: (out) => {
      out.x = viewer.x;
      out.y = viewer.y;
      out.z = viewer.z;
      return true;
    },
  };
  const avatar = new MmdAvatar(
    drawing,
    rig,
    {
      id: 1,
      partHandles: parts.handles,
      bodies: null,
      face: cues,
      ...(motion ? { motion: { current: () => motion, time: () => 0.5 } } : {}),
    },
    parts,
  );
  const names = drawing.skeleton.bones.map((b) => b.name);
  const eyes = ['右目', '左目'].map((name) => drawing.skeleton.bones[names.indexOf(name)]!);
  /** Where each eye looks: its drawn forward's turn from the face's front (+Z), degrees. */
  const eyeTurns = () => {
    drawing.root.updateMatrixWorld(true);
    return eyes.map((eye) => {
      const forward = new Vector3(0, 0, 1).applyQuaternion(
        eye.getWorldQuaternion(new Quaternion()),
      );
      return {
        yaw: (Math.atan2(forward.x, forward.z) * 180) / Math.PI,
        pitch: (Math.asin(forward.y) * 180) / Math.PI,
      };
    });
  };
  const eyeCenter = () => {
    drawing.root.updateMatrixWorld(true);
    const a = eyes[0]!.getWorldPosition(new Vector3());
    return a.add(eyes[1]!.getWorldPosition(new Vector3())).multiplyScalar(0.5);
  };
  /** Puts the viewer `distance` metres from the eyes, `yaw` degrees left and `pitch` up. */
  const place = (target: FacePoint, yaw: number, pitch: number, distance = 2): void => {
    const c = eyeCenter();
    const y = (yaw * Math.PI) / 180;
    const p = (pitch * Math.PI) / 180;
    target.x = c.x + distance * Math.cos(p) * Math.sin(y);
    target.y = c.y + distance * Math.sin(p);
    target.z = c.z + distance * Math.cos(p) * Math.cos(y);
  };
  const run = (frames: number) => {
    for (let i = 0; i < frames; i++) avatar.update(1 / 60);
  };
  return {
    avatar,
    drawing,
    eyeTurns,
    run,
    placeViewer: (yaw: number, pitch: number) => place(viewer, yaw, pitch),
    hold: (yaw: number, pitch: number) => {
      held = { x: 0, y: 0, z: 0 };
      place(held, yaw, pitch, 0.6);
    },
  };
}

describe('an MMD figure’s eyes', () => {
  it('turn toward the camera in proportion, within their small range', async () => {
    const { avatar, eyeTurns, run, placeViewer } = await figure();
    expect(avatar.gaze?.eyeBones.length).toBe(2);
    run(1);
    for (const eye of eyeTurns()) {
      expect(Math.abs(eye.yaw)).toBeLessThan(1e-3);
      expect(Math.abs(eye.pitch)).toBeLessThan(1e-3);
    }
    // 20° to the model's left and 10° up: half and a quarter of the way to the full turn.
    placeViewer(20, 10);
    run(90);
    for (const eye of eyeTurns()) {
      expect(eye.yaw).toBeCloseTo(MMD_EYE_MAX_YAW * (20 / 40), 1);
      expect(eye.pitch).toBeCloseTo(MMD_EYE_MAX_PITCH * (10 / 40), 1);
    }
    // Far off to the right (past the full turn) and down: all the way right, and no further.
    placeViewer(-50, -35);
    run(90);
    for (const eye of eyeTurns()) {
      expect(eye.yaw).toBeCloseTo(-MMD_EYE_MAX_YAW, 1);
      expect(eye.pitch).toBeCloseTo(-MMD_EYE_MAX_PITCH * (35 / 40), 1);
    }
    // Behind the head: out of reach, the eyes look ahead.
    placeViewer(150, 0);
    run(90);
    for (const eye of eyeTurns()) expect(Math.abs(eye.yaw)).toBeLessThan(0.05);
    avatar.dispose();
  });

  it('follow the hand while the figure is held, easing there without a jump', async () => {
    const { avatar, eyeTurns, run, placeViewer, hold } = await figure();
    placeViewer(-20, 0);
    run(90);
    expect(eyeTurns()[0]!.yaw).toBeLessThan(-5);
    hold(25, 0);
    run(1);
    const first = eyeTurns()[0]!.yaw;
    // One frame moves a part of the way (no pop to the new target)…
    expect(first).toBeGreaterThan(-6);
    expect(first).toBeLessThan(0);
    run(90);
    // …and then the eyes are on the hand.
    expect(eyeTurns()[0]!.yaw).toBeCloseTo(MMD_EYE_MAX_YAW * (25 / 40), 1);
    avatar.dispose();
  });

  it('leave the eyes to a motion that turns them', async () => {
    const { avatar, eyeTurns, run, placeViewer } = await figure(eyesMotion);
    placeViewer(25, 0);
    run(90);
    const left = eyeTurns();
    placeViewer(-25, 0);
    run(90);
    const right = eyeTurns();
    // The motion's 20° turn, through 両目 to both eyes, and nothing of the camera's side.
    for (const [i, eye] of right.entries()) {
      expect(Math.abs(eye.yaw)).toBeGreaterThan(15);
      expect(eye.yaw).toBeCloseTo(left[i]!.yaw, 3);
    }
    avatar.dispose();
  });
});
