/**
 * The pixel size an image file declares in its header (PNG, JPEG, GIF, BMP, TGA), read before
 * anything decodes it: a decoder allocates width × height × 4 bytes from these numbers, so a
 * 2 KB file that declares 16384 × 16384 pixels would cost a gigabyte. Checked against
 * {@link IMAGE_MAX_SIDE} (and, for TGA, against the bytes the file really holds).
 */

import { hasPngSignature } from '../../../shared/file-signatures';

/** The longest side an image may declare, pixels (8192² RGBA is 256 MB decoded). */
export const IMAGE_MAX_SIDE = 8192;

/** Width and height in pixels. */
export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

/**
 * The declared size of a PNG, JPEG, GIF, BMP or TGA (TGA only when `fileName` ends in
 * `.tga`, since its header has no signature), or undefined for anything else.
 */
export function declaredImageSize(bytes: Uint8Array, fileName = ''): ImageSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = (i: number): number => bytes[i] ?? -1;
  if (bytes.length >= 24 && hasPngSignature(bytes)) {
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes.length >= 10 && at(0) === 0x47 && at(1) === 0x49 && at(2) === 0x46) {
    return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  }
  if (bytes.length >= 26 && at(0) === 0x42 && at(1) === 0x4d) {
    // A negative height means rows stored top first.
    return { width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) };
  }
  if (bytes.length >= 4 && at(0) === 0xff && at(1) === 0xd8) return jpegSize(bytes, view);
  if (bytes.length >= 18 && fileName.toLowerCase().endsWith('.tga')) return tgaSize(view);
  return undefined;
}

/**
 * Why an image must not be decoded (`declares 16384 × 16384 pixels; …`), or null when its
 * declared size is sane. Unknown formats pass (their decoder refuses them).
 */
export function imageSizeProblem(bytes: Uint8Array, fileName = ''): string | null {
  const size = declaredImageSize(bytes, fileName);
  if (size === undefined) return null;
  const { width, height } = size;
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE) {
    return (
      `declares ${width} × ${height} pixels; images are decoded up to ` +
      `${IMAGE_MAX_SIDE} × ${IMAGE_MAX_SIDE}`
    );
  }
  if (fileName.toLowerCase().endsWith('.tga')) return tgaDataProblem(bytes, size);
  return null;
}

/** The frame header (SOF0…SOF15 but DHT, JPG and DAC) holds height then width. */
function jpegSize(bytes: Uint8Array, view: DataView): ImageSize | undefined {
  let at = 2;
  while (at + 9 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = view.getUint16(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
    at += 2 + length;
  }
  return undefined;
}

function tgaSize(view: DataView): ImageSize {
  return { width: view.getUint16(12, true), height: view.getUint16(14, true) };
}

/**
 * An uncompressed TGA must hold all its pixels; a run-length one at most 128 pixels per
 * packet of at least two bytes, so it cannot declare more than 64 pixels per byte.
 */
function tgaDataProblem(bytes: Uint8Array, size: ImageSize): string | null {
  const imageType = bytes[2]!;
  const bytesPerPixel = Math.max(1, Math.ceil(bytes[16]! / 8));
  const pixels = size.width * size.height;
  const data = bytes.length - 18;
  const runLength = imageType >= 9;
  const fits = runLength ? pixels <= 64 * data : pixels * bytesPerPixel <= data;
  if (fits) return null;
  return (
    `declares ${size.width} × ${size.height} pixels, more than its ${bytes.length} bytes can ` +
    `hold${runLength ? ' even run-length encoded' : ''}`
  );
}
