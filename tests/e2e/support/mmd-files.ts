import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { HumanoidMmdOptions } from '../../../scripts/fixtures/mmd/mmd-fixture-models';
import { BODY_TEXTURE, humanoidMmdModel } from '../../../scripts/fixtures/mmd/mmd-fixture-models';
import { writePmx } from '../../../scripts/fixtures/mmd/pmx-writer';

/** Where a generated MMD model was written. */
export interface WrittenMmdModel {
  /** The .pmx file. */
  readonly path: string;
  readonly bytes: Uint8Array;
  /** The texture written beside it (`tex/body.png`), or null when left out. */
  readonly texturePath: string | null;
}

/**
 * Writes the generated humanoid (`humanoidMmdModel`, with hair) as PMX into `folder/name`,
 * and with `texture` a small opaque PNG at its `tex/body.png`, as a model folder holds them.
 */
export function writeHumanoidPmx(
  folder: string,
  name: string,
  options: { readonly texture: boolean; readonly model?: HumanoidMmdOptions },
): WrittenMmdModel {
  mkdirSync(folder, { recursive: true });
  const bytes = writePmx(humanoidMmdModel(options.model ?? {}));
  const path = join(folder, name);
  writeFileSync(path, bytes);
  let texturePath: string | null = null;
  if (options.texture) {
    texturePath = join(folder, BODY_TEXTURE);
    mkdirSync(dirname(texturePath), { recursive: true });
    writeFileSync(texturePath, solidPng(8, 8, [230, 180, 150]));
  }
  return { path, bytes, texturePath };
}

/** An RGB PNG of one colour (a real, decodable image, unlike a header-only stub). */
export function solidPng(width: number, height: number, rgb: readonly number[]): Uint8Array {
  const row = [0, ...Array.from({ length: width }, () => rgb).flat()];
  const raw = Uint8Array.from(Array.from({ length: height }, () => row).flat());
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
