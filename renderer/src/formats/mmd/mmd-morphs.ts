import type { MmdMorph } from './mmd-model';
import type { ReadWarnings } from './read-warnings';

/**
 * What the morph readers found wrong: vertex morphs naming vertices the mesh does not have are
 * refused (left out) and reported once, with the model's name, the first such morph and the
 * first bad index; the rest of the model and its other morphs load.
 */
export class RefusedMorphs {
  private readonly names: string[] = [];
  private vertex = 0;

  refuse(morphName: string, vertex: number): void {
    if (this.names.length === 0) this.vertex = vertex;
    this.names.push(morphName);
  }

  report(modelName: string, vertexCount: number, warnings: ReadWarnings): void {
    const count = this.names.length;
    if (count === 0) return;
    warnings.add(
      'morph-bad-vertex',
      `${count} ${count === 1 ? 'morph' : 'morphs'} of "${modelName}" (the first: "${this.names[0]}") ` +
        `name vertex ${this.vertex}, but the model has ${vertexCount} vertices; ` +
        `${count === 1 ? 'it was' : 'they were'} left out and the face does not use ${count === 1 ? 'it' : 'them'}.`,
      {
        count,
        names: [this.names[0]!, modelName],
        numbers: { vertex: this.vertex, vertexCount },
      },
    );
  }
}

/** True when every index in `indices` names one of `vertexCount` vertices. */
export function firstBadVertex(indices: Int32Array, vertexCount: number): number | null {
  for (let i = 0; i < indices.length; i++) {
    const v = indices[i]!;
    if (v < 0 || v >= vertexCount) return v;
  }
  return null;
}

/** A group morph without the entries that name no morph of the model, or a group. */
export function checkedGroup(
  morph: Extract<MmdMorph, { kind: 'group' }>,
  morphs: readonly MmdMorph[],
): MmdMorph {
  const keep: number[] = [];
  for (let i = 0; i < morph.morphs.length; i++) {
    const target = morphs[morph.morphs[i]!];
    if (target && target.kind !== 'group') keep.push(i);
  }
  if (keep.length === morph.morphs.length) return morph;
  return {
    ...morph,
    morphs: Int32Array.from(keep, (i) => morph.morphs[i]!),
    weights: Float32Array.from(keep, (i) => morph.weights[i]!),
  };
}
