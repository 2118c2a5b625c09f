/**
 * A VMD's bones that no ragdoll part follows, on a generated PMX model read back from its
 * bytes: the bones no physics owns (a finger and its child, the eyes) take the motion's local
 * rotations at the figure's motion clock (held while paused, wrapped at the loop, carried on
 * as the physics steps, and as recorded when a past frame is shown), every bone the ragdoll or the model's bodies drive is drawn exactly
 * as without them, and the motion's bones are sorted for the note in Message History.
 */

import { Quaternion } from 'three';
import { describe, expect, it } from 'vitest';
import { parsePmx } from '../../renderer/src/formats/mmd/pmx-parser';
import { parseVmd } from '../../renderer/src/formats/vmd/parse-vmd';
import { motionBoneReport } from '../../renderer/src/motion/motion-bone-report';
import { retargetMotion } from '../../renderer/src/motion/retarget-motion';
import { vmdToClip } from '../../renderer/src/motion/vmd-clip';
import type { Sandbox } from '../../renderer/src/physics/sandbox';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import { strings } from '../../renderer/src/ui/i18n';
import { MmdAvatar } from '../../renderer/src/view/mmd/mmd-avatar';
import { humanoidMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';
import { writePmx } from '../../tools/fixtures/mmd/pmx-writer';
import { writeVmd } from '../../tools/fixtures/motion/vmd-writer';
import type { VmdKeySpec } from '../../tools/fixtures/motion/vmd-writer';
import { drawMmdModel } from '../../tools/loaders/posed-mmd-avatar';
import { mmdAvatarFigure, playedMotion } from '../support/avatar-figures';
import { useSandboxes } from '../support/sandboxes';

const newSandbox = useSandboxes();
const DEG = Math.PI / 180;

/** The model: the standard humanoid plus two finger bones and the eyes (no bodies on them). */
function fingeredModel() {
  const model = humanoidMmdModel({
    hairSegments: 2,
    extraBones: [
      { name: '左人指1', parent: '左手首', position: [7.6, 15.4, 0], tail: '左人指2' },
      { name: '左人指2', parent: '左人指1', position: [8.2, 15.4, 0], tailOffset: [0.5, 0, 0] },
      { name: '両目', parent: '頭', position: [0, 18.2, -0.6], tailOffset: [0, 0, -0.5] },
    ],
  });
  // Through the file format, as a user's model arrives.
  return parsePmx(writePmx(model));
}

/** MMD's quaternion (x, y, z, w) for `degrees` about its own axis `axis`. */
function mmdTurn(axis: 'x' | 'y' | 'z', degrees: number): [number, number, number, number] {
  const s = Math.sin((degrees * DEG) / 2);
  return [
    axis === 'x' ? s : 0,
    axis === 'y' ? s : 0,
    axis === 'z' ? s : 0,
    Math.cos((degrees * DEG) / 2),
  ];
}

/**
 * A 2 s dance (frames 0-60): the upper body sways; the index finger (written full-width, as
 * MikuMikuDance writes it) curls 60° about MMD's Z by frame 30 and opens again by 60; the
 * eyes turn 20° about Y; the first hair bone (a body drives it) and a sleeve the model lacks
 * are keyed too.
 */
function danceVmd(): Uint8Array {
  const keys: VmdKeySpec[] = [
    { name: '上半身', frame: 0 },
    { name: '上半身', frame: 60, rotation: mmdTurn('y', 10) },
    { name: '左人指１', frame: 0 },
    { name: '左人指１', frame: 30, rotation: mmdTurn('z', 60) },
    { name: '左人指１', frame: 60 },
    { name: '両目', frame: 0, rotation: mmdTurn('y', 20) },
    { name: '髪1', frame: 0, rotation: mmdTurn('x', 30) },
    { name: '左袖', frame: 0, rotation: mmdTurn('x', 30) },
  ];
  return writeVmd({ keys });
}

/** The finger's expected local rotation at `seconds` (in our axes MMD's Z stays Z). */
function fingerAt(seconds: number): Quaternion {
  const t = ((seconds % 2) + 2) % 2;
  const degrees = t <= 1 ? 60 * t : 60 * (2 - t);
  return new Quaternion(0, 0, Math.sin((degrees * DEG) / 2), Math.cos((degrees * DEG) / 2));
}

async function setUp() {
  const sandbox = await newSandbox();
  sandbox.clearFigures();
  const model = fingeredModel();
  const rig = mmdRig(model);
  const figure = sandbox.addFigure(rig.rig.spec, { mmd: rig.physics });
  const avatarOf = async (withMotion: boolean) =>
    new MmdAvatar(
      await drawMmdModel(model, rig),
      rig,
      mmdAvatarFigure(figure, withMotion ? { motion: playedMotion(sandbox, figure) } : {}),
      sandbox,
    );
  const clip = vmdToClip(parseVmd(danceVmd()), 'dance.vmd');
  const motion = retargetMotion(clip, rig.rig.spec, { figureKind: 'mmd' });
  const index = (name: string) => model.bones.findIndex((bone) => bone.name === name);
  return { sandbox, figure, motion, avatarOf, index, model };
}

function expectSameRotation(actual: Quaternion, expected: Quaternion, label: string): void {
  // Rapier's rotations are single precision, so the products are unit only to about 1e-7.
  expect(actual.clone().normalize().angleTo(expected.clone().normalize()), label).toBeLessThan(
    1e-5,
  );
}

function localRotation(avatar: MmdAvatar, index: number): Quaternion {
  const bones = (
    avatar.scene.getObjectByProperty('type', 'SkinnedMesh') as unknown as {
      skeleton: { bones: { quaternion: Quaternion }[] };
    }
  ).skeleton.bones;
  return bones[index]!.quaternion.clone();
}

function play(sandbox: Sandbox, figure: Sandbox['figures'][number], motion: unknown, at: number) {
  sandbox.motion.set(figure, motion as Parameters<Sandbox['motion']['set']>[1], at);
}

describe('a VMD on an MMD model: the bones no physics owns', () => {
  it('turns the finger by the motion at its clock: paused, looped, and as the physics steps', async () => {
    const { sandbox, figure, motion, avatarOf, index } = await setUp();
    const avatar = await avatarOf(true);
    const finger = index('左人指1');
    sandbox.motion.setPlaying(false);
    for (const seconds of [0.5, 1, 1.5, 2.5]) {
      play(sandbox, figure, motion, seconds);
      avatar.update();
      expectSameRotation(localRotation(avatar, finger), fingerAt(seconds), `at ${seconds} s`);
    }
    // Paused, it holds however often the frame is drawn and the physics steps.
    play(sandbox, figure, motion, 0.5);
    for (let i = 0; i < 10; i++) sandbox.step();
    avatar.update();
    expectSameRotation(localRotation(avatar, finger), fingerAt(0.5), 'paused');
    // Playing, it follows the figure's own motion time.
    sandbox.motion.setPlaying(true);
    for (let i = 0; i < 30; i++) sandbox.step();
    avatar.update();
    const time = sandbox.motion.time(figure);
    expect(time).toBeGreaterThan(0.6);
    expectSameRotation(localRotation(avatar, finger), fingerAt(time), 'playing');
    // The eyes take their key; the second finger bone keeps its rest against the first.
    const eyes = new Quaternion(0, -Math.sin(10 * DEG), 0, Math.cos(10 * DEG));
    expectSameRotation(localRotation(avatar, index('両目')), eyes, 'eyes');
    expectSameRotation(localRotation(avatar, index('左人指2')), new Quaternion(), 'second joint');
    // No motion: back at rest.
    sandbox.motion.set(figure, null);
    avatar.update();
    expectSameRotation(localRotation(avatar, finger), new Quaternion(), 'passive');
    avatar.dispose();
  });

  it('shows a scrubbed frame with the finger as it was then', async () => {
    const { sandbox, figure, motion, avatarOf, index } = await setUp();
    const avatar = await avatarOf(true);
    const finger = index('左人指1');
    sandbox.motion.setPlaying(false);
    // A recording of frames 0..2, each drawn live at its own motion time.
    const recording = {
      shownFrame: null as number | null,
      firstRecordedFrame: 0,
      lastRecordedFrame: -1,
      truncations: 0,
      serialAt: (frame: number) => frame + 1,
    };
    const times = [0.25, 0.75, 1.5];
    times.forEach((seconds, frame) => {
      recording.lastRecordedFrame = frame;
      play(sandbox, figure, motion, seconds);
      avatar.update(0, undefined, recording);
    });
    for (const frame of [1, 0, 2]) {
      recording.shownFrame = frame;
      avatar.update(0, undefined, recording);
      expectSameRotation(localRotation(avatar, finger), fingerAt(times[frame]!), `frame ${frame}`);
    }
    // Back to live: the motion's clock again.
    recording.shownFrame = null;
    play(sandbox, figure, motion, 1.25);
    avatar.update(0, undefined, recording);
    expectSameRotation(localRotation(avatar, finger), fingerAt(1.25), 'live');
    avatar.dispose();
  });

  it('draws every bone a part or body drives exactly as without the motion’s other bones', async () => {
    const { sandbox, figure, motion, avatarOf, index, model } = await setUp();
    const withMotion = await avatarOf(true);
    const without = await avatarOf(false);
    play(sandbox, figure, motion, 0.5);
    for (let step = 0; step < 40; step++) {
      sandbox.step();
      withMotion.update();
      without.update();
    }
    expect(withMotion.figureBones.takesMotion(index('髪1'))).toBe(false);
    expect(withMotion.figureBones.takesMotion(index('左手首'))).toBe(false);
    let owned = 0;
    model.bones.forEach((bone, i) => {
      if (withMotion.figureBones.takesMotion(i)) return;
      owned++;
      expect(localRotation(withMotion, i).toArray(), bone.name).toEqual(
        localRotation(without, i).toArray(),
      );
    });
    expect(owned).toBeGreaterThan(20);
    // The turned finger really differs: the comparison above is not blind.
    expect(localRotation(withMotion, index('左人指1')).angleTo(new Quaternion())).toBeGreaterThan(
      0.3,
    );
    withMotion.dispose();
    without.dispose();
  });

  it('sorts the bones the ragdoll does not follow: turned by the model, left to physics, missing', async () => {
    const { motion, avatarOf } = await setUp();
    const avatar = await avatarOf(true);
    const report = motionBoneReport(motion, avatar.figureBones);
    expect(report).toEqual({ drawn: ['左人指１', '両目'], still: ['髪1'], missing: ['左袖'] });
    const text = strings('en').motion;
    expect(text.unfollowedBones('dance.vmd', report.drawn, report.still)).toBe(
      'dance.vmd moves bones the ragdoll does not follow: the model turns 左人指１, 両目 with the motion alone; 髪1 stays as the physics puts it.',
    );
    expect(text.missingBones('dance.vmd', report.missing)).toBe(
      'dance.vmd moves a bone this model does not have, so it is left out: 左袖.',
    );
    avatar.dispose();
  });
});
