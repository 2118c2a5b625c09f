/**
 * A Windows .ico writer: 32-bit BMP entries below 256 px and a PNG entry at 256 px, the
 * layout Windows' own resource tools produce. PNG entries below 256 px would be smaller,
 * but the icon compiler inside NSIS and older shell code paths read only BMP there.
 */

/** One image of an icon, straight (not premultiplied) RGBA, rows top to bottom. */
export interface IcoImage {
  /** Width and height in pixels (icons are square), 1–256. */
  readonly size: number;
  /** `size * size * 4` bytes of RGBA with straight alpha; used for BMP entries. */
  readonly rgba: Uint8Array;
  /** The same image as a PNG file; used for the 256 px entry. */
  readonly png: Uint8Array;
}

const HEADER_BYTES = 6;
const ENTRY_BYTES = 16;
const BITMAPINFOHEADER_BYTES = 40;

/**
 * Encodes images into one .ico file, in the order given.
 *
 * @throws if an image is not 1–256 px or its pixel buffer has the wrong length
 */
export function encodeIco(images: readonly IcoImage[]): Buffer {
  const payloads = images.map((image) => {
    if (!Number.isInteger(image.size) || image.size < 1 || image.size > 256) {
      throw new Error(`encode-ico: size ${image.size} is outside 1–256 px`);
    }
    return image.size === 256 ? Buffer.from(image.png) : encodeBmpEntry(image);
  });

  const header = Buffer.alloc(HEADER_BYTES + ENTRY_BYTES * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon (2 would be a cursor)
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach((image, i) => {
    const at = HEADER_BYTES + ENTRY_BYTES * i;
    // A byte holds 0–255, so 256 px is written as 0 by the format's definition.
    header.writeUInt8(image.size % 256, at);
    header.writeUInt8(image.size % 256, at + 1);
    header.writeUInt8(0, at + 2); // no palette
    header.writeUInt8(0, at + 3); // reserved
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(payloads[i]!.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += payloads[i]!.length;
  });
  return Buffer.concat([header, ...payloads]);
}

/** A BITMAPINFOHEADER, BGRA rows bottom-up, then the 1-bit AND mask (set = transparent). */
function encodeBmpEntry({ size, rgba }: IcoImage): Buffer {
  if (rgba.length !== size * size * 4) {
    throw new Error(
      `encode-ico: ${size} px needs ${size * size * 4} RGBA bytes, got ${rgba.length}`,
    );
  }
  // Mask rows are padded to whole 32-bit words.
  const maskStride = Math.ceil(size / 32) * 4;
  const pixelBytes = size * size * 4;
  const out = Buffer.alloc(BITMAPINFOHEADER_BYTES + pixelBytes + maskStride * size);
  out.writeUInt32LE(BITMAPINFOHEADER_BYTES, 0);
  out.writeInt32LE(size, 4);
  // The height counts the colour image and the mask stacked, hence twice the size.
  out.writeInt32LE(size * 2, 8);
  out.writeUInt16LE(1, 12); // planes
  out.writeUInt16LE(32, 14); // bits per pixel
  out.writeUInt32LE(0, 16); // BI_RGB: uncompressed
  out.writeUInt32LE(pixelBytes + maskStride * size, 20);

  const maskStart = BITMAPINFOHEADER_BYTES + pixelBytes;
  for (let y = 0; y < size; y++) {
    const row = size - 1 - y; // BMP stores the bottom row first
    for (let x = 0; x < size; x++) {
      const src = (y * size + x) * 4;
      const dst = BITMAPINFOHEADER_BYTES + (row * size + x) * 4;
      out[dst] = rgba[src + 2]!;
      out[dst + 1] = rgba[src + 1]!;
      out[dst + 2] = rgba[src]!;
      out[dst + 3] = rgba[src + 3]!;
      // Renderers that ignore alpha fall back to the mask: mark fully transparent pixels.
      if (rgba[src + 3] === 0) {
        out[maskStart + row * maskStride + (x >> 3)]! |= 0x80 >> (x & 7);
      }
    }
  }
  return out;
}
