import { Group, SkinnedMesh } from 'three';
import type {
  BufferAttribute,
  BufferGeometry,
  MeshToonMaterial,
  ShaderMaterial,
  Texture,
} from 'three';
import type { MmdModel } from '../../formats/mmd/mmd-model';
import { castAndReceiveShadows } from '../outline-mesh';
import { MmdFaceTarget } from '../face/mmd-face-target';
import { buildMmdEdgeMesh } from './mmd-edge-mesh';
import { buildMmdGeometry } from './mmd-geometry';
import { buildMmdSkeleton, type MmdSkeleton } from './mmd-skeleton';
import type { MmdTextureSet } from './mmd-textures';
import { sharedToonName } from './mmd-textures';
import { createMmdToonMaterial } from './mmd-toon-material';
import { createToonRamp } from './toon-ramp';

/**
 * One MMD model drawn by three.js: a skinned mesh over its skeleton, in model space, casting
 * and receiving the sun's shadow, and its edges.
 */
export interface MmdSkinnedModel {
  /** Add this to the scene at the origin, unrotated: it holds the mesh and its root bones. */
  readonly root: Group;
  readonly mesh: SkinnedMesh;
  /** The edges of the materials that draw one (see `buildMmdEdgeMesh`); null when none does. */
  readonly edges: SkinnedMesh<BufferGeometry, ShaderMaterial> | null;
  readonly skeleton: MmdSkeleton;
  /** The model's vertex and group morphs, drawn on {@link mesh} (and its edges). */
  readonly face: MmdFaceTarget;
  readonly materials: readonly MeshToonMaterial[];
  /** How many materials draw a diffuse texture. */
  readonly texturedMaterials: number;
  /** Removes it from the scene and frees geometry, materials, textures and skeleton. */
  dispose(): void;
}

/**
 * Builds the drawable model: geometry and skeleton in model space (metres, +Z forward), one
 * toon material per MMD material with its textures from `textures` (untextured where a file
 * was missing), bound at the rest pose. Takes ownership of `textures`.
 *
 * @param scale - metres per MMD unit
 */
export function buildMmdSkinnedModel(
  model: MmdModel,
  scale: number,
  textures: MmdTextureSet,
): MmdSkinnedModel {
  const ramp = createToonRamp();
  const textureAt = (index: number): Texture | null => {
    const name = model.textures[index];
    return name === undefined ? null : (textures.byName.get(name)?.texture ?? null);
  };
  const materials = model.materials.map((material) => {
    const mapName = model.textures[material.textureIndex];
    const map = mapName === undefined ? undefined : textures.byName.get(mapName);
    const toonName =
      material.toon.kind === 'shared'
        ? sharedToonName(material.toon.index)
        : material.toon.kind === 'texture'
          ? model.textures[material.toon.textureIndex]
          : undefined;
    const toon = toonName === undefined ? undefined : textures.byName.get(toonName)?.texture;
    return createMmdToonMaterial(material, {
      map: map?.texture ?? null,
      mapHasAlpha: map?.hasAlpha ?? false,
      toon: toon ?? ramp,
      sphere: textureAt(material.sphereTextureIndex),
    });
  });
  const geometry = buildMmdGeometry(model.mesh, model.materials, scale);
  const skeleton = buildMmdSkeleton(model.bones, scale);
  const mesh = new SkinnedMesh(geometry, materials);
  mesh.name = model.name;
  // The bounds are the rest pose at the origin; a thrown doll would be culled while in view.
  mesh.frustumCulled = false;
  const root = new Group();
  root.name = `mmd:${model.name}`;
  root.add(mesh, ...skeleton.roots);
  root.updateMatrixWorld(true);
  skeleton.skeleton.calculateInverses();
  mesh.bind(skeleton.skeleton, mesh.matrixWorld);
  castAndReceiveShadows(mesh);
  const face = new MmdFaceTarget(
    model.morphs,
    geometry.getAttribute('position') as BufferAttribute,
    scale,
  );
  const edges = buildMmdEdgeMesh(mesh, model.materials);
  if (edges) root.add(edges);
  let disposed = false;
  return {
    root,
    mesh,
    edges,
    skeleton,
    face,
    materials,
    texturedMaterials: materials.filter((material) => material.map !== null).length,
    dispose: () => {
      if (disposed) return;
      disposed = true;
      root.removeFromParent();
      geometry.dispose();
      edges?.geometry.dispose();
      edges?.material.dispose();
      for (const material of materials) material.dispose();
      textures.dispose();
      ramp.dispose();
      skeleton.skeleton.dispose();
    },
  };
}
