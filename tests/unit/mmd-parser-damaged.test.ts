/**
 * parseMmdModel on incomplete and damaged bytes: a PMD that ends before one of its optional
 * sections loads (without physics, saying so); anything cut short elsewhere, or not an MMD
 * file at all, is refused with an MmdFormatError whose message says what and where, never
 * another kind of error.
 */
import { describe, expect, it } from 'vitest';
import type { MmdModel } from '../../renderer/src/formats/mmd/mmd-model';
import { MmdFormatError } from '../../renderer/src/formats/mmd/mmd-format-error';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import { createSeededRandom } from '../../renderer/src/physics/seeded-random';
import { humanoidMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';
import { writePmd } from '../../tools/fixtures/mmd/pmd-writer';
import { writePmx } from '../../tools/fixtures/mmd/pmx-writer';

/** The error `parse` throws, or null when it returns. */
function errorOf(parse: () => unknown): unknown {
  try {
    parse();
    return null;
  } catch (error) {
    return error;
  }
}

function expectFormatError(bytes: Uint8Array, message?: RegExp): MmdFormatError {
  const error = errorOf(() => parseMmdModel(bytes));
  expect(error).toBeInstanceOf(MmdFormatError);
  const formatError = error as MmdFormatError;
  expect(formatError.message.length).toBeGreaterThan(10);
  if (message) expect(formatError.message).toMatch(message);
  return formatError;
}

const model = humanoidMmdModel({ skirt: {}, morphCount: 4 });

describe('PMD optional sections', () => {
  const full = writePmd(model);

  it.each([
    ['english', /English names/],
    ['toon', /toon list/],
    ['physics', /physics/],
  ] as const)('a PMD that stops before its %s section loads without physics', (section, words) => {
    const parsed = parseMmdModel(writePmd(model, { stopBefore: section }));
    expect(parsed.rigidBodies).toEqual([]);
    expect(parsed.joints).toEqual([]);
    expect(parsed.bones.length).toBe(model.bones.length);
    expect(parsed.mesh.vertexCount).toBe(model.mesh.vertexCount);
    expect(parsed.warnings.map((warning) => warning.code)).toEqual(['pmd-no-physics']);
    expect(parsed.warnings[0]!.message).toMatch(words);
  });

  it('the full PMD has no such warning', () => {
    const parsed = parseMmdModel(full);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.rigidBodies.length).toBe(model.rigidBodies.length);
  });

  it('a PMD that ends inside its toon list or physics is refused, naming the part', () => {
    const beforePhysics = writePmd(model, { stopBefore: 'physics' }).byteLength;
    expectFormatError(full.subarray(0, beforePhysics - 10), /ends early.*toon list/);
    const bodiesEnd = beforePhysics + 4 + 83 * model.rigidBodies.length;
    expectFormatError(full.subarray(0, bodiesEnd - 40), /ends early.*rigid bod(y|ies)/);
    expectFormatError(full.subarray(0, bodiesEnd + 2), /ends early.*joint count/);
    expectFormatError(full.subarray(0, full.byteLength - 1), /ends early.*joint/);
  });
});

function cutPoints(length: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => Math.floor((length * (i + 1)) / (count + 1)));
}

describe('truncated files', () => {
  const files: [string, Uint8Array][] = [
    ['PMX 2.0', writePmx(model)],
    ['PMX 2.1 with soft bodies', writePmx(model, { version: 2.1, softBodyCount: 2 })],
    ['PMD', writePmd(model)],
  ];

  it.each(files)('%s cut at 40 points: each parses or throws MmdFormatError', (_, bytes) => {
    let refused = 0;
    for (const cut of cutPoints(bytes.byteLength, 40)) {
      const error = errorOf(() => parseMmdModel(bytes.subarray(0, cut)));
      if (error === null) continue;
      expect(error, `cut at ${cut} of ${bytes.byteLength}`).toBeInstanceOf(MmdFormatError);
      expect((error as Error).message).toMatch(/ends early|damaged/);
      refused++;
    }
    // Only a cut exactly at a PMD section boundary may load; none of these land on one.
    expect(refused).toBe(40);
  });

  it('names the byte offset, the file size and the item being read', () => {
    const bytes = writePmx(model);
    const error = expectFormatError(bytes.subarray(0, bytes.byteLength - 20));
    expect(error.message).toMatch(
      new RegExp(`byte \\d+ of ${bytes.byteLength - 20}, while reading joint \\d+`),
    );
  });
});

describe('not an MMD file', () => {
  it('refuses empty bytes, other formats and wrong versions', () => {
    expectFormatError(new Uint8Array(0), /empty/);
    expectFormatError(new TextEncoder().encode('glTF and more bytes'), /not a PMX or PMD file/);
    expectFormatError(new Uint8Array([0x50, 0x4d, 0x58]), /not a PMX or PMD file|ends early/);
    const v3 = writePmx(model).slice();
    new DataView(v3.buffer).setFloat32(4, 3, true);
    expectFormatError(v3, /PMX version 3 is not supported/);
    const pmd2 = writePmd(model).slice();
    new DataView(pmd2.buffer).setFloat32(3, 2, true);
    expectFormatError(pmd2, /PMD version 2 is not supported/);
  });

  it('refuses a face that names a missing vertex and an unknown weight type', () => {
    const faces: MmdModel = {
      ...model,
      mesh: { ...model.mesh, indices: model.mesh.indices.map((i, n) => (n === 5 ? 60000 : i)) },
    };
    expectFormatError(
      writePmx(faces, { indexSizes: { vertex: 2 } }),
      /triangle 1 uses vertex 60000/,
    );
    const bytes = writePmx(model).slice();
    // The first vertex's weight type byte follows its position, normal and UV (32 bytes).
    bytes[vertexStart(bytes) + 32] = 9;
    expectFormatError(bytes, /vertex 0 has weight type 9/);
  });

  it('tolerates weights on missing bones and a material index count that does not add up', () => {
    const skinIndices = model.mesh.skinIndices.slice();
    skinIndices[1] = 500; // vertex 0's second weight (0.25) names a bone that does not exist
    const materials = model.materials.map((m, i) =>
      i === 1 ? { ...m, indexCount: m.indexCount - 3 } : m,
    );
    const damaged: MmdModel = { ...model, materials, mesh: { ...model.mesh, skinIndices } };
    const parsed = parseMmdModel(writePmx(damaged));
    expect(parsed.warnings.map((warning) => warning.code).sort()).toEqual([
      'material-index-count',
      'vertex-missing-bone',
    ]);
    expect(parsed.warnings.find((w) => w.code === 'vertex-missing-bone')!.message).toMatch(
      /Vertex 0 .* bone 500/,
    );
    // The vertex follows its remaining bone alone.
    expect([...parsed.mesh.skinIndices.subarray(0, 2)]).toEqual([model.mesh.skinIndices[0], 0]);
    expect([...parsed.mesh.skinWeights.subarray(0, 4)]).toEqual([1, 0, 0, 0]);
  });

  it('refuses random bytes, with or without a real header, only with MmdFormatError', () => {
    const random = createSeededRandom(6);
    const header = writePmx(model).subarray(0, 17);
    const pmdHeader = writePmd(model).subarray(0, 7);
    for (let trial = 0; trial < 60; trial++) {
      const bytes = new Uint8Array(64 + Math.floor(random() * 4000));
      for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
      if (trial % 3 === 1) bytes.set(header);
      if (trial % 3 === 2) bytes.set(pmdHeader);
      expectFormatError(bytes);
    }
  });
});

describe('corrupted bytes', () => {
  it.each([
    ['PMX 2.1', writePmx(model, { version: 2.1, softBodyCount: 1 })],
    ['PMD', writePmd(model)],
  ])('%s with random bytes overwritten parses or throws MmdFormatError, 300 times', (_, bytes) => {
    const random = createSeededRandom(42);
    for (let trial = 0; trial < 300; trial++) {
      const damaged = bytes.slice();
      const flips = 1 + Math.floor(random() * 4);
      for (let f = 0; f < flips; f++) {
        damaged[Math.floor(random() * damaged.length)] = Math.floor(random() * 256);
      }
      const error = errorOf(() => parseMmdModel(damaged));
      if (error !== null) expect(error, `trial ${trial}`).toBeInstanceOf(MmdFormatError);
    }
  });
});

/** Offset of the first vertex in a PMX written by writePmx (UTF-16 names, 4-byte counts). */
function vertexStart(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 17;
  for (let text = 0; text < 4; text++) offset += 4 + view.getInt32(offset, true);
  return offset + 4;
}
