import type { MmdMaterial, MmdMesh } from './mmd-model';
import { MmdFormatError } from './mmd-format-error';
import type { ReadWarnings } from './read-warnings';

/**
 * Cross-checks a parsed mesh once everything is read. A face naming a vertex that does not
 * exist makes the mesh undrawable, so it is an error; a weight on a bone that does not exist
 * is dropped (the vertex follows its other bones) and the materials drawing more or fewer
 * indices than the mesh has is reported, since both still leave a drawable model.
 */
export function checkMesh(
  mesh: MmdMesh,
  boneCount: number,
  materials: readonly MmdMaterial[],
  warnings: ReadWarnings,
): void {
  checkFaces(mesh);
  dropMissingBoneWeights(mesh, boneCount, warnings);
  let drawn = 0;
  for (const material of materials) drawn += material.indexCount;
  if (drawn !== mesh.indices.length) {
    warnings.add(
      'material-index-count',
      `The materials draw ${drawn} face indices but the mesh has ${mesh.indices.length}; ` +
        'faces past the end are not drawn.',
      { numbers: { drawn, indices: mesh.indices.length } },
    );
  }
}

function checkFaces(mesh: MmdMesh): void {
  const { indices, vertexCount } = mesh;
  if (indices.length % 3 !== 0) {
    throw new MmdFormatError(
      `the face list holds ${indices.length} vertex indices, which is not whole triangles`,
    );
  }
  for (let i = 0; i < indices.length; i++) {
    if (indices[i]! >= vertexCount) {
      throw new MmdFormatError(
        `triangle ${Math.floor(i / 3)} uses vertex ${indices[i]}, but the model has ` +
          `${vertexCount} vertices`,
      );
    }
  }
}

function dropMissingBoneWeights(mesh: MmdMesh, boneCount: number, warnings: ReadWarnings): void {
  const { skinIndices, skinWeights, vertexCount } = mesh;
  for (let v = 0; v < vertexCount; v++) {
    let changed = false;
    for (let slot = v * 4; slot < v * 4 + 4; slot++) {
      if (skinIndices[slot]! < boneCount) continue;
      if (skinWeights[slot] !== 0) {
        warnings.add(
          'vertex-missing-bone',
          `Vertex ${v} is weighted to bone ${skinIndices[slot]}, but the model has ` +
            `${boneCount} bones; such weights are ignored.`,
          { numbers: { vertex: v, bone: skinIndices[slot]!, boneCount } },
        );
      }
      skinIndices[slot] = 0;
      skinWeights[slot] = 0;
      changed = true;
    }
    if (changed) normalizeWeights(skinWeights, v);
  }
}

/** Scales a vertex's 4 weights to sum to 1; all zero becomes (1, 0, 0, 0). */
export function normalizeWeights(weights: Float32Array, vertex: number): void {
  const at = vertex * 4;
  const sum = weights[at]! + weights[at + 1]! + weights[at + 2]! + weights[at + 3]!;
  if (sum > 0 && Math.abs(sum - 1) > 1e-6) {
    for (let i = at; i < at + 4; i++) weights[i]! /= sum;
  } else if (!(sum > 0)) {
    weights[at] = 1;
    weights[at + 1] = 0;
    weights[at + 2] = 0;
    weights[at + 3] = 0;
  }
}
