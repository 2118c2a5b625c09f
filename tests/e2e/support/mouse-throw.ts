import type { Page } from 'playwright-core';
import { advance, advanceUntil, moveMouse, rootPosition } from './app-page';

/** A point on the page, CSS pixels. */
interface PagePoint {
  readonly x: number;
  readonly y: number;
}

/**
 * With a body held by the mouse pressed at `from`: drags it straight up at a hand's pace (ten
 * 22-pixel moves, 1/30 s of simulated time after each), then holds it there until the
 * figure's root is above 0.5 m (`what` names the figure in the failure).
 */
export async function liftHeld(page: Page, from: PagePoint, what: string): Promise<void> {
  for (let step = 1; step <= 10; step++) {
    await moveMouse(page, from.x, from.y - step * 22);
    await advance(page, 1 / 30);
  }
  await advanceUntil(
    page,
    `the held ${what} is lifted (root above 0.5 m)`,
    async () => (await rootPosition(page))!.y > 0.5,
    { maxSeconds: 3 },
  );
}

/**
 * After {@link liftHeld} from `from`: a quick sideways flick (five 30-pixel moves, 1/60 s of
 * simulated time after each), then lets go: a throw.
 */
export async function flickAndLetGo(page: Page, from: PagePoint): Promise<void> {
  for (let step = 1; step <= 5; step++) {
    await moveMouse(page, from.x + step * 30, from.y - 220);
    await advance(page, 1 / 60);
  }
  await page.mouse.up();
}
