/**
 * The first bytes that identify the binary files the app reads, in one place for the host
 * (which checks a file before it hands it over) and the page (which picks a reader for it).
 * Pure: no Node, DOM or Electron.
 */

/** Enough bytes to recognize every model signature below. */
export const MODEL_SIGNATURE_BYTES = 12;

/** What a model file's first bytes say it is: a glTF binary (VRM), a PMX or a PMD. */
export type ModelSignature = 'glb' | 'pmx' | 'pmd';

/** The eight bytes every PNG starts with. */
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

/** True when `bytes` starts with the PNG signature. */
export function hasPngSignature(bytes: Uint8Array): boolean {
  return bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((v, i) => bytes[i] === v);
}

/**
 * The model format `header` starts with (`glTF`, `PMX `, `Pmd`), or undefined when it is
 * none of them. Only the magic: the glTF version and the rest are the reader's to check.
 */
export function modelSignatureOf(header: Uint8Array): ModelSignature | undefined {
  const ascii = String.fromCharCode(...header.subarray(0, 4));
  if (ascii === 'glTF') return 'glb';
  if (ascii === 'PMX ') return 'pmx';
  if (ascii.startsWith('Pmd')) return 'pmd';
  return undefined;
}
