/**
 * The benchmark-only page mode behind `npm run bench:vrm:browser`
 * (renderer/src/test-build/vrm-load-bench.ts): asked for only by `?bench-vrm-load`, and its hook
 * times both sides of the comparison per round on real Rapier and the real loader.
 */
import { readFile } from 'node:fs/promises';
import RAPIER from '@dimforge/rapier3d-simd-compat';
import { beforeAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { installVrmLoadBench, timeVrmLoads } from '../../renderer/src/test-build/vrm-load-bench';
// Gives three-vrm the `self` global it reads on import in Node.
import '../../tools/loaders/load-vrm-bones';
import { useVrmFixtures } from '../support/vrm-fixtures';

beforeAll(async () => {
  await RAPIER.init();
});
const vrmFiles = useVrmFixtures('vrm-load-bench-');

describe('installVrmLoadBench', () => {
  it('times the bare parse and load + spec + bodies for each measured round', async () => {
    const target = {} as Window;
    installVrmLoadBench(target, RAPIER);
    const hook = target.__ragdollVrmLoadBench!;
    expect(Object.isFrozen(hook)).toBe(true);
    const bytes = await readFile(vrmFiles.good[0]!.file);
    const url = `data:application/octet-stream;base64,${bytes.toString('base64')}`;
    const times = await hook.timeLoads(url, 'bench.vrm', 3, 1);
    // Only the measured rounds are kept (the warm-up round is left out), each one timed.
    for (const series of Object.values(times)) {
      expect(series).toHaveLength(3);
      for (const ms of series) expect(ms).toBeGreaterThan(0);
    }
  });

  it("frees each round's figure, so every round builds its bodies in the same empty sandbox", async () => {
    const sandbox = new Sandbox(RAPIER, { maxFigures: 1 });
    try {
      const bodiesBefore = sandbox.world.bodies.len();
      const bytes = new Uint8Array(await readFile(vrmFiles.good[0]!.file));
      await timeVrmLoads(sandbox, bytes, 'bench.vrm', 2, 1);
      expect(sandbox.figures).toHaveLength(0);
      expect(sandbox.world.bodies.len()).toBe(bodiesBefore);
    } finally {
      sandbox.dispose();
    }
  });

  it("refuses a file that is not a usable VRM with the loader's message, before timing", async () => {
    const target = {} as Window;
    installVrmLoadBench(target, RAPIER);
    await expect(
      target.__ragdollVrmLoadBench!.timeLoads('data:,', 'empty.vrm', 1, 0),
    ).rejects.toThrow(/empty\.vrm: is 0 bytes long/);
  });
});
