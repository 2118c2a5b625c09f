/** Triangles per collider: small enough that building one takes a few milliseconds. */
export const TRIANGLES_PER_CHUNK = 32_768;

/** One collider's worth of a stage's triangles, with only the vertices they use. */
export interface TrimeshChunk {
  /** 3 numbers per vertex, metres. */
  readonly positions: Float32Array;
  /** 3 indices into this chunk's `positions` per triangle. */
  readonly indices: Uint32Array;
}

/**
 * Splits a large triangle list into chunks of at most `trianglesPerChunk` triangles, each with
 * its own compact vertex list, one chunk per call of {@link next}: a stage's colliders can
 * then be built a few per frame, and no chunk copies the whole vertex list into Rapier.
 */
export class TrimeshChunks {
  /** Chunk-local index of each vertex of the whole list, −1 when the chunk has not met it. */
  private readonly localIndex: Int32Array;
  private nextTriangle = 0;
  readonly triangles: number;

  constructor(
    private readonly positions: Float32Array,
    private readonly indices: Uint32Array,
    private readonly trianglesPerChunk = TRIANGLES_PER_CHUNK,
  ) {
    this.localIndex = new Int32Array(positions.length / 3).fill(-1);
    this.triangles = Math.floor(indices.length / 3);
  }

  /** Triangles handed out so far. */
  get done(): number {
    return this.nextTriangle;
  }

  /** The next chunk, or null when every triangle has been handed out. */
  next(): TrimeshChunk | null {
    const first = this.nextTriangle;
    if (first >= this.triangles) return null;
    const end = Math.min(this.triangles, first + this.trianglesPerChunk);
    const indexCount = (end - first) * 3;
    const indices = new Uint32Array(indexCount);
    const used: number[] = [];
    for (let i = 0; i < indexCount; i++) {
      const vertex = this.indices[first * 3 + i]!;
      let local = this.localIndex[vertex]!;
      if (local < 0) {
        local = used.length;
        this.localIndex[vertex] = local;
        used.push(vertex);
      }
      indices[i] = local;
    }
    const positions = new Float32Array(used.length * 3);
    for (let local = 0; local < used.length; local++) {
      const vertex = used[local]!;
      positions[local * 3] = this.positions[vertex * 3]!;
      positions[local * 3 + 1] = this.positions[vertex * 3 + 1]!;
      positions[local * 3 + 2] = this.positions[vertex * 3 + 2]!;
      // Ready for the next chunk, which numbers its vertices afresh.
      this.localIndex[vertex] = -1;
    }
    this.nextTriangle = end;
    return { positions, indices };
  }
}
