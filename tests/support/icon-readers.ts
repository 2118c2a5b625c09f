/**
 * Minimal readers for the icon containers, written from the format definitions rather than
 * from tools/icons/, so the icon tests do not check the encoders against themselves.
 */

/** Width and height of a PNG file, read from its IHDR chunk. */
export function readPngSize(png: Uint8Array): { width: number; height: number } {
  const buf = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  const signature = '89504e470d0a1a0a';
  if (buf.length < 24 || buf.subarray(0, 8).toString('hex') !== signature) {
    throw new Error('icon-readers: not a PNG file (bad signature)');
  }
  if (buf.toString('ascii', 12, 16) !== 'IHDR') {
    throw new Error('icon-readers: PNG does not start with an IHDR chunk');
  }
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

/** One image in an .ico file, as its directory entry and its own header describe it. */
export interface IcoEntry {
  /** Directory width and height (0 in the file means 256). */
  readonly size: number;
  readonly bitCount: number;
  readonly format: 'png' | 'bmp';
  /** Width and height stated by the image data itself. */
  readonly dataWidth: number;
  readonly dataHeight: number;
  /** The entry's bytes. */
  readonly data: Buffer;
}

/** Lists the images of a Windows .ico file. */
export function readIcoEntries(ico: Buffer): IcoEntry[] {
  if (ico.readUInt16LE(0) !== 0 || ico.readUInt16LE(2) !== 1) {
    throw new Error('icon-readers: not an ICO file (bad ICONDIR header)');
  }
  const count = ico.readUInt16LE(4);
  const entries: IcoEntry[] = [];
  for (let i = 0; i < count; i++) {
    const at = 6 + 16 * i;
    const size = ico.readUInt8(at) || 256;
    const height = ico.readUInt8(at + 1) || 256;
    if (height !== size) throw new Error(`icon-readers: ICO entry ${i} is not square`);
    const length = ico.readUInt32LE(at + 8);
    const offset = ico.readUInt32LE(at + 12);
    if (offset + length > ico.length) {
      throw new Error(`icon-readers: ICO entry ${i} runs past the end of the file`);
    }
    const data = ico.subarray(offset, offset + length);
    const isPng = data.subarray(0, 4).toString('hex') === '89504e47';
    let dataWidth: number;
    let dataHeight: number;
    if (isPng) {
      ({ width: dataWidth, height: dataHeight } = readPngSize(data));
    } else {
      if (data.readUInt32LE(0) !== 40)
        throw new Error(`icon-readers: ICO entry ${i} has no BMP header`);
      dataWidth = data.readInt32LE(4);
      // BMP icon heights count the colour image and the AND mask together.
      dataHeight = data.readInt32LE(8) / 2;
    }
    entries.push({
      size,
      bitCount: ico.readUInt16LE(at + 6),
      format: isPng ? 'png' : 'bmp',
      dataWidth,
      dataHeight,
      data,
    });
  }
  return entries;
}

/**
 * Reads pixel (x, y) of a 32-bit BMP icon entry, counting y from the top as a viewer would,
 * and whether its AND-mask bit marks it transparent.
 */
export function readBmpIconPixel(
  entry: IcoEntry,
  x: number,
  y: number,
): { r: number; g: number; b: number; a: number; masked: boolean } {
  if (entry.format !== 'bmp' || entry.bitCount !== 32) {
    throw new Error('icon-readers: only 32-bit BMP entries have readable pixels here');
  }
  const size = entry.dataWidth;
  const row = size - 1 - y; // stored bottom-up
  const at = 40 + (row * size + x) * 4;
  const maskStride = Math.ceil(size / 32) * 4;
  const maskByte = entry.data[40 + size * size * 4 + row * maskStride + (x >> 3)]!;
  return {
    b: entry.data[at]!,
    g: entry.data[at + 1]!,
    r: entry.data[at + 2]!,
    a: entry.data[at + 3]!,
    masked: (maskByte & (0x80 >> (x & 7))) !== 0,
  };
}

/** One entry of an .icns file and the size of the PNG it holds. */
export interface IcnsEntryInfo {
  readonly type: string;
  readonly width: number;
  readonly height: number;
}

/** Lists the entries of a macOS .icns file; every entry must hold a PNG. */
export function readIcnsEntries(icns: Buffer): IcnsEntryInfo[] {
  if (icns.toString('ascii', 0, 4) !== 'icns') throw new Error('icon-readers: not an ICNS file');
  if (icns.readUInt32BE(4) !== icns.length) {
    throw new Error(`icon-readers: ICNS length field ${icns.readUInt32BE(4)} ≠ ${icns.length}`);
  }
  const entries: IcnsEntryInfo[] = [];
  let at = 8;
  while (at < icns.length) {
    const type = icns.toString('ascii', at, at + 4);
    const length = icns.readUInt32BE(at + 4);
    if (length < 8 || at + length > icns.length) {
      throw new Error(`icon-readers: ICNS entry ${type} has a bad length ${length}`);
    }
    const { width, height } = readPngSize(icns.subarray(at + 8, at + length));
    entries.push({ type, width, height });
    at += length;
  }
  return entries;
}
