/**
 * The pure parts of a file stage: chunks of a triangle list keep every triangle where it was
 * with only the vertices they use, and a glTF's triangles come out placed by nested nodes,
 * with strips and fans unrolled and points and lines left out.
 */
import { describe, expect, it } from 'vitest';
import { gltfTriangles } from '../../renderer/src/formats/gltf/gltf-triangles';
import { TrimeshChunks } from '../../renderer/src/physics/stage/trimesh-chunks';
import { gridTriangles } from '../../tools/fixtures/gltf-stage-writer';

/** Each triangle's corners as coordinates, in order. */
function corners(positions: Float32Array, indices: Uint32Array): number[][] {
  return Array.from(indices, (index) => Array.from(positions.subarray(index * 3, index * 3 + 3)));
}

describe('trimesh chunks', () => {
  it('split a list into chunks that together are the same triangles, each with its own vertices', () => {
    const grid = gridTriangles(3, 10);
    const chunks = new TrimeshChunks(grid.positions, grid.indices, 64);
    const all: number[][] = [];
    let count = 0;
    for (let chunk = chunks.next(); chunk; chunk = chunks.next()) {
      count++;
      expect(chunk.indices.length).toBeLessThanOrEqual(64 * 3);
      // Compact: every vertex of the chunk is used by one of its triangles.
      expect(new Set(chunk.indices).size).toBe(chunk.positions.length / 3);
      all.push(...corners(chunk.positions, chunk.indices));
    }
    expect(count).toBe(Math.ceil(200 / 64));
    expect(chunks.done).toBe(200);
    expect(all).toEqual(corners(grid.positions, grid.indices));
  });
});

/** A glTF container whose buffer 0 holds `floats` then `indices` (packed, little-endian). */
function container(json: Record<string, unknown>, floats: number[], indices: number[]) {
  const positionBytes = new Uint8Array(new Float32Array(floats).buffer);
  const indexBytes = new Uint8Array(new Uint16Array(indices).buffer);
  const buffer = new Uint8Array(positionBytes.length + indexBytes.length + 2);
  buffer.set(positionBytes);
  buffer.set(indexBytes, positionBytes.length);
  return {
    json: {
      ...json,
      bufferViews: [
        { buffer: 0, byteOffset: 0, byteLength: positionBytes.length },
        { buffer: 0, byteOffset: positionBytes.length, byteLength: indexBytes.length },
      ],
      accessors: [
        { bufferView: 0, componentType: 5126, count: floats.length / 3, type: 'VEC3' },
        { bufferView: 1, componentType: 5123, count: indices.length, type: 'SCALAR' },
      ],
    },
    buffers: [buffer],
  };
}

describe('glTF triangles', () => {
  const square = [0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 1];

  it('places a mesh by its parent and own nodes (translation, rotation, scale)', () => {
    const json = {
      scene: 0,
      scenes: [{ nodes: [0] }],
      nodes: [
        { translation: [10, 0, 0], children: [1] },
        // A quarter turn about +Y, then doubled: x → −z, z → x.
        { mesh: 0, rotation: [0, Math.SQRT1_2, 0, Math.SQRT1_2], scale: [2, 2, 2] },
      ],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
    };
    const { positions, indices } = gltfTriangles(container(json, square, [0, 2, 1]), 100);
    const placed = corners(positions, indices).map((p) =>
      p.map((v) => Math.round(v * 1e5) / 1e5 + 0),
    );
    expect(placed).toEqual([
      [10, 0, 0],
      [12, 0, 0],
      [10, 0, -2],
    ]);
  });

  it('unrolls strips and fans, leaves out points, and refuses more triangles than allowed', () => {
    const json = (mode: number) => ({
      nodes: [{ mesh: 0 }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1, mode }] }],
    });
    const strip = gltfTriangles(container(json(5), square, [0, 1, 2, 3]), 100);
    expect(Array.from(strip.indices)).toEqual([0, 1, 2, 1, 3, 2]);
    const fan = gltfTriangles(container(json(6), square, [0, 1, 3, 2]), 100);
    expect(Array.from(fan.indices)).toEqual([0, 1, 3, 0, 3, 2]);
    expect(gltfTriangles(container(json(0), square, [0, 1, 2, 3]), 100).indices).toHaveLength(0);
    expect(() => gltfTriangles(container(json(5), square, [0, 1, 2, 3]), 1)).toThrow(
      /it has 2 triangles, more than 1/,
    );
  });
});
