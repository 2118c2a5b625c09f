/**
 * Whether saved window bounds can still be used on the displays connected now. A window
 * restored onto a monitor that is gone would open where nobody can see or grab it.
 */

/** A screen rectangle in device-independent pixels, as Electron reports them. */
export interface Rectangle {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * How much of a window must overlap one display's work area to count as visible, in
 * device-independent pixels: enough to see it and grab its title bar. Smaller windows must
 * be wholly inside.
 */
export const MIN_VISIBLE_SIZE = { width: 100, height: 50 } as const;

/** True when `bounds` overlaps at least one of `workAreas` by `MIN_VISIBLE_SIZE`. */
export function isVisibleOnSomeDisplay(
  bounds: Rectangle,
  workAreas: readonly Rectangle[],
): boolean {
  const needWidth = Math.min(bounds.width, MIN_VISIBLE_SIZE.width);
  const needHeight = Math.min(bounds.height, MIN_VISIBLE_SIZE.height);
  return workAreas.some((area) => {
    const overlap = intersect(bounds, area);
    return overlap.width >= needWidth && overlap.height >= needHeight;
  });
}

function intersect(a: Rectangle, b: Rectangle): { width: number; height: number } {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return { width: Math.max(0, width), height: Math.max(0, height) };
}
