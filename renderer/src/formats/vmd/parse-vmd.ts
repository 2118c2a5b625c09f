/**
 * Our own reader for VMD bone keyframes. VMD is a small fixed-layout format (a 30-byte
 * signature, the model name, then 111-byte bone keys), so reading it on the project's
 * bounds-checked `BinaryReader` takes a page and gives the same kind of errors as the PMX/PMD
 * reader: a file that ends early says at which byte and in which keyframe. `mmd-parser` also
 * reads VMD, but it reads every section into plain objects (one per key, names decoded per
 * key), has no checks against truncated counts, and would be a second MMD parser in the app
 * beside ours; nothing it offers is needed here.
 *
 * Layout (little-endian): signature "Vocaloid Motion Data 0002" (or "… file") in 30 bytes,
 * model name (20 bytes, or 10 for "file"), uint32 bone key count, then per key: name (15
 * bytes Shift_JIS, NUL-terminated), uint32 frame, position 3 × f32, rotation quaternion
 * x, y, z, w as 4 × f32, 64 bytes of interpolation curves; then (when the file goes on) a
 * uint32 morph key count and per key: name (15 bytes), uint32 frame, weight f32.
 */
import { BinaryReader } from '../mmd/binary-reader';
import { MmdFormatError } from '../mmd/mmd-format-error';
import { decodeFixedShiftJis } from '../mmd/text-decoding';
import type { VmdBoneKeys, VmdMorphKeys, VmdMotion } from './vmd-motion';
import { VMD_CURVE_BYTES } from './vmd-motion';

const SIGNATURE_BYTES = 30;
const SIGNATURE_PREFIX = 'Vocaloid Motion Data ';
const NAME_BYTES = 15;
const CURVE_BLOCK_BYTES = 64;
/** Bytes of one bone key: name, frame, position, rotation, curves. */
export const VMD_BONE_KEY_BYTES = NAME_BYTES + 4 + 12 + 16 + CURVE_BLOCK_BYTES;

/** Bytes of one morph key: name, frame, weight. */
export const VMD_MORPH_KEY_BYTES = NAME_BYTES + 4 + 4;

/** True when `bytes` start with a VMD signature (used to tell VMD from glTF by content). */
export function looksLikeVmd(bytes: Uint8Array): boolean {
  if (bytes.byteLength < SIGNATURE_PREFIX.length) return false;
  for (let i = 0; i < SIGNATURE_PREFIX.length; i++) {
    if (bytes[i] !== SIGNATURE_PREFIX.charCodeAt(i)) return false;
  }
  return true;
}

function readSignature(reader: BinaryReader): VmdMotion['version'] {
  reader.at('the header');
  const raw = reader.bytes(SIGNATURE_BYTES);
  const end = raw.indexOf(0);
  const text = String.fromCharCode(...(end < 0 ? raw : raw.subarray(0, end)));
  if (text === `${SIGNATURE_PREFIX}0002`) return '0002';
  if (text === `${SIGNATURE_PREFIX}file`) return 'file';
  throw new MmdFormatError(
    looksLikeVmd(raw)
      ? `has an unknown VMD version "${text.slice(SIGNATURE_PREFIX.length)}" (known: 0002, file)`
      : 'is not a VMD motion: it does not start with "Vocaloid Motion Data"',
  );
}

/** True when the name bytes at `a` and `b` (each {@link NAME_BYTES} long) are equal. */
function sameName(source: Uint8Array, a: number, b: number): boolean {
  for (let i = 0; i < NAME_BYTES; i++) if (source[a + i] !== source[b + i]) return false;
  return true;
}

function readBoneKeys(reader: BinaryReader, source: Uint8Array): VmdBoneKeys {
  const count = reader.count('bone keyframe', 'u32', VMD_BONE_KEY_BYTES);
  const names: string[] = [];
  const frames = new Uint32Array(count);
  const positions = new Float32Array(count * 3);
  const rotations = new Float32Array(count * 4);
  const curves = new Uint8Array(count * VMD_CURVE_BYTES);
  let previousNameAt = -1;
  for (let i = 0; i < count; i++) {
    reader.at('bone keyframe', i);
    const nameAt = reader.offset;
    const nameBytes = reader.bytes(NAME_BYTES);
    // Keys come grouped by bone, so most names equal the one before: decode each run once.
    names.push(
      previousNameAt >= 0 && sameName(source, previousNameAt, nameAt)
        ? names[i - 1]!
        : decodeFixedShiftJis(nameBytes),
    );
    previousNameAt = nameAt;
    frames[i] = reader.u32();
    reader.floatsInto(positions, 3 * i, 3);
    reader.floatsInto(rotations, 4 * i, 4);
    curves.set(reader.bytes(CURVE_BLOCK_BYTES).subarray(0, VMD_CURVE_BYTES), VMD_CURVE_BYTES * i);
  }
  return { count, names, frames, positions, rotations, curves };
}

/**
 * Reads a VMD's header and bone keyframes. Throws an {@link MmdFormatError} saying what is
 * wrong (not a VMD, an unknown version, a file that ends early: at which byte, in which
 * keyframe); the caller puts the file's name in front.
 */
export function parseVmd(bytes: Uint8Array): VmdMotion {
  const reader = new BinaryReader(bytes);
  const version = readSignature(reader);
  reader.at('the model name');
  const modelName = decodeFixedShiftJis(reader.bytes(version === '0002' ? 20 : 10));
  const boneKeys = readBoneKeys(reader, bytes);
  return { version, modelName, boneKeys, morphKeys: readMorphKeys(reader) };
}

/**
 * The morph (face) keys after the bones. Older files may end before the section: none then.
 * A count the file cannot hold is an error like the bones'.
 */
function readMorphKeys(reader: BinaryReader): VmdMorphKeys {
  if (reader.remaining < 4) {
    return { count: 0, names: [], frames: new Uint32Array(0), weights: new Float32Array(0) };
  }
  const count = reader.count('morph keyframe', 'u32', VMD_MORPH_KEY_BYTES);
  const names: string[] = [];
  const frames = new Uint32Array(count);
  const weights = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    reader.at('morph keyframe', i);
    names.push(decodeFixedShiftJis(reader.bytes(NAME_BYTES)));
    frames[i] = reader.u32();
    weights[i] = reader.f32();
  }
  return { count, names, frames, weights };
}
