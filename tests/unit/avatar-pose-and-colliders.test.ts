/**
 * Avatars in Node on the real Rapier WASM and the real three-vrm, without a renderer:
 * - the pose writer makes every bone follow its part rigidly (each part's bone keeps its rest
 *   offset in the part's frame through a fall and a blast), for VRM 1.0 and for VRM 0.x
 *   (turned by rotateVRM0, so R0 is half a turn);
 * - the ragdoll's shapes are spring-bone colliders: a spring joint whose rest tail lies inside
 *   the torso ends outside every body collider once the springs run.
 */
import { readFile } from 'node:fs/promises';
import { Object3D, Quaternion, Vector3 } from 'three';
import { describe, expect, it, vi } from 'vitest';
// First: sets the `self` global three-vrm reads when it is imported (lazily, by the loader).
import '../../tools/loaders/load-vrm-bones';
import type { Figure } from '../../renderer/src/physics/sandbox';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import type { AvatarModel } from '../../renderer/src/view/vrm/load-avatar-model';
import { loadAvatarModel } from '../../renderer/src/view/vrm/load-avatar-model';
import { VrmAvatar } from '../../renderer/src/view/vrm/vrm-avatar';
import { avatarFigure } from '../support/avatar-figures';
import { loadRapier } from '../support/rapier';
import { useVrmFixtures } from '../support/vrm-fixtures';

const vrmFiles = useVrmFixtures('ragdoll-avatar-');

async function loadModel(file: string): Promise<AvatarModel> {
  return loadAvatarModel(await readFile(vrmFiles.path(file)), file);
}

function avatarFor(model: AvatarModel, sandbox: Sandbox, figure: Figure): VrmAvatar {
  return new VrmAvatar(model, avatarFigure(figure), sandbox);
}

/** The shallowest raw bone each part owns, and its rest offset from the part centre. */
function partBones(model: AvatarModel): { part: string; node: Object3D; rest: Vector3 }[] {
  const { rig, loaded } = model;
  return rig.spec.parts.flatMap((part) => {
    const bones = [...rig.boneOwners]
      .filter(([, owner]) => owner === part.name)
      .map(([bone]) => bone);
    const bone = bones[0];
    const node = bone ? loaded.vrm.humanoid.getRawBoneNode(bone as never) : null;
    if (!bone || !node) return [];
    const p = loaded.bones[bone]!;
    const rest = new Vector3(
      p[0] - rig.origin[0] - part.center[0],
      p[1] - rig.origin[1] - part.center[1],
      p[2] - rig.origin[2] - part.center[2],
    );
    return [{ part: part.name, node, rest }];
  });
}

describe('VrmPoseWriter', () => {
  for (const file of ['vrm1-tpose-full.vrm', 'vrm0-apose-full.vrm', 'vrm1-apose-15bones.vrm']) {
    it(`keeps every bone of ${file} on its part through a fall and a blast`, async () => {
      const sandbox = new Sandbox(await loadRapier());
      const model = await loadModel(file);
      const figure = sandbox.addFigure(model.rig.spec);
      const avatar = avatarFor(model, sandbox, figure);
      const bones = partBones(model);
      expect(bones.length).toBe(model.rig.spec.parts.length);
      const expected = new Vector3();
      const actual = new Vector3();
      let worst = 0;
      for (let frame = 0; frame < 150; frame++) {
        sandbox.advance(1 / 60);
        if (frame === 90) sandbox.blast(16);
        avatar.update(1 / 60);
        model.loaded.vrm.scene.updateMatrixWorld(true);
        if (frame % 10 !== 9) continue;
        for (const { part, node, rest } of bones) {
          const body = figure.ragdoll.parts.find((p) => p.spec.name === part)!.body;
          const r = body.rotation();
          const t = body.translation();
          expected.copy(rest).applyQuaternion(new Quaternion(r.x, r.y, r.z, r.w));
          expected.add(new Vector3(t.x, t.y, t.z));
          node.getWorldPosition(actual);
          worst = Math.max(worst, actual.distanceTo(expected));
        }
      }
      // Joints stretch a few millimetres under the blast; the bones ride on the parts.
      expect(worst).toBeLessThan(0.02);
      expect(sandbox.measure().nanCount).toBe(0);
      avatar.dispose();
      sandbox.dispose();
    });
  }
});

describe('SpringBodyColliders', () => {
  it('makes every part a collider of every spring joint, and keeps a spring tail out of the torso', async () => {
    const sandbox = new Sandbox(await loadRapier());
    const model = await loadModel('vrm1-tpose-full.vrm');
    const { vrm } = model.loaded;
    const { VRMSpringBoneJoint, VRMSpringBoneManager } = model.threeVrm;
    // A strand hanging from the middle of the chest straight down through the torso: at rest
    // its tail lies inside the body, so only the body colliders can push it out.
    const chest = vrm.humanoid.getRawBoneNode('chest')!;
    const torso = model.rig.spec.parts.find((p) => p.name === 'torso')!;
    vrm.scene.updateMatrixWorld(true);
    const rootAt = new Vector3(
      model.rig.origin[0] + torso.center[0],
      model.rig.origin[1] + torso.center[1] + 0.1,
      model.rig.origin[2] + torso.center[2],
    );
    const strand = new Object3D();
    chest.add(strand);
    strand.position.copy(chest.worldToLocal(rootAt.clone()));
    const tip = new Object3D();
    strand.add(tip);
    tip.position.set(0, -0.2, 0);
    if (!vrm.springBoneManager) {
      (vrm as { springBoneManager?: unknown }).springBoneManager = new VRMSpringBoneManager();
    }
    const joint = new VRMSpringBoneJoint(strand, tip, {
      hitRadius: 0.02,
      stiffness: 1,
      // No gravity: only the stiffness acts, pulling the tail back to its rest place inside
      // the body, so whatever keeps it out is the colliders (a falling, rolling doll would
      // otherwise swing a gravity-driven strand out on its own).
      gravityPower: 0,
      gravityDir: new Vector3(0, -1, 0),
      dragForce: 0.4,
    });
    vrm.springBoneManager!.addJoint(joint);
    vrm.springBoneManager!.setInitState();

    const figure = sandbox.addFigure(model.rig.spec);
    const avatar = avatarFor(model, sandbox, figure);
    const { colliders, jointsUsingThem } = avatar.colliderReport();
    // One or more per part (a box is a row of capsules), on every joint of the model.
    expect(colliders).toBeGreaterThanOrEqual(model.rig.spec.parts.length);
    expect(jointsUsingThem).toBe(vrm.springBoneManager!.joints.size);

    // The control: the same strand added after the avatar, so without the body colliders.
    const bare = strand.clone(true);
    chest.add(bare);
    const bareTip = bare.children[0]!;
    const bareJoint = new VRMSpringBoneJoint(bare, bareTip, { ...joint.settings });
    vrm.springBoneManager!.addJoint(bareJoint);
    bareJoint.setInitState();

    const target = new Vector3();
    const tail = new Vector3();
    /** Signed distance from a tail to the nearest body collider's surface, metres. */
    const clearance = (end = tip): number => {
      vrm.scene.updateMatrixWorld(true);
      end.getWorldPosition(tail);
      let nearest = Infinity;
      for (const collider of avatar.bodyColliders.colliders) {
        nearest = Math.min(
          nearest,
          collider.shape.calculateCollision(collider.colliderMatrix, tail, 0, target),
        );
      }
      return nearest;
    };
    // Still in the rest pose, before the springs ever ran: the tail is well inside the body.
    expect(clearance()).toBeLessThan(-0.03);
    let worst = Infinity;
    for (let frame = 0; frame < 120; frame++) {
      sandbox.advance(1 / 60);
      avatar.update(1 / 60);
      avatar.bodyColliders.update();
      if (frame >= 10) worst = Math.min(worst, clearance());
    }
    // Outside every body collider all the time (three-vrm pushes the tail out to its hit
    // radius per collider; where capsules overlap the next push can take some of that back).
    expect(worst).toBeGreaterThan(0);
    expect(clearance(bareTip)).toBeLessThan(-0.01);
    avatar.dispose();
    sandbox.dispose();
  });
  it('restarts the spring bones whenever the figure is re-placed, also by the fall guard', async () => {
    const sandbox = new Sandbox(await loadRapier());
    const model = await loadModel('vrm1-tpose-full.vrm');
    const { vrm } = model.loaded;
    if (!vrm.springBoneManager) {
      (vrm as { springBoneManager?: unknown }).springBoneManager =
        new model.threeVrm.VRMSpringBoneManager();
    }
    const reset = vi.spyOn(vrm.springBoneManager!, 'reset');
    const figure = sandbox.addFigure(model.rig.spec);
    const avatar = avatarFor(model, sandbox, figure);
    avatar.update(1 / 60); // the first frame always starts the springs afresh
    reset.mockClear();
    sandbox.run(0.5);
    avatar.update(1 / 60);
    expect(reset).not.toHaveBeenCalled();
    // Carried off the stage and below the guard: the sandbox drops it again by itself.
    for (const part of figure.ragdoll.parts) {
      const p = part.body.translation();
      part.body.setTranslation({ x: p.x + 40, y: p.y - 40, z: p.z }, true);
    }
    sandbox.run(0.5);
    expect(figure.ragdoll.root.body.translation().y).toBeGreaterThan(0);
    avatar.update(1 / 60);
    expect(reset).toHaveBeenCalledTimes(1);
    avatar.update(1 / 60);
    expect(reset).toHaveBeenCalledTimes(1);
    sandbox.drop();
    avatar.update(1 / 60);
    expect(reset).toHaveBeenCalledTimes(2);
    avatar.dispose();
    sandbox.dispose();
  });
});
