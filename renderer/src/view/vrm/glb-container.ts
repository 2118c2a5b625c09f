/**
 * Reads the container of a binary glTF (GLB) file: header, JSON chunk, optional BIN chunk.
 * Checked here, before three.js sees the bytes, so a damaged file gets a message a person can
 * act on ("the file ends at byte 1200 but says it is 5000 bytes long") instead of a parser's.
 */

const GLB_MAGIC = 0x46546c67; // "glTF" little-endian
const CHUNK_JSON = 0x4e4f534a; // "JSON"
const CHUNK_BIN = 0x004e4942; // "BIN\0"

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

/** Splits a GLB into its JSON (parsed) and BIN chunks, or throws a {@link GlbError}. */
export function readGlb(bytes: Uint8Array, fileName: string): GlbContents {
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
  if (view.getUint32(16, true) !== CHUNK_JSON) fail('has no JSON chunk where glTF puts it');
  if (20 + jsonLength > declared) fail('is truncated inside its JSON chunk');
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength)));
  } catch (error) {
    // Rethrown with the file name: JSON.parse's own message lacks it.
    fail(`has a damaged JSON chunk (${(error as Error).message})`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    fail('has a JSON chunk that is not a glTF object');
  }
  return { json: json as Record<string, unknown>, bin: readBinChunk(view, bytes, 20 + jsonLength) };
}

function readBinChunk(view: DataView, bytes: Uint8Array, offset: number): Uint8Array | undefined {
  const aligned = offset + ((4 - (offset % 4)) % 4);
  if (aligned + 8 > bytes.byteLength) return undefined;
  const length = view.getUint32(aligned, true);
  if (view.getUint32(aligned + 4, true) !== CHUNK_BIN) return undefined;
  return bytes.subarray(aligned + 8, aligned + 8 + length);
}
