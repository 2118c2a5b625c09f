/**
 * Tells what kind of motion a file holds from its bytes, never its name: a VRM Animation is
 * a glTF binary (GLB version 2) whose JSON declares `VRMC_vrm_animation`; a VMD starts with
 * `Vocaloid Motion Data 0002` (or the older `Vocaloid Motion Data file`). The host checks
 * only this much, and that a VMD is as long as its bone keyframe count says; the renderer's
 * reader checks the rest (bones, keyframes) and names what it cannot use.
 */

import type { MotionFormat } from '../../../shared/preset-schema';
import { ModelFormatError, readGlbJson } from './model-format';

/** Enough bytes for either format's magic: a VMD's 30-byte signature field. */
export const MOTION_MAGIC_BYTES = 30;

/** Why bytes are not a motion we open; the message has no file name (the caller adds it). */
export class MotionFormatError extends Error {
  override readonly name = 'MotionFormatError';
}

const VMD_SIGNATURE = 'Vocaloid Motion Data 0002';
const VMD_OLD_SIGNATURE = 'Vocaloid Motion Data file';
/** Signature (30) + model name (20 bytes; 10 in the old layout) + bone keyframe count (4). */
const VMD_HEADER_BYTES = 54;
const VMD_OLD_HEADER_BYTES = 44;
/** One bone keyframe: name (15), frame (4), position (12), rotation (16), interpolation (64). */
const VMD_BONE_KEYFRAME_BYTES = 111;

/**
 * Recognizes the format from the first `MOTION_MAGIC_BYTES` bytes.
 *
 * @throws MotionFormatError saying what the file is not
 */
export function readMotionMagic(header: Uint8Array): MotionFormat {
  const ascii = String.fromCharCode(...header.subarray(0, 25));
  if (ascii === VMD_SIGNATURE || ascii === VMD_OLD_SIGNATURE) return 'vmd';
  if (ascii.startsWith('glTF')) {
    if (header.length < 12) throw new MotionFormatError('is a glTF binary cut short.');
    const version = new DataView(header.buffer, header.byteOffset, 12).getUint32(4, true);
    if (version !== 2) {
      throw new MotionFormatError(
        `is a glTF binary of version ${version}; VRM Animation needs version 2.`,
      );
    }
    return 'vrma';
  }
  throw new MotionFormatError(
    'is not a VRM Animation (.vrma) or VMD motion (its first bytes are neither a glTF ' +
      'binary nor a VMD header).',
  );
}

/**
 * Identifies a whole motion file.
 *
 * @throws MotionFormatError when the bytes are not a VRM Animation or VMD motion
 */
export function identifyMotion(bytes: Uint8Array): MotionFormat {
  const format = readMotionMagic(bytes.subarray(0, MOTION_MAGIC_BYTES));
  if (format === 'vmd') checkVmdLength(bytes);
  else checkVrmAnimation(bytes);
  return format;
}

function checkVmdLength(bytes: Uint8Array): void {
  const old = String.fromCharCode(...bytes.subarray(0, 25)) === VMD_OLD_SIGNATURE;
  const headerBytes = old ? VMD_OLD_HEADER_BYTES : VMD_HEADER_BYTES;
  if (bytes.length < headerBytes) {
    throw new MotionFormatError(
      `is a VMD motion cut short: it ends at byte ${bytes.length}, inside its ${headerBytes}-byte header.`,
    );
  }
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const keyframes = data.getUint32(headerBytes - 4, true);
  const needed = headerBytes + keyframes * VMD_BONE_KEYFRAME_BYTES;
  if (needed > bytes.length) {
    throw new MotionFormatError(
      `is a VMD motion cut short: it says it has ${keyframes} bone keyframes ` +
        `(${needed} bytes), but it ends at byte ${bytes.length}.`,
    );
  }
}

function checkVrmAnimation(bytes: Uint8Array): void {
  let gltf: Record<string, unknown>;
  try {
    gltf = readGlbJson(bytes);
  } catch (error) {
    if (error instanceof ModelFormatError) throw new MotionFormatError(error.message);
    throw error;
  }
  const extensions = isRecord(gltf['extensions']) ? gltf['extensions'] : {};
  if (isRecord(extensions['VRMC_vrm_animation'])) return;
  if (isRecord(extensions['VRMC_vrm']) || isRecord(extensions['VRM'])) {
    throw new MotionFormatError('is a VRM avatar, not a motion; open it with Open Model… instead.');
  }
  throw new MotionFormatError(
    'is a glTF binary without VRM Animation data (no VRMC_vrm_animation extension).',
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
