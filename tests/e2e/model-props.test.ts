/**
 * End to end: a PMX without a humanoid skeleton (a ribbon: one bone-following knot with a
 * chain of swinging links) dropped into the built app becomes a prop beside the figures
 * instead of an error. It stands on the stage with its links joined, and BLAST throws it
 * like a ball.
 */
import { describe, expect, it } from 'vitest';
import { advance, advanceUntil, alertText } from './support/app-page';
import { openRibbonProp, useRibbonHosts } from './support/ribbon-prop';
import { useAppSuite } from './support/suite';

const withApp = useAppSuite();
const ribbonHost = useRibbonHosts();

type Pose = { position: readonly number[] };

/** The largest distance between two poses of the same bodies, metres. */
function largestMove(before: readonly Pose[], after: readonly Pose[]): number {
  return Math.max(
    ...before.map((pose, i) =>
      Math.hypot(...pose.position.map((value, axis) => value - after[i]!.position[axis]!)),
    ),
  );
}

describe('a model without a humanoid skeleton', () => {
  it('opens as a prop that stands on the stage, joined, and is thrown by BLAST', async () => {
    const ribbon = ribbonHost();
    await withApp(
      async ({ page }) => {
        await openRibbonProp(page, ribbon);
        expect(await alertText(page)).toBe('');
        const kinds = (): Promise<string[]> => page.evaluate(() => window.__ragdoll!.propKinds());
        // The figures stay: the box dummy is still there.
        expect(await page.evaluate(() => window.__ragdoll!.figures())).toBe(1);

        const poses = (): Promise<Pose[]> =>
          page.evaluate(() => window.__ragdoll!.modelPropPoses()[0]!);
        // Standing: a simulated second on, every body is above the floor and none flew off.
        await advance(page, 1);
        const landed = await poses();
        expect(landed.length).toBe(7);
        for (const pose of landed) {
          expect(pose.position.every(Number.isFinite)).toBe(true);
          expect(pose.position[1]!).toBeGreaterThan(-0.05);
          expect(pose.position[1]!).toBeLessThan(3);
        }
        // Still joined: neighbouring links stay close (the chain's links are short).
        for (let i = 2; i < landed.length; i++) {
          expect(largestMove([landed[i - 1]!], [landed[i]!])).toBeLessThan(0.5);
        }

        await page.getByRole('button', { name: 'Blast' }).click();
        await advanceUntil(
          page,
          'BLAST throws the prop 0.3 m',
          async () => largestMove(landed, await poses()) > 0.3,
          { maxSeconds: 2 },
        );
        expect(await kinds()).toEqual(['model']);
      },
      { beforeLoad: (page) => ribbon.host.install(page) },
    );
  });
});
