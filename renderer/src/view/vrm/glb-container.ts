/**
 * Reads the container of a binary glTF (GLB) file: header, JSON chunk, optional BIN chunk.
 * Checked here, before three.js sees the bytes, so a damaged file gets a message a person can
 * act on ("the file ends at byte 1200 but says it is 5000 bytes long") instead of a parser's.
 */

import { GLB_CHUNK_BIN, GLB_CHUNK_JSON, GLB_MAGIC } from '../../formats/gltf/gltf-container';

/** A file that is not a readable GLB; the message names the file and the problem. */
export class GlbError extends Error {
  override name = 'GlbError';
}

/** The parts of a GLB. */
export interface GlbContents {
  /** The parsed JSON chunk. */
  readonly json: Record<string, unknown>;
  /** The BIN chunk's bytes, if there is one. */
  readonly bin: Uint8Array | undefined;
}

/** Where a GLB's JSON chunk lies, found by {@link checkGlbContainer}. */
export interface GlbLayout {
  /** Byte offset of the JSON chunk's text in the file. */
  readonly jsonStart: number;
  /** Length of the JSON chunk's text, bytes. */
  readonly jsonLength: number;
}

/**
 * Checks a GLB's header and chunk layout without parsing its JSON (cheap: a few reads), or
 * throws a {@link GlbError}: too short, wrong signature, wrong version, truncated, no JSON
 * chunk, truncated inside the JSON chunk.
 */
export function checkGlbContainer(bytes: Uint8Array, fileName: string): GlbLayout {
  const fail = (problem: string): never => {
    throw new GlbError(`${fileName}: ${problem}`);
  };
  if (bytes.byteLength < 20) fail(`is ${bytes.byteLength} bytes long, too short to be a VRM`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== GLB_MAGIC) {
    fail('is not a VRM: it does not start with the binary glTF signature "glTF"');
  }
  const version = view.getUint32(4, true);
  if (version !== 2) fail(`is binary glTF version ${version}; VRM needs version 2`);
  const declared = view.getUint32(8, true);
  if (declared > bytes.byteLength) {
    fail(`is truncated: it ends at byte ${bytes.byteLength} but its header says ${declared} bytes`);
  }
  const jsonLength = view.getUint32(12, true);
  if (view.getUint32(16, true) !== GLB_CHUNK_JSON) fail('has no JSON chunk where glTF puts it');
  if (20 + jsonLength > declared) fail('is truncated inside its JSON chunk');
  return { jsonStart: 20, jsonLength };
}

/**
 * Refuses a parsed JSON chunk that is not an object (glTF's top level always is), or throws a
 * {@link GlbError}. Used on our own parse and on three.js's, so both say the same.
 */
export function checkGltfObject(json: unknown, fileName: string): Record<string, unknown> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new GlbError(`${fileName}: has a JSON chunk that is not a glTF object`);
  }
  return json as Record<string, unknown>;
}

/** Splits a GLB into its JSON (parsed) and BIN chunks, or throws a {@link GlbError}. */
export function readGlb(bytes: Uint8Array, fileName: string): GlbContents {
  const { jsonStart, jsonLength } = checkGlbContainer(bytes, fileName);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes.subarray(jsonStart, jsonStart + jsonLength)));
  } catch (error) {
    // Rethrown with the file name: JSON.parse's own message lacks it.
    throw new GlbError(`${fileName}: has a damaged JSON chunk (${(error as Error).message})`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    json: checkGltfObject(json, fileName),
    bin: readBinChunk(view, bytes, jsonStart + jsonLength),
  };
}

/** The BIN chunk's bytes of a GLB whose container {@link checkGlbContainer} passed, if any. */
export function glbBinChunk(bytes: Uint8Array, layout: GlbLayout): Uint8Array | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return readBinChunk(view, bytes, layout.jsonStart + layout.jsonLength);
}

function readBinChunk(view: DataView, bytes: Uint8Array, offset: number): Uint8Array | undefined {
  const aligned = offset + ((4 - (offset % 4)) % 4);
  if (aligned + 8 > bytes.byteLength) return undefined;
  const length = view.getUint32(aligned, true);
  if (view.getUint32(aligned + 4, true) !== GLB_CHUNK_BIN) return undefined;
  return bytes.subarray(aligned + 8, aligned + 8 + length);
}
