/**
 * Memory bombs for the page's loaders (Node): a small file that declares a huge size is
 * refused with a message naming it before three.js or a decoder allocates from that size —
 * a VRM accessor with no data but a count of 200 million, a run-length TGA and a PNG that
 * declare 16384 × 16384 pixels, a VRM embedding such a PNG, and views past the file's end.
 */

import { readFile, writeFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { declaredImageSize, imageSizeProblem } from '../../renderer/src/formats/image-size';
import { decodeMmdTexture } from '../../renderer/src/view/mmd/mmd-texture-decoder';
import { readGlb } from '../../renderer/src/view/vrm/glb-container';
import { gltfSizeProblem } from '../../renderer/src/view/vrm/gltf-declared-sizes';
import { writeGlb } from '../../tools/fixtures/glb-writer';
import { encodePng } from '../../tools/fixtures/mmd/png-writer';
import { loadVrmFile } from '../../tools/loaders/load-vrm-bones';
import { useVrmFixtures } from '../support/vrm-fixtures';

/** A PNG of `width` × `height` declared in its header, with a 1 × 1 image's data. */
function pngDeclaring(width: number, height: number): Uint8Array {
  const png = Uint8Array.from(encodePng(1, 1, () => [1, 2, 3]));
  const view = new DataView(png.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return png;
}

/** A run-length 32-bit TGA header declaring `width` × `height`, and one packet. */
function rleTgaDeclaring(width: number, height: number, packets = 400): Uint8Array {
  const header = new Uint8Array(18);
  header[2] = 10; // run-length true colour
  new DataView(header.buffer).setUint16(12, width, true);
  new DataView(header.buffer).setUint16(14, height, true);
  header[16] = 32;
  header[17] = 8;
  const body = new Uint8Array(packets * 5);
  for (let i = 0; i < packets; i++) body.set([0xff, 1, 2, 3, 255], i * 5); // 128 pixels each
  return Uint8Array.from([...header, ...body]);
}

describe('images', () => {
  it('reads the declared size of PNG, GIF, BMP, JPEG and TGA headers', () => {
    expect(declaredImageSize(pngDeclaring(300, 200))).toEqual({ width: 300, height: 200 });
    const gif = Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x2c, 0x01, 0xc8, 0, 0, 0]);
    expect(declaredImageSize(gif)).toEqual({ width: 300, height: 200 });
    const bmp = new Uint8Array(54);
    bmp.set([0x42, 0x4d]);
    new DataView(bmp.buffer).setInt32(18, 300, true);
    new DataView(bmp.buffer).setInt32(22, -200, true);
    expect(declaredImageSize(bmp)).toEqual({ width: 300, height: 200 });
    // SOI, an APP0 segment, then SOF0 with height 200 and width 300.
    const jpeg = Uint8Array.from([
      0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 200, 1, 0x2c, 3, 0, 0, 0,
    ]);
    expect(declaredImageSize(jpeg)).toEqual({ width: 300, height: 200 });
    expect(declaredImageSize(rleTgaDeclaring(300, 200), 'a.tga')).toEqual({
      width: 300,
      height: 200,
    });
    expect(declaredImageSize(Uint8Array.from([1, 2, 3]))).toBeUndefined();
  });

  it('refuses a 16384² PNG and a run-length TGA declaring more than its bytes hold', async () => {
    expect(imageSizeProblem(pngDeclaring(4096, 4096))).toBeNull();
    expect(imageSizeProblem(rleTgaDeclaring(100, 100), 'a.tga')).toBeNull();
    const png = decodeMmdTexture(pngDeclaring(16384, 16384), 'skin.png');
    await expect(png).rejects.toThrow('skin.png declares 16384 × 16384 pixels');
    // 2 KB declaring 8000 × 8000 (within the side limit, but 64 million pixels from 2 KB).
    const tga = decodeMmdTexture(rleTgaDeclaring(8000, 8000), 'hair.tga');
    await expect(tga).rejects.toThrow('hair.tga declares 8000 × 8000 pixels, more than');
    const huge = decodeMmdTexture(rleTgaDeclaring(16384, 16384), 'body.tga');
    await expect(huge).rejects.toThrow('body.tga declares 16384 × 16384 pixels');
  });
});

describe('VRM (glTF) declared sizes', () => {
  const vrmFiles = useVrmFixtures('rp-bombs-');
  let base: Uint8Array;
  beforeAll(async () => {
    base = new Uint8Array(await readFile(vrmFiles.good[0]!.file));
  });

  /** The fixture with `change` applied to its JSON, written as `name`. */
  async function variant(
    name: string,
    change: (json: Record<string, unknown>) => void,
  ): Promise<string> {
    const { json, bin } = readGlb(base, 'fixture.vrm');
    change(json);
    const path = vrmFiles.path(name);
    await writeFile(path, writeGlb(JSON.stringify(json), bin ?? new Uint8Array(0)));
    return path;
  }

  it('loads the unchanged fixture (the checks pass a good file)', async () => {
    const path = await variant('good.vrm', () => undefined);
    await expect(loadVrmFile(path)).resolves.toMatchObject({ format: expect.any(String) });
  });

  it(
    'refuses an accessor with no data and a count of 200 million',
    { timeout: 30_000 },
    async () => {
      const path = await variant('bomb.vrm', (json) => {
        const accessors = json['accessors'] as Record<string, unknown>[];
        accessors.push({ componentType: 5126, type: 'SCALAR', count: 200_000_000 });
        const meshes = json['meshes'] as { primitives: { attributes: Record<string, number> }[] }[];
        meshes[0]!.primitives[0]!.attributes['_BOMB'] = accessors.length - 1;
      });
      const error = await loadVrmFile(path).then(
        () => undefined,
        (caught: unknown) => caught as Error,
      );
      expect(error?.message).toContain('bomb.vrm: accessor');
      expect(error?.message).toContain('declares 200000000 values with no data in the file');
    },
  );

  it('refuses views past the end of the file and an embedded 16384² image', () => {
    const { json, bin } = readGlb(base, 'fixture.vrm');
    expect(gltfSizeProblem(json, bin)).toBeNull();
    const views = json['bufferViews'] as Record<string, number>[];
    const longView = structuredClone(json);
    (longView['bufferViews'] as Record<string, number>[])[0]!['byteLength'] = 1e9;
    expect(gltfSizeProblem(longView, bin)).toMatch(/buffer view 0 ends at byte \d+, past the/);
    const longAccessor = structuredClone(json);
    const accessor = (longAccessor['accessors'] as Record<string, number>[])[0]!;
    accessor['count'] = 1e8;
    expect(gltfSizeProblem(longAccessor, bin)).toContain('run past the end of buffer view');
    // An image in the binary chunk whose PNG header declares 16384 × 16384.
    const png = pngDeclaring(16384, 16384);
    const withImage = structuredClone(json);
    const allBin = Uint8Array.from([...(bin ?? []), ...png]);
    (withImage['buffers'] as Record<string, number>[])[0]!['byteLength'] = allBin.length;
    (withImage['bufferViews'] as Record<string, number>[]).push({
      buffer: 0,
      byteOffset: allBin.length - png.length,
      byteLength: png.length,
    });
    withImage['images'] = [{ bufferView: views.length, mimeType: 'image/png' }];
    expect(gltfSizeProblem(withImage, allBin)).toContain('image 0 declares 16384 × 16384 pixels');
  });
});
