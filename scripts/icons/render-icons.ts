import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { encodeIcns } from './encode-icns';
import { encodeIco } from './encode-ico';
import { ICNS_ENTRIES, ICO_SIZES, PNG_SIZES } from './icon-sizes';

/** One square rendering of the source image. */
interface Raster {
  readonly png: Buffer;
  /** Straight-alpha RGBA, rows top to bottom. */
  readonly rgba: Uint8Array;
}

/** The files {@link makeIcons} writes, relative to its output folder. */
export const ICON_FILES = {
  ico: 'icon.ico',
  icns: 'icon.icns',
  /** `png/<size>x<size>.png` for each of PNG_SIZES. */
  pngDir: 'png',
} as const;

/**
 * Renders the SVG at `svgPath` at every size the installers need and writes `icon.ico`,
 * `icon.icns` and `png/<n>x<n>.png` into `outDir` (created if missing).
 *
 * Each size is rendered from the vector rather than scaled down from 1024 px, so thin
 * strokes stay sharp at 16 px.
 *
 * @returns the absolute paths written
 */
export async function makeIcons(svgPath: string, outDir: string): Promise<string[]> {
  const svg = await readFile(svgPath);
  const sizes = new Set<number>([...ICO_SIZES, ...ICNS_ENTRIES.map((e) => e.size), ...PNG_SIZES]);
  const rasters = new Map<number, Raster>();
  for (const size of sizes) rasters.set(size, render(svg, size, svgPath));
  const at = (size: number): Raster => rasters.get(size)!;

  const written: string[] = [];
  const write = async (path: string, data: Uint8Array): Promise<void> => {
    await writeFile(path, data);
    written.push(path);
  };

  await mkdir(join(outDir, ICON_FILES.pngDir), { recursive: true });
  await write(
    join(outDir, ICON_FILES.ico),
    encodeIco(ICO_SIZES.map((size) => ({ size, ...at(size) }))),
  );
  await write(
    join(outDir, ICON_FILES.icns),
    encodeIcns(ICNS_ENTRIES.map(({ type, size }) => ({ type, png: at(size).png }))),
  );
  for (const size of PNG_SIZES) {
    await write(join(outDir, ICON_FILES.pngDir, `${size}x${size}.png`), at(size).png);
  }
  return written;
}

function render(svg: Buffer, size: number, svgPath: string): Raster {
  // No system fonts: the icon has no text, and fonts differ between machines.
  const image = new Resvg(svg, {
    fitTo: { mode: 'width', value: size },
    font: { loadSystemFonts: false },
  }).render();
  if (image.width !== size || image.height !== size) {
    throw new Error(
      `make-icons: ${svgPath} rendered at ${size} px came out ${image.width}×${image.height}; ` +
        'the source must be square',
    );
  }
  return { png: image.asPng(), rgba: unpremultiply(image.pixels) };
}

/**
 * resvg hands out premultiplied RGBA (its PNG output is straight); BMP icon entries need
 * straight alpha, or every soft edge turns dark.
 */
function unpremultiply(pixels: Uint8Array): Uint8Array {
  const out = new Uint8Array(pixels.length);
  for (let i = 0; i < pixels.length; i += 4) {
    const alpha = pixels[i + 3]!;
    out[i + 3] = alpha;
    if (alpha === 0) continue;
    for (let c = 0; c < 3; c++) {
      out[i + c] = Math.min(255, Math.round((pixels[i + c]! * 255) / alpha));
    }
  }
  return out;
}
