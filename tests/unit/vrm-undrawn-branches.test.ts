/**
 * Branches of an avatar's scene that hold nothing drawn are hidden, so three.js's walks skip
 * them: what three.js draws (every visible mesh it finds) stays the same, the bones still
 * move their meshes, and the world matrices under hidden nodes are still updated.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Bone, BoxGeometry, Group, Mesh, MeshBasicMaterial, Object3D, PointLight } from 'three';
import { describe, expect, it } from 'vitest';
// First: sets the `self` global three-vrm reads when it is imported (lazily, by the loader).
import '../../tools/loaders/load-vrm-bones';
import { loadAvatarModel } from '../../renderer/src/view/vrm/load-avatar-model';
import { hideUndrawnBranches } from '../../renderer/src/view/vrm/undrawn-branches';
import { SKELETONS } from '../../tools/fixtures/fixture-skeletons';
import { writeVrm } from '../../tools/fixtures/vrm-writer';
import { realFixture } from '../../tools/fixtures/real-fixtures';

const GODETTE = realFixture('vrm0/godette_v4.vrm');

/** What three.js's walks reach and could draw: visible objects under visible parents. */
function drawnBy(root: Object3D): Object3D[] {
  const found: Object3D[] = [];
  root.traverseVisible((object) => {
    const kinds = object as { isMesh?: boolean; isLight?: boolean };
    if (kinds.isMesh || kinds.isLight) found.push(object);
  });
  return found;
}

function countNodes(root: Object3D): number {
  let nodes = 0;
  root.traverse(() => nodes++);
  return nodes;
}

function mesh(): Mesh {
  return new Mesh(new BoxGeometry(), new MeshBasicMaterial());
}

describe('hideUndrawnBranches', () => {
  it('hides plain branches, keeps the way to every mesh and light visible', () => {
    const root = new Group();
    const armature = new Bone();
    const arm = new Bone();
    const hand = new Bone();
    const accessory = mesh();
    const finger = new Bone();
    armature.add(arm);
    arm.add(hand);
    hand.add(accessory, finger);
    const rig = new Object3D();
    rig.add(new Object3D(), new Object3D());
    const lamp = new Object3D();
    lamp.add(new PointLight());
    const body = mesh();
    root.add(armature, rig, lamp, body);

    const hidden = hideUndrawnBranches(root);

    expect(hidden).toEqual([finger, rig]);
    expect(drawnBy(root)).toEqual(expect.arrayContaining([accessory, body, lamp.children[0]]));
    expect(drawnBy(root)).toHaveLength(3);
    // Matrices are still updated under a hidden node.
    rig.position.set(1, 2, 3);
    root.updateMatrixWorld();
    expect(rig.children[0]!.matrixWorld.elements.slice(12, 15)).toEqual([1, 2, 3]);
  });

  it('leaves branches hidden before alone and hides nothing twice', () => {
    const root = new Group();
    const off = new Object3D();
    off.visible = false;
    root.add(off, new Object3D());
    expect(hideUndrawnBranches(root)).toEqual([root.children[1]]);
    expect(hideUndrawnBranches(root)).toEqual([]);
  });

  const models = [
    {
      name: 'generated VRM 1.0',
      load: () =>
        loadAvatarModel(
          writeVrm(SKELETONS.tposeFull, { format: 'vrm1', title: 'Hide test', author: 'test' }),
          'hide-test.vrm',
        ),
      present: true,
    },
    {
      name: 'godette_v4',
      load: async () => loadAvatarModel(await readFile(GODETTE), 'godette_v4.vrm'),
      present: existsSync(GODETTE),
    },
  ];
  for (const model of models) {
    it.skipIf(!model.present)(
      `${model.name}: draws the same meshes, skipping the bones and the humanoid rig`,
      async () => {
        const { loaded, threeVrm } = await model.load();
        const scene = loaded.vrm.scene;
        const before = drawnBy(scene);
        expect(before.length).toBeGreaterThan(0);
        const nodes = countNodes(scene);
        const hidden = hideUndrawnBranches(scene);
        expect(drawnBy(scene)).toEqual(before);
        expect(hidden).toContain(loaded.vrm.humanoid.normalizedHumanBonesRoot);
        let walked = 0;
        scene.traverseVisible(() => walked++);
        // Most of the scene is plain nodes, and the walk no longer reaches them.
        expect(walked).toBeLessThan(nodes / 2);
        threeVrm.VRMUtils.deepDispose(scene);
      },
    );
  }
});
