/**
 * A VRM avatar over a figure lying still, on the real Rapier WASM and the real three-vrm:
 * once the figure rests and its hair has stopped swinging, a frame skips the avatar (no pose
 * writing, no spring update, the bones stay exactly where they were); the first frame in
 * which the figure moves again runs everything, and the hair swings again. And the renderer's
 * own matrix pass may skip the avatar: its update leaves every world matrix as a full pass
 * would compute it.
 */
import { readFile } from 'node:fs/promises';
import { Matrix4, Object3D, Quaternion, Scene, Vector3 } from 'three';
import { describe, expect, it, vi } from 'vitest';
// First: sets the `self` global three-vrm reads when it is imported (lazily, by the loader).
import '../../tools/loaders/load-vrm-bones';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { loadAvatarModel } from '../../renderer/src/view/vrm/load-avatar-model';
import { SPRING_REST_FRAMES } from '../../renderer/src/view/vrm/spring-rest';
import { VrmAvatar } from '../../renderer/src/view/vrm/vrm-avatar';
import { avatarFigure } from '../support/avatar-figures';
import { loadRapier } from '../support/rapier';
import { useVrmFixtures } from '../support/vrm-fixtures';

const FILE = 'vrm1-tpose-full.vrm';
const vrmFiles = useVrmFixtures('ragdoll-spring-rest-');

describe('VrmAvatar on a figure lying still', () => {
  it('skips its spring bones once they settle, and runs them again when the figure moves', async () => {
    const sandbox = new Sandbox(await loadRapier());
    const model = await loadAvatarModel(await readFile(vrmFiles.path(FILE)), FILE);
    const { vrm } = model.loaded;
    const { VRMSpringBoneJoint, VRMSpringBoneManager } = model.threeVrm;
    // A ponytail: two segments hanging from the back of the head, pulled by gravity.
    const head = vrm.humanoid.getRawBoneNode('head')!;
    const strand = new Object3D();
    head.add(strand);
    strand.position.set(0, 0.05, -0.12);
    const middle = new Object3D();
    strand.add(middle);
    middle.position.set(0, 0, -0.12);
    const tip = new Object3D();
    middle.add(tip);
    tip.position.set(0, 0, -0.12);
    if (!vrm.springBoneManager) {
      (vrm as { springBoneManager?: unknown }).springBoneManager = new VRMSpringBoneManager();
    }
    const manager = vrm.springBoneManager!;
    const settings = {
      hitRadius: 0.02,
      stiffness: 0.5,
      gravityPower: 1,
      gravityDir: new Vector3(0, -1, 0),
      dragForce: 0.4,
    };
    manager.addJoint(new VRMSpringBoneJoint(strand, middle, settings));
    manager.addJoint(new VRMSpringBoneJoint(middle, tip, settings));
    manager.setInitState();
    const figure = sandbox.addFigure(model.rig.spec);
    const avatar = new VrmAvatar(model, avatarFigure(figure), sandbox);
    const springUpdates = vi.spyOn(manager, 'update');
    const frame = (): void => {
      sandbox.advance(1 / 60);
      avatar.update(1 / 60);
    };

    // Dropped: it falls, lands and comes to rest; the strand swings meanwhile. The springs can
    // fall quiet for a moment while the figure still rolls a little; then they rightly run
    // again, so wait for the figure to be asleep as well.
    const figureAsleep = () => figure.ragdoll.parts.every((part) => part.body.isSleeping());
    let restedAt = -1;
    for (let i = 0; i < 60 * 20 && restedAt < 0; i++) {
      frame();
      if (avatar.resting && figureAsleep()) restedAt = i;
    }
    expect(restedAt).toBeGreaterThan(SPRING_REST_FRAMES);
    const swingsWhileFalling = springUpdates.mock.calls.length;
    expect(swingsWhileFalling).toBeGreaterThan(SPRING_REST_FRAMES);

    // Resting: a second of frames runs no spring update and leaves every bone in place.
    springUpdates.mockClear();
    const restingTip = tip.getWorldPosition(new Vector3());
    const restingStrand = strand.quaternion.clone();
    for (let i = 0; i < 60; i++) frame();
    expect(springUpdates).not.toHaveBeenCalled();
    expect(tip.getWorldPosition(new Vector3()).distanceTo(restingTip)).toBe(0);
    expect(strand.quaternion.equals(restingStrand)).toBe(true);

    // Blasted: the very next frame runs the springs again, and the strand swings.
    sandbox.blast(8);
    frame();
    expect(springUpdates).toHaveBeenCalledTimes(1);
    expect(avatar.resting).toBe(false);
    let swing = 0;
    const previous = new Quaternion().copy(strand.quaternion);
    for (let i = 0; i < 30; i++) {
      frame();
      swing = Math.max(swing, strand.quaternion.angleTo(previous));
      previous.copy(strand.quaternion);
    }
    expect(springUpdates).toHaveBeenCalledTimes(31);
    // At least a degree in one frame: the hair swings, it does not just follow the head.
    expect(swing).toBeGreaterThan(Math.PI / 180);
    avatar.dispose();
    sandbox.dispose();
  });
});

describe('VrmAvatar world matrices', () => {
  it('are current after each update, so the renderer can leave the model out of its pass', async () => {
    const sandbox = new Sandbox(await loadRapier());
    const file = 'vrm0-apose-full.vrm';
    const model = await loadAvatarModel(await readFile(vrmFiles.path(file)), file);
    const figure = sandbox.addFigure(model.rig.spec);
    const avatar = new VrmAvatar(model, avatarFigure(figure), sandbox);
    const scene = new Scene();
    scene.add(avatar.scene);
    const objects: Object3D[] = [];
    model.loaded.vrm.scene.traverse((object) => objects.push(object));
    const drawn = objects.map(() => new Matrix4());
    let worst = 0;
    for (let i = 0; i < 120; i++) {
      sandbox.advance(1 / 60);
      if (i === 60) sandbox.blast(16);
      avatar.update(1 / 60);
      // What the renderer's pass does: it must leave the avatar's matrices alone.
      const before = objects.map((object) => object.matrixWorld.clone());
      scene.updateMatrixWorld();
      objects.forEach((object, k) => expect(object.matrixWorld.equals(before[k]!)).toBe(true));
      if (i % 20 !== 19) continue;
      objects.forEach((object, k) => drawn[k]!.copy(object.matrixWorld));
      // A full pass from scratch gives the same matrices.
      model.loaded.vrm.scene.updateMatrixWorld(true);
      objects.forEach((object, k) => {
        const a = drawn[k]!.elements;
        const b = object.matrixWorld.elements;
        for (let e = 0; e < 16; e++) worst = Math.max(worst, Math.abs(a[e]! - b[e]!));
      });
    }
    expect(worst).toBeLessThan(1e-9);
    expect(objects.length).toBeGreaterThan(20);
    avatar.dispose();
    sandbox.dispose();
  });
});
