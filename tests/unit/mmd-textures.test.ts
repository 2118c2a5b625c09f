/**
 * MMD textures in Node: each name the materials use is read once, a missing file is listed
 * (MMD's shared toons excepted), a refused or undecodable one is listed with why, and a TGA
 * decodes to rows top first (the `flipY = false` layout MMD's UVs expect). Alpha is read
 * from PNG and TGA headers.
 */

import { DataTexture } from 'three';
import { describe, expect, it } from 'vitest';
import { imageHasAlpha, decodeMmdTexture } from '../../renderer/src/view/mmd/mmd-texture-decoder';
import { loadMmdTextures, sharedToonName } from '../../renderer/src/view/mmd/mmd-textures';
import { BODY_TEXTURE, humanoidMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';
import { solidPng } from '../e2e/support/mmd-files';
import { hostTextureReader } from '../../renderer/src/models/mmd-texture-reader';
import type { HostApi } from '../../shared/host-contract';

/** A 1 × 2 uncompressed 32-bit TGA, top row red, bottom row blue, stored bottom-up. */
function twoRowTga(): Uint8Array {
  const header = new Uint8Array(18);
  header[2] = 2; // true colour
  header[12] = 1; // width
  header[14] = 2; // height
  header[16] = 32;
  header[17] = 8; // 8 alpha bits, origin bottom left
  // BGRA, bottom row first.
  return Uint8Array.from([...header, 255, 0, 0, 255, 0, 0, 255, 255]);
}

describe('decodeMmdTexture (TGA) and imageHasAlpha', () => {
  it('decodes a TGA with its top row first and flipY off', async () => {
    const texture = await decodeMmdTexture(twoRowTga(), 'hair.tga');
    expect(texture).toBeInstanceOf(DataTexture);
    expect(texture.flipY).toBe(false);
    const data = (texture as DataTexture).image.data as Uint8Array;
    expect([...data.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
    expect([...data.subarray(4, 8)]).toEqual([0, 0, 255, 255]);
    texture.dispose();
  });

  it('reads transparency from PNG colour types and TGA alpha bits', () => {
    expect(imageHasAlpha(solidPng(2, 2, [1, 2, 3]), 'a.png')).toBe(false);
    const rgba = solidPng(2, 2, [1, 2, 3]);
    rgba[25] = 6; // colour type RGBA (the header check only)
    expect(imageHasAlpha(rgba, 'a.png')).toBe(true);
    expect(imageHasAlpha(twoRowTga(), 'a.tga')).toBe(true);
    expect(imageHasAlpha(Uint8Array.from([0x42, 0x4d, 0, 0]), 'a.bmp')).toBe(false);
  });
});

describe('loadMmdTextures', () => {
  it('reads each name once, lists missing and broken ones, and skips absent shared toons', async () => {
    const model = humanoidMmdModel();
    const asked: string[] = [];
    const set = await loadMmdTextures(model, (name) => {
      asked.push(name);
      if (name === BODY_TEXTURE) return Promise.resolve({ problem: 'refused for the test' });
      return Promise.resolve(null);
    });
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked).toContain(BODY_TEXTURE);
    expect(set.missing).toEqual([]);
    expect(set.broken).toEqual([{ name: BODY_TEXTURE, reason: 'refused for the test' }]);
    expect(set.byName.size).toBe(0);
  });

  it('reads and decodes one file once however the model spells it', async () => {
    const base = humanoidMmdModel();
    const spellings = ['Tex\\Body.png', 'tex/body.PNG', '.\\tex\\\\body.png'];
    const model = {
      ...base,
      textures: spellings,
      materials: base.materials.map((material, i) => ({
        ...material,
        textureIndex: i === 0 ? 0 : 2,
        sphereMode: 1 as const,
        sphereTextureIndex: 1,
      })),
    };
    const asked: string[] = [];
    const set = await loadMmdTextures(model, (name) => {
      asked.push(name);
      if (!spellings.includes(name)) return Promise.resolve(null);
      return Promise.resolve({ bytes: twoRowTga(), fileName: 'body.tga' });
    });
    expect(asked.filter((name) => spellings.includes(name))).toHaveLength(1);
    expect(spellings.map((name) => set.byName.has(name))).toEqual([true, true, true]);
    expect(new Set(spellings.map((name) => set.byName.get(name)!.texture)).size).toBe(1);
    set.dispose();
  });

  it('the host reader asks the host once per file, not per spelling', async () => {
    const asked: string[] = [];
    const host = {
      readModelTexture: (_modelPath: string, name: string) => {
        asked.push(name);
        return Promise.resolve({
          ok: true as const,
          value: { name, fileName: 'Body.PNG', bytes: new Uint8Array(4) },
        });
      },
    } as unknown as HostApi;
    const read = hostTextureReader(host, '/models/a/model.pmx');
    await Promise.all(['Tex\\Body.png', 'tex/body.PNG', './tex/body.png', 'face.png'].map(read));
    expect(asked).toEqual(['Tex\\Body.png', 'face.png']);
  });

  it('lists a missing diffuse texture, decodes a TGA one, and reads nothing without a reader', async () => {
    const model = humanoidMmdModel();
    const missing = await loadMmdTextures(model, () => Promise.resolve(null));
    expect(missing.missing).toEqual([BODY_TEXTURE]);
    const tga = await loadMmdTextures(model, (name) =>
      Promise.resolve(name === BODY_TEXTURE ? { bytes: twoRowTga(), fileName: 'body.tga' } : null),
    );
    expect(tga.byName.get(BODY_TEXTURE)?.hasAlpha).toBe(true);
    tga.dispose();
    expect(tga.byName.size).toBe(0);
    const none = await loadMmdTextures(model, undefined);
    expect([none.missing, none.broken, none.byName.size]).toEqual([[], [], 0]);
    expect(sharedToonName(0)).toBe('toon01.bmp');
    expect(sharedToonName(9)).toBe('toon10.bmp');
  });
});
