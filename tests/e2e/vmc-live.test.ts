/**
 * End to end: Live (VMC) in the built app, through the real main-process services (the host
 * bridge runs the same VMC receiver on a real UDP socket). A scripted sender in this test,
 * encoding its OSC by hand (tests/support/osc-by-hand.ts, not the app's `osc-min`), streams a
 * standing pose with the left arm level, then raised 45°: the VRM figure's left shoulder
 * follows within 0.15 rad, and the sent expressions show on its face (read through the test
 * hook). Simulated time moves only by the hook's `advance`.
 */
import { createSocket } from 'node:dgram';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { HookJointTarget } from '../../renderer/src/test-build/test-hook';
import type { HostBridge } from '../../tools/browser/host-bridge';
import { exposeHostToPage } from '../../tools/browser/host-bridge';
import type { WireBlends, WireBone } from '../support/vmc-osc';
import { toUnityRotation, udpSender, vmcBundle } from '../support/vmc-osc';
import { advance, advanceUntil, waitForLanding } from './support/app-page';
import { useAppSuite } from './support/suite';
import { expectFixtureOpened, useVrmFixtures } from './support/vrm-files';

const withApp = useAppSuite();
const files = useVrmFixtures();

/** A port free on this machine now (bound and let go). */
async function freePort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const port = socket.address().port;
  await new Promise<void>((resolve) => socket.close(resolve));
  return port;
}

/** A standing pose (our space): T-pose body, the left arm raised by `angle` rad. */
function pose(armAngle: number): WireBone[] {
  const names = ['Hips', 'Spine', 'Chest', 'Neck', 'Head', 'LeftUpperArm', 'RightUpperArm'];
  const raised = [0, 0, Math.sin(armAngle / 2), Math.cos(armAngle / 2)]; // +X arm goes up
  return names.map((name) => ({
    name,
    position: name === 'Hips' ? [0, 0.9, 0] : [0, 0, 0],
    rotation: toUnityRotation(name === 'LeftUpperArm' ? raised : [0, 0, 0, 1]),
  }));
}

/** Angle between two unit quaternions, radians. */
function angleBetween(a: readonly number[], b: readonly number[]): number {
  const dot = Math.abs(a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]! + a[3]! * b[3]!);
  return 2 * Math.acos(Math.min(1, dot));
}

async function shoulder(page: Page): Promise<HookJointTarget> {
  const joints = await page.evaluate(() => window.__ragdoll!.jointTargets(0));
  const joint = joints?.find((j) => j.joint === 'shoulderL');
  if (!joint) throw new Error('e2e: the figure has no shoulderL joint driven by a motion');
  return joint;
}

function expression(page: Page, name: string): Promise<number> {
  return page.evaluate((n) => window.__ragdoll!.expressionWeights(0)?.[n] ?? -1, name);
}

describe('Live (VMC) through the host', () => {
  it('a sender raises the left arm and the figure follows within 0.15 rad; its expressions show on the face', async () => {
    const port = await freePort();
    const sender = udpSender(port);
    let stream = { bones: pose(0), blends: { Joy: 1, A: 0.5, Blink: 0 } as WireBlends };
    let sent = 0;
    let bridge: HostBridge | undefined;
    // A sender streams at its own rate (30 Hz here), whatever the page draws.
    const timer = setInterval(() => {
      sent++;
      void sender.send(vmcBundle(stream.bones, sent / 30, stream.blends)).catch(() => undefined);
    }, 1000 / 30);
    try {
      await withApp(
        async ({ page }) => {
          // As File > Open Model… or the OS would open it.
          await bridge!.openFile(files.get('vrm1-tpose-full.vrm').file);
          await expectFixtureOpened(page, 'vrm1-tpose-full.vrm');
          await waitForLanding(page, 0, 0.5);
          const list = page.getByRole('combobox', { name: 'Motion' });
          await expect
            .poll(() => list.locator('option', { hasText: 'Live (VMC)' }).count())
            .toBe(1);
          await list.selectOption({ label: 'Live (VMC)' });
          await expect
            .poll(() => page.evaluate(() => window.__ragdoll!.motion().selected))
            .toBe('live');
          await advanceUntil(
            page,
            'the figure follows the live pose',
            async () =>
              (await page.evaluate(() => window.__ragdoll!.motion().states[0])) === 'following',
          );
          await advance(page, 1);
          const level = await shoulder(page);
          expect(angleBetween(level.target, level.actual)).toBeLessThan(0.15);
          // The face shows what is sent: Joy as VRM 1.0's happy, A as aa; Blink 0 keeps the
          // eyes open (the automatic blink does not close them).
          await expect.poll(() => expression(page, 'happy')).toBeCloseTo(1, 5);
          expect(await expression(page, 'aa')).toBeCloseTo(0.5, 5);

          stream = { bones: pose(Math.PI / 4), blends: { Joy: 0, Sorrow: 0.75, Blink: 0 } };
          // The raised arm has arrived in the page once the shoulder's target has turned.
          await expect
            .poll(async () => angleBetween((await shoulder(page)).target, level.target))
            .toBeGreaterThan(0.6);
          let shut = 0;
          for (let i = 0; i < 8; i++) {
            await advance(page, 0.25);
            if ((await expression(page, 'blink')) > 0.5) shut++;
          }
          const raised = await shoulder(page);
          expect(angleBetween(raised.target, level.target)).toBeCloseTo(Math.PI / 4, 1);
          expect(angleBetween(raised.target, raised.actual)).toBeLessThan(0.15);
          // It really moved: from level to 45° up.
          expect(angleBetween(raised.actual, level.actual)).toBeGreaterThan(0.6);
          expect(await page.evaluate(() => window.__ragdoll!.motion().states[0])).toBe('following');
          await expect.poll(() => expression(page, 'sad')).toBeCloseTo(0.75, 5);
          expect(await expression(page, 'happy')).toBe(0);
          expect(shut).toBe(0);
        },
        {
          beforeLoad: async (page) => {
            bridge = await exposeHostToPage(page);
            await page.addInitScript((p) => {
              window.localStorage.setItem(
                'ragdoll-playground.vmc',
                JSON.stringify({ receive: true, receivePort: p, listen: 'local', send: false }),
              );
            }, port);
          },
        },
      );
    } finally {
      clearInterval(timer);
      sender.close();
    }
  });
});
