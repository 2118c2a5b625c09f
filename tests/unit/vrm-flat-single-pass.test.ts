/**
 * Flat double-sided transparent surfaces drawn in one pass: only surfaces where one pass draws
 * exactly what three.js's two passes draw (flat, moved rigidly) change; the real godette_v4
 * model's logo decal is one, and nothing else of it changes.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import {
  BufferAttribute,
  BufferGeometry,
  DoubleSide,
  FrontSide,
  Group,
  Mesh,
  MeshBasicMaterial,
} from 'three';
import type { Material } from 'three';
import { describe, expect, it } from 'vitest';
// First: sets the `self` global three-vrm reads when it is imported (lazily, by the loader).
import '../../tools/loaders/load-vrm-bones';
import { drawFlatTransparentInOnePass } from '../../renderer/src/view/vrm/flat-single-pass';
import { loadAvatarModel } from '../../renderer/src/view/vrm/load-avatar-model';
import { realFixture } from '../../tools/fixtures/real-fixtures';

const GODETTE = realFixture('vrm0/godette_v4.vrm');

/** A 10 cm quad; `bend` lifts one corner out of the plane, metres. */
function quad(bend = 0): BufferGeometry {
  const geometry = new BufferGeometry();
  geometry.setAttribute(
    'position',
    new BufferAttribute(new Float32Array([0, 0, 0, 0.1, 0, 0, 0.1, 0.1, bend, 0, 0.1, 0]), 3),
  );
  geometry.setIndex([0, 1, 2, 0, 2, 3]);
  return geometry;
}

function decal(): MeshBasicMaterial {
  return new MeshBasicMaterial({ transparent: true, side: DoubleSide });
}

function sceneOf(...meshes: Mesh[]): Group {
  const group = new Group();
  group.add(...meshes);
  return group;
}

describe('drawFlatTransparentInOnePass', () => {
  it('draws a flat double-sided transparent quad in one pass', () => {
    const material = decal();
    const changed = drawFlatTransparentInOnePass(sceneOf(new Mesh(quad(), material)));
    expect(changed).toEqual([material]);
    expect(material.forceSinglePass).toBe(true);
  });

  it('leaves a bent surface in two passes', () => {
    const material = decal();
    expect(drawFlatTransparentInOnePass(sceneOf(new Mesh(quad(0.01), material)))).toEqual([]);
    expect(material.forceSinglePass).toBe(false);
  });

  it('leaves opaque and one-sided materials alone (three.js draws them once anyway)', () => {
    const opaque = new MeshBasicMaterial({ side: DoubleSide });
    const oneSided = new MeshBasicMaterial({ transparent: true, side: FrontSide });
    const changed = drawFlatTransparentInOnePass(
      sceneOf(new Mesh(quad(), opaque), new Mesh(quad(), oneSided)),
    );
    expect(changed).toEqual([]);
    expect(opaque.forceSinglePass).toBe(false);
    expect(oneSided.forceSinglePass).toBe(false);
  });

  it('leaves a flat surface whose vertices follow different bones (skinning could bend it)', () => {
    const geometry = quad();
    geometry.setAttribute(
      'skinIndex',
      new BufferAttribute(new Uint16Array([0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]), 4),
    );
    geometry.setAttribute('skinWeight', new BufferAttribute(new Float32Array(16).fill(0.25), 4));
    const material = decal();
    expect(drawFlatTransparentInOnePass(sceneOf(new Mesh(geometry, material)))).toEqual([]);
  });

  it('draws a rigidly skinned flat surface in one pass', () => {
    const geometry = quad();
    geometry.setAttribute('skinIndex', new BufferAttribute(new Uint16Array(16).fill(3), 4));
    geometry.setAttribute(
      'skinWeight',
      new BufferAttribute(new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]), 4),
    );
    const material = decal();
    expect(drawFlatTransparentInOnePass(sceneOf(new Mesh(geometry, material)))).toEqual([material]);
  });

  it('leaves a surface with morph targets (a morph could bend it)', () => {
    const geometry = quad();
    geometry.morphAttributes['position'] = [new BufferAttribute(new Float32Array(12), 3)];
    const material = decal();
    expect(drawFlatTransparentInOnePass(sceneOf(new Mesh(geometry, material)))).toEqual([]);
  });

  it('changes a shared material only when every surface using it is flat', () => {
    const shared = decal();
    expect(
      drawFlatTransparentInOnePass(sceneOf(new Mesh(quad(), shared), new Mesh(quad(0.01), shared))),
    ).toEqual([]);
    expect(shared.forceSinglePass).toBe(false);
  });

  it('judges each group of a multi-material mesh by its own triangles', () => {
    const geometry = new BufferGeometry();
    // Triangles 0-1: a flat quad; triangles 2-3: the same quad with a corner lifted.
    geometry.setAttribute(
      'position',
      new BufferAttribute(
        new Float32Array([
          0, 0, 0, 0.1, 0, 0, 0.1, 0.1, 0, 0, 0.1, 0, 0, 0, 0, 0.1, 0, 0, 0.1, 0.1, 0.02, 0, 0.1, 0,
        ]),
        3,
      ),
    );
    geometry.setIndex([0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7]);
    geometry.addGroup(0, 6, 0);
    geometry.addGroup(6, 6, 1);
    const flat = decal();
    const bent = decal();
    const changed = drawFlatTransparentInOnePass(sceneOf(new Mesh(geometry, [flat, bent])));
    expect(changed).toEqual([flat]);
    expect(bent.forceSinglePass).toBe(false);
  });

  it.skipIf(!existsSync(GODETTE))(
    'godette_v4: its logo decal is drawn in one pass, nothing else changes',
    async () => {
      const model = await loadAvatarModel(await readFile(GODETTE), 'godette_v4.vrm');
      const scene = model.loaded.vrm.scene;
      const twoPassBefore = new Set<Material>();
      scene.traverse((object) => {
        const material = (object as Mesh).material;
        for (const each of material === undefined ? [] : [material].flat()) {
          if (each.transparent && each.side === DoubleSide && !each.forceSinglePass)
            twoPassBefore.add(each);
        }
      });
      const changed = drawFlatTransparentInOnePass(scene);
      expect(changed.map((material) => material.name)).toEqual(['GodotLogo']);
      expect([...twoPassBefore].map((material) => material.name)).toEqual(['GodotLogo']);
      expect(changed[0]!.forceSinglePass).toBe(true);
      model.threeVrm.VRMUtils.deepDispose(scene);
    },
  );
});
