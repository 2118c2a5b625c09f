/**
 * parseMmdModel on files written by the project's PMX and PMD writers: every field the writer
 * put in comes back (numbers within 32-bit float precision), across encodings, index widths,
 * PMX 2.1's extra weight kinds, morph types and soft bodies, and PMD's Shift_JIS names.
 */
import { describe, expect, it } from 'vitest';
import type { MmdBone, MmdModel } from '../../renderer/src/formats/mmd/mmd-model';
import { parseMmdModel } from '../../renderer/src/formats/mmd/parse-mmd-model';
import {
  benchmarkMmdModel,
  hairChainModel,
  humanoidMmdModel,
} from '../../tools/fixtures/mmd/mmd-fixture-models';
import { pmdMorphsAsRead, writePmd } from '../../tools/fixtures/mmd/pmd-writer';
import type { PmxWriteOptions } from '../../tools/fixtures/mmd/pmx-writer';
import { pmxMorphsAsRead, writePmx } from '../../tools/fixtures/mmd/pmx-writer';
import { modelDifferences } from '../support/mmd-model-compare';

/** Header bytes 11..16: vertex, texture, material, bone, morph and rigid-body index widths. */
function indexWidths(bytes: Uint8Array): number[] {
  return [...bytes.subarray(11, 17)];
}

/** `model` with the morphs a PMX written from it holds (the writer's stand-ins included). */
function asPmxReadsIt(model: MmdModel, options: PmxWriteOptions = {}): MmdModel {
  return { ...model, morphs: pmxMorphsAsRead(model, options) };
}

function roundTripPmx(model: MmdModel, options: PmxWriteOptions = {}): MmdModel {
  return parseMmdModel(writePmx(model, options));
}

/** A humanoid whose bones use every flag the model holds: append, IK, hidden, after physics. */
function flaggedHumanoid(): MmdModel {
  const model = humanoidMmdModel({ morphCount: 11 });
  const bones: MmdBone[] = model.bones.map((bone) => ({ ...bone }));
  const index = (name: string) => bones.findIndex((bone) => bone.name === name);
  const neck = index('首');
  bones[index('頭')] = {
    ...bones[index('頭')]!,
    append: { parentIndex: neck, ratio: 0.5, rotation: true, translation: true, local: false },
  };
  bones[index('首')] = {
    ...bones[index('首')]!,
    append: {
      parentIndex: index('上半身'),
      ratio: -0.25,
      rotation: true,
      translation: false,
      local: true,
    },
    afterPhysics: true,
  };
  bones[index('左ひじ')] = {
    ...bones[index('左ひじ')]!,
    isIk: true,
    layer: 1,
    ik: {
      targetIndex: index('左手首'),
      loopCount: 40,
      limitAngle: 2,
      links: [
        { boneIndex: index('左腕'), limits: { min: [-Math.PI, 0, -0.5], max: [-0.01, 0.25, 0] } },
        { boneIndex: index('左肩'), limits: null },
      ],
    },
  };
  bones[index('右肩')] = { ...bones[index('右肩')]!, visible: false };
  return { ...model, bones };
}

describe('PMX round trip', () => {
  it('brings back every field of the humanoid, UTF-16', () => {
    const model = humanoidMmdModel({ skirt: {}, hairStrands: 2 });
    const bytes = writePmx(model);
    expect(bytes[9]).toBe(0); // UTF-16LE
    expect(modelDifferences(parseMmdModel(bytes), asPmxReadsIt(model))).toEqual([]);
  });

  it('brings back every field in UTF-8, from an ArrayBuffer too', () => {
    const model = humanoidMmdModel({ pose: 'A' });
    const bytes = writePmx(model, { encoding: 'utf8' });
    expect(bytes[9]).toBe(1);
    const copy = bytes.slice().buffer;
    expect(modelDifferences(parseMmdModel(copy), asPmxReadsIt(model))).toEqual([]);
  });

  it('reads 1-, 2- and 4-byte indices chosen by model size or forced', () => {
    const small = hairChainModel(3);
    const smallBytes = writePmx(small);
    expect(indexWidths(smallBytes)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(modelDifferences(parseMmdModel(smallBytes), asPmxReadsIt(small))).toEqual([]);

    const benchmark = benchmarkMmdModel();
    const benchmarkBytes = writePmx(benchmark);
    expect(indexWidths(benchmarkBytes)).toEqual([2, 1, 1, 2, 1, 1]);
    expect(modelDifferences(parseMmdModel(benchmarkBytes), asPmxReadsIt(benchmark))).toEqual([]);

    const forced = writePmx(small, {
      indexSizes: { vertex: 4, texture: 4, material: 4, bone: 4, morph: 4, rigidBody: 4 },
    });
    expect(indexWidths(forced)).toEqual([4, 4, 4, 4, 4, 4]);
    expect(modelDifferences(parseMmdModel(forced), asPmxReadsIt(small))).toEqual([]);

    // Vertex indices are unsigned at widths 1 and 2: 160 and 33,600 vertices use the top bit.
    for (const [segments, width] of [
      [20, 1],
      [4200, 2],
    ] as const) {
      const chain = hairChainModel(segments);
      const chainBytes = writePmx(chain);
      expect(indexWidths(chainBytes)[0]).toBe(width);
      expect(modelDifferences(parseMmdModel(chainBytes), asPmxReadsIt(chain))).toEqual([]);
    }

    // Over 65,536 vertices: 4-byte vertex indices by size alone.
    const long = hairChainModel(8200);
    const longBytes = writePmx(long);
    expect(indexWidths(longBytes)[0]).toBe(4);
    expect(modelDifferences(parseMmdModel(longBytes), asPmxReadsIt(long))).toEqual([]);
  });

  it('reads append (local too), IK (links with and without limits), after-physics and hidden bones, extra UVs and axes', () => {
    const model = flaggedHumanoid();
    const extras = new Map([
      [3, { fixedAxis: [0, 1, 0] as const }],
      [4, { localAxes: { x: [1, 0, 0] as const, z: [0, 0, 1] as const } }],
      [5, { externalParentKey: 7 }],
    ]);
    const parsed = roundTripPmx(model, { additionalUvCount: 3, boneExtras: extras });
    expect(modelDifferences(parsed, asPmxReadsIt(model))).toEqual([]);
    expect(parsed.bones.find((bone) => bone.name === '頭')!.append).toEqual({
      parentIndex: model.bones.findIndex((bone) => bone.name === '首'),
      ratio: 0.5,
      rotation: true,
      translation: true,
      local: false,
    });
    expect(parsed.bones.find((bone) => bone.name === '首')!.append!.local).toBe(true);
    expect(parsed.bones.find((bone) => bone.name === '首')!.afterPhysics).toBe(true);
    const ik = parsed.bones.find((bone) => bone.name === '左ひじ')!.ik!;
    expect(ik.links.map((link) => link.limits !== null)).toEqual([true, false]);
    expect(ik.links[0]!.limits!.max[1]).toBeCloseTo(0.25, 6);
  });

  it('keeps bad references and NaN as written (the rig decides what to do with them)', () => {
    const model = humanoidMmdModel({
      jointToMissingBody: true,
      bodyWithoutBone: true,
      nanBodyPosition: true,
    });
    const parsed = roundTripPmx(model);
    expect(modelDifferences(parsed, asPmxReadsIt(model))).toEqual([]);
    expect(parsed.joints.some((joint) => joint.bodyB === 999)).toBe(true);
    expect(parsed.rigidBodies.some((body) => body.boneIndex === -1)).toBe(true);
    expect(parsed.rigidBodies.some((body) => Number.isNaN(body.position[0]))).toBe(true);
  });
});

describe('PMX 2.1', () => {
  it('reads QDEF and SDEF vertices, flip and impulse morphs and steps over soft bodies', () => {
    const model = humanoidMmdModel({ morphCount: 22 });
    const bytes = writePmx(model, {
      version: 2.1,
      vertexDeform: (v) => (v % 3 === 0 ? 'qdef' : v % 3 === 1 ? 'sdef' : undefined),
      softBodyCount: 2,
    });
    const parsed = parseMmdModel(bytes);
    expect(parsed.version).toBe(2.1);
    expect(parsed.morphCount).toBe(22);
    expect(parsed.warnings.map((warning) => warning.code)).toEqual(['soft-bodies-ignored']);
    expect(parsed.warnings[0]!.message).toMatch(/2 soft bodies/);
    const expected = {
      ...asPmxReadsIt(model, { version: 2.1 }),
      version: 2.1,
      warnings: parsed.warnings,
    };
    expect(modelDifferences(parsed, expected)).toEqual([]);
  });

  it('reads a 2.1 file whose joints use the 2.1 joint types', () => {
    const model = hairChainModel(6);
    const typed = {
      ...model,
      joints: model.joints.map((joint, i) => ({ ...joint, type: i % 6 })),
    };
    const parsed = parseMmdModel(writePmx(typed, { version: 2.1 }));
    expect(parsed.joints.map((joint) => joint.type)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(parsed.warnings).toEqual([]);
  });
});

/** What PMD keeps of a model (see pmd-writer.ts for what it cannot hold). */
function asPmdReadsIt(model: MmdModel): MmdModel {
  return {
    ...model,
    morphs: pmdMorphsAsRead(model),
    format: 'pmd',
    version: 1,
    materials: model.materials.map((material, i) => ({
      ...material,
      name: `material${i}`,
      doubleSided: material.diffuse[3] < 1,
      edgeSize: material.drawsEdge ? 1 : 0,
    })),
    bones: model.bones.map((bone) => ({ ...bone, tailOffset: null, layer: 0 })),
  };
}

/** The humanoid with sphere maps (.sph multiply, .spa add) and a toon texture. */
function materialHumanoid(): MmdModel {
  const model = humanoidMmdModel();
  const [body, hair] = model.materials;
  return {
    ...model,
    textures: ['body.png', 's.sph', 'h.spa', 'mytoon.bmp'],
    materials: [
      { ...body!, textureIndex: 0, sphereTextureIndex: 1, sphereMode: 1 },
      {
        ...hair!,
        sphereTextureIndex: 2,
        sphereMode: 2,
        toon: { kind: 'texture', textureIndex: 3 },
        diffuse: [0.5, 0.4, 0.3, 0.8],
      },
    ],
  };
}

describe('materials', () => {
  it('PMX keeps sphere maps, toon textures and translucency', () => {
    const model = materialHumanoid();
    expect(modelDifferences(roundTripPmx(model), asPmxReadsIt(model))).toEqual([]);
  });

  it('PMD splits "tex*sphere" fields by extension and reads custom toon list entries', () => {
    const model = materialHumanoid();
    const toonNames = ['toon01.bmp', 'toon02.bmp', 'mytoon.bmp'];
    const parsed = parseMmdModel(writePmd(model, { toonNames }));
    expect(modelDifferences(parsed, asPmdReadsIt(model))).toEqual([]);
    expect(parsed.materials[1]!.doubleSided).toBe(true); // translucent PMD materials
    // With MMD's own toon list, that entry falls back to no toon (its texture is not listed).
    const plain = parseMmdModel(writePmd(model));
    expect(plain.materials[1]!.toon).toEqual({ kind: 'none' });
  });
});

describe('PMD round trip', () => {
  it('brings back the humanoid with its Shift_JIS names, body positions made absolute', () => {
    const model = humanoidMmdModel({ skirt: { rows: 2 }, bodyWithoutBone: true });
    const parsed = parseMmdModel(writePmd(model));
    expect(modelDifferences(parsed, asPmdReadsIt(model))).toEqual([]);
    expect(parsed.bones.map((bone) => bone.name)).toContain('左ひじ');
    expect(parsed.rigidBodies.map((body) => body.name)).toContain('スカート8_2');
    expect(parsed.name).toBe('テスト人形');
  });

  it('reads type 5 and type 9 bones as append (付与) rotation', () => {
    const base = humanoidMmdModel({ hairSegments: 3 });
    const bones = base.bones.map((bone) => ({ ...bone }));
    const hair1 = bones.findIndex((bone) => bone.name === '髪1');
    const hair2 = bones.findIndex((bone) => bone.name === '髪2');
    const head = bones.findIndex((bone) => bone.name === '頭');
    // Type 5: copies 頭 fully. Type 9: copies 40 % of its tail bone.
    bones[hair1] = {
      ...bones[hair1]!,
      append: { parentIndex: head, ratio: 1, rotation: true, translation: false, local: false },
    };
    bones[hair2] = {
      ...bones[hair2]!,
      append: {
        parentIndex: bones[hair2]!.tailBone,
        ratio: 0.4,
        rotation: true,
        translation: false,
        local: false,
      },
    };
    const model = { ...base, bones };
    const parsed = parseMmdModel(writePmd(model));
    expect(parsed.bones[hair1]!.append).toEqual(bones[hair1]!.append);
    expect(parsed.bones[hair2]!.append!.parentIndex).toBe(bones[hair2]!.tailBone);
    expect(parsed.bones[hair2]!.append!.ratio).toBeCloseTo(0.4, 6);
  });
});
