/**
 * A VMC sender's expressions on a figure's face while it plays Live (VMC): VRM 0.x and 1.0
 * names land on either kind of VRM (any case), custom names when the model has them, MMD
 * morphs through MMD's standard names; the received weights win over blinking and the
 * reactions for what they name while the reactions go on for the rest; they stay when the
 * stream pauses and leave when Live (VMC) ends. Real VRM and PMD fixtures where present
 * (skipped when absent); a small face of names otherwise.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
// First: sets the `self` global three-vrm reads when it is imported (lazily, by the loader).
import '../../tools/loaders/load-vrm-bones';
import type { VmcFrame } from '../../shared/vmc-frame';
import { createLiveVmcMotion } from '../../renderer/src/motion/live-vmc-motion';
import type { LiveVmcMotion } from '../../renderer/src/motion/live-vmc-motion';
import { createVmcOutFrame } from '../../renderer/src/motion/vmc-out-pose';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import type { DollMotion } from '../../renderer/src/physics/motion/doll-motion';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { figureFaceCues } from '../../renderer/src/models/figure-face-cues';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import { BLINK_GAP_MAX } from '../../renderer/src/view/face/blink-clock';
import type { FaceCues } from '../../renderer/src/view/face/face-cues';
import { MMD_FACE_NAMES, VRM_FACE_NAMES } from '../../renderer/src/view/face/face-roles';
import { FigureFace } from '../../renderer/src/view/face/figure-face';
import { LiveVmcFace } from '../../renderer/src/view/face/live-vmc-face';
import { MotionFaceTracks } from '../../renderer/src/view/face/motion-face-tracks';
import { VrmAvatar } from '../../renderer/src/view/vrm/vrm-avatar';
import { loadAvatarModel } from '../../renderer/src/view/vrm/load-avatar-model';
import { realFixture } from '../../tools/fixtures/real-fixtures';
import { drawMmdModel } from '../../tools/loaders/posed-mmd-avatar';
import { avatarFigure } from '../support/avatar-figures';
import { NamedFace } from '../support/named-face';
import { loadRapier } from '../support/rapier';

const FRAME = 1 / 60;

/** A frame as the page gets one over IPC: new arrays every time. */
function frame(names: readonly string[], values: readonly number[]): VmcFrame {
  const out = createVmcOutFrame();
  out.blendNames = [...names];
  out.blendValues = Float64Array.from(values);
  return out;
}

/** What the face follows: the figure's motion, switched by the test. */
function motionSource(): {
  current: DollMotion | null;
  source: { current(): DollMotion | null; time(): number };
} {
  const holder = {
    current: null as DollMotion | null,
    source: { current: () => holder.current, time: () => 0 },
  };
  return holder;
}

function cues(state: { held: boolean }): FaceCues {
  return {
    readHeld: (out) => {
      out.x = 0;
      out.y = 1;
      out.z = 0;
      return state.held;
    },
    takeJolt: () => 0,
    motionState: () => 'following',
    reactionsOn: () => true,
    readViewer: () => false,
  };
}

describe('a VMC sender’s expressions on a face', () => {
  it('maps VRM 0.x and 1.0 names in any case and custom names, wins over blinking, keeps reacting for the rest', () => {
    const face = new NamedFace(['blink', 'happy', 'aa', 'sad', 'surprised', 'MyGrin']);
    const held = { held: false };
    const figureFace = new FigureFace(face, VRM_FACE_NAMES, cues(held), 3);
    const holder = motionSource();
    const live = createLiveVmcMotion(BOX_DOLL, 'box');
    figureFace.setMotionFace(new LiveVmcFace(face, 'vrm', holder.source, null));
    holder.current = live;
    let blinks = 0;
    for (let i = 0; i < 60 * 8; i++) {
      live.update(frame(['JOY', 'A', 'Blink', 'mygrin', 'Unknown'], [0.8, 0.4, 0, 0.7, 1]));
      figureFace.update(FRAME);
      if (face.of('blink') > 0.5) blinks++;
      expect(face.of('happy')).toBeCloseTo(0.8, 6);
      expect(face.of('aa')).toBeCloseTo(0.4, 6);
      expect(face.of('MyGrin')).toBeCloseTo(0.7, 6);
    }
    // 8 s is more than the longest gap between blinks: the received 0 held the eyes open.
    expect(8).toBeGreaterThan(BLINK_GAP_MAX);
    expect(blinks).toBe(0);
    // A grab still makes the figure surprised: the sender names no such expression.
    held.held = true;
    for (let i = 0; i < 30; i++) {
      live.update(frame(['happy', 'BLINK'], [1, 0]));
      figureFace.update(FRAME);
    }
    expect(face.of('surprised')).toBeGreaterThan(0.5);
    expect(face.of('happy')).toBe(1);
    // The names changed: what the sender no longer names went back to rest.
    expect(face.of('aa')).toBe(0);
    expect(face.of('MyGrin')).toBe(0);
  });

  it('holds the weights while no frame comes, and gives the face back when Live (VMC) ends', () => {
    const face = new NamedFace(['blink', 'happy']);
    const figureFace = new FigureFace(face, VRM_FACE_NAMES, cues({ held: false }), 5);
    const holder = motionSource();
    const live = createLiveVmcMotion(BOX_DOLL, 'box');
    figureFace.setMotionFace(new LiveVmcFace(face, 'vrm', holder.source, null));
    holder.current = live;
    live.update(frame(['Joy', 'Blink'], [0.9, 0.2]));
    for (let i = 0; i < 60 * 3; i++) {
      figureFace.update(FRAME);
      expect(face.of('happy')).toBeCloseTo(0.9, 6);
      expect(face.of('blink')).toBeCloseTo(0.2, 6);
    }
    // Live (VMC) ends (the motion list goes back to what played before).
    holder.current = null;
    figureFace.update(FRAME);
    expect(face.of('happy')).toBe(0);
    let blinked = false;
    for (let i = 0; i < 60 * (BLINK_GAP_MAX + 0.5) && !blinked; i++) {
      figureFace.update(FRAME);
      blinked = face.of('blink') > 0.5;
    }
    expect(blinked).toBe(true);
  });

  it('shows a motion file’s face tracks when the motion is not live', () => {
    const face = new NamedFace(['blink', 'happy']);
    const holder = motionSource();
    const tracksMotion = {
      face: [{ name: 'happy', times: new Float64Array([0]), values: new Float32Array([0.6]) }],
    };
    const state = { held: false };
    const tracks = new MotionFaceTracks(face, holder.source, cues(state));
    const liveFace = new LiveVmcFace(face, 'vrm', holder.source, tracks);
    holder.current = tracksMotion as unknown as DollMotion;
    expect(liveFace.write(face)).toBe(true);
    expect(face.of('happy')).toBeCloseTo(0.6, 6);
    expect(liveFace.replacesReactions).toBe(true);
    const live: LiveVmcMotion = createLiveVmcMotion(BOX_DOLL, 'box');
    live.update(frame(['Joy'], [0.25]));
    holder.current = live;
    expect(liveFace.write(face)).toBe(true);
    expect(face.of('happy')).toBeCloseTo(0.25, 6);
    expect(liveFace.replacesReactions).toBe(false);
  });
});

const ROBOT = realFixture('vrm1/addon_debug_robot.vrm');
const GODETTE = realFixture('vrm0/godette_v4.vrm');
const MOKOU = realFixture('pmd/mokou/mokou_A.pmd');

describe.each([
  ['VRM 1.0', ROBOT],
  ['VRM 0.x', GODETTE],
])('a real %s figure playing Live (VMC)', (_, path) => {
  it.skipIf(!existsSync(path))(
    'shows VRM 0.x names and VRM 1.0 names, and its own face again when Live (VMC) ends',
    async () => {
      const sandbox = new Sandbox(await loadRapier());
      const model = await loadAvatarModel(await readFile(path), path);
      const figure = sandbox.addFigure(model.rig.spec);
      const face = figureFaceCues(sandbox, figure, new Vector3(0, 1.4, 4), () => true);
      const holder = motionSource();
      const avatar = new VrmAvatar(
        model,
        avatarFigure(figure, { face, motion: holder.source }),
        sandbox,
      );
      const value = (name: string): number => model.loaded.vrm.expressionManager!.getValue(name)!;
      const live = createLiveVmcMotion(figure.ragdoll.spec, 'vrm');
      holder.current = live;
      /** A second of the sender sending `names` at `weights`. */
      const send = (names: readonly string[], weights: readonly number[]): void => {
        for (let i = 0; i < 60; i++) {
          live.update(frame(names, weights));
          sandbox.advance(FRAME);
          avatar.update(FRAME);
        }
      };
      send(['Joy', 'A', 'Blink_L', 'Blink'], [1, 0.6, 0.5, 0]);
      expect(value('happy')).toBeCloseTo(1, 6);
      expect(value('aa')).toBeCloseTo(0.6, 6);
      expect(value('blinkLeft')).toBeCloseTo(0.5, 6);
      expect(value('blink')).toBe(0);
      send(['sad', 'OH', 'blinkRight'], [0.3, 0.7, 1]);
      expect(value('sad')).toBeCloseTo(0.3, 6);
      expect(value('oh')).toBeCloseTo(0.7, 6);
      expect(value('blinkRight')).toBeCloseTo(1, 6);
      expect(value('happy')).toBe(0);
      expect(value('aa')).toBe(0);
      holder.current = null;
      sandbox.advance(FRAME);
      avatar.update(FRAME);
      expect(value('sad')).toBeLessThan(0.3);
      expect(value('oh')).toBe(0);
      avatar.dispose();
    },
    60_000,
  );
});

describe('a real MMD figure playing Live (VMC)', () => {
  it.skipIf(!existsSync(MOKOU))('shows VRM names on MMD’s standard morphs', async () => {
    const model = parseMmdModel(new Uint8Array(readFileSync(MOKOU)));
    const rig = mmdRig(model);
    const drawing = await drawMmdModel(model, rig);
    const target = drawing.face;
    const figureFace = new FigureFace(target, MMD_FACE_NAMES, cues({ held: false }), 2);
    const holder = motionSource();
    figureFace.setMotionFace(new LiveVmcFace(target, 'mmd', holder.source, null));
    const live = createLiveVmcMotion(BOX_DOLL, 'box');
    holder.current = live;
    const rest = (drawing.mesh.geometry.getAttribute('position').array as Float32Array).slice();
    for (let i = 0; i < 60 * 8; i++) {
      live.update(frame(['Joy', 'a', 'Blink_L', 'Blink', '悲しい'], [1, 0.5, 0.75, 0, 0.4]));
      figureFace.update(FRAME);
      expect(target.weight(target.indexOf('まばたき'))).toBe(0);
    }
    const of = (name: string): number => target.weight(target.indexOf(name));
    expect(of('笑い')).toBe(1);
    expect(of('あ')).toBeCloseTo(0.5, 6);
    expect(of('ウィンク')).toBeCloseTo(0.75, 6);
    expect(of('悲しい')).toBeCloseTo(0.4, 6);
    // And drawn: the mesh moved.
    const now = drawing.mesh.geometry.getAttribute('position').array as Float32Array;
    expect(now.some((v, i) => v !== rest[i])).toBe(true);
    holder.current = null;
    figureFace.update(FRAME);
    expect(of('笑い')).toBe(0);
    expect(of('あ')).toBe(0);
    drawing.dispose();
  });
});
