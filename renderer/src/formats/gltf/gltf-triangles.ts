import type { GltfContainer } from './gltf-container';
import { GltfFileError } from './gltf-container';

/**
 * A glTF scene's triangles in world space: every mesh primitive drawn as triangles (lists,
 * strips and fans) under the default scene's nodes, placed by their nodes' transforms. glTF
 * is metres, +Y up, right-handed, as three.js is, so nothing is converted.
 */
export interface GltfTriangles {
  /** 3 numbers per vertex, metres. */
  readonly positions: Float32Array;
  /** 3 vertex indices per triangle. */
  readonly indices: Uint32Array;
}

type Json = Record<string, unknown>;
type Mat4 = Float64Array;

const TRIANGLES = 4;
const TRIANGLE_STRIP = 5;
const TRIANGLE_FAN = 6;
const FLOAT = 5126;
const INDEX_SIZES: Readonly<Record<number, number>> = { 5121: 1, 5123: 2, 5125: 4 };
/** Extensions whose meshes cannot be read without a decoder we do not ship. */
const COMPRESSION = ['KHR_draco_mesh_compression', 'EXT_meshopt_compression'];

function list(json: Json, key: string): Json[] {
  const value = json[key];
  return Array.isArray(value) ? (value as Json[]) : [];
}

function item(items: Json[], index: unknown, what: string): Json {
  const found = typeof index === 'number' ? items[index] : undefined;
  if (!found || typeof found !== 'object')
    throw new GltfFileError(`${what} ${String(index)} is missing`);
  return found;
}

/** One primitive to read, with the node matrix it is drawn under. */
interface Placed {
  readonly primitive: Json;
  readonly matrix: Mat4;
}

/** A node's own transform: its `matrix`, or its translation, rotation and scale. */
function localMatrix(node: Json): Mat4 {
  const m = new Float64Array(16);
  const given = node['matrix'];
  if (Array.isArray(given) && given.length === 16) {
    for (let i = 0; i < 16; i++) m[i] = Number(given[i]);
    return m;
  }
  const [tx, ty, tz] = triple(node['translation'], 0);
  const [sx, sy, sz] = triple(node['scale'], 1);
  const r = Array.isArray(node['rotation']) ? (node['rotation'] as number[]) : [0, 0, 0, 1];
  const [x, y, z, w] = [Number(r[0]), Number(r[1]), Number(r[2]), Number(r[3])];
  // Column-major rotation times scale, as glTF composes T·R·S.
  m[0] = (1 - 2 * (y * y + z * z)) * sx;
  m[1] = 2 * (x * y + z * w) * sx;
  m[2] = 2 * (x * z - y * w) * sx;
  m[4] = 2 * (x * y - z * w) * sy;
  m[5] = (1 - 2 * (x * x + z * z)) * sy;
  m[6] = 2 * (y * z + x * w) * sy;
  m[8] = 2 * (x * z + y * w) * sz;
  m[9] = 2 * (y * z - x * w) * sz;
  m[10] = (1 - 2 * (x * x + y * y)) * sz;
  m[12] = tx;
  m[13] = ty;
  m[14] = tz;
  m[15] = 1;
  return m;
}

function triple(value: unknown, fallback: number): [number, number, number] {
  if (!Array.isArray(value)) return [fallback, fallback, fallback];
  return [Number(value[0]), Number(value[1]), Number(value[2])];
}

function multiply(a: Mat4, b: Mat4): Mat4 {
  const out = new Float64Array(16);
  for (let col = 0; col < 4; col++)
    for (let row = 0; row < 4; row++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += a[k * 4 + row]! * b[col * 4 + k]!;
      out[col * 4 + row] = sum;
    }
  return out;
}

function identity(): Mat4 {
  const m = new Float64Array(16);
  m[0] = m[5] = m[10] = m[15] = 1;
  return m;
}

/** Every triangle primitive under the default scene, with its node's world matrix. */
function placedPrimitives(json: Json): Placed[] {
  const nodes = list(json, 'nodes');
  const meshes = list(json, 'meshes');
  const scenes = list(json, 'scenes');
  const sceneIndex = typeof json['scene'] === 'number' ? json['scene'] : 0;
  let roots: unknown[];
  if (scenes.length > 0) {
    const rootList = item(scenes, sceneIndex, 'scene')['nodes'];
    roots = Array.isArray(rootList) ? rootList : [];
  } else {
    const children = new Set(nodes.flatMap((node) => list(node, 'children') as unknown[]));
    roots = nodes.map((_, i) => i).filter((i) => !children.has(i));
  }
  const placed: Placed[] = [];
  const visiting = new Set<number>();
  const visit = (index: unknown, parent: Mat4): void => {
    if (typeof index !== 'number' || visiting.has(index))
      throw new GltfFileError(`node ${String(index)} is missing or is its own ancestor`);
    const node = item(nodes, index, 'node');
    visiting.add(index);
    const matrix = multiply(parent, localMatrix(node));
    if (node['mesh'] !== undefined)
      for (const primitive of list(item(meshes, node['mesh'], 'mesh'), 'primitives'))
        placed.push({ primitive, matrix });
    for (const child of list(node, 'children') as unknown[]) visit(child, matrix);
    visiting.delete(index);
  };
  for (const root of roots) visit(root, identity());
  return placed;
}

/** An accessor's bytes as a view, with its element stride, count and component type. */
function accessorData(
  container: GltfContainer,
  index: unknown,
): { data: DataView; stride: number; count: number; componentType: number; type: string } {
  const json = container.json;
  const accessor = item(list(json, 'accessors'), index, 'accessor');
  if (accessor['sparse'] !== undefined)
    throw new GltfFileError(`accessor ${String(index)} is sparse, which stages do not read`);
  const count = Number(accessor['count']);
  const componentType = Number(accessor['componentType']);
  const type = String(accessor['type']);
  const view = item(list(json, 'bufferViews'), accessor['bufferView'], 'buffer view');
  const buffer = container.buffers[Number(view['buffer'])];
  if (!buffer) throw new GltfFileError(`buffer ${String(view['buffer'])} is missing`);
  const size = type === 'VEC3' ? 3 : 1;
  const componentSize = componentType === FLOAT ? 4 : (INDEX_SIZES[componentType] ?? 0);
  if (componentSize === 0 || !Number.isInteger(count) || count < 0)
    throw new GltfFileError(`accessor ${String(index)} has a type stages do not read`);
  const stride = Number(view['byteStride'] ?? size * componentSize);
  const start = Number(view['byteOffset'] ?? 0) + Number(accessor['byteOffset'] ?? 0);
  const length = count === 0 ? 0 : (count - 1) * stride + size * componentSize;
  const viewEnd = Number(view['byteOffset'] ?? 0) + Number(view['byteLength']);
  if (!(start >= 0 && start + length <= viewEnd && viewEnd <= buffer.byteLength))
    throw new GltfFileError(`accessor ${String(index)} reaches past its buffer`);
  return {
    data: new DataView(buffer.buffer, buffer.byteOffset + start, length),
    stride,
    count,
    componentType,
    type,
  };
}

/**
 * Tightly packed, aligned float triples as a typed array over the file's bytes (the common
 * case, several times faster to read than DataView calls); null otherwise. glTF is
 * little-endian, as every machine the app runs on.
 */
function packedFloats(data: DataView, stride: number): Float32Array | null {
  if (stride !== 12 || (data.byteOffset & 3) !== 0) return null;
  return new Float32Array(data.buffer, data.byteOffset, data.byteLength / 4);
}

/** The primitive's vertex indices as triangle lists (strips and fans unrolled). */
function triangleIndices(
  container: GltfContainer,
  primitive: Json,
  vertexCount: number,
): Uint32Array {
  const mode = primitive['mode'] === undefined ? TRIANGLES : Number(primitive['mode']);
  let order: Uint32Array;
  if (primitive['indices'] === undefined) {
    order = new Uint32Array(vertexCount);
    for (let i = 0; i < vertexCount; i++) order[i] = i;
  } else {
    const { data, stride, count, componentType } = accessorData(container, primitive['indices']);
    const size = INDEX_SIZES[componentType];
    if (size === undefined) throw new GltfFileError('an index list is not whole numbers');
    if (size === 4 && stride === 4 && (data.byteOffset & 3) === 0) {
      order = new Uint32Array(data.buffer.slice(data.byteOffset, data.byteOffset + count * 4));
      return unrolled(order, mode);
    }
    order = new Uint32Array(count);
    for (let i = 0; i < count; i++) {
      const at = i * stride;
      order[i] =
        size === 1
          ? data.getUint8(at)
          : size === 2
            ? data.getUint16(at, true)
            : data.getUint32(at, true);
    }
  }
  return unrolled(order, mode);
}

/** Triangle lists from a list, strip or fan of vertex indices. */
function unrolled(order: Uint32Array, mode: number): Uint32Array {
  if (mode === TRIANGLES) return order.subarray(0, order.length - (order.length % 3));
  const triangles = Math.max(0, order.length - 2);
  const out = new Uint32Array(triangles * 3);
  for (let t = 0; t < triangles; t++) {
    const flip = mode === TRIANGLE_STRIP && t % 2 === 1;
    out[t * 3] = mode === TRIANGLE_FAN ? order[0]! : order[t]!;
    out[t * 3 + 1] = flip ? order[t + 2]! : order[t + 1]!;
    out[t * 3 + 2] = flip ? order[t + 1]! : order[t + 2]!;
  }
  return out;
}

function drawsTriangles(primitive: Json): boolean {
  const mode = primitive['mode'] === undefined ? TRIANGLES : Number(primitive['mode']);
  return mode === TRIANGLES || mode === TRIANGLE_STRIP || mode === TRIANGLE_FAN;
}

/**
 * Reads the triangles of `container`'s default scene. Refuses, before copying anything, a
 * scene with more than `maxTriangles` triangles (the message gives the count), and meshes
 * compressed with an extension we cannot decode. Throws {@link GltfFileError}.
 */
export function gltfTriangles(container: GltfContainer, maxTriangles: number): GltfTriangles {
  const used = [...list(container.json, 'extensionsUsed' as string)] as unknown[];
  const compressed = COMPRESSION.find((name) => used.includes(name));
  if (compressed)
    throw new GltfFileError(
      `its meshes are compressed (${compressed}): export it without mesh compression`,
    );
  const placed = placedPrimitives(container.json).filter(({ primitive }) =>
    drawsTriangles(primitive),
  );
  const reads = placed.map(({ primitive, matrix }) => {
    const attributes = (primitive['attributes'] ?? {}) as Json;
    const positions = accessorData(container, attributes['POSITION']);
    if (positions.componentType !== FLOAT || positions.type !== 'VEC3')
      throw new GltfFileError('a mesh keeps its positions as other than 3 floats (quantized)');
    return { positions, indices: triangleIndices(container, primitive, positions.count), matrix };
  });
  const triangles = reads.reduce((sum, read) => sum + read.indices.length / 3, 0);
  if (triangles > maxTriangles)
    throw new GltfFileError(
      `it has ${triangles.toLocaleString('en')} triangles, more than ${maxTriangles.toLocaleString('en')}`,
    );
  const vertexTotal = reads.reduce((sum, read) => sum + read.positions.count, 0);
  const positions = new Float32Array(vertexTotal * 3);
  const indices = new Uint32Array(triangles * 3);
  let vertexBase = 0;
  let indexAt = 0;
  for (const { positions: source, indices: order, matrix: m } of reads) {
    const floats = packedFloats(source.data, source.stride);
    for (let v = 0; v < source.count; v++) {
      const at = v * source.stride;
      const x = floats ? floats[v * 3]! : source.data.getFloat32(at, true);
      const y = floats ? floats[v * 3 + 1]! : source.data.getFloat32(at + 4, true);
      const z = floats ? floats[v * 3 + 2]! : source.data.getFloat32(at + 8, true);
      const out = (vertexBase + v) * 3;
      positions[out] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
      positions[out + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
      positions[out + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
    }
    for (let i = 0; i < order.length; i++) {
      if (order[i]! >= source.count)
        throw new GltfFileError('a triangle names a vertex its mesh lacks');
      indices[indexAt++] = vertexBase + order[i]!;
    }
    vertexBase += source.count;
  }
  return { positions, indices };
}
