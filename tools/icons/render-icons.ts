import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { encodeIcns } from './encode-icns';
import { encodeIco } from './encode-ico';
import { ICNS_ENTRIES, ICO_SIZES, ICO_TRIM, PNG_SIZES } from './icon-sizes';

/** One square rendering of the source image. */
interface Raster {
  readonly png: Buffer;
  /** Straight-alpha RGBA, rows top to bottom. */
  readonly rgba: Uint8Array;
}

/**
 * Renders the SVG at `svgPath` at every size the installers need and writes `icon.ico`,
 * `icon.icns` and `png/<n>x<n>.png` into `outDir` (created if missing).
 *
 * Each size is rendered from the vector rather than scaled down from 1024 px, so thin
 * strokes stay sharp at 16 px. The .ico is rendered with {@link ICO_TRIM} of the margin cut
 * away; the .icns and PNGs keep the source's framing.
 *
 * @returns the absolute paths written
 */
export async function makeIcons(svgPath: string, outDir: string): Promise<string[]> {
  const svg = await readFile(svgPath, 'utf8');
  const windowsSvg = trimViewBox(svg, ICO_TRIM, svgPath);
  const rasters = new Map<number, Raster>();
  const at = (size: number): Raster => {
    let raster = rasters.get(size);
    if (!raster) rasters.set(size, (raster = render(svg, size, svgPath)));
    return raster;
  };

  const written: string[] = [];
  const write = async (path: string, data: Uint8Array): Promise<void> => {
    await writeFile(path, data);
    written.push(path);
  };

  await mkdir(join(outDir, 'png'), { recursive: true });
  await write(
    join(outDir, 'icon.ico'),
    encodeIco(ICO_SIZES.map((size) => ({ size, ...render(windowsSvg, size, svgPath) }))),
  );
  await write(
    join(outDir, 'icon.icns'),
    encodeIcns(ICNS_ENTRIES.map(({ type, size }) => ({ type, png: at(size).png }))),
  );
  for (const size of PNG_SIZES) {
    await write(join(outDir, 'png', `${size}x${size}.png`), at(size).png);
  }
  return written;
}

/** The same SVG with `trim` user units cut from each side of the root viewBox. */
function trimViewBox(svg: string, trim: number, svgPath: string): string {
  const root = /<svg\b[^>]*>/.exec(svg);
  const viewBox = root && /\bviewBox="([^"]+)"/.exec(root[0]);
  const box = viewBox?.[1]!
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (!root || !viewBox || box?.length !== 4 || box.some((n) => !Number.isFinite(n))) {
    throw new Error(`make-icons: ${svgPath} needs a numeric viewBox on its <svg> element`);
  }
  const [x, y, width, height] = box as [number, number, number, number];
  const trimmed = `viewBox="${x + trim} ${y + trim} ${width - 2 * trim} ${height - 2 * trim}"`;
  return (
    svg.slice(0, root.index) +
    root[0].replace(viewBox[0], trimmed) +
    svg.slice(root.index + root[0].length)
  );
}

function render(svg: string, size: number, svgPath: string): Raster {
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
