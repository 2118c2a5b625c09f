import { MmdFormatError } from './mmd-format-error';
import type { PmxInput } from './pmx-input';
import type { MmdMorph } from './mmd-model';
import type { RefusedMorphs } from './mmd-morphs';
import { checkedGroup, firstBadVertex } from './mmd-morphs';

/**
 * The PMX sections a ragdoll does not use (the morphs' kinds that are not drawn, display
 * frames, PMX 2.1 soft bodies) are stepped over exactly, item by item, so the sections after them line up and an
 * early end still names the item it ended in.
 */

/** Bytes of one offset of each morph type, after the leading index (whose width varies). */
const MORPH_OFFSET_TAIL_BYTES: readonly number[] = [
  4, // 0 group: weight
  12, // 1 vertex: move
  28, // 2 bone: move + rotation quaternion
  16, // 3 UV
  16, // 4-7 additional UV 1-4
  16,
  16,
  16,
  1 + 28 * 4, // 8 material: operation + 28 floats
  4, // 9 flip (2.1): weight
  1 + 24, // 10 impulse (2.1): local flag + velocity + torque
];

function morphIndexBytes(input: PmxInput, type: number): number {
  const header = input.header;
  if (type === 0 || type === 9) return header.morphIndexSize;
  if (type === 2) return header.boneIndexSize;
  if (type === 8) return header.materialIndexSize;
  if (type === 10) return header.rigidBodyIndexSize;
  return header.vertexIndexSize;
}

/**
 * Reads every morph: vertex and group morphs with their offsets, the other kinds stepped over
 * (kept by name). Vertex morphs naming a vertex past `vertexCount` are refused into `refused`.
 */
export function readPmxMorphs(
  input: PmxInput,
  vertexCount: number,
  refused: RefusedMorphs,
): MmdMorph[] {
  const count = input.count('morph', 'i32', 8 + 2 + 4);
  const morphs: MmdMorph[] = [];
  for (let m = 0; m < count; m++) {
    input.at('morph', m);
    const name = input.name();
    input.skip(1); // panel
    const type = input.u8();
    const offsetBytes = MORPH_OFFSET_TAIL_BYTES[type];
    if (offsetBytes === undefined) {
      throw new MmdFormatError(
        `morph ${m} has type ${type} at byte ${input.offset - 1} (0 to 10 expected)`,
      );
    }
    const itemBytes = morphIndexBytes(input, type) + offsetBytes;
    const offsets = input.checkCount(input.i32(), `offsets of morph ${m}`, itemBytes);
    if (type === 1) morphs.push(readVertexMorph(input, name, offsets, vertexCount, refused));
    else if (type === 0) morphs.push(readGroupMorph(input, name, offsets));
    else {
      input.skip(offsets * itemBytes);
      morphs.push({ name, kind: 'other', type });
    }
  }
  // Group entries naming no morph (or another group, which MMD does not apply) are dropped.
  return morphs.map((morph) => (morph.kind === 'group' ? checkedGroup(morph, morphs) : morph));
}

function readVertexMorph(
  input: PmxInput,
  name: string,
  count: number,
  vertexCount: number,
  refused: RefusedMorphs,
): MmdMorph {
  const vertices = new Int32Array(count);
  const offsets = new Float32Array(3 * count);
  for (let i = 0; i < count; i++) {
    vertices[i] = input.vertexIndex();
    offsets[3 * i] = input.f32();
    offsets[3 * i + 1] = input.f32();
    offsets[3 * i + 2] = input.f32();
  }
  const bad = firstBadVertex(vertices, vertexCount);
  if (bad === null) return { name, kind: 'vertex', vertices, offsets };
  refused.refuse(name, bad);
  return { name, kind: 'other', type: 1 };
}

function readGroupMorph(input: PmxInput, name: string, count: number): MmdMorph {
  const morphs = new Int32Array(count);
  const weights = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    morphs[i] = input.morphIndex();
    weights[i] = input.f32();
  }
  return { name, kind: 'group', morphs, weights };
}

/** Steps over the display frames (bone and morph lists for MMD's timeline). */
export function skipPmxDisplayFrames(input: PmxInput): void {
  const count = input.count('display frame', 'i32', 8 + 1 + 4);
  for (let f = 0; f < count; f++) {
    input.at('display frame', f);
    input.name();
    input.skip(1); // special frame flag
    const elements = input.checkCount(input.i32(), `entries of display frame ${f}`, 2);
    for (let e = 0; e < elements; e++) {
      const kind = input.u8();
      if (kind === 0) input.boneIndex();
      else if (kind === 1) input.morphIndex();
      else {
        throw new MmdFormatError(
          `display frame ${f} has an entry of kind ${kind} at byte ${input.offset - 1} (0 or 1 expected)`,
        );
      }
    }
  }
}

/** Soft-body fields between the flags and the anchor list (all fixed width). */
const SOFT_BODY_FIXED_BYTES = 4 + 4 + 4 + 4 + 4 + 18 * 4 + 4 * 4 + 3 * 4;

/** Steps over PMX 2.1's soft bodies; returns how many there are. */
export function skipPmxSoftBodies(input: PmxInput): number {
  const count = input.count('soft body', 'i32', 8 + 5 + SOFT_BODY_FIXED_BYTES + 8);
  const header = input.header;
  for (let s = 0; s < count; s++) {
    input.at('soft body', s);
    input.name();
    input.skip(1); // shape
    input.materialIndex();
    input.skip(1 + 2 + 1); // group, collision mask, flags
    input.skip(SOFT_BODY_FIXED_BYTES);
    const anchorBytes = header.rigidBodyIndexSize + header.vertexIndexSize + 1;
    const anchors = input.checkCount(input.i32(), `anchors of soft body ${s}`, anchorBytes);
    input.skip(anchors * anchorBytes);
    const pins = input.checkCount(
      input.i32(),
      `pinned vertices of soft body ${s}`,
      header.vertexIndexSize,
    );
    input.skip(pins * header.vertexIndexSize);
  }
  return count;
}
