/**
 * Motion files carry faces: a VMD's morph section (Shift_JIS names) plays on a PMX figure by
 * morph name and on a VRM through MMD's standard names; a VRMA's expression tracks play on a
 * VRM figure within 0.02 of the file's value. Names a model lacks are skipped and the rest
 * plays; knocked down, the reactions show instead. Real three-vrm, real Rapier WASM.
 */
import { readFile } from 'node:fs/promises';
import { Euler, MathUtils, Quaternion, QuaternionLinearInterpolant } from 'three';
import type { BufferAttribute } from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import type { VRMLookAt } from '@pixiv/three-vrm';
import {
  VRMAnimationLoaderPlugin,
  VRMLookAtQuaternionProxy,
  createVRMAnimationLookAtTrack,
} from '@pixiv/three-vrm-animation';
import type { VRMAnimation } from '@pixiv/three-vrm-animation';
import { describe, expect, it } from 'vitest';
// First: sets the `self` global three-vrm reads when it is imported (lazily, by the loader).
import '../../tools/loaders/load-vrm-bones';
import { parsePmx } from '../../renderer/src/formats/mmd/pmx-parser';
import { parseVmd } from '../../renderer/src/formats/vmd/parse-vmd';
import { sampleFaceTrack } from '../../renderer/src/motion/face-tracks';
import { retargetMotion } from '../../renderer/src/motion/retarget-motion';
import { vmdToClip } from '../../renderer/src/motion/vmd-clip';
import type { Figure, Sandbox } from '../../renderer/src/physics/sandbox';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import { figureFaceCues } from '../../renderer/src/models/figure-face-cues';
import { MmdAvatar } from '../../renderer/src/view/mmd/mmd-avatar';
import { loadMotionFile } from '../../renderer/src/view/motion/load-motion-file';
import { loadAvatarModel } from '../../renderer/src/view/vrm/load-avatar-model';
import { VrmAvatar } from '../../renderer/src/view/vrm/vrm-avatar';
import { humanoidMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';
import { writePmx } from '../../tools/fixtures/mmd/pmx-writer';
import { stepVmdKeys } from '../../tools/fixtures/motion/motion-fixtures';
import { writeVmd } from '../../tools/fixtures/motion/vmd-writer';
import type { VmdKeySpec } from '../../tools/fixtures/motion/vmd-writer';
import { writeVrma, type VrmaChannel } from '../../tools/fixtures/motion/vrma-writer';
import { drawMmdModel } from '../../tools/loaders/posed-mmd-avatar';
import { avatarFigure, mmdAvatarFigure, playedMotion } from '../support/avatar-figures';
import { useSandboxes } from '../support/sandboxes';
import { useVrmFixtures } from '../support/vrm-fixtures';

const newSandbox = useSandboxes();
const FRAME = 1 / 60;

/** A calm 2 s motion: the upper body turns a little (a figure keeps its feet). */
function calmKeys(): VmdKeySpec[] {
  return [
    { name: '上半身', frame: 0 },
    { name: '上半身', frame: 60, rotation: [0, Math.sin(0.05), 0, Math.cos(0.05)] },
  ];
}

/** A 2 s motion whose face blinks (shut at 1 s), opens its mouth (あ) and names a morph no model has. */
function facedVmd(): Uint8Array {
  return writeVmd({
    keys: calmKeys(),
    morphKeys: [
      { name: 'まばたき', frame: 0, weight: 0 },
      { name: 'まばたき', frame: 30, weight: 1 },
      { name: 'まばたき', frame: 60, weight: 0 },
      { name: 'あ', frame: 0, weight: 0.2 },
      { name: 'あ', frame: 60, weight: 0.8 },
      { name: 'ないモーフ', frame: 0, weight: 1 },
      // MMD writes a zero key for every morph: such a track plays nothing.
      { name: '笑い', frame: 0, weight: 0 },
    ],
  });
}

/**
 * Runs frames until the figure has followed its motion for a second (a figure put in the air
 * falls first, is knocked down by the landing, lies still and gets up).
 */
function untilFollowing(sandbox: Sandbox, figure: Figure, frame: () => void): void {
  let following = 0;
  for (let i = 0; i < 60 * 20; i++) {
    frame();
    following = sandbox.motion.state(figure) === 'following' ? following + 1 : 0;
    if (following >= 60) return;
  }
  throw new Error(`the figure never followed its motion (${sandbox.motion.state(figure)})`);
}

describe('a VMD’s morph section', () => {
  it('is read by name and frame, and becomes face tracks (all-zero tracks dropped)', async () => {
    const vmd = parseVmd(facedVmd());
    expect(vmd.morphKeys.count).toBe(7);
    expect(vmd.morphKeys.names.slice(0, 3)).toEqual(['まばたき', 'まばたき', 'まばたき']);
    expect([...vmd.morphKeys.frames.slice(0, 3)]).toEqual([0, 30, 60]);
    const clip = vmdToClip(vmd, 'faced.vmd');
    expect(clip.face!.map((track) => track.name)).toEqual(['まばたき', 'あ', 'ないモーフ']);
    const blink = clip.face![0]!;
    expect(sampleFaceTrack(blink, 0.5)).toBeCloseTo(0.5, 6);
    expect(sampleFaceTrack(blink, 1)).toBe(1);
    // A VMD that ends after its bones (older files) has no face.
    expect(
      parseVmd(writeVmd({ keys: stepVmdKeys(), trailingSections: false })).morphKeys.count,
    ).toBe(0);
  });

  it('plays on a PMX figure by morph name while it follows the motion', async () => {
    const sandbox = await newSandbox();
    sandbox.clearFigures();
    const model = parsePmx(writePmx(humanoidMmdModel()));
    const rig = mmdRig(model);
    const figure = sandbox.addFigure(rig.rig.spec, { mmd: rig.physics });
    const drawing = await drawMmdModel(model, rig);
    const avatar = new MmdAvatar(
      drawing,
      rig,
      mmdAvatarFigure(figure, {
        motion: playedMotion(sandbox, figure),
        face: figureFaceCues(sandbox, figure, undefined, () => true),
      }),
      sandbox,
    );
    const clip = vmdToClip(parseVmd(facedVmd()), 'faced.vmd');
    sandbox.motion.set(figure, retargetMotion(clip, rig.rig.spec, { figureKind: 'mmd' }), 0);
    const frame = (): void => {
      sandbox.advance(FRAME);
      avatar.update(FRAME);
    };
    untilFollowing(sandbox, figure, frame);
    const face = drawing.face;
    const blink = face.indexOf('まばたき');
    let checked = 0;
    let shut = 0;
    for (let i = 0; i < 150; i++) {
      frame();
      // The generated doll may stumble and be knocked down meanwhile: then reactions show.
      const state = sandbox.motion.state(figure);
      if (state !== 'following' && state !== 'gettingUp') continue;
      const expected = sampleFaceTrack(clip.face![0]!, sandbox.motion.time(figure));
      expect(Math.abs(face.weight(blink) - expected)).toBeLessThan(0.02);
      shut = Math.max(shut, face.weight(blink));
      checked++;
    }
    expect(checked).toBeGreaterThan(120);
    expect(shut).toBeGreaterThan(0.9);
    // The morph moved the mesh: its vertices are off their rest.
    const positions = drawing.mesh.geometry.getAttribute('position') as BufferAttribute;
    expect(positions.version).toBeGreaterThan(0);
    // Knocked down: the motion's face stops, the reactions show (pained on 困る).
    sandbox.blast(20);
    let pained = 0;
    for (let i = 0; i < 40; i++) {
      frame();
      pained = Math.max(pained, face.weight(face.indexOf('困る')));
    }
    expect(sandbox.motion.state(figure)).toBe('limp');
    expect(pained).toBeGreaterThan(0.3);
    avatar.dispose();
  }, 60_000);
});

/** A VRMA's one bone channel: the left upper arm turning 0.4 rad about Z over 2 s. */
const ARM_RAISE: VrmaChannel = {
  bone: 'leftUpperArm',
  path: 'rotation',
  times: [0, 2],
  values: [
    [0, 0, 0, 1],
    [0, 0, Math.sin(0.2), Math.cos(0.2)],
  ],
};

describe('faces from motion files on a VRM figure', () => {
  const vrmFiles = useVrmFixtures('ragdoll-face-motion-');

  async function vrmFigure(
    clipOf: () => Promise<Parameters<typeof retargetMotion>[0]>,
    file = 'vrm1-tpose-full.vrm',
  ) {
    const sandbox = await newSandbox();
    sandbox.clearFigures();
    const model = await loadAvatarModel(await readFile(vrmFiles.path(file)), file);
    const figure = sandbox.addFigure(model.rig.spec);
    const avatar = new VrmAvatar(
      model,
      avatarFigure(figure, {
        face: figureFaceCues(sandbox, figure, undefined, () => true),
        motion: playedMotion(sandbox, figure),
      }),
      sandbox,
    );
    const clip = await clipOf();
    sandbox.motion.set(figure, retargetMotion(clip, model.rig.spec, { figureKind: 'vrm' }), 0);
    const frame = (): void => {
      sandbox.advance(FRAME);
      avatar.update(FRAME);
    };
    const value = (name: string) => model.loaded.vrm.expressionManager!.getValue(name)!;
    return { sandbox, figure, frame, value, clip, model };
  }

  it('turns the eyes as a VRMA’s look-at track says, as three-vrm-animation plays it', async () => {
    const gaze = [
      [0, 0],
      [25, -10],
      [-15, 8],
    ] as const;
    const times = [0, 1, 2];
    const values = gaze.map(([yaw, pitch]) => {
      const q = new Quaternion().setFromEuler(
        new Euler(MathUtils.degToRad(pitch), MathUtils.degToRad(yaw), 0, 'YXZ'),
      );
      return [q.x, q.y, q.z, q.w] as [number, number, number, number];
    });
    const bytes = writeVrma({
      channels: [ARM_RAISE],
      lookAt: { times, values },
    });
    const { sandbox, figure, frame, clip, model } = await vrmFigure(
      () => loadMotionFile(bytes.slice().buffer, 'gaze.vrma'),
      'vrm0-tpose-full.vrm',
    );
    expect(clip.lookAt?.times.length).toBe(3);
    // The reference: three-vrm-animation's own look-at track and proxy on the same file.
    const loader = new GLTFLoader();
    loader.register((parser) => new VRMAnimationLoaderPlugin(parser));
    const gltf = await loader.parseAsync(bytes.slice().buffer, '');
    const animation = (gltf.userData['vrmAnimations'] as VRMAnimation[])[0]!;
    const track = createVRMAnimationLookAtTrack(animation, 'proxy.quaternion')!;
    const interpolant = new QuaternionLinearInterpolant(
      track.times,
      track.values,
      4,
      new Float32Array(4),
    );
    const eyes = { yaw: 0, pitch: 0 };
    const proxy = new VRMLookAtQuaternionProxy(eyes as unknown as VRMLookAt);
    const lookAt = model.loaded.vrm.lookAt!;
    untilFollowing(sandbox, figure, frame);
    let widest = 0;
    for (let i = 0; i < 150; i++) {
      frame();
      const at = interpolant.evaluate(sandbox.motion.time(figure));
      proxy.quaternion.fromArray(at as unknown as number[]);
      // Between keys three.js joins the rotations (slerp), we the angles: under 0.1° apart.
      expect(Math.abs(lookAt.yaw - eyes.yaw)).toBeLessThan(0.1);
      expect(Math.abs(lookAt.pitch - eyes.pitch)).toBeLessThan(0.1);
      widest = Math.max(widest, Math.abs(lookAt.yaw));
    }
    expect(widest).toBeGreaterThan(20);
  }, 60_000);

  it('plays a VRMA’s expression track within 0.02 of the file’s value', async () => {
    const bytes = writeVrma({
      channels: [ARM_RAISE],
      expressions: [
        { name: 'happy', preset: true, times: [0, 1, 2], weights: [0.1, 0.9, 0.1] },
        { name: 'wink', preset: false, times: [0, 2], weights: [1, 1] },
      ],
    });
    const { sandbox, figure, frame, value, clip } = await vrmFigure(() =>
      loadMotionFile(bytes.slice().buffer, 'happy.vrma'),
    );
    expect(clip.face!.map((track) => track.name)).toEqual(['happy', 'wink']);
    untilFollowing(sandbox, figure, frame);
    let highest = 0;
    for (let i = 0; i < 150; i++) {
      frame();
      const expected = sampleFaceTrack(clip.face![0]!, sandbox.motion.time(figure));
      expect(Math.abs(value('happy') - expected)).toBeLessThan(0.02);
      highest = Math.max(highest, value('happy'));
    }
    expect(highest).toBeGreaterThan(0.8);
  }, 60_000);

  it('plays a VMD’s morphs through MMD’s standard names (あ → aa, まばたき → blink)', async () => {
    const { sandbox, figure, frame, value, clip } = await vrmFigure(async () =>
      vmdToClip(parseVmd(facedVmd()), 'faced.vmd'),
    );
    untilFollowing(sandbox, figure, frame);
    for (let i = 0; i < 90; i++) {
      frame();
      const t = sandbox.motion.time(figure);
      expect(Math.abs(value('aa') - sampleFaceTrack(clip.face![1]!, t))).toBeLessThan(0.02);
      expect(Math.abs(value('blink') - sampleFaceTrack(clip.face![0]!, t))).toBeLessThan(0.02);
    }
  }, 60_000);
});
