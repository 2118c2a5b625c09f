import type { BinaryReader } from './binary-reader';
import type { MmdMesh } from './mmd-model';

/** A mesh's per-vertex arrays (all of {@link MmdMesh} but the faces). */
export type VertexArrays = Omit<MmdMesh, 'indices'>;

/**
 * Reads `vertexCount` vertices straight into typed arrays (no object per vertex: real models
 * have tens of thousands). PMX and PMD both start a vertex with its position, normal and UV;
 * `readRest` reads the rest of vertex `v` in the format's own layout, its skin going into
 * slots `v * 4` to `v * 4 + 3` of `skinIndices` and `skinWeights`.
 */
export function readVertexArrays<R extends BinaryReader>(
  input: R,
  vertexCount: number,
  readRest: (input: R, v: number, arrays: VertexArrays) => void,
): VertexArrays {
  const arrays: VertexArrays = {
    vertexCount,
    positions: new Float32Array(vertexCount * 3),
    normals: new Float32Array(vertexCount * 3),
    uvs: new Float32Array(vertexCount * 2),
    skinIndices: new Uint16Array(vertexCount * 4),
    skinWeights: new Float32Array(vertexCount * 4),
  };
  for (let v = 0; v < vertexCount; v++) {
    input.at('vertex', v);
    input.floatsInto(arrays.positions, v * 3, 3);
    input.floatsInto(arrays.normals, v * 3, 3);
    input.floatsInto(arrays.uvs, v * 2, 2);
    readRest(input, v, arrays);
  }
  return arrays;
}
