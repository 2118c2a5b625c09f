/**
 * The icon script (`npm run icons`) run into a temporary folder: every size each platform
 * needs, readable containers, pixels the right way up, and the committed icons up to date.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeIcns } from '../../tools/icons/encode-icns';
import { encodeIco } from '../../tools/icons/encode-ico';
import {
  readBmpIconPixel,
  readIcnsEntries,
  readIcoEntries,
  readPngSize,
} from '../support/icon-readers';
import { fromRoot } from '../support/installer-files';

// Written out from the platforms' requirements rather than imported from the script.
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
const ICNS_TYPES: Record<string, number> = {
  icp4: 16, // 16x16
  ic11: 32, // 16x16@2x
  icp5: 32, // 32x32
  ic12: 64, // 32x32@2x
  ic07: 128, // 128x128
  ic13: 256, // 128x128@2x
  ic08: 256, // 256x256
  ic14: 512, // 256x256@2x
  ic09: 512, // 512x512
  ic10: 1024, // 512x512@2x
};
const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

let out: string;

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'ragdoll-icons-'));
  // Through npm, so the package.json script is what is tested.
  await promisify(execFile)('npm', ['run', '--silent', 'icons', '--', '--out', out], {
    cwd: fromRoot('.'),
  });
}, 60_000);

afterAll(async () => {
  if (out) await rm(out, { recursive: true, force: true });
});

describe('npm run icons', () => {
  it('writes the .ico with 16–256 px, 32-bit BMP below 256 and PNG at 256', async () => {
    const entries = readIcoEntries(await readFile(join(out, 'icon.ico')));
    expect(entries.map((e) => e.size)).toEqual(ICO_SIZES);
    for (const e of entries) {
      expect(e.bitCount, `${e.size} px`).toBe(32);
      expect(e.format, `${e.size} px`).toBe(e.size === 256 ? 'png' : 'bmp');
      expect([e.dataWidth, e.dataHeight], `${e.size} px data`).toEqual([e.size, e.size]);
    }
  });

  it('writes the .icns with every iconset size, 16 to 512 at 1x and 2x', async () => {
    const entries = readIcnsEntries(await readFile(join(out, 'icon.icns')));
    expect(Object.fromEntries(entries.map((e) => [e.type, e.width]))).toEqual(ICNS_TYPES);
    for (const e of entries) expect(e.height, e.type).toBe(e.width);
    expect(entries).toHaveLength(Object.keys(ICNS_TYPES).length);
  });

  it('writes <n>x<n>.png from 16 to 1024 px for Linux and window icons', async () => {
    const names = (await readdir(join(out, 'png'))).sort();
    expect(names).toEqual(PNG_SIZES.map((s) => `${s}x${s}.png`).sort());
    for (const size of PNG_SIZES) {
      const png = await readFile(join(out, 'png', `${size}x${size}.png`));
      expect(readPngSize(png)).toEqual({ width: size, height: size });
    }
  });

  it('draws the tile the right way up with transparent corners and straight alpha', async () => {
    const entry = readIcoEntries(await readFile(join(out, 'icon.ico'))).find((e) => e.size === 48)!;
    const corner = readBmpIconPixel(entry, 0, 0);
    expect(corner.a).toBe(0);
    expect(corner.masked).toBe(true);
    // icon.svg: an orange top (#ff8a3d) fading to a dark pink floor at the bottom.
    const top = readBmpIconPixel(entry, 10, 7);
    const bottom = readBmpIconPixel(entry, 10, 41);
    expect(top.a).toBe(255);
    expect(top.masked).toBe(false);
    expect(top.r).toBeGreaterThan(230);
    expect(top.g - bottom.g).toBeGreaterThan(50);
    // Windows framing: the tile reaches within ~2 px of the edge (the macOS margin would
    // leave the first 4 px of every row empty).
    expect(readBmpIconPixel(entry, 3, 24).a).toBe(255);
    // Soft edge pixels (the top rounded corners) keep their colour: premultiplied data would
    // scale the orange's red (over 0xf0 in the top half) down with alpha, below 160 here.
    const soft = [...Array(48 * 24).keys()]
      .map((i) => readBmpIconPixel(entry, i % 48, Math.floor(i / 48)))
      .filter((p) => p.a > 0 && p.a < 160);
    expect(soft.length, 'anti-aliased pixels on the rounded corners').toBeGreaterThan(4);
    for (const p of soft) expect(p.r).toBeGreaterThan(200);
  });

  it('matches the icons committed in resources/icons (run `npm run icons` after editing icon.svg)', async () => {
    const generated = ['icon.ico', 'icon.icns', ...PNG_SIZES.map((s) => `png/${s}x${s}.png`)];
    for (const file of generated) {
      const fresh = await readFile(join(out, file));
      const committed = await readFile(fromRoot(join('resources/icons', file)));
      expect(fresh.equals(committed), `resources/icons/${file} is stale`).toBe(true);
    }
  });
});

describe('icon encoders on a known 2×2 image', () => {
  // Top row: red, transparent; bottom row: green, half-transparent blue.
  const rgba = new Uint8Array([255, 0, 0, 255, 0, 0, 0, 0, 0, 255, 0, 255, 0, 0, 255, 128]);
  const fakePng = Buffer.from('89504e470d0a1a0a0000000d49484452000000020000000208060000', 'hex');

  it('stores BMP pixels bottom-up as BGRA with the transparent pixel masked', () => {
    const [entry] = readIcoEntries(encodeIco([{ size: 2, rgba, png: fakePng }]));
    expect(readBmpIconPixel(entry!, 0, 0)).toEqual({ r: 255, g: 0, b: 0, a: 255, masked: false });
    expect(readBmpIconPixel(entry!, 1, 0)).toMatchObject({ a: 0, masked: true });
    expect(readBmpIconPixel(entry!, 0, 1)).toEqual({ r: 0, g: 255, b: 0, a: 255, masked: false });
    expect(readBmpIconPixel(entry!, 1, 1)).toEqual({ r: 0, g: 0, b: 255, a: 128, masked: false });
  });

  it('refuses sizes an .ico cannot hold and pixel buffers of the wrong length', () => {
    expect(() => encodeIco([{ size: 512, rgba, png: fakePng }])).toThrow(/outside 1–256/);
    expect(() => encodeIco([{ size: 3, rgba, png: fakePng }])).toThrow(/RGBA bytes/);
  });

  it('writes .icns entries a reader finds again, and refuses a bad OSType', () => {
    const icns = encodeIcns([
      { type: 'ic07', png: fakePng },
      { type: 'ic11', png: fakePng },
    ]);
    expect(readIcnsEntries(icns)).toEqual([
      { type: 'ic07', width: 2, height: 2 },
      { type: 'ic11', width: 2, height: 2 },
    ]);
    expect(() => encodeIcns([{ type: 'ic7', png: fakePng }])).toThrow(/four ASCII/);
  });
});
