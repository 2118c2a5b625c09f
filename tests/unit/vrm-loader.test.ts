/**
 * Loading VRM files in Node (tools/loaders/load-vrm-bones): the generated fixtures come back
 * with the skeleton they were written with, turned to face +Z; broken files are refused with
 * a message naming the file and the problem; the real files in the real-model fixtures load.
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { specFromHumanoidBones } from '../../renderer/src/rig/spec-from-humanoid-bones';
import { VrmLoadError, loadVrmBones, loadVrmFile } from '../../tools/loaders/load-vrm-bones';
import { REAL_FIXTURES } from '../../tools/fixtures/real-fixtures';
import { useVrmFixtures } from '../support/vrm-fixtures';

const vrmFiles = useVrmFixtures('vrm-loader-');

describe('loadVrmFile on generated fixtures', () => {
  it('reads format, meta and every bone where it was written, facing +Z (VRM 0.x turned)', async () => {
    expect(vrmFiles.good.length).toBeGreaterThanOrEqual(9);
    expect(new Set(vrmFiles.good.map((f) => f.format))).toEqual(new Set(['vrm0', 'vrm1']));
    for (const fixture of vrmFiles.good) {
      const loaded = await loadVrmFile(fixture.file);
      const name = fixture.file.split('/').pop()!;
      expect(loaded.format, name).toBe(fixture.format);
      expect(loaded.meta, name).toEqual({
        title: fixture.title,
        author: 'Ragdoll Playground tests',
      });
      expect(Object.keys(loaded.bones).sort(), name).toEqual(
        Object.keys(fixture.skeleton.positions).sort(),
      );
      for (const [bone, expected] of Object.entries(fixture.skeleton.positions)) {
        const got = loaded.bones[bone]!;
        const error = Math.hypot(got[0] - expected[0], got[1] - expected[1], got[2] - expected[2]);
        expect(error, `${name} ${bone}`).toBeLessThan(1e-5);
      }
      // The left arm is on +X once the model faces +Z, whichever VRM version wrote it.
      expect(loaded.bones.leftHand![0], name).toBeGreaterThan(0.2);
    }
  });

  it('gives the same ragdoll for the VRM 0.x and 1.0 files of one skeleton', async () => {
    const v0 = await loadVrmFile(vrmFiles.path('vrm0-apose-full.vrm'));
    const v1 = await loadVrmFile(vrmFiles.path('vrm1-apose-full.vrm'));
    const a = specFromHumanoidBones(v0.bones).spec;
    const b = specFromHumanoidBones(v1.bones).spec;
    expect(a.parts.length).toBe(b.parts.length);
    a.parts.forEach((part, i) => {
      const other = b.parts[i]!;
      expect(part.name).toBe(other.name);
      const moved = Math.hypot(...part.center.map((v, axis) => v - other.center[axis]!));
      expect(moved, part.name).toBeLessThan(1e-6);
    });
  });
});

describe('loadVrmBones parses the JSON chunk once', () => {
  it('checks the humanoid on the JSON three.js already parsed instead of parsing it again', async () => {
    const bytes = await readFile(vrmFiles.good[0]!.file);
    const chunkLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(12, true);
    const chunk = new TextDecoder().decode(bytes.subarray(20, 20 + chunkLength));
    const parse = vi.spyOn(JSON, 'parse');
    try {
      await loadVrmBones(bytes, 'once.vrm');
      expect(parse.mock.calls.filter(([text]) => text === chunk)).toHaveLength(1);
    } finally {
      parse.mockRestore();
    }
  });
});

describe('loadVrmBones on bytes that are a view or the whole buffer', () => {
  it('reads the same skeleton from a view into a larger buffer and leaves the bytes unchanged', async () => {
    const file = new Uint8Array(await readFile(vrmFiles.good[0]!.file));
    const whole = file.slice();
    const padded = new Uint8Array(whole.byteLength + 24);
    padded.set(whole, 16);
    const view = padded.subarray(16, 16 + whole.byteLength);
    const fromWhole = await loadVrmBones(whole, 'whole.vrm');
    const fromView = await loadVrmBones(view, 'view.vrm');
    expect(fromView.bones).toEqual(fromWhole.bones);
    // The whole-buffer load hands the caller's own buffer to three.js: it must stay intact.
    expect(whole).toEqual(file);
    expect(view).toEqual(file);
  });
});

describe('loadVrmFile refuses files that are not usable VRMs', () => {
  it('covers truncated, wrong magic, damaged JSON, NaN bone, missing bones, no humanoid, empty', () => {
    expect(vrmFiles.broken.map((f) => f.file.split('/').pop()).sort()).toEqual([
      'broken-damaged-json.vrm',
      'broken-empty.vrm',
      'broken-missing-bones.vrm',
      'broken-nan-bone.vrm',
      'broken-no-humanoid.vrm',
      'broken-truncated.vrm',
      'broken-wrong-magic.vrm',
    ]);
  });

  it('names the file and the problem for each', async () => {
    for (const fixture of vrmFiles.broken) {
      const name = fixture.file.split('/').pop()!;
      const error = await loadVrmFile(fixture.file).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, name).toBeInstanceOf(VrmLoadError);
      const message = (error as Error).message;
      expect(message.startsWith(`${name}: `), message).toBe(true);
      expect(message, name).toMatch(fixture.expectedMessage);
    }
  });

  it('says so when a file cannot be read at all', async () => {
    await expect(loadVrmFile(vrmFiles.path('nothing-here.vrm'))).rejects.toThrow(
      /nothing-here\.vrm: cannot be read \(ENOENT\)/,
    );
  });

  it('refuses a plain glTF binary that has no VRM extension', async () => {
    const { writeGlb } = await import('../../tools/fixtures/glb-writer');
    const bytes = writeGlb(
      JSON.stringify({ asset: { version: '2.0' }, nodes: [{ name: 'a' }] }),
      new Uint8Array(0),
    );
    await expect(loadVrmBones(bytes, 'plain.glb')).rejects.toThrow(
      /plain\.glb: is a glTF model but not a VRM/,
    );
  });
});

const SHARED = REAL_FIXTURES;
const REAL: [string, 'vrm0' | 'vrm1'][] = (['vrm0', 'vrm1'] as const).flatMap((format) => {
  const folder = join(SHARED, format);
  return existsSync(folder)
    ? readdirSync(folder)
        .filter((f) => f.endsWith('.vrm'))
        .map((f): [string, 'vrm0' | 'vrm1'] => [join(folder, f), format])
    : [];
});
if (REAL.length === 0)
  console.warn(`Skipping the real-file loader tests: no .vrm files under ${SHARED}.`);

describe.skipIf(REAL.length === 0)(
  'loadVrmFile on the real-model fixtures (skipped when absent)',
  () => {
    it.each(REAL.map(([file, format]) => [file.split('/').pop()!, file, format]))(
      '%s loads as a ragdoll-ready skeleton',
      async (_, file, format) => {
        const loaded = await loadVrmFile(file);
        expect(loaded.format).toBe(format);
        expect(loaded.meta.title.length).toBeGreaterThan(0);
        const rig = specFromHumanoidBones(loaded.bones);
        expect(rig.spec.parts).toHaveLength(15);
        // Every real file faces +Z after loading: the left hand is on +X.
        expect(loaded.bones.leftHand![0]).toBeGreaterThan(0);
      },
    );

    it('reports the meshes that cannot follow the ragdoll in univrm_emission_v0106 (6, per the README)', async () => {
      const file = join(SHARED, 'vrm0/univrm_emission_v0106.vrm');
      const loaded = await loadVrmFile(file);
      expect(loaded.warnings).toContainEqual(
        expect.stringMatching(/6 mesh\(es\) are neither skinned nor attached/),
      );
    });

    it('measures godette_v4 as the README says: hips 0.65 m, head 0.98 m', async () => {
      const loaded = await loadVrmFile(join(SHARED, 'vrm0/godette_v4.vrm'));
      expect(loaded.bones.hips![1]).toBeCloseTo(0.65, 2);
      expect(loaded.bones.head![1]).toBeCloseTo(0.98, 2);
      const rig = specFromHumanoidBones(loaded.bones);
      expect(
        rig.spec.parts.every((p) => p.shape.kind !== 'capsule' || p.shape.halfHeight > 0),
      ).toBe(true);
    });
  },
);
