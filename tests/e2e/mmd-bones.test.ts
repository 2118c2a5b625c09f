/**
 * End to end: a generated humanoid PMX with a left sleeve on helper bones (ひじ袖 inheriting half
 * the elbow's bend, 手首袖 aimed at the wrist by an IK bone riding on it) is dropped, falls and
 * lands with its arm bent; in the real page the drawn sleeve follows the arm: its elbow and
 * wrist bones sit on the arm's, read through `boneWorldPosition`.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HookVec3 } from '../../renderer/src/test-build/test-hook';
import { sleevedArmHelpers, withHelperBones } from '../../tools/fixtures/mmd/helper-bones';
import { distance, SLOW_TIMEOUT_MS, waitForLanding } from './support/app-page';
import { useTestHosts, waitForRest } from './support/host-files';
import { writeDroppedHumanoidPmx } from './support/mmd-files';
import { useAppSuite } from './support/suite';
import { dropFile, figureKinds } from './support/vrm-files';

const withApp = useAppSuite();
const newHost = useTestHosts();

const BONES = ['左腕', '左ひじ', '左手首', '左ひじ袖', '左手首袖'] as const;

async function drawnBones(page: Page): Promise<Record<string, HookVec3 | null>> {
  return page.evaluate(
    (names) =>
      Object.fromEntries(names.map((name) => [name, window.__ragdoll!.boneWorldPosition(0, name)])),
    [...BONES],
  );
}

/** The angle (radians) at `b` between the bones a→b and b→c. */
function bend(a: HookVec3, b: HookVec3, c: HookVec3): number {
  const u = [b.x - a.x, b.y - a.y, b.z - a.z];
  const v = [c.x - b.x, c.y - b.y, c.z - b.z];
  const dot = u[0]! * v[0]! + u[1]! * v[1]! + u[2]! * v[2]!;
  return Math.acos(Math.min(1, dot / (Math.hypot(...u) * Math.hypot(...v))));
}

describe('MMD helper bones in the page', () => {
  it('draws a sleeve on inherited and IK bones on the arm after the figure lands', async () => {
    const testHost = newHost();
    const model = writeDroppedHumanoidPmx(testHost, 'sleeved.pmx', {
      texture: false,
      model: { pose: 'A' },
      edit: (m) => withHelperBones(m, sleevedArmHelpers(m)),
    });
    await withApp(
      async ({ page }) => {
        expect(await dropFile(page, model.bytes, 'sleeved.pmx')).toBe(true);
        await expect.poll(() => figureKinds(page), { timeout: SLOW_TIMEOUT_MS }).toEqual(['mmd']);
        await waitForLanding(page, 0, 0.5);
        await waitForRest(page, 0.05);
        const drawn = await drawnBones(page);
        const [arm, elbow, wrist, sleeve, sleeveWrist] = BONES.map((name) => drawn[name]!);
        expect(
          await page.evaluate(() => window.__ragdoll!.boneWorldPosition(0, 'no such bone')),
        ).toBeNull();
        // The arm is bent, so a sleeve left in its rest pose would be off the forearm.
        expect(bend(arm!, elbow!, wrist!)).toBeGreaterThan(0.05);
        expect(distance(sleeve!, elbow!)).toBeLessThan(1e-3);
        expect(distance(sleeveWrist!, wrist!)).toBeLessThan(2e-3);
      },
      { beforeLoad: (page) => testHost.install(page) },
    );
  });
});
