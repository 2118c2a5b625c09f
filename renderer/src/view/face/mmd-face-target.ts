import type { BufferAttribute } from 'three';
import type { MmdMorph } from '../../formats/mmd/mmd-model';
import { mirroredPositions } from '../mmd/mmd-geometry';
import type { FaceTarget } from './face-target';

type VertexMorph = Extract<MmdMorph, { kind: 'vertex' }>;
type GroupMorph = Extract<MmdMorph, { kind: 'group' }>;

/**
 * An MMD model's vertex and group morphs as a {@link FaceTarget}, drawn by moving the mesh's
 * own vertices (the edge mesh shares them). Sparse on purpose: a model's morphs touch a few
 * thousand of its vertices in all, where three.js morph targets would hold every vertex for
 * every morph (about 80 MB for a 28,000-vertex model with 177 morphs). {@link apply} redoes
 * only the vertices of morphs whose weight changed, from the rest positions, so nothing
 * drifts; it allocates nothing. Bone, UV, material, flip and impulse morphs are not drawn and
 * not listed.
 */
export class MmdFaceTarget implements FaceTarget {
  readonly names: readonly string[];
  private readonly weights: Float32Array;
  /** Vertex morphs, in {@link names} order first; `names` then has the group morphs. */
  private readonly vertexMorphs: readonly VertexMorph[];
  /** Per group morph (by name index − vertex count): indices into vertexMorphs and weights. */
  private readonly groups: readonly { targets: Int32Array; weights: Float32Array }[];
  /** Each vertex morph's weight as drawn, and as wanted this frame. */
  private readonly drawn: Float32Array;
  private readonly wanted: Float32Array;
  /** Rest positions (metres, right-handed) and the offsets scaled into the same space. */
  private readonly rest: Float32Array;
  private readonly offsets: readonly Float32Array[];
  private readonly marked: Uint8Array;
  private readonly markedList: Int32Array;

  /**
   * @param morphs - the model's morphs as parsed (left-handed, MMD units)
   * @param position - the drawn mesh's position attribute (metres, z mirrored), moved in place
   * @param scale - metres per MMD unit
   */
  constructor(
    morphs: readonly MmdMorph[],
    private readonly position: BufferAttribute,
    scale: number,
  ) {
    const vertexIndex = new Map<number, number>();
    const vertexMorphs: VertexMorph[] = [];
    morphs.forEach((morph, index) => {
      if (morph.kind !== 'vertex') return;
      vertexIndex.set(index, vertexMorphs.length);
      vertexMorphs.push(morph);
    });
    const groupMorphs = morphs.filter((morph): morph is GroupMorph => morph.kind === 'group');
    this.vertexMorphs = vertexMorphs;
    this.groups = groupMorphs.map((group) => {
      const kept = [...group.morphs.keys()].filter((i) => vertexIndex.has(group.morphs[i]!));
      return {
        targets: Int32Array.from(kept, (i) => vertexIndex.get(group.morphs[i]!)!),
        weights: Float32Array.from(kept, (i) => group.weights[i]!),
      };
    });
    this.names = [...vertexMorphs, ...groupMorphs].map((morph) => morph.name);
    this.weights = new Float32Array(this.names.length);
    this.drawn = new Float32Array(vertexMorphs.length);
    this.wanted = new Float32Array(vertexMorphs.length);
    this.rest = (position.array as Float32Array).slice();
    // Into the drawn space: metres, z mirrored (see mmd-geometry.ts).
    this.offsets = vertexMorphs.map((morph) => mirroredPositions(morph.offsets, scale));
    this.marked = new Uint8Array(position.count);
    this.markedList = new Int32Array(position.count);
  }

  indexOf(name: string): number {
    return this.names.indexOf(name);
  }

  weight(index: number): number {
    return this.weights[index] ?? 0;
  }

  setWeight(index: number, weight: number): void {
    if (index < 0 || index >= this.weights.length) return;
    this.weights[index] = weight < 0 ? 0 : weight > 1 ? 1 : weight;
  }

  setWeightFrom(index: number, from: Float64Array, slot: number): void {
    if (index < 0 || index >= this.weights.length) return;
    const weight = from[slot]!;
    this.weights[index] = weight < 0 ? 0 : weight > 1 ? 1 : weight;
  }

  readWeight(index: number, to: Float64Array, slot: number): void {
    to[slot] = this.weights[index] ?? 0;
  }

  /** Moves the vertices of every morph whose weight changed since the last call. */
  apply(): void {
    const wanted = this.wanted;
    const count = wanted.length;
    for (let m = 0; m < count; m++) wanted[m] = this.weights[m]!;
    const groups = this.groups;
    for (let g = 0; g < groups.length; g++) {
      const w = this.weights[count + g]!;
      if (w === 0) continue;
      const { targets, weights } = groups[g]!;
      for (let i = 0; i < targets.length; i++) wanted[targets[i]!]! += w * weights[i]!;
    }
    const drawn = this.drawn;
    let changed = 0;
    const positions = this.position.array as Float32Array;
    const rest = this.rest;
    const marked = this.marked;
    const list = this.markedList;
    // Every vertex of a changed morph goes back to rest…
    for (let m = 0; m < count; m++) {
      if (wanted[m] === drawn[m]) continue;
      drawn[m] = wanted[m]!;
      const vertices = this.vertexMorphs[m]!.vertices;
      for (let i = 0; i < vertices.length; i++) {
        const v = vertices[i]!;
        if (marked[v]) continue;
        marked[v] = 1;
        list[changed++] = v;
        positions[3 * v] = rest[3 * v]!;
        positions[3 * v + 1] = rest[3 * v + 1]!;
        positions[3 * v + 2] = rest[3 * v + 2]!;
      }
    }
    if (changed === 0) return;
    // …and takes every morph now on again.
    for (let m = 0; m < count; m++) {
      const w = drawn[m]!;
      if (w === 0) continue;
      const vertices = this.vertexMorphs[m]!.vertices;
      const offsets = this.offsets[m]!;
      for (let i = 0; i < vertices.length; i++) {
        const v = vertices[i]!;
        if (!marked[v]) continue;
        positions[3 * v] = positions[3 * v]! + w * offsets[3 * i]!;
        positions[3 * v + 1] = positions[3 * v + 1]! + w * offsets[3 * i + 1]!;
        positions[3 * v + 2] = positions[3 * v + 2]! + w * offsets[3 * i + 2]!;
      }
    }
    for (let i = 0; i < changed; i++) marked[list[i]!] = 0;
    this.position.needsUpdate = true;
  }
}
