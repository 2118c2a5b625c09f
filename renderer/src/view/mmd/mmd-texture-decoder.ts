import { DataTexture, LinearFilter, RGBAFormat, Texture, UnsignedByteType } from 'three';
import { TGALoader } from 'three/examples/jsm/loaders/TGALoader.js';
import { imageSizeProblem } from '../../formats/image-size';
import { hasPngSignature } from '../../../../shared/file-signatures';

/**
 * Decodes an MMD texture file's bytes into a three.js texture in the browser: PNG, JPEG, BMP
 * and GIF (and .sph/.spa sphere maps, which are BMPs or one of those) through
 * `createImageBitmap`, TGA through three's TGALoader. Every texture is uploaded with
 * `flipY = false`, because MMD's UVs count v down from the top of the image.
 *
 * @throws Error naming the file when the bytes are no image these decoders know
 */
export async function decodeMmdTexture(bytes: Uint8Array, fileName: string): Promise<Texture> {
  refuseHugeImage(bytes, fileName, fileName);
  const isTga = fileName.toLowerCase().endsWith('.tga');
  if (isTga) return decodeTga(bytes, fileName);
  try {
    const bitmap = await createImageBitmap(new Blob([bytes as Uint8Array<ArrayBuffer>]), {
      premultiplyAlpha: 'none',
      colorSpaceConversion: 'none',
    });
    const texture = new Texture(bitmap);
    texture.flipY = false;
    texture.needsUpdate = true;
    // An ImageBitmap holds decoded pixels outside the heap: close it with the texture.
    texture.addEventListener('dispose', () => bitmap.close());
    return texture;
  } catch (error) {
    // Some models carry TGA files under another extension; try that before giving up.
    if (looksLikeTga(bytes)) return decodeTga(bytes, fileName);
    throw new Error(`${fileName} is not an image the app can decode (${String(error)})`, {
      cause: error,
    });
  }
}

/**
 * Throws naming the file when its header declares more pixels than are sane to allocate
 * (or, for TGA, than its bytes can hold); decoders allocate from those numbers.
 *
 * @param sizeName - the name whose extension says how to read the header (`.tga`)
 */
function refuseHugeImage(bytes: Uint8Array, fileName: string, sizeName: string): void {
  const problem = imageSizeProblem(bytes, sizeName);
  if (problem !== null) throw new Error(`${fileName} ${problem}; it was not decoded`);
}

function decodeTga(bytes: Uint8Array, fileName: string): Texture {
  refuseHugeImage(bytes, fileName, 'image.tga');
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  let parsed: { data: Uint8Array; width: number; height: number };
  try {
    parsed = new TGALoader().parse(buffer as ArrayBuffer) as typeof parsed;
  } catch (error) {
    throw new Error(`${fileName} is not a TGA image the app can decode (${String(error)})`, {
      cause: error,
    });
  }
  // TGALoader writes rows top first (it asks for flipY to draw GL style); MMD wants them so.
  const texture = new DataTexture(
    parsed.data,
    parsed.width,
    parsed.height,
    RGBAFormat,
    UnsignedByteType,
  );
  texture.flipY = false;
  texture.minFilter = LinearFilter;
  texture.needsUpdate = true;
  return texture;
}

/** A TGA header: no colour map or a type-1 one, an image type TGALoader reads, sane sizes. */
function looksLikeTga(bytes: Uint8Array): boolean {
  if (bytes.length < 18) return false;
  const colorMapType = bytes[1]!;
  const imageType = bytes[2]!;
  const width = bytes[12]! | (bytes[13]! << 8);
  const height = bytes[14]! | (bytes[15]! << 8);
  const depth = bytes[16]!;
  return (
    colorMapType <= 1 &&
    [1, 2, 3, 9, 10, 11].includes(imageType) &&
    width > 0 &&
    height > 0 &&
    [8, 16, 24, 32].includes(depth)
  );
}

/**
 * Whether an image file can carry transparency, read from its header: PNG with an alpha
 * colour type or a `tRNS` chunk, TGA with alpha bits, GIF (transparency is per frame, so
 * assumed). BMP and JPEG are taken as opaque (32-bit BMPs often hold junk alpha).
 */
export function imageHasAlpha(bytes: Uint8Array, fileName: string): boolean {
  if (isPng(bytes)) return pngHasAlpha(bytes);
  if (bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46) return true;
  if (fileName.toLowerCase().endsWith('.tga') || looksLikeTga(bytes)) {
    return bytes.length >= 18 && ((bytes[17]! & 0x0f) > 0 || bytes[16] === 32);
  }
  return false;
}

function isPng(bytes: Uint8Array): boolean {
  // 33 bytes: the signature and the whole IHDR chunk, whose colour type is read next.
  return bytes.length >= 33 && hasPngSignature(bytes);
}

/** Colour type 4 or 6 (grey/RGB with alpha), or a tRNS chunk before the image data. */
function pngHasAlpha(bytes: Uint8Array): boolean {
  const colorType = bytes[25]!;
  if (colorType === 4 || colorType === 6) return true;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(
      bytes[at + 4]!,
      bytes[at + 5]!,
      bytes[at + 6]!,
      bytes[at + 7]!,
    );
    if (type === 'tRNS') return true;
    if (type === 'IDAT' || type === 'IEND') return false;
    at += 12 + length;
  }
  return false;
}
