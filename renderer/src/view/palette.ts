import type { SimBody } from '../physics/sandbox';

/**
 * Figure colours, one per figure slot in turn, so six figures stay tell-apart-able.
 * Muted enough that shadows and the BODIES wireframe still read on top.
 */
const FIGURE_COLORS = [0xf2a65a, 0x5aa9e6, 0x7bc67b, 0xe86a92, 0xb38cd9, 0xe6c84f] as const;
const HEAD_TINT = 0xfff1e0;
const BALL_COLOR = 0xe4572e;
const BOX_COLOR = 0x8d6e4c;

/** The colour a body is drawn in: by figure for parts, by kind for props. */
export function bodyColor(body: SimBody): number {
  if (body.kind === 'prop') return body.name === 'ball' ? BALL_COLOR : BOX_COLOR;
  if (body.name === 'head') return HEAD_TINT;
  return FIGURE_COLORS[(body.ownerId - 1) % FIGURE_COLORS.length] ?? FIGURE_COLORS[0];
}
