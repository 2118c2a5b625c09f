/**
 * The raw-bone copy the avatars use instead of three-vrm's `vrm.humanoid.update()` gives the
 * raw bones exactly the numbers the library's update gives them, for random poses, on VRM 0.x
 * and 1.0 files and on the real godette_v4 avatar (when the real-model fixtures are present).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Quaternion } from 'three';
import type { Object3D } from 'three';
import { describe, expect, it } from 'vitest';
// First: sets the `self` global three-vrm reads when it is imported (lazily, by the loader).
import '../../tools/loaders/load-vrm-bones';
import type { AvatarModel } from '../../renderer/src/view/vrm/load-avatar-model';
import { loadAvatarModel } from '../../renderer/src/view/vrm/load-avatar-model';
import { RawBoneCopy } from '../../renderer/src/view/vrm/raw-bone-copy';
import { SKELETONS } from '../../tools/fixtures/fixture-skeletons';
import { writeVrm } from '../../tools/fixtures/vrm-writer';
import { realFixture } from '../../tools/fixtures/real-fixtures';

const GODETTE = realFixture('vrm0/godette_v4.vrm');
const POSES = 20;

/** A small deterministic generator, so a failure repeats. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

function randomPose(model: AvatarModel, next: () => number): void {
  const humanoid = model.loaded.vrm.humanoid;
  for (const name of model.threeVrm.VRMHumanBoneList) {
    const node = humanoid.getNormalizedBoneNode(name);
    if (!node) continue;
    node.quaternion.set(next() - 0.5, next() - 0.5, next() - 0.5, next() - 0.5).normalize();
  }
  humanoid.getNormalizedBoneNode('hips')!.position.set(next() - 0.5, next() + 0.5, next() - 0.5);
}

/** Every raw human bone's local rotation and position, in list order. */
function rawPose(model: AvatarModel): number[] {
  const values: number[] = [];
  for (const name of model.threeVrm.VRMHumanBoneList) {
    const node: Object3D | null = model.loaded.vrm.humanoid.getRawBoneNode(name);
    if (node) values.push(...node.quaternion.toArray(), ...node.position.toArray());
  }
  return values;
}

/** Scrambles the raw bones, so a copy that wrote nothing cannot pass. */
function scrambleRaw(model: AvatarModel): void {
  for (const name of model.threeVrm.VRMHumanBoneList) {
    const node = model.loaded.vrm.humanoid.getRawBoneNode(name);
    if (!node) continue;
    node.quaternion.copy(new Quaternion(0.5, 0.5, 0.5, 0.5));
    node.position.set(9, 9, 9);
  }
}

async function expectSameAsLibrary(model: AvatarModel, seed: number): Promise<void> {
  const copy = new RawBoneCopy(model.loaded.vrm, model.threeVrm.VRMHumanBoneList);
  expect(copy.fallbackReason).toBeNull();
  const next = random(seed);
  for (let i = 0; i < POSES; i++) expectPoseCopied(model, copy, next);
  model.threeVrm.VRMUtils.deepDispose(model.loaded.vrm.scene);
}

/**
 * Poses `model` at random, lets the library copy the pose onto the raw bones, then `copy`
 * from scrambled raw bones, and expects the very same raw pose.
 */
function expectPoseCopied(model: AvatarModel, copy: RawBoneCopy, next: () => number): void {
  randomPose(model, next);
  scrambleRaw(model);
  model.loaded.vrm.humanoid.update();
  const library = rawPose(model);
  scrambleRaw(model);
  copy.copy();
  expect(rawPose(model)).toEqual(library);
}

function generated(format: 'vrm0' | 'vrm1'): Promise<AvatarModel> {
  const bytes = writeVrm(SKELETONS.tposeFull, { format, title: 'Copy test', author: 'test' });
  return loadAvatarModel(bytes, `copy-test-${format}.vrm`);
}

describe('RawBoneCopy', () => {
  it('poses the raw bones exactly as vrm.humanoid.update() does (VRM 1.0)', async () => {
    await expectSameAsLibrary(await generated('vrm1'), 1);
  });

  it('poses the raw bones exactly as vrm.humanoid.update() does (VRM 0.x)', async () => {
    await expectSameAsLibrary(await generated('vrm0'), 2);
  });

  it.skipIf(!existsSync(GODETTE))(
    'poses godette_v4 exactly as vrm.humanoid.update() does',
    async () => {
      await expectSameAsLibrary(
        await loadAvatarModel(await readFile(GODETTE), 'godette_v4.vrm'),
        3,
      );
    },
  );

  it('leaves the raw bones alone when the humanoid does not update them', async () => {
    const model = await generated('vrm1');
    const copy = new RawBoneCopy(model.loaded.vrm, model.threeVrm.VRMHumanBoneList);
    randomPose(model, random(4));
    scrambleRaw(model);
    const before = rawPose(model);
    model.loaded.vrm.humanoid.autoUpdateHumanBones = false;
    copy.copy();
    expect(rawPose(model)).toEqual(before);
    model.threeVrm.VRMUtils.deepDispose(model.loaded.vrm.scene);
  });

  it("falls back to the library's update when the rig lacks its rest rotations", async () => {
    const model = await generated('vrm1');
    const rig = (model.loaded.vrm.humanoid as unknown as { _normalizedHumanBones: object })
      ._normalizedHumanBones as { _boneRotations?: unknown };
    const rests = rig._boneRotations;
    delete rig._boneRotations;
    const copy = new RawBoneCopy(model.loaded.vrm, model.threeVrm.VRMHumanBoneList);
    rig._boneRotations = rests;
    expect(copy.fallbackReason).toMatch(/rest rotations/);
    expectPoseCopied(model, copy, random(5));
    model.threeVrm.VRMUtils.deepDispose(model.loaded.vrm.scene);
  });
});
