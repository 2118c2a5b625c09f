import { GLB_CHUNK_BIN, GLB_CHUNK_JSON, GLB_MAGIC } from '../../formats/gltf/gltf-container';
import { HUMANOID_PARENTS } from '../humanoid-hierarchy';
import type { FaceKeys } from './face-keys';
import { faceKeyTrack } from './face-keys';
import type { HumanoidKeys } from './humanoid-keys';
import { localRotations } from './humanoid-keys';

const FLOAT = 5126;

interface Accessor {
  bufferView: number;
  componentType: number;
  count: number;
  type: 'SCALAR' | 'VEC3' | 'VEC4';
  min?: number[];
  max?: number[];
}

/** VRM 1.0's preset expression names; any other name is a custom expression. */
const PRESET_EXPRESSIONS: ReadonlySet<string> = new Set([
  'happy',
  'angry',
  'sad',
  'relaxed',
  'surprised',
  'aa',
  'ih',
  'ou',
  'ee',
  'oh',
  'blink',
  'blinkLeft',
  'blinkRight',
  'neutral',
]);

/** The expressions a look-at drives: a VRM Animation carries the look-at itself instead. */
const LOOK_EXPRESSIONS: ReadonlySet<string> = new Set([
  'lookUp',
  'lookDown',
  'lookLeft',
  'lookRight',
]);

/** The face names {@link writeVrma} writes as expressions: all but the look-at's own. */
export function vrmaExpressionNames(face: FaceKeys): string[] {
  return face.names.filter((name) => !LOOK_EXPRESSIONS.has(name));
}

/**
 * A VRM Animation (`.vrma`: binary glTF with the `VRMC_vrm_animation` 1.0 extension) of
 * humanoid keys: one node per bone in the humanoid hierarchy (rest rotations identity, so the
 * stored rotations are the normalized bones' local rotations, as VRM Animation defines them;
 * rest positions from the figure), one linear rotation channel per bone and a translation
 * channel for the hips. Keys at the recording's frames, {@link HumanoidKeys.frameRate} a second.
 * Needs T-pose keys (`rest: 'tpose'`).
 *
 * With `face` (over the same frames): each expression as VRM Animation stores one, a node whose
 * translation's x is the weight, listed under `expressions.preset` or `custom`; and with the
 * face's gaze, a look-at node whose rotation is the eyes' yaw and pitch (Euler YXZ, as
 * three-vrm-animation reads it back).
 */
export function writeVrma(
  keys: HumanoidKeys,
  name: string,
  face: FaceKeys | null = null,
): Uint8Array {
  if (keys.rest !== 'tpose') throw new Error('writeVrma: the keys must be relative to the T-pose');
  const { parents, locals } = localRotations(keys, HUMANOID_PARENTS);
  const n = keys.bones.length;
  const frames = keys.frameCount;
  const times = Float32Array.from({ length: frames }, (_, f) => f / keys.frameRate);
  const chunks: Float32Array[] = [times];
  const accessors: Accessor[] = [
    {
      bufferView: 0,
      componentType: FLOAT,
      count: frames,
      type: 'SCALAR',
      min: [0],
      max: [times[frames - 1] ?? 0],
    },
  ];
  const channels: object[] = [];
  const samplers: object[] = [];
  const addChannel = (values: Float32Array, type: 'VEC3' | 'VEC4', node: number, path: string) => {
    chunks.push(values);
    accessors.push({ bufferView: chunks.length - 1, componentType: FLOAT, count: frames, type });
    samplers.push({ input: 0, output: accessors.length - 1, interpolation: 'LINEAR' });
    channels.push({ sampler: samplers.length - 1, target: { node, path } });
  };
  for (let b = 0; b < n; b++) {
    const values = new Float32Array(frames * 4);
    for (let f = 0; f < frames; f++)
      values.set(locals.subarray((f * n + b) * 4, (f * n + b) * 4 + 4), f * 4);
    addChannel(values, 'VEC4', b, 'rotation');
  }
  const hips = keys.bones.indexOf('hips');
  if (hips >= 0) addChannel(Float32Array.from(keys.hips), 'VEC3', hips, 'translation');

  const nodes = keys.bones.map((bone, b) => {
    const parent = parents[b]!;
    const own = keys.restOffsets[b]!;
    const base = parent < 0 ? [0, 0, 0] : keys.restOffsets[parent]!;
    const translation =
      bone === 'hips'
        ? [0, keys.restHipsHeight, 0]
        : [own[0] - base[0]!, own[1] - base[1]!, own[2] - base[2]!];
    const children = keys.bones.flatMap((_, c) => (parents[c] === b ? [c] : []));
    return { name: bone, translation, ...(children.length > 0 ? { children } : {}) };
  });
  const faceNodes: { name: string }[] = [];
  const expressions: Record<'preset' | 'custom', Record<string, { node: number }>> = {
    preset: {},
    custom: {},
  };
  const written = face ? vrmaExpressionNames(face) : [];
  for (const expression of written) {
    const node = nodes.length + faceNodes.length;
    faceNodes.push({ name: `expression_${expression}` });
    const kind = PRESET_EXPRESSIONS.has(expression) ? 'preset' : 'custom';
    expressions[kind][expression] = { node };
    const weights = faceKeyTrack(face!, face!.names.indexOf(expression));
    const values = new Float32Array(frames * 3);
    for (let f = 0; f < frames; f++) values[3 * f] = weights[f]!;
    addChannel(values, 'VEC3', node, 'translation');
  }
  let lookAtNode = -1;
  if (face?.gaze) {
    lookAtNode = nodes.length + faceNodes.length;
    faceNodes.push({ name: 'lookAt' });
    addChannel(lookAtRotations(face.gaze, frames), 'VEC4', lookAtNode, 'rotation');
  }
  const humanBones = Object.fromEntries(keys.bones.map((bone, b) => [bone, { node: b }]));
  const faceExtension = {
    ...(written.length > 0 ? { expressions } : {}),
    ...(lookAtNode >= 0 ? { lookAt: { node: lookAtNode } } : {}),
  };
  const roots = keys.bones.flatMap((_, b) => (parents[b]! < 0 ? [b] : []));
  let offset = 0;
  const bufferViews = chunks.map((chunk) => {
    const view = { buffer: 0, byteOffset: offset, byteLength: chunk.byteLength };
    offset += chunk.byteLength;
    return view;
  });
  const json = {
    asset: { version: '2.0', generator: 'Ragdoll Playground' },
    extensionsUsed: ['VRMC_vrm_animation'],
    extensions: {
      VRMC_vrm_animation: { specVersion: '1.0', humanoid: { humanBones }, ...faceExtension },
    },
    scene: 0,
    scenes: [{ nodes: [...roots, ...faceNodes.map((_, i) => nodes.length + i)] }],
    nodes: [...nodes, ...faceNodes],
    buffers: [{ byteLength: offset }],
    bufferViews,
    accessors,
    animations: [{ name, channels, samplers }],
  };
  return glb(json, chunks, offset);
}

/**
 * The look-at node's rotation per frame from yaw and pitch (degrees): Euler angles in YXZ
 * order, (pitch about x, yaw about y), the order three-vrm's look-at uses.
 */
function lookAtRotations(gaze: Float32Array, frames: number): Float32Array {
  const out = new Float32Array(frames * 4);
  const half = Math.PI / 360;
  for (let f = 0; f < frames; f++) {
    const y = gaze[2 * f]! * half;
    const x = gaze[2 * f + 1]! * half;
    const sy = Math.sin(y);
    const cy = Math.cos(y);
    const sx = Math.sin(x);
    const cx = Math.cos(x);
    // q(yaw about y) · q(pitch about x)
    out[4 * f] = cy * sx;
    out[4 * f + 1] = sy * cx;
    out[4 * f + 2] = -sy * sx;
    out[4 * f + 3] = cy * cx;
  }
  return out;
}

function padded(length: number): number {
  return Math.ceil(length / 4) * 4;
}

function glb(json: object, chunks: readonly Float32Array[], binLength: number): Uint8Array {
  const text = asciiBytes(JSON.stringify(json));
  const jsonLength = padded(text.byteLength);
  const binPadded = padded(binLength);
  const total = 12 + 8 + jsonLength + 8 + binPadded;
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, GLB_MAGIC, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, GLB_CHUNK_JSON, true);
  bytes.set(text, 20);
  bytes.fill(0x20, 20 + text.byteLength, 20 + jsonLength);
  const bin = 20 + jsonLength;
  view.setUint32(bin, binPadded, true);
  view.setUint32(bin + 4, GLB_CHUNK_BIN, true);
  let at = bin + 8;
  for (const chunk of chunks) {
    bytes.set(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength), at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The JSON as ASCII bytes: any other character written as a \u escape, which JSON reads back. */
function asciiBytes(json: string): Uint8Array {
  const ascii = json.replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  const bytes = new Uint8Array(ascii.length);
  for (let i = 0; i < ascii.length; i++) bytes[i] = ascii.charCodeAt(i);
  return bytes;
}
