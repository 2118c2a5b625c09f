/**
 * The generated MMD fixtures (scripts/fixtures/mmd/make-mmd-fixtures) written to a temp
 * folder and read back from disk: good files give the bodies, joints and warnings their plan
 * says; broken ones are refused with their expected words; the body texture is a real PNG.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MmdFormatError } from '../../renderer/src/formats/mmd/mmd-format-error';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import type { MmdFixture } from '../../scripts/fixtures/mmd/make-mmd-fixtures';
import { writeMmdFixtures } from '../../scripts/fixtures/mmd/make-mmd-fixtures';
import { BODY_TEXTURE } from '../../scripts/fixtures/mmd/mmd-fixture-models';

let dir: string;
let fixtures: MmdFixture[] = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mmd-fixtures-'));
  fixtures = await writeMmdFixtures(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('generated MMD fixtures', () => {
  it('good files parse with the planned counts and warnings', async () => {
    const good = fixtures.filter((fixture) => fixture.kind === 'good');
    expect(good.length).toBeGreaterThanOrEqual(8);
    for (const fixture of good) {
      const model = parseMmdModel(await readFile(join(dir, fixture.file)));
      const seen = {
        format: model.format,
        rigidBodies: model.rigidBodies.length,
        joints: model.joints.length,
        warnings: model.warnings.map((warning) => warning.code),
      };
      expect(seen, fixture.file).toEqual({
        format: fixture.format,
        rigidBodies: fixture.rigidBodies,
        joints: fixture.joints,
        warnings: fixture.warnings,
      });
    }
    const benchmark = good.find((fixture) => fixture.file.startsWith('benchmark'))!;
    expect([benchmark.rigidBodies, benchmark.joints]).toEqual([125, 117]);
  });

  it('broken files are refused with their expected words', async () => {
    const broken = fixtures.filter((fixture) => fixture.kind === 'broken');
    expect(broken.length).toBeGreaterThanOrEqual(4);
    for (const fixture of broken) {
      const bytes = await readFile(join(dir, fixture.file));
      expect(() => parseMmdModel(bytes), fixture.file).toThrow(MmdFormatError);
      expect(() => parseMmdModel(bytes), fixture.file).toThrow(fixture.expectedMessage);
    }
  });

  it('writes tex/body.png as a 16 × 16 RGB PNG whose pixels inflate', async () => {
    const png = await readFile(join(dir, BODY_TEXTURE));
    expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    expect(png.toString('ascii', 12, 16)).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([16, 16, 8, 2]);
    const idatLength = png.readUInt32BE(33);
    expect(png.toString('ascii', 37, 41)).toBe('IDAT');
    const pixels = inflateSync(png.subarray(41, 41 + idatLength));
    expect(pixels.byteLength).toBe(16 * (16 * 3 + 1));
  });
});
