/**
 * Avatars in the sun's shadow, and their outlines (in Node, no WebGL needed):
 * - a generated MMD model's skinned mesh and a generated VRM's meshes cast and receive shadows;
 * - an MMD model gets one edge mesh holding exactly the triangles of the materials that draw
 *   an edge, each vertex with its material's edge colour and size, on the model's skeleton,
 *   casting nothing, never hit by a ray, and freed with the model;
 * - a three-vrm MToon outline (a second material over the surface's geometry) is moved into a
 *   mesh of its own sharing the surface's buffers, skeleton and morph weights, which casts
 *   nothing, while the surface casts (and, on the real godette_v4 when present, no mesh keeps
 *   an outline material beside its surface).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import {
  Bone,
  BufferAttribute,
  BufferGeometry,
  Color,
  Raycaster,
  Skeleton,
  SkinnedMesh,
  SRGBColorSpace,
  Vector3,
} from 'three';
import type { Intersection, Material, Mesh } from 'three';
import { describe, expect, it } from 'vitest';
// First: sets the `self` global three-vrm reads when it is imported (lazily, by the loader).
import '../../tools/loaders/load-vrm-bones';
import type { MmdModel } from '../../renderer/src/formats/mmd/mmd-model';
import { EDGE_WIDTH_PER_SIZE } from '../../renderer/src/view/mmd/mmd-edge-mesh';
import {
  OUTLINE_LAYER,
  castAndReceiveShadows,
  isOutline,
} from '../../renderer/src/view/outline-mesh';
import { loadAvatarModel } from '../../renderer/src/view/vrm/load-avatar-model';
import { loadThreeVrm } from '../../renderer/src/view/vrm/load-vrm';
import { separateMToonOutlines } from '../../renderer/src/view/vrm/mtoon-outline-meshes';
import { VrmAvatar } from '../../renderer/src/view/vrm/vrm-avatar';
import { humanoidMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';
import { realFixture } from '../../tools/fixtures/real-fixtures';
import { drawMmdModel } from '../../tools/loaders/posed-mmd-avatar';
import { avatarFigure } from '../support/avatar-figures';
import { useSandboxes } from '../support/sandboxes';
import { useVrmFixtures } from '../support/vrm-fixtures';

const newSandbox = useSandboxes();
const GODETTE = realFixture('vrm0/godette_v4.vrm');

/** The generated humanoid with its body drawing no edge and its hair a red edge of size 2. */
function modelWithOneEdge(): MmdModel {
  const model = humanoidMmdModel();
  const [body, hair] = model.materials;
  return {
    ...model,
    materials: [
      { ...body!, drawsEdge: false },
      { ...hair!, edgeColor: [1, 0.2, 0, 1], edgeSize: 2 },
    ],
  };
}

function raycastHits(mesh: Mesh): Intersection[] {
  const hits: Intersection[] = [];
  const raycaster = new Raycaster(new Vector3(0, 1, 5), new Vector3(0, 0, -1));
  raycaster.layers.enableAll();
  mesh.raycast(raycaster, hits);
  return hits;
}

describe('an MMD model', () => {
  it('casts and receives shadows with its skinned surface', async () => {
    const drawing = await drawMmdModel(humanoidMmdModel());
    expect(drawing.mesh.castShadow).toBe(true);
    expect(drawing.mesh.receiveShadow).toBe(true);
    drawing.dispose();
  });

  it('draws edges exactly for the materials that draw one, in their colour and size', async () => {
    const model = modelWithOneEdge();
    const drawing = await drawMmdModel(model);
    const edges = drawing.edges!;
    expect(edges).not.toBeNull();
    expect(edges.parent).toBe(drawing.root);
    // The hair's triangles, and only those.
    const surface = drawing.mesh.geometry;
    const hairGroup = surface.groups[1]!;
    const surfaceIndex = surface.getIndex()!;
    const edgeIndex = edges.geometry.getIndex()!;
    expect(edgeIndex.count).toBe(model.materials[1]!.indexCount);
    for (let i = 0; i < edgeIndex.count; i++)
      expect(edgeIndex.getX(i)).toBe(surfaceIndex.getX(hairGroup.start + i));
    // The surface's own vertex buffers, not copies.
    expect(edges.geometry.getAttribute('position')).toBe(surface.getAttribute('position'));
    expect(edges.geometry.getAttribute('skinIndex')).toBe(surface.getAttribute('skinIndex'));
    const red = new Color().setRGB(1, 0.2, 0, SRGBColorSpace);
    const color = edges.geometry.getAttribute('edgeColor');
    const size = edges.geometry.getAttribute('edgeSize');
    const vertex = edgeIndex.getX(0);
    const rgba = [color.getX(vertex), color.getY(vertex), color.getZ(vertex), color.getW(vertex)];
    [red.r, red.g, red.b, 1].forEach((value, k) => expect(rgba[k]).toBeCloseTo(value, 6));
    expect(size.getX(vertex)).toBe(2);
    expect(edges.material.uniforms['edgeWidth']!.value).toBe(EDGE_WIDTH_PER_SIZE);
    // An inverted hull on the model's skeleton, outside the shadow and the picking.
    expect(edges.skeleton).toBe(drawing.mesh.skeleton);
    expect(edges.bindMatrix.equals(drawing.mesh.bindMatrix)).toBe(true);
    expect(edges.material.side).toBe(1);
    expect(edges.castShadow).toBe(false);
    expect(edges.receiveShadow).toBe(false);
    expect(isOutline(edges)).toBe(true);
    expect(edges.layers.isEnabled(OUTLINE_LAYER)).toBe(true);
    expect(raycastHits(edges)).toEqual([]);
    expect(raycastHits(drawing.mesh).length).toBeGreaterThan(0);
    drawing.dispose();
  });

  it('has no edge mesh when no material draws an edge', async () => {
    const model = humanoidMmdModel();
    const drawing = await drawMmdModel({
      ...model,
      materials: model.materials.map((material) => ({ ...material, drawsEdge: false })),
    });
    expect(drawing.edges).toBeNull();
    drawing.dispose();
  });

  it('frees its edges with the model', async () => {
    const drawing = await drawMmdModel(modelWithOneEdge());
    const edges = drawing.edges!;
    const freed: string[] = [];
    edges.geometry.addEventListener('dispose', () => freed.push('geometry'));
    edges.material.addEventListener('dispose', () => freed.push('material'));
    drawing.dispose();
    expect(freed.sort()).toEqual(['geometry', 'material']);
  });
});

describe('a VRM avatar', () => {
  const vrmFiles = useVrmFixtures('ragdoll-shadows-');

  async function avatarOf(bytes: Uint8Array, file: string): Promise<VrmAvatar> {
    const model = await loadAvatarModel(bytes, file);
    const sandbox = await newSandbox();
    sandbox.clearFigures();
    const figure = sandbox.addFigure(model.rig.spec);
    return new VrmAvatar(model, avatarFigure(figure), sandbox);
  }

  function meshesOf(avatar: VrmAvatar): Mesh[] {
    const meshes: Mesh[] = [];
    avatar.scene.traverse((object) => {
      if ((object as Mesh).isMesh) meshes.push(object as Mesh);
    });
    return meshes;
  }

  it('casts and receives shadows with every mesh (generated VRM 1.0)', async () => {
    const file = 'vrm1-tpose-full.vrm';
    const avatar = await avatarOf(await readFile(vrmFiles.path(file)), file);
    const meshes = meshesOf(avatar);
    expect(meshes.length).toBeGreaterThan(0);
    for (const mesh of meshes) {
      expect(mesh.castShadow, mesh.name).toBe(true);
      expect(mesh.receiveShadow, mesh.name).toBe(true);
    }
    avatar.dispose();
  });

  it.skipIf(!existsSync(GODETTE))(
    'casts with its surfaces and not with its MToon outlines (godette_v4)',
    async () => {
      const avatar = await avatarOf(await readFile(GODETTE), 'godette_v4.vrm');
      const meshes = meshesOf(avatar);
      const outlines = meshes.filter(isOutline);
      for (const mesh of meshes) {
        const materials: Material[] = [mesh.material].flat();
        const outlined = materials.some((m) => (m as { isOutline?: boolean }).isOutline);
        expect(outlined, mesh.name).toBe(isOutline(mesh));
        expect(mesh.castShadow, mesh.name).toBe(!isOutline(mesh));
      }
      expect(outlines.every((mesh) => !mesh.castShadow)).toBe(true);
      avatar.dispose();
    },
  );
});

describe('separateMToonOutlines', () => {
  it("moves three-vrm's outline material into a mesh of its own that casts nothing", async () => {
    const { MToonMaterial } = await loadThreeVrm();
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(new Float32Array(9), 3));
    geometry.setAttribute('normal', new BufferAttribute(new Float32Array(9), 3));
    geometry.setAttribute('skinIndex', new BufferAttribute(new Uint16Array(12), 4));
    geometry.setAttribute('skinWeight', new BufferAttribute(new Float32Array(12).fill(0.25), 4));
    geometry.setIndex([0, 1, 2]);
    geometry.morphAttributes['position'] = [new BufferAttribute(new Float32Array(9), 3)];
    const surfaceMaterial = new MToonMaterial();
    const outlineMaterial = new MToonMaterial();
    outlineMaterial.isOutline = true;
    // As three-vrm's MToon plugin makes it: two groups over the same index.
    geometry.addGroup(0, 3, 0);
    geometry.addGroup(0, 3, 1);
    const surface = new SkinnedMesh(geometry, [surfaceMaterial, outlineMaterial]);
    const bone = new Bone();
    surface.add(bone);
    surface.bind(new Skeleton([bone]));
    surface.name = 'Body';
    const root = new Bone();
    root.add(surface);

    const made = separateMToonOutlines(root);
    castAndReceiveShadows(root);

    expect(made).toHaveLength(1);
    const outline = made[0] as SkinnedMesh;
    expect(outline.parent).toBe(root);
    expect(outline.material).toBe(outlineMaterial);
    expect(surface.material).toBe(surfaceMaterial);
    expect(outline.geometry.getAttribute('position')).toBe(geometry.getAttribute('position'));
    expect(outline.geometry.getIndex()).toBe(geometry.getIndex());
    expect(outline.geometry.morphAttributes).toBe(geometry.morphAttributes);
    expect(outline.morphTargetInfluences).toBe(surface.morphTargetInfluences);
    expect(outline.skeleton).toBe(surface.skeleton);
    expect(outline.castShadow).toBe(false);
    expect(outline.receiveShadow).toBe(false);
    expect(surface.castShadow).toBe(true);
    expect(surface.receiveShadow).toBe(true);
  });
});
