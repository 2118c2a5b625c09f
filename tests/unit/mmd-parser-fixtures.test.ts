/**
 * The generated MMD fixtures (tools/fixtures/mmd/make-mmd-fixtures) written to a temp
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
import type { MmdModel, MmdRigidBody, Triple } from '../../renderer/src/formats/mmd/mmd-model';
import type { MmdFixture } from '../../tools/fixtures/mmd/make-mmd-fixtures';
import { writeMmdFixtures } from '../../tools/fixtures/mmd/make-mmd-fixtures';
import {
  BODY_TEXTURE,
  HUMANOID_BONE_NAMES,
  benchmarkMmdModel,
  hairChainModel,
  humanoidMmdModel,
} from '../../tools/fixtures/mmd/mmd-fixture-models';

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

/** `v` turned by Euler angles read in YXZ order (R = Ry · Rx · Rz), MMD's own numbers. */
function rotate(v: Triple, [x, y, z]: Triple): Triple {
  const [cx, sx, cy, sy, cz, sz] = [
    Math.cos(x),
    Math.sin(x),
    Math.cos(y),
    Math.sin(y),
    Math.cos(z),
    Math.sin(z),
  ];
  const a: Triple = [v[0] * cz - v[1] * sz, v[0] * sz + v[1] * cz, v[2]];
  const b: Triple = [a[0], a[1] * cx - a[2] * sx, a[1] * sx + a[2] * cx];
  return [b[0] * cy + b[2] * sy, b[1], -b[0] * sy + b[2] * cy];
}

/** Points covering a body's volume, each with the radius around it that is still inside. */
function volumeSamples(body: MmdRigidBody): [Triple, number][] {
  const local: [Triple, number][] = [];
  const [a, b, c] = body.size;
  if (body.shape === 0) local.push([[0, 0, 0], a]);
  else if (body.shape === 2) {
    for (let t = -1; t <= 1.001; t += 0.1) local.push([[0, (t * b) / 2, 0], a]);
  } else {
    for (let i = -1; i <= 1.001; i += 0.25)
      for (let j = -1; j <= 1.001; j += 0.25)
        for (let k = -1; k <= 1.001; k += 0.5) local.push([[i * a, j * b, k * c], 0]);
  }
  return local.map(([p, r]) => {
    const q = rotate(p, body.rotation);
    return [[q[0] + body.position[0], q[1] + body.position[1], q[2] + body.position[2]], r];
  });
}

function boundingRadius(body: MmdRigidBody): number {
  const [a, b, c] = body.size;
  return body.shape === 0 ? a : body.shape === 2 ? a + b / 2 : Math.hypot(a, b, c);
}

/** Pairs of bodies, at least one dynamic, that collide (PMX masks) and start overlapping. */
function startingOverlaps(model: MmdModel): string[] {
  const found: string[] = [];
  const bodies = model.rigidBodies;
  bodies.forEach((a, i) => {
    for (const b of bodies.slice(i + 1)) {
      if (a.physicsMode === 0 && b.physicsMode === 0) continue;
      const collide = (a.collisionMask >> b.group) & 1 && (b.collisionMask >> a.group) & 1;
      if (!collide) continue;
      const apart = Math.hypot(...a.position.map((v, axis) => v - b.position[axis]!));
      if (apart > boundingRadius(a) + boundingRadius(b)) continue;
      let gap = Infinity;
      for (const [p, r] of volumeSamples(a))
        for (const [q, s] of volumeSamples(b))
          gap = Math.min(gap, Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]) - r - s);
      if (gap < 0) found.push(`${a.name} / ${b.name} (${gap.toFixed(2)})`);
    }
  });
  return found;
}

describe('fixture model builders', () => {
  it('the humanoid is about 20 units tall, faces −Z, with its left side at +X', () => {
    const model = humanoidMmdModel();
    const at = (name: string) => model.bones.find((bone) => bone.name === name)!.position;
    expect(model.bones.map((bone) => bone.name)).toEqual(
      expect.arrayContaining([...HUMANOID_BONE_NAMES]),
    );
    let top = -Infinity;
    for (let i = 1; i < model.mesh.positions.length; i += 3)
      top = Math.max(top, model.mesh.positions[i]!);
    expect(top).toBeGreaterThan(18);
    expect(top).toBeLessThan(22);
    expect(at('左腕')[0]).toBeGreaterThan(0);
    expect(at('右腕')[0]).toBeLessThan(0);
    expect(at('左つま先')[2]).toBeLessThan(at('左足首')[2]);
    // A-pose: the arm points 35° below horizontal.
    const apose = humanoidMmdModel({ pose: 'A' });
    const arm = apose.bones.find((bone) => bone.name === '左腕')!.position;
    const elbow = apose.bones.find((bone) => bone.name === '左ひじ')!.position;
    expect((Math.atan2(arm[1] - elbow[1], elbow[0] - arm[0]) * 180) / Math.PI).toBeCloseTo(35, 5);
  });

  it('omitted bones take their bodies and joints along; children move to the kept ancestor', () => {
    const full = humanoidMmdModel();
    const model = humanoidMmdModel({ omitBones: ['上半身2', '頭'] });
    const names = model.bones.map((bone) => bone.name);
    expect(names).not.toContain('上半身2');
    const neck = model.bones.find((bone) => bone.name === '首')!;
    expect(model.bones[neck.parentIndex]!.name).toBe('上半身');
    expect(model.bones[model.bones.find((bone) => bone.name === '髪1')!.parentIndex]!.name).toBe(
      '首',
    );
    // The head body, the hair root on 頭 and the joint from that root are gone.
    expect(model.rigidBodies.length).toBe(full.rigidBodies.length - 3);
    expect(model.joints.length).toBe(full.joints.length - 1);
    for (const joint of model.joints) {
      expect(joint.bodyA).toBeLessThan(model.rigidBodies.length);
      expect(joint.bodyB).toBeLessThan(model.rigidBodies.length);
    }
    for (const body of model.rigidBodies) expect(body.boneIndex).toBeLessThan(model.bones.length);
  });

  it('hair and skirt use PMX groups and masks; joints have limits and springs', () => {
    const model = humanoidMmdModel({ skirt: {}, hairType: 2 });
    const hair = model.rigidBodies.filter(
      (body) => body.name.startsWith('髪') && body.physicsMode !== 0,
    );
    expect(hair.length).toBe(5);
    for (const body of hair)
      expect([body.group, body.collisionMask, body.physicsMode]).toEqual([1, 0xfffd, 2]);
    const skirt = model.rigidBodies.filter((body) => body.name.startsWith('スカート'));
    expect(skirt.length).toBe(8);
    for (const body of skirt) expect(body.physicsMode).toBe(2);
    for (const joint of model.joints) {
      expect(joint.angularSpring.every((k) => k > 0)).toBe(true);
      expect(joint.angularMin.every((min, axis) => min < joint.angularMax[axis]!)).toBe(true);
    }
    const chain = hairChainModel(10);
    expect([chain.bones.length, chain.rigidBodies.length, chain.joints.length]).toEqual([
      11, 11, 10,
    ]);
  });

  it('no dynamic body starts inside a body it collides with', () => {
    for (const model of [
      humanoidMmdModel({ pose: 'A', skirt: { rows: 2 } }),
      humanoidMmdModel({ pose: 'T', hairSegments: 8 }),
      benchmarkMmdModel(),
      hairChainModel(10),
    ]) {
      expect(startingOverlaps(model), model.name).toEqual([]);
    }
  });
});
