/** Boxes on the page, as the layout tests read them (`getBoundingClientRect`), CSS pixels. */

/** A rectangle on the page, CSS pixels from its top-left corner. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** How far a box may stick out and still count as inside: sub-pixel rounding, CSS px. */
const SLACK_PX = 0.5;

/** Whether `inner` lies wholly inside `outer`, give or take {@link SLACK_PX}. */
export function inside(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - SLACK_PX &&
    inner.y >= outer.y - SLACK_PX &&
    inner.x + inner.width <= outer.x + outer.width + SLACK_PX &&
    inner.y + inner.height <= outer.y + outer.height + SLACK_PX
  );
}
