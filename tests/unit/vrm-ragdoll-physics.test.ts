/**
 * Every VRM fixture, generated and real, as a ragdoll on the real Rapier WASM: load, build the
 * spec, drop it, blast it at power 30, and check it stays whole. Prints the joint separation
 * per fixture (at rest and at the peaks).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { angleBetweenQuats } from '../../renderer/src/physics/vector-math';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { specFromHumanoidBones } from '../../renderer/src/rig/spec-from-humanoid-bones';
import { loadVrmFile } from '../../tools/loaders/load-vrm-bones';
import { fallAndBlast } from '../support/fall-and-blast';
import { loadRapier } from '../support/rapier';
import { REAL_FIXTURES } from '../../tools/fixtures/real-fixtures';
import { useVrmFixtures } from '../support/vrm-fixtures';

/** Joint separation at rest after a fall and a blast, metres. */
const MAX_REST_GAP = 0.001;
/**
 * Peak separation while a landing or a blast is being solved. Rapier's impulse joints stretch
 * for a step under impacts: measured up to about 24 mm landing from the drop height and 27 mm
 * (the 22-part robot) blasted, most dolls under 10 mm since a doll takes a blast as one rigid
 * motion; the original design allowed 1.1 cm falling. The bound says the doll never comes apart.
 */
const MAX_PEAK_GAP = 0.05;

const SHARED = REAL_FIXTURES;
const realFiles = (folder: string): string[] => {
  const dir = join(SHARED, folder);
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.vrm'))
        .map((f) => join(dir, f))
    : [];
};

async function checkFile(file: string): Promise<void> {
  const loaded = await loadVrmFile(file);
  const rig = specFromHumanoidBones(loaded.bones);
  const result = fallAndBlast(await loadRapier(), rig.spec);
  expect(result.nanCount).toBe(0);
  expect(result.settled).toBe(true);
  expect(result.restGapFall).toBeLessThanOrEqual(MAX_REST_GAP);
  expect(result.restGapBlast).toBeLessThanOrEqual(MAX_REST_GAP);
  expect(result.peakGapFall).toBeLessThanOrEqual(MAX_PEAK_GAP);
  expect(result.peakGapBlast).toBeLessThanOrEqual(MAX_PEAK_GAP);
}

describe('generated VRM fixtures as ragdolls', () => {
  const vrmFiles = useVrmFixtures('vrm-physics-');

  it('covers T-pose, A-pose, 15-bone and chibi skeletons in both VRM versions', () => {
    const names = vrmFiles.good.map((f) => f.file.split('/').pop());
    expect(names).toEqual(
      expect.arrayContaining([
        'vrm1-tpose-full.vrm',
        'vrm1-apose-full.vrm',
        'vrm1-tpose-15bones.vrm',
        'vrm1-chibi.vrm',
        'vrm0-apose-full.vrm',
        'vrm0-chibi.vrm',
      ]),
    );
  });

  it('falls and survives a power-30 blast: no NaN, joints together at rest (≤ 1 mm)', async () => {
    expect(vrmFiles.good.length).toBeGreaterThanOrEqual(9);
    for (const fixture of vrmFiles.good) await checkFile(fixture.file);
  });

  it('bends the neck, wrists and ankles, and holds them near their limits under blasts', async () => {
    const fixture = vrmFiles.good.find((f) => f.file.endsWith('vrm1-apose-full.vrm'))!;
    const rig = specFromHumanoidBones((await loadVrmFile(fixture.file)).bones);
    const sandbox = new Sandbox(await loadRapier(), { seed: 3, stiffness: 0 });
    try {
      const figure = sandbox.addFigure(rig.spec);
      sandbox.drop();
      const limited = figure.ragdoll.joints.filter((j) => /^(neck|wrist|ankle)/.test(j.spec.name));
      expect(limited).toHaveLength(5);
      const seen = new Map(limited.map((j) => [j, 0]));
      const record = () => {
        for (const j of limited) {
          const angle = angleBetweenQuats(j.parent.body.rotation(), j.child.body.rotation());
          seen.set(j, Math.max(seen.get(j)!, angle));
        }
      };
      sandbox.run(1.5, record);
      for (let i = 0; i < 3; i++) {
        sandbox.blast(30);
        sandbox.run(1, record);
      }
      for (const [j, angle] of seen) {
        const spec = j.spec;
        if (spec.kind !== 'spherical' || !spec.limits)
          throw new Error(`${spec.name} has no limits`);
        const limits = spec.limits;
        // Per-axis limits bound a box of rotations; its corner is this far from rest.
        const corner = Math.hypot(
          ...(['x', 'y', 'z'] as const).map((axis) => Math.max(...limits[axis]!.map(Math.abs))),
        );
        expect(angle, `${j.spec.name} bends`).toBeGreaterThan(0.2);
        expect(angle, `${j.spec.name} stays near its limits`).toBeLessThan(corner * 1.5);
      }
    } finally {
      sandbox.dispose();
    }
  });
});

const real0 = realFiles('vrm0');
const real1 = realFiles('vrm1');
if (real0.length + real1.length === 0) {
  console.warn(
    `Skipping the real-file ragdoll tests: no .vrm files under ${SHARED} (see its README).`,
  );
}
describe.skipIf(real0.length + real1.length === 0)(
  'real VRM files in the real-model fixtures as ragdolls (skipped when that folder is absent)',
  () => {
    it.each([...real0, ...real1].map((file) => [file.split('/').pop()!, file]))(
      '%s falls and survives a power-30 blast',
      async (_, file) => {
        await checkFile(file);
      },
    );
  },
);
