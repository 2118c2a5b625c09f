/**
 * A glTF 2.0 file's JSON and buffers, read from a `.glb` (binary container) or a `.gltf`
 * (JSON text with buffers in data URIs or in files beside it). Plain data: no three.js, no DOM
 * beyond `TextDecoder` and `atob`, so the simulator reads stages the same way.
 */

import { textDecoder } from '../mmd/text-decoding';

// This layer compiles without DOM or Node types; both runtimes have `atob`.
declare function atob(data: string): string;

/** A GLB's first four bytes, "glTF", read as a little-endian 32-bit number. */
export const GLB_MAGIC = 0x46546c67;
/** The type of a GLB's JSON chunk, "JSON" read the same way. */
export const GLB_CHUNK_JSON = 0x4e4f534a;
/** The type of a GLB's binary chunk, "BIN\0" read the same way. */
export const GLB_CHUNK_BIN = 0x004e4942;

/** A glTF file that cannot be read; the message says what is wrong (the caller adds the file). */
export class GltfFileError extends Error {
  override name = 'GltfFileError';
}

/** The parsed JSON and each buffer's bytes, by buffer index. */
export interface GltfContainer {
  readonly json: Record<string, unknown>;
  readonly buffers: readonly Uint8Array[];
}

/** Reads a file beside the glTF, by the URI its JSON gives (a relative path). */
export type ReadBeside = (uri: string) => Promise<Uint8Array>;

/** True when `bytes` start like a GLB. */
export function isGlb(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 12 && view(bytes).getUint32(0, true) === GLB_MAGIC;
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The JSON text and BIN chunk of a GLB. */
function glbChunks(bytes: Uint8Array): { jsonText: string; bin: Uint8Array | undefined } {
  const data = view(bytes);
  if (data.getUint32(4, true) !== 2)
    throw new GltfFileError(`it is glTF version ${data.getUint32(4, true)}, not 2.0`);
  let offset = 12;
  let jsonText: string | undefined;
  let bin: Uint8Array | undefined;
  while (offset + 8 <= bytes.byteLength) {
    const length = data.getUint32(offset, true);
    const type = data.getUint32(offset + 4, true);
    const start = offset + 8;
    if (start + length > bytes.byteLength)
      throw new GltfFileError('it ends inside one of its chunks (the file is cut short)');
    if (type === GLB_CHUNK_JSON)
      jsonText = textDecoder('utf-8').decode(bytes.subarray(start, start + length));
    else if (type === GLB_CHUNK_BIN && !bin) bin = bytes.subarray(start, start + length);
    offset = start + length;
  }
  if (jsonText === undefined) throw new GltfFileError('it has no JSON chunk');
  return { jsonText, bin };
}

function parseJson(text: string): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new GltfFileError('its JSON cannot be read');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new GltfFileError('its JSON is not an object');
  return json as Record<string, unknown>;
}

/** The bytes of a base64 `data:` URI. */
function dataUriBytes(uri: string): Uint8Array {
  const comma = uri.indexOf(',');
  if (comma < 0 || !uri.slice(0, comma).endsWith(';base64'))
    throw new GltfFileError('a buffer is a data URI that is not base64');
  const text = atob(uri.slice(comma + 1));
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/**
 * Reads a `.glb` or `.gltf` file's JSON and buffers. Buffers in files beside it are read with
 * `readBeside` (which decides what may be read); a buffer shorter than its `byteLength` is
 * refused. Throws {@link GltfFileError}.
 */
export async function readGltfContainer(
  bytes: Uint8Array,
  readBeside: ReadBeside,
): Promise<GltfContainer> {
  let json: Record<string, unknown>;
  let bin: Uint8Array | undefined;
  if (isGlb(bytes)) {
    const chunks = glbChunks(bytes);
    json = parseJson(chunks.jsonText);
    bin = chunks.bin;
  } else {
    json = parseJson(textDecoder('utf-8').decode(bytes));
  }
  const declared = Array.isArray(json['buffers']) ? (json['buffers'] as unknown[]) : [];
  const buffers: Uint8Array[] = [];
  for (let i = 0; i < declared.length; i++) {
    const buffer = (declared[i] ?? {}) as { uri?: unknown; byteLength?: unknown };
    const length = typeof buffer.byteLength === 'number' ? buffer.byteLength : NaN;
    let data: Uint8Array;
    if (buffer.uri === undefined) {
      if (i !== 0 || !bin) throw new GltfFileError(`buffer ${i} has no data`);
      data = bin;
    } else if (typeof buffer.uri !== 'string') {
      throw new GltfFileError(`buffer ${i} has a URI that is not text`);
    } else if (buffer.uri.startsWith('data:')) {
      data = dataUriBytes(buffer.uri);
    } else {
      data = await readBeside(decodeURIComponent(buffer.uri));
    }
    if (!(data.byteLength >= length))
      throw new GltfFileError(`buffer ${i} is shorter than the ${length} bytes it declares`);
    buffers.push(data);
  }
  return { json, buffers };
}
