/**
 * End to end, through the page and the real host services: a figure plays a motion through
 * the physics. Chosen from the panel's motion list, the lying box dummy gets up and plays
 * it; its pose keeps changing while it stands (Wave); BODIES draws it in the "moving"
 * colour; a ball thrown at it knocks it down (limp, then getting up, in their colours) and
 * it stands up again to its standing height and carries on. Motion files come in as the OS
 * opens them, by Open Motion… and dropped on the window, and join the recent-file library;
 * one that cannot be used is refused with a message naming it while the figure keeps
 * playing. A preset brings the motion (built in, or its file), MUSCLE, GET UP and Play/Pause
 * back; a preset whose motion file has gone still loads, with no motion and an alert.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MOTION_STATE_OUTLINE_COLORS } from '../../renderer/src/view/body-meshes';
import {
  damagedMotionFixtures,
  goodMotionFixtures,
} from '../../tools/fixtures/motion/motion-fixtures';
import { vmdBytes } from '../support/host-files';
import {
  advance,
  advanceUntil,
  alertText,
  rootPosition,
  SLOW_TIMEOUT_MS,
  waitForLanding,
} from './support/app-page';
import { bodyPoses, useTestHosts, expectStatus, fileForDialog } from './support/host-files';
import { newestSavedPreset, savePresetNamed } from './support/preset-page';
import { useAppSuite } from './support/suite';
import { dropFile } from './support/vrm-files';

const withApp = useAppSuite();
const newHost = useTestHosts();

/** Poll long: SwiftShader on a shared two-core machine draws a few frames a second. */
const LONG = { timeout: SLOW_TIMEOUT_MS * 2, interval: 200 };

/** Most simulated time a thrown ball gets to knock the figure down, seconds. */
const KNOCK_DOWN_SECONDS = 1.5;

type Motion = ReturnType<NonNullable<Window['__ragdoll']>['motion']>;

function motion(page: Page): Promise<Motion> {
  return page.evaluate(() => window.__ragdoll!.motion());
}

async function stateOf(page: Page, index = 0): Promise<string | undefined> {
  return (await motion(page)).states[index];
}

function hex(color: number): string {
  return `#${color.toString(16).padStart(6, '0')}`;
}

/** The first figure's BODIES outline colour as drawn now (a frame is drawn first). */
function outline(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    window.__ragdoll!.redraw();
    return window.__ragdoll!.outlineColor(0);
  });
}

/**
 * Adds balls (ADD BALL) and throws each at the first figure's head from 2 m to its side at
 * 12 m/s, until the figure goes limp, up to `balls`; returns its state after the last one.
 * Thrown through the test hook: a ball dropped from above (ADD BALL's own drop) lands on the
 * head or a shoulder of a standing figure, which the floor holds up, and one flicked with the
 * mouse flies wherever SwiftShader's few frames a second let it; neither is a sure knock-down.
 * Time must be held (as pages open): each ball gets {@link KNOCK_DOWN_SECONDS} of simulated
 * time.
 */
async function throwBallsUntilLimp(page: Page, balls = 3): Promise<string | undefined> {
  for (let ball = 0; ball < balls; ball++) {
    const count = await page.evaluate(() => window.__ragdoll!.props());
    await page.keyboard.press('o');
    await expect.poll(() => page.evaluate(() => window.__ragdoll!.props()), LONG).toBe(count + 1);
    const head = (await bodyPoses(page)).figures[0]!.reduce((top, part) =>
      part.position[1]! > top.position[1]! ? part : top,
    ).position;
    const thrown = await page.evaluate(
      ({ index, head }) =>
        window.__ragdoll!.throwProp(
          index,
          { x: head[0]! - 2, y: head[1]!, z: head[2]! },
          { x: 12, y: 0, z: 0 },
        ),
      { index: count, head },
    );
    expect(thrown).toBe(true);
    for (let seconds = 0; seconds < KNOCK_DOWN_SECONDS; seconds += 0.05) {
      if ((await stateOf(page)) === 'limp') return 'limp';
      await advance(page, 0.05, { draw: false });
    }
  }
  return stateOf(page);
}

/**
 * The largest angle (radians) any of the first figure's parts turns away from its rotation in
 * `from` over the next `seconds` of simulated time, read after every 1/60 s in the page. A
 * motion is periodic (Wave swings the forearm every 0.8 s): two single reads some time apart
 * can land on the same phase.
 */
function largestTurnOver(
  page: Page,
  from: readonly { rotation: readonly number[] }[],
  seconds: number,
): Promise<number> {
  return page.evaluate(
    ({ from, frames }) => {
      const hook = window.__ragdoll!;
      let largest = 0;
      for (let frame = 0; frame < frames; frame++) {
        hook.advance(1 / 60, false);
        hook.bodyPoses().figures[0]!.forEach((pose, i) => {
          const q = pose.rotation;
          const r = from[i]!.rotation;
          const dot = Math.abs(q[0]! * r[0]! + q[1]! * r[1]! + q[2]! * r[2]! + q[3]! * r[3]!);
          largest = Math.max(largest, 2 * Math.acos(Math.min(1, dot)));
        });
      }
      return largest;
    },
    { from, frames: Math.round(seconds * 60) },
  );
}

/** Steps simulated time until the first figure's motion state is `state`. */
async function advanceUntilState(page: Page, state: string): Promise<void> {
  await advanceUntil(page, `the figure is ${state}`, async () => (await stateOf(page)) === state);
}

/** Steps simulated time until the first figure's root is above `y`, metres. */
async function advanceUntilRootAbove(page: Page, y: number): Promise<void> {
  await advanceUntil(
    page,
    `the figure's root rises above ${y} m`,
    async () => (await rootPosition(page))!.y > y,
  );
}

describe('motions', () => {
  it('a figure stands up into a motion, moves while upright, is knocked down by a ball and gets up again', async () => {
    const testHost = newHost();
    await withApp(
      async ({ page }) => {
        // The box dummy falls in and lies there, a passive ragdoll as before. Time is held:
        // only the test moves it.
        expect(await motion(page)).toMatchObject({
          selected: 'none',
          playing: true,
          muscle: 100,
          getUp: true,
        });
        await waitForLanding(page);
        expect(await stateOf(page)).toBe('passive');

        // Stand, chosen in the panel's list: the figure gets up from where it lies.
        const list = page.getByRole('combobox', { name: 'Motion' });
        await list.selectOption({ label: 'Stand' });
        await expectStatus(page, 'Playing Stand on the figure.');
        expect((await motion(page)).selected).toBe('builtin:stand');
        await advanceUntilState(page, 'following');
        await advance(page, 0.5);
        const standingY = (await rootPosition(page))!.y;
        expect(standingY).toBeGreaterThan(0.6);

        // Next Motion (N) is Wave: the pose keeps changing while the figure stays upright.
        await page.keyboard.press('n');
        await expectStatus(page, 'Playing Wave on the figure.');
        await advance(page, 0.25);
        const before = (await bodyPoses(page)).figures[0]!;
        expect(await largestTurnOver(page, before, 1.6)).toBeGreaterThan(0.1);
        expect(await stateOf(page)).toBe('following');
        expect((await rootPosition(page))!.y).toBeGreaterThan(standingY - 0.1);

        // BODIES draws the moving figure in its own colour.
        await page.keyboard.press('p');
        await expect
          .poll(() => outline(page), LONG)
          .toBe(hex(MOTION_STATE_OUTLINE_COLORS.following));

        // A ball thrown at it knocks it down: limp, then getting up, then the motion again.
        expect(await throwBallsUntilLimp(page)).toBe('limp');
        expect(await outline(page)).toBe(hex(MOTION_STATE_OUTLINE_COLORS.limp));
        await advanceUntilState(page, 'gettingUp');
        await advanceUntilState(page, 'following');
        await advanceUntilRootAbove(page, standingY - 0.05);
        await expect
          .poll(() => outline(page), LONG)
          .toBe(hex(MOTION_STATE_OUTLINE_COLORS.following));

        // MUSCLE, Play/Pause and GET UP from the keys, shown on their controls.
        await page.keyboard.press('-');
        await expectStatus(page, 'Muscle 90.');
        await page.keyboard.press('k');
        await expectStatus(page, 'Motion paused: figures hold their pose.');
        await page.keyboard.press('g');
        await expectStatus(page, 'Get Up off: knocked-down figures stay down.');
        expect(await motion(page)).toMatchObject({ muscle: 90, playing: false, getUp: false });
        expect(
          await page.getByRole('slider', { name: 'Muscle' }).getAttribute('aria-valuetext'),
        ).toBe('90');
        expect(
          await page
            .getByRole('button', { name: 'Play/Pause Motion' })
            .getAttribute('aria-pressed'),
        ).toBe('false');
        expect(
          await page.getByRole('button', { name: 'Get Up On/Off' }).getAttribute('aria-pressed'),
        ).toBe('false');

        // A file that is not a motion is refused, naming it; the figure keeps playing Wave.
        const broken = fileForDialog(
          testHost,
          'openMotion',
          'broken.vmd',
          vmdBytes({ keyframes: 1, declaredKeyframes: 30 }),
        );
        await page.getByRole('button', { name: 'Open Motion…' }).click();
        await expect.poll(() => alertText(page), LONG).toContain('Could not open the motion');
        const alert = await alertText(page);
        expect(alert).toContain(broken);
        expect(alert).toContain('cut short');
        expect(alert).toContain('the figures keep playing Wave');
        expect((await motion(page)).selected).toBe('builtin:wave');
        expect(await stateOf(page)).toBe('following');
      },
      { beforeLoad: (page) => testHost.install(page) },
    );
  }, 300_000); // about 40 s of simulated time stepped in the page, slower on a loaded machine

  it('a preset brings back the motion, MUSCLE, GET UP and Play/Pause', async () => {
    const testHost = newHost();
    await withApp(
      async ({ page }) => {
        await page
          .getByRole('combobox', { name: 'Motion' })
          .selectOption({ label: 'March in place' });
        await expectStatus(page, 'Playing March in place on the figure.');
        for (let i = 0; i < 4; i++) await page.keyboard.press('-');
        await expectStatus(page, 'Muscle 60.');
        await page.keyboard.press('g');
        await savePresetNamed(page, 'Marching');
        const { preset: saved } = await newestSavedPreset(testHost);
        expect(saved.motion).toEqual({
          motion: { kind: 'builtin', name: 'march' },
          playing: true,
          muscle: 60,
          getUp: false,
        });
        expect(saved.figures[0]!.motionTime).toBeGreaterThanOrEqual(0);

        // Change everything, then load: it all comes back.
        await page
          .getByRole('combobox', { name: 'Motion' })
          .selectOption({ label: 'None (ragdoll)' });
        await expectStatus(page, 'No motion: the figures are passive ragdolls.');
        await page.keyboard.press('=');
        await page.keyboard.press('g');
        await page.keyboard.press('k');
        expect(await motion(page)).toMatchObject({ selected: 'none', muscle: 70, getUp: true });
        await page.getByRole('button', { name: 'Load “Marching”' }).click();
        await expectStatus(page, 'Loaded the preset “Marching”.');
        expect(await motion(page)).toMatchObject({
          selected: 'builtin:march',
          playing: true,
          muscle: 60,
          getUp: false,
        });
        expect(await stateOf(page)).not.toBe('passive');
        expect(await page.getByRole('combobox', { name: 'Motion' }).inputValue()).toBe(
          'builtin:march',
        );
      },
      { beforeLoad: (page) => testHost.install(page) },
    );
  });

  it('plays motion files opened by the OS, by Open Motion… and by dropping, lists them, and refuses a file with no usable bones', async () => {
    const testHost = newHost();
    const good = new Map(goodMotionFixtures().map((fixture) => [fixture.file, fixture.bytes]));
    const write = (name: string, bytes: Uint8Array): string => {
      const path = join(testHost.files, name);
      writeFileSync(path, bytes);
      return path;
    };
    const step = write('step.vmd', good.get('step.vmd')!);
    const wave = write('wave.vrma', good.get('wave.vrma')!);
    const noBody = damagedMotionFixtures().find((fixture) => fixture.file === 'no-body.vmd')!;
    const unusable = write(noBody.file, noBody.bytes);
    await withApp(
      async ({ page }) => {
        // Double-clicked in the file manager: the host opens it and the figure plays it.
        await testHost.bridge().openFile(step);
        await expectStatus(page, 'Playing step.vmd on the figure.');
        expect((await motion(page)).selected).toBe('file');
        const list = page.getByRole('combobox', { name: 'Motion' });
        expect(await list.locator('option:checked').innerText()).toBe('File: step.vmd');
        await advanceUntilState(page, 'following');

        // Open Motion… (V) asks the host's dialog.
        testHost.dialogs.openMotion.push(wave);
        await page.keyboard.press('v');
        await expectStatus(page, 'Playing wave.vrma on the figure.');

        // Dropped on the window.
        testHost.droppedFiles['step.vmd'] = step;
        expect(await dropFile(page, readFileSync(step), 'step.vmd')).toBe(true);
        await expectStatus(page, 'Playing step.vmd on the figure.');

        // Both are in the recent-file library, as VMD and VRM Animation.
        const library = page.getByRole('list', { name: 'Recently opened files' });
        await expect.poll(() => library.getByRole('listitem').count(), LONG).toBe(2);
        expect(await library.innerText()).toContain('VRM Animation');
        expect(await library.innerText()).toContain('VMD');

        // A VMD that moves no body bone (only eyes) is refused by the reader; step.vmd plays on.
        testHost.dialogs.openMotion.push(unusable);
        await page.getByRole('button', { name: 'Open Motion…' }).click();
        await expect.poll(() => alertText(page), LONG).toContain('Could not open the motion');
        const alert = await alertText(page);
        expect(alert).toContain('no-body.vmd');
        expect(alert).toMatch(noBody.expectedMessage);
        expect(alert).toContain('the figures keep playing step.vmd');
        expect((await motion(page)).selected).toBe('file');
        expect(await list.locator('option:checked').innerText()).toBe('File: step.vmd');

        // A preset remembers the file; once the file is gone the preset still loads, without it.
        await savePresetNamed(page, 'Stepping');
        await list.selectOption({ label: 'Stand' });
        await expectStatus(page, 'Playing Stand on the figure.');
        await page.getByRole('button', { name: 'Load “Stepping”' }).click();
        await expectStatus(page, 'Loaded the preset “Stepping”.');
        expect((await motion(page)).selected).toBe('file');
        rmSync(step);
        await list.selectOption({ label: 'Stand' });
        await expectStatus(page, 'Playing Stand on the figure.');
        await page.getByRole('button', { name: 'Load “Stepping”' }).click();
        await expectStatus(page, 'Loaded the preset “Stepping”.');
        expect((await motion(page)).selected).toBe('none');
        const gone = await alertText(page);
        expect(gone).toContain('The motion step.vmd was not played');
        expect(gone).toContain(step);
      },
      { beforeLoad: (page) => testHost.install(page) },
    );
  }, 300_000); // six motion changes and two preset loads under SwiftShader
});
