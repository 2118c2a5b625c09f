/**
 * What the two users of three.js's GLTFLoader (VRM models, VRM Animations) hand it: a plugin
 * that checks what the file's JSON declares before the loader builds anything, and the bytes
 * as the ArrayBuffer it wants.
 */
import type { GLTFLoaderPlugin, GLTFParser } from 'three/addons/loaders/GLTFLoader.js';
import { checkGlbContainer, glbBinChunk } from './glb-container';
import { gltfSizeProblem } from './gltf-declared-sizes';
import { gltfReferenceProblem } from './gltf-references';

/**
 * A GLTFLoader plugin (for `loader.register`) checking the references and sizes a GLB's JSON
 * declares, on the parser's own JSON before it builds anything, so the chunk is still parsed
 * only once; three.js would otherwise throw on a bad one inside a promise nobody waits on. The
 * container itself is checked now (a `GlbError` is thrown); a declared problem rejects
 * the parse with `fail(message)`, the message naming `fileName`.
 */
export function declaredLayoutCheck(
  bytes: Uint8Array,
  fileName: string,
  fail: (message: string) => Error,
): (parser: GLTFParser) => GLTFLoaderPlugin {
  const bin = glbBinChunk(bytes, checkGlbContainer(bytes, fileName));
  return (parser) => ({
    name: 'declared-layout',
    beforeRoot: () => {
      const json = parser.json as Record<string, unknown>;
      const problem = gltfReferenceProblem(json) ?? gltfSizeProblem(json, bin);
      if (problem === null) return Promise.resolve();
      return Promise.reject(fail(`${fileName}: ${problem}; it was not loaded`));
    },
  });
}

/**
 * GLTFLoader.parse wants an ArrayBuffer holding exactly the file (it reads, never writes it).
 * A file read on its own already is one, so it is passed as it is: copying a 10 MB avatar
 * costs about a millisecond. Bytes that are a view into a larger buffer (Node's pooled reads)
 * are copied out.
 */
export function wholeFileBuffer(bytes: Uint8Array): ArrayBuffer {
  const { buffer } = bytes;
  if (
    buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === buffer.byteLength
  ) {
    return buffer;
  }
  return bytes.slice().buffer;
}
