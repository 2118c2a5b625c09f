/**
 * Faces on real VRM files (0.x and 1.0), on the real three-vrm and the real Rapier WASM, driven
 * by the app's own face cues: the figure blinks at natural intervals, a grab makes it
 * surprised within 0.2 s, a BLAST makes it pained (more for a harder one), and its eyes turn
 * to the camera as three-vrm's own look-at would. Skipped when the real fixtures are absent.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
// First: sets the `self` global three-vrm reads when it is imported (lazily, by the loader).
import '../../tools/loaders/load-vrm-bones';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { loadAvatarModel } from '../../renderer/src/view/vrm/load-avatar-model';
import { VrmAvatar } from '../../renderer/src/view/vrm/vrm-avatar';
import { figureFaceCues } from '../../renderer/src/models/figure-face-cues';
import { BLINK_GAP_MAX, BLINK_GAP_MIN } from '../../renderer/src/view/face/blink-clock';
import { VRM_FACE_NAMES, missingFaceRoles } from '../../renderer/src/view/face/face-roles';
import { realFixture } from '../../tools/fixtures/real-fixtures';
import { avatarFigure } from '../support/avatar-figures';
import { loadRapier } from '../support/rapier';
import { useVrmFixtures } from '../support/vrm-fixtures';

const FRAME = 1 / 60;
const ROBOT = realFixture('vrm1/addon_debug_robot.vrm');
const GODETTE = realFixture('vrm0/godette_v4.vrm');
const NO_FACE = realFixture('vrm1/metalkit_smoke_spring.vrm');

async function figureWithFace(path: string, camera = new Vector3(0, 1.4, 4)) {
  const sandbox = new Sandbox(await loadRapier());
  const model = await loadAvatarModel(await readFile(path), path);
  const figure = sandbox.addFigure(model.rig.spec);
  let reactions = true;
  const face = figureFaceCues(sandbox, figure, camera, () => reactions);
  const avatar = new VrmAvatar(model, avatarFigure(figure, { face }), sandbox);
  const frame = (): void => {
    sandbox.advance(FRAME);
    avatar.update(FRAME);
  };
  const value = (name: string): number => model.loaded.vrm.expressionManager!.getValue(name)!;
  return {
    sandbox,
    model,
    figure,
    avatar,
    frame,
    value,
    camera,
    setReactions: (on: boolean) => (reactions = on),
  };
}

describe.each([
  ['VRM 1.0', ROBOT],
  ['VRM 0.x', GODETTE],
])('a %s figure’s face', (_, path) => {
  it.skipIf(!existsSync(path))(
    'blinks both eyes every 2–6 s',
    async () => {
      const { frame, value, avatar } = await figureWithFace(path);
      const starts: number[] = [];
      let wasShut = false;
      for (let i = 0; i < 60 * 30; i++) {
        frame();
        const shut = value('blink') > 0.5;
        if (shut && !wasShut) starts.push(i * FRAME);
        wasShut = shut;
      }
      // The figure fell and settled meanwhile: its face blinked whether it moved or lay still.
      expect(avatar.resting).toBe(true);
      expect(starts.length).toBeGreaterThanOrEqual(30 / (BLINK_GAP_MAX + 0.2) - 1);
      for (let i = 1; i < starts.length; i++) {
        const gap = starts[i]! - starts[i - 1]!;
        expect(gap).toBeGreaterThan(BLINK_GAP_MIN);
        expect(gap).toBeLessThan(BLINK_GAP_MAX + 0.3);
      }
    },
    60_000,
  );

  it.skipIf(!existsSync(path))(
    'is pained by a BLAST, more by a harder one, and not at all with FACE REACTIONS off',
    async () => {
      const peakAfterBlast = async (power: number, reactions = true): Promise<number> => {
        const { sandbox, frame, value, setReactions } = await figureWithFace(path);
        setReactions(reactions);
        for (let i = 0; i < 240; i++) frame();
        expect(value('sad')).toBe(0);
        sandbox.blast(power);
        let peak = 0;
        for (let i = 0; i < 60; i++) {
          frame();
          peak = Math.max(peak, value('sad'));
        }
        return peak;
      };
      const soft = await peakAfterBlast(6);
      const hard = await peakAfterBlast(20);
      expect(soft).toBeGreaterThan(0.3);
      expect(hard).toBeGreaterThan(soft);
      expect(await peakAfterBlast(20, false)).toBe(0);
    },
    60_000,
  );
});

describe('a real VRM 1.0 figure with a surprised expression', () => {
  it.skipIf(!existsSync(ROBOT))(
    'is surprised above 0.5 within 0.2 s of a grab, and calm again after the release',
    async () => {
      const { sandbox, figure, frame, value } = await figureWithFace(ROBOT);
      for (let i = 0; i < 240; i++) frame();
      const head = figure.ragdoll.parts.find((p) => p.spec.name === 'head')!.body;
      const at = head.translation();
      expect(sandbox.grab.start(head.handle, at)).toBe(true);
      let seconds = 0;
      while (value('surprised') <= 0.5 && seconds < 1) {
        sandbox.grab.moveTo({ x: at.x, y: at.y + 0.5 * seconds, z: at.z });
        frame();
        seconds += FRAME;
      }
      expect(seconds).toBeLessThan(0.2);
      sandbox.grab.release();
      for (let i = 0; i < 90; i++) frame();
      expect(value('surprised')).toBe(0);
    },
    60_000,
  );
});

describe('a generated VRM 0.x figure with a custom Surprised expression', () => {
  const vrmFiles = useVrmFixtures('ragdoll-face-');

  it('is surprised above 0.5 within 0.2 s of a grab', async () => {
    const { sandbox, figure, frame, value } = await figureWithFace(
      vrmFiles.path('vrm0-tpose-full.vrm'),
    );
    for (let i = 0; i < 120; i++) frame();
    const head = figure.ragdoll.parts.find((p) => p.spec.name === 'head')!.body;
    expect(sandbox.grab.start(head.handle, head.translation())).toBe(true);
    let seconds = 0;
    while (value('Surprised') <= 0.5 && seconds < 1) {
      frame();
      seconds += FRAME;
    }
    expect(seconds).toBeLessThan(0.2);
  });
});

describe('gaze on a real VRM', () => {
  it.skipIf(!existsSync(ROBOT))(
    'turns the eyes to the camera as three-vrm’s own look-at would, and ahead when it is behind',
    async () => {
      const { frame, model, avatar, camera } = await figureWithFace(ROBOT);
      for (let i = 0; i < 300; i++) frame();
      const lookAt = model.loaded.vrm.lookAt!;
      // A point in front of the face, off to one side and up a little, wherever it lies.
      const head = lookAt.getLookAtWorldPosition(new Vector3());
      const headRotation = lookAt.getLookAtWorldQuaternion(new Quaternion());
      const rest = (lookAt as unknown as { _restHeadWorldQuaternion: Quaternion })
        ._restHeadWorldQuaternion;
      const fromRest = headRotation.clone().multiply(rest.clone().invert());
      const local = lookAt.faceFront
        .clone()
        .multiplyScalar(2)
        .add(new Vector3(0.6, 0.4, 0));
      camera.copy(head).add(local.applyQuaternion(fromRest));
      for (let i = 0; i < 60; i++) frame();
      const ours = avatar.face!.gaze!.angles;
      lookAt.lookAt(camera);
      expect(Math.abs(ours.yaw)).toBeGreaterThan(5);
      expect(Math.abs(ours.pitch)).toBeGreaterThan(3);
      expect(ours.yaw).toBeCloseTo(lookAt.yaw, 1);
      expect(ours.pitch).toBeCloseTo(lookAt.pitch, 1);
      // Behind the head: out of the eyes' reach, they look ahead.
      camera.copy(head).add(lookAt.faceFront.clone().multiplyScalar(-2).applyQuaternion(fromRest));
      for (let i = 0; i < 60; i++) frame();
      expect(Math.abs(avatar.face!.gaze!.angles.yaw)).toBeLessThan(0.5);
    },
    60_000,
  );
});

describe('a VRM without expressions', () => {
  it.skipIf(!existsSync(NO_FACE))('names what it lacks once and draws the rest', async () => {
    const { frame, avatar } = await figureWithFace(NO_FACE);
    expect(avatar.face!.face.roles.missing).toEqual(['blink', 'surprised', 'pained']);
    expect(missingFaceRoles([], VRM_FACE_NAMES)).toEqual(['blink', 'surprised', 'pained']);
    expect(missingFaceRoles(['blink', 'angry'], VRM_FACE_NAMES)).toEqual(['surprised']);
    for (let i = 0; i < 120; i++) frame();
  });
});
