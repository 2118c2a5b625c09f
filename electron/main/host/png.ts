/** PNG checks for thumbnails the renderer hands over. */

import { hasPngSignature } from '../../../shared/file-signatures';

/** Largest thumbnail cached for a library entry, bytes (VRM thumbnails are up to 1024²). */
export const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;

/** True when `bytes` starts with the PNG signature and has an IHDR chunk after it. */
export function looksLikePng(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || !hasPngSignature(bytes)) return false;
  // The first chunk of every PNG is IHDR; its type sits at bytes 12-15.
  return String.fromCharCode(bytes[12]!, bytes[13]!, bytes[14]!, bytes[15]!) === 'IHDR';
}

/** `bytes` as a `data:image/png;base64,` URL. */
export function pngDataUrl(bytes: Uint8Array): string {
  return `data:image/png;base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64')}`;
}
