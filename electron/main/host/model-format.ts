/**
 * Tells what kind of avatar a file holds from its bytes, never its name: a VRM is a glTF
 * binary (GLB version 2) whose JSON declares `VRM` (0.x) or `VRMC_vrm` (1.0); a PMX starts
 * with `PMX `, a PMD with `Pmd`. Also reads the model's own title and author cheaply, for
 * the recent-model library.
 */

import {
  MODEL_SIGNATURE_BYTES,
  modelSignatureOf,
  type ModelSignature,
} from '../../../shared/file-signatures';
import type { ModelFormat } from '../../../shared/preset-schema';

/** Enough bytes to recognize every format's magic. */
export const MODEL_MAGIC_BYTES = MODEL_SIGNATURE_BYTES;

/** What a model file is and what it calls itself. */
export interface ModelIdentity {
  readonly format: ModelFormat;
  /** The model's name from its metadata; empty when it has none. */
  readonly title: string;
  /** The model's author from its metadata; empty when it has none (PMX/PMD have none). */
  readonly author: string;
}

/** Why bytes are not a model we open; the message has no file name (the caller adds it). */
export class ModelFormatError extends Error {
  override readonly name = 'ModelFormatError';
}

const GLB_JSON_CHUNK = 0x4e4f534a; // 'JSON', little-endian

/**
 * Recognizes the format from the first `MODEL_MAGIC_BYTES` bytes.
 *
 * @throws ModelFormatError saying what the file is not
 */
export function readModelMagic(header: Uint8Array): ModelSignature {
  const signature = modelSignatureOf(header);
  if (signature === 'glb') {
    if (header.length < 12) throw new ModelFormatError('is a glTF binary cut short.');
    const version = view(header).getUint32(4, true);
    if (version !== 2) {
      throw new ModelFormatError(`is a glTF binary of version ${version}; VRM needs version 2.`);
    }
    return 'glb';
  }
  if (signature) return signature;
  throw new ModelFormatError(
    'is not a VRM, PMX or PMD model (its first bytes are not a glTF, PMX or PMD header).',
  );
}

/**
 * Identifies a whole model file.
 *
 * @throws ModelFormatError when the bytes are not a VRM 0.x/1.0, PMX or PMD model
 */
export function identifyModel(bytes: Uint8Array): ModelIdentity {
  const magic = readModelMagic(bytes.subarray(0, MODEL_MAGIC_BYTES));
  if (magic === 'glb') return identifyVrm(bytes);
  if (magic === 'pmx') return { format: 'pmx', title: readPmxName(bytes), author: '' };
  return { format: 'pmd', title: readPmdName(bytes), author: '' };
}

/**
 * The most JSON the main process parses to read a title and an author: 16 MiB (real VRMs
 * have well under 1 MB; the page parses the whole model anyway).
 */
export const GLB_JSON_PARSE_MAX_BYTES = 16 * 1024 * 1024;

function identifyVrm(bytes: Uint8Array): ModelIdentity {
  const chunk = glbJsonChunk(bytes);
  if (chunk.length > GLB_JSON_PARSE_MAX_BYTES) return identifyVrmUnparsed(chunk);
  const gltf = parseGlbJson(chunk);
  const extensions = isRecord(gltf['extensions']) ? gltf['extensions'] : {};
  const vrm1 = extensions['VRMC_vrm'];
  if (isRecord(vrm1)) {
    const meta = isRecord(vrm1['meta']) ? vrm1['meta'] : {};
    const authors = Array.isArray(meta['authors']) ? meta['authors'] : [];
    return { format: 'vrm1', title: text(meta['name']), author: text(authors[0]) };
  }
  const vrm0 = extensions['VRM'];
  if (isRecord(vrm0)) {
    const meta = isRecord(vrm0['meta']) ? vrm0['meta'] : {};
    return { format: 'vrm0', title: text(meta['title']), author: text(meta['author']) };
  }
  throw new ModelFormatError(
    'is a glTF binary without VRM data (no VRM or VRMC_vrm extension); ' +
      'Ragdoll Playground opens VRM 0.x and 1.0 avatars.',
  );
}

/**
 * A JSON chunk too large to parse here: the format from the extension's name alone (its
 * key in quotes), no title or author (the library then shows the file name).
 */
function identifyVrmUnparsed(chunk: Uint8Array): ModelIdentity {
  const text = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  const has = (key: string): boolean => text.includes(`"${key}"`);
  if (has('VRMC_vrm')) return { format: 'vrm1', title: '', author: '' };
  if (has('VRM')) return { format: 'vrm0', title: '', author: '' };
  throw new ModelFormatError(
    'is a glTF binary without VRM data (no VRM or VRMC_vrm extension); ' +
      'Ragdoll Playground opens VRM 0.x and 1.0 avatars.',
  );
}

/**
 * The JSON chunk of a glTF binary (VRM avatars and VRM Animations alike), parsed.
 *
 * @throws ModelFormatError when the chunk is missing, cut short, larger than
 *   {@link GLB_JSON_PARSE_MAX_BYTES} or not a JSON object
 */
export function readGlbJson(bytes: Uint8Array): Record<string, unknown> {
  const chunk = glbJsonChunk(bytes);
  if (chunk.length > GLB_JSON_PARSE_MAX_BYTES) {
    throw new ModelFormatError('is a glTF binary whose JSON chunk is larger than 16 MiB.');
  }
  return parseGlbJson(chunk);
}

function glbJsonChunk(bytes: Uint8Array): Uint8Array {
  const data = view(bytes);
  if (bytes.length < 20) throw new ModelFormatError('is a glTF binary cut short.');
  const chunkLength = data.getUint32(12, true);
  if (data.getUint32(16, true) !== GLB_JSON_CHUNK || 20 + chunkLength > bytes.length) {
    throw new ModelFormatError('is a glTF binary whose JSON chunk is missing or cut short.');
  }
  return bytes.subarray(20, 20 + chunkLength);
}

function parseGlbJson(chunk: Uint8Array): Record<string, unknown> {
  let gltf: unknown;
  try {
    gltf = JSON.parse(new TextDecoder('utf-8').decode(chunk));
  } catch (error) {
    throw new ModelFormatError(
      `is a glTF binary whose JSON chunk is not valid JSON (${(error as Error).message}).`,
    );
  }
  if (!isRecord(gltf)) throw new ModelFormatError('is a glTF binary whose JSON is not an object.');
  return gltf;
}

/**
 * PMX: magic, float version, a count of global settings (the first is the text encoding:
 * 0 UTF-16LE, 1 UTF-8), then the model's name as a length-prefixed string.
 */
function readPmxName(bytes: Uint8Array): string {
  if (bytes.length < 13) throw new ModelFormatError('is a PMX file cut short.');
  const data = view(bytes);
  const globalsCount = bytes[8]!;
  const encoding = bytes[9];
  const at = 9 + globalsCount;
  if (at + 4 > bytes.length) throw new ModelFormatError('is a PMX file cut short.');
  const length = data.getInt32(at, true);
  if (length < 0 || at + 4 + length > bytes.length) {
    throw new ModelFormatError('is a PMX file whose model name is cut short.');
  }
  const raw = bytes.subarray(at + 4, at + 4 + length);
  return new TextDecoder(encoding === 1 ? 'utf-8' : 'utf-16le').decode(raw).trim();
}

/** PMD: `Pmd`, a float version, then the name in 20 bytes of Shift_JIS, zero-padded. */
function readPmdName(bytes: Uint8Array): string {
  if (bytes.length < 27) throw new ModelFormatError('is a PMD file cut short.');
  const field = bytes.subarray(7, 27);
  const end = field.indexOf(0);
  return new TextDecoder('shift_jis').decode(end < 0 ? field : field.subarray(0, end)).trim();
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Metadata strings are shown in lists: trimmed and bounded. */
function text(value: unknown): string {
  return typeof value === 'string' ? value.trim().slice(0, 200) : '';
}
