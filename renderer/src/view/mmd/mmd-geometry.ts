import { BufferAttribute, BufferGeometry, Uint16BufferAttribute } from 'three';
import type { MmdMaterial, MmdMesh } from '../../formats/mmd/mmd-model';

/**
 * The skinned geometry of an MMD model in model space: metres, right-handed, facing +Z.
 * Mirroring z (see `rig/mmd/mmd-coordinates.ts`) flips handedness, so positions and normals get z negated and each
 * triangle's winding is reversed to stay front-facing. UVs stay as stored: MMD's v runs down
 * the image, which is what a texture uploaded with `flipY = false` expects. One draw group per
 * material, in file order, from each material's `indexCount`.
 *
 * @param scale - metres per MMD unit
 * @throws Error when the materials draw more indices than the mesh has (the parser checks it)
 */
export function buildMmdGeometry(
  mesh: MmdMesh,
  materials: readonly MmdMaterial[],
  scale: number,
): BufferGeometry {
  const geometry = new BufferGeometry();
  geometry.setAttribute(
    'position',
    new BufferAttribute(mirroredPositions(mesh.positions, scale), 3),
  );
  geometry.setAttribute('normal', new BufferAttribute(mirroredNormals(mesh), 3));
  geometry.setAttribute('uv', new BufferAttribute(mesh.uvs.slice(), 2));
  geometry.setAttribute('skinIndex', new Uint16BufferAttribute(mesh.skinIndices.slice(), 4));
  geometry.setAttribute('skinWeight', new BufferAttribute(mesh.skinWeights.slice(), 4));
  geometry.setIndex(new BufferAttribute(reversedWinding(mesh.indices), 1));
  let start = 0;
  materials.forEach((material, index) => {
    if (start + material.indexCount > mesh.indices.length) {
      throw new Error(
        `mmd-geometry: material ${index} (${material.name}) draws past the end of the mesh`,
      );
    }
    geometry.addGroup(start, material.indexCount, index);
    start += material.indexCount;
  });
  geometry.computeBoundingSphere();
  return geometry;
}

/**
 * Packed MMD positions or offsets (x, y, z per vertex, MMD units) in the drawn model space:
 * metres, z mirrored.
 *
 * @param scale - metres per MMD unit
 */
export function mirroredPositions(values: Float32Array, scale: number): Float32Array {
  const out = new Float32Array(values.length);
  for (let i = 0; i < out.length; i += 3) {
    out[i] = values[i]! * scale;
    out[i + 1] = values[i + 1]! * scale;
    out[i + 2] = -values[i + 2]! * scale;
  }
  return out;
}

function mirroredNormals(mesh: MmdMesh): Float32Array {
  const out = mesh.normals.slice();
  for (let i = 2; i < out.length; i += 3) out[i] = -out[i]!;
  return out;
}

/** (a, b, c) → (a, c, b): the mirror turns clockwise into counter-clockwise and back. */
function reversedWinding(indices: Uint32Array): Uint32Array {
  const out = indices.slice();
  for (let i = 0; i + 2 < out.length; i += 3) {
    out[i + 1] = indices[i + 2]!;
    out[i + 2] = indices[i + 1]!;
  }
  return out;
}
