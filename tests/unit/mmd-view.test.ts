/**
 * An MMD model drawn by three.js (in Node, no WebGL needed): the geometry is mirrored into
 * right-handed metres with its winding reversed and one group per material; the skeleton
 * rests at the bones' positions; and on the real Rapier sandbox, the pose writer puts every
 * bone where its part or body says, so the skinned mesh sits on the ragdoll at placement and
 * the hair swings relative to the head while the figure falls.
 */

import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import type { MmdModel } from '../../renderer/src/formats/mmd/mmd-model';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import { DROP_HEIGHT } from '../../renderer/src/physics/sandbox';
import { MmdAvatar } from '../../renderer/src/view/mmd/mmd-avatar';
import { buildMmdGeometry } from '../../renderer/src/view/mmd/mmd-geometry';
import { buildMmdSkeleton } from '../../renderer/src/view/mmd/mmd-skeleton';
import { texturesUsed } from '../../renderer/src/view/mmd/mmd-textures';
import { BODY_TEXTURE, humanoidMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';
import { drawMmdModel } from '../../tools/loaders/posed-mmd-avatar';
import { mmdAvatarFigure } from '../support/avatar-figures';
import { useSandboxes } from '../support/sandboxes';

const newSandbox = useSandboxes();
const SCALE = 0.08;

function boneIndex(model: MmdModel, name: string): number {
  const index = model.bones.findIndex((bone) => bone.name === name);
  expect(index, name).toBeGreaterThanOrEqual(0);
  return index;
}

describe('buildMmdGeometry', () => {
  it('mirrors z, scales to metres, reverses the winding and groups by material', () => {
    const model = humanoidMmdModel();
    const geometry = buildMmdGeometry(model.mesh, model.materials, SCALE);
    const position = geometry.getAttribute('position');
    const normal = geometry.getAttribute('normal');
    for (const v of [0, 7, model.mesh.vertexCount - 1]) {
      expect(position.getX(v)).toBeCloseTo(model.mesh.positions[v * 3]! * SCALE, 6);
      expect(position.getY(v)).toBeCloseTo(model.mesh.positions[v * 3 + 1]! * SCALE, 6);
      expect(position.getZ(v)).toBeCloseTo(-model.mesh.positions[v * 3 + 2]! * SCALE, 6);
      expect(normal.getZ(v)).toBeCloseTo(-model.mesh.normals[v * 3 + 2]!, 6);
    }
    const index = geometry.getIndex()!;
    expect([index.getX(0), index.getX(1), index.getX(2)]).toEqual([
      model.mesh.indices[0],
      model.mesh.indices[2],
      model.mesh.indices[1],
    ]);
    expect(geometry.groups.map((group) => [group.count, group.materialIndex])).toEqual(
      model.materials.map((material, i) => [material.indexCount, i]),
    );
    geometry.dispose();
  });

  it('refuses materials that draw past the end of the mesh', () => {
    const model = humanoidMmdModel();
    const [first, ...rest] = model.materials;
    const tooMany = [{ ...first!, indexCount: model.mesh.indices.length + 3 }, ...rest];
    expect(() => buildMmdGeometry(model.mesh, tooMany, SCALE)).toThrow(/draws past the end/);
  });
});

describe('buildMmdSkeleton', () => {
  it('rests every bone at its mirrored position, children offset from their parents', () => {
    const model = humanoidMmdModel();
    const skeleton = buildMmdSkeleton(model.bones, SCALE);
    for (const root of skeleton.roots) root.updateMatrixWorld(true);
    const world = new Vector3();
    model.bones.forEach((bone, i) => {
      skeleton.bones[i]!.getWorldPosition(world);
      expect(world.x).toBeCloseTo(bone.position[0] * SCALE, 6);
      expect(world.y).toBeCloseTo(bone.position[1] * SCALE, 6);
      expect(world.z).toBeCloseTo(-bone.position[2] * SCALE, 6);
    });
    skeleton.skeleton.dispose();
  });

  it('cuts a parent loop at one bone, which becomes a root, and orders parents first', () => {
    const model = humanoidMmdModel();
    const looped = model.bones.map((bone, i) =>
      i === 0 ? { ...bone, parentIndex: 1 } : i === 1 ? { ...bone, parentIndex: 0 } : bone,
    );
    const skeleton = buildMmdSkeleton(looped, SCALE);
    // Bone 0's link closes the loop 0 → 1 → 0, so bone 1 (reached second) is cut loose.
    expect([skeleton.parents[0], skeleton.parents[1]]).toEqual([1, -1]);
    expect([...skeleton.order].sort((a, b) => a - b)).toEqual(looped.map((_, i) => i));
    const position = new Map(skeleton.order.map((bone, at) => [bone, at]));
    skeleton.parents.forEach((parent, bone) => {
      if (parent >= 0) expect(position.get(parent)!).toBeLessThan(position.get(bone)!);
    });
    expect(skeleton.bones[0]!.parent).toBe(skeleton.bones[1]);
  });
});

describe('texturesUsed', () => {
  it('lists the body texture and the shared toons the materials use', () => {
    const used = texturesUsed(humanoidMmdModel());
    expect(used.names).toContain(BODY_TEXTURE);
    for (const toon of used.sharedToons) expect(toon).toMatch(/^toon\d\d\.bmp$/);
  });
});

describe('MmdAvatar on the sandbox', () => {
  async function figureWithAvatar(model: MmdModel) {
    const sandbox = await newSandbox();
    sandbox.clearFigures();
    const rig = mmdRig(model);
    const figure = sandbox.addFigure(rig.rig.spec, { mmd: rig.physics });
    const drawing = await drawMmdModel(model, rig);
    const avatar = new MmdAvatar(drawing, rig, mmdAvatarFigure(figure), sandbox);
    return { sandbox, rig, figure, drawing, avatar };
  }

  it.each([
    ['type-1 hair', humanoidMmdModel()],
    ['type-2 hair and skirt', humanoidMmdModel({ hairType: 2, skirt: { rows: 2 } })],
  ])(
    'poses every bone at its rest place on the placed figure, and the skin with it (%s)',
    async (_name, model) => {
      const { figure, rig, drawing, avatar } = await figureWithAvatar(model);
      avatar.update();
      drawing.root.updateMatrixWorld(true);
      const [sx, sz] = figure.slot;
      const [ox, oy, oz] = rig.rig.origin;
      // Doll space is placed at (slot x, DROP_HEIGHT, slot z), unrotated.
      const expected = (p: readonly [number, number, number]) =>
        new Vector3(
          p[0] * SCALE - ox + sx,
          p[1] * SCALE - oy + DROP_HEIGHT,
          -p[2] * SCALE - oz + sz,
        );
      let worst = 0;
      const world = new Vector3();
      model.bones.forEach((bone, i) => {
        if (rig.boneDrivers[i]?.kind === 'parent' && drawing.skeleton.parents[i]! < 0) return;
        drawing.skeleton.bones[i]!.getWorldPosition(world);
        worst = Math.max(worst, world.distanceTo(expected(bone.position)));
      });
      expect(worst).toBeLessThan(1e-4);
      // A skinned vertex lands where its rest position moved to.
      const vertex = new Vector3();
      let skinWorst = 0;
      for (let v = 0; v < model.mesh.vertexCount; v += 37) {
        drawing.mesh.getVertexPosition(v, vertex);
        const p = model.mesh.positions;
        skinWorst = Math.max(
          skinWorst,
          vertex.distanceTo(expected([p[v * 3]!, p[v * 3 + 1]!, p[v * 3 + 2]!])),
        );
      }
      expect(skinWorst).toBeLessThan(1e-4);
      // Bones on the model's own bodies were driven by them, not left to their parents.
      expect(rig.boneDrivers.some((driver) => driver.kind === 'body')).toBe(true);
      avatar.dispose();
    },
  );

  it('moves the head with the figure and swings the hair relative to the head as it falls', async () => {
    const model = humanoidMmdModel({ hairSegments: 5 });
    const { sandbox, avatar } = await figureWithAvatar(model);
    const head = '頭';
    const hairTip = model.bones[model.bones.length - 1]!.name.startsWith('髪')
      ? model.bones[model.bones.length - 1]!.name
      : model.bones.filter((bone) => bone.name.startsWith('髪')).at(-1)!.name;
    boneIndex(model, hairTip);
    avatar.update();
    const relative = (): Vector3 => {
      const h = avatar.bonePosition(head)!;
      const t = avatar.bonePosition(hairTip)!;
      return new Vector3(t.x - h.x, t.y - h.y, t.z - h.z);
    };
    const headStart = avatar.bonePosition(head)!;
    const start = relative();
    let largest = 0;
    for (let i = 0; i < 240; i++) {
      sandbox.step();
      avatar.update();
      largest = Math.max(largest, relative().distanceTo(start));
    }
    const headEnd = avatar.bonePosition(head)!;
    expect(headStart.y - headEnd.y).toBeGreaterThan(0.3);
    expect(largest).toBeGreaterThan(0.01);
    for (const value of Object.values(avatar.bonePosition(hairTip)!)) {
      expect(Number.isFinite(value)).toBe(true);
    }
    avatar.dispose();
  });
});
