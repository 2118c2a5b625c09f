import type { MmdMesh } from './mmd-model';
import { MmdFormatError } from './mmd-format-error';
import { normalizeWeights } from './mesh-checks';
import type { PmxInput } from './pmx-input';

/** PMX weight kinds (the byte before each vertex's weights). */
const Deform = { Bdef1: 0, Bdef2: 1, Bdef4: 2, Sdef: 3, Qdef: 4 } as const;

/** The four bones of a BDEF4/QDEF vertex, read before their weights (reused per vertex). */
const quadBones = new Int32Array(4);

/** SDEF's C, R0 and R1 vectors: skipped, SDEF is read as BDEF2. */
const SDEF_EXTRA_BYTES = 36;

/**
 * Reads the vertex and face sections straight into typed arrays (no object per vertex: real
 * models have tens of thousands). Weights come out as 4 slots per vertex summing to 1.
 */
export function readPmxMesh(input: PmxInput): MmdMesh {
  const minVertexBytes = 8 * 4 + 1 + input.header.boneIndexSize + 4;
  const vertexCount = input.count('vertex', 'i32', minVertexBytes);
  const positions = new Float32Array(vertexCount * 3);
  const normals = new Float32Array(vertexCount * 3);
  const uvs = new Float32Array(vertexCount * 2);
  const skinIndices = new Uint16Array(vertexCount * 4);
  const skinWeights = new Float32Array(vertexCount * 4);
  const extraUvBytes = input.header.additionalUvCount * 16;
  for (let v = 0; v < vertexCount; v++) {
    input.at('vertex', v);
    input.floatsInto(positions, v * 3, 3);
    input.floatsInto(normals, v * 3, 3);
    input.floatsInto(uvs, v * 2, 2);
    input.skip(extraUvBytes);
    readWeights(input, v, skinIndices, skinWeights);
    input.skip(4); // edge scale
  }
  return {
    vertexCount,
    positions,
    normals,
    uvs,
    skinIndices,
    skinWeights,
    indices: readFaces(input),
  };
}

/** Stores one bone slot; a −1 (unused) bone becomes index 0 with weight 0. */
function setSlot(
  indices: Uint16Array,
  weights: Float32Array,
  slot: number,
  bone: number,
  weight: number,
): void {
  const used = bone >= 0;
  indices[slot] = used ? bone : 0;
  weights[slot] = used ? weight : 0;
}

function readWeights(
  input: PmxInput,
  v: number,
  indices: Uint16Array,
  weights: Float32Array,
): void {
  const deform = input.u8();
  const at = v * 4;
  switch (deform) {
    case Deform.Bdef1:
      setSlot(indices, weights, at, input.boneIndex(), 1);
      break;
    case Deform.Bdef2:
    case Deform.Sdef: {
      const a = input.boneIndex();
      const b = input.boneIndex();
      const weight = input.f32();
      setSlot(indices, weights, at, a, weight);
      setSlot(indices, weights, at + 1, b, 1 - weight);
      if (deform === Deform.Sdef) input.skip(SDEF_EXTRA_BYTES);
      break;
    }
    case Deform.Bdef4:
    case Deform.Qdef: {
      for (let i = 0; i < 4; i++) quadBones[i] = input.boneIndex();
      for (let i = 0; i < 4; i++) setSlot(indices, weights, at + i, quadBones[i]!, input.f32());
      break;
    }
    default:
      throw new MmdFormatError(
        `vertex ${v} has weight type ${deform} at byte ${input.offset - 1} (0 to 4 expected)`,
      );
  }
  normalizeWeights(weights, v);
}

function readFaces(input: PmxInput): Uint32Array {
  input.at('the face count');
  const size = input.header.vertexIndexSize;
  const count = input.checkCount(input.i32(), 'face vertex indices', size);
  const indices = new Uint32Array(count);
  input.at('the faces');
  for (let i = 0; i < count; i++) indices[i] = input.vertexIndex();
  return indices;
}
