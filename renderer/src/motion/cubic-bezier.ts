/**
 * MMD's keyframe easing: a cubic Bézier from (0, 0) to (1, 1) whose two inner control points
 * are stored as bytes 0..127 ({@link BEZIER_BYTE_MAX} = 1). The curve maps the fraction of the
 * time between two keys (x) to the fraction of the change applied (y): solve x(t) = x for the
 * curve parameter t, then return y(t).
 */

/** The byte value that stands for 1 in MMD's control points. */
export const BEZIER_BYTE_MAX = 127;

/** Control bytes x1, y1, x2, y2 that make the easing a straight line (MMD's default). */
export const LINEAR_BEZIER_BYTES = [20, 20, 107, 107] as const;

/** One coordinate of the Bézier with inner control values c1, c2 (ends 0 and 1) at parameter t. */
function bezierCoordinate(c1: number, c2: number, t: number): number {
  const s = 1 - t;
  return 3 * s * s * t * c1 + 3 * s * t * t * c2 + t * t * t;
}

/** d/dt of {@link bezierCoordinate}. */
function bezierSlope(c1: number, c2: number, t: number): number {
  const s = 1 - t;
  return 3 * s * s * c1 + 6 * s * t * (c2 - c1) + 3 * t * t * (1 - c2);
}

const NEWTON_STEPS = 8;
const BISECTION_STEPS = 40;
const TOLERANCE = 1e-9;

/**
 * The curve parameter t at which x(t) = x. With control x values in [0, 1], x(t) never falls
 * as t grows, so a root exists and is unique where x(t) is strictly increasing. Newton from
 * t = x converges in a few steps on ordinary curves; bisection takes over when the slope
 * vanishes (a control point at 0 or 1 flattens the curve's ends).
 */
function solveCurveParameter(x1: number, x2: number, x: number): number {
  let t = x;
  for (let i = 0; i < NEWTON_STEPS; i++) {
    const error = bezierCoordinate(x1, x2, t) - x;
    if (Math.abs(error) < TOLERANCE) return t;
    const slope = bezierSlope(x1, x2, t);
    if (Math.abs(slope) < 1e-6) break;
    t -= error / slope;
    if (t < 0 || t > 1) break;
  }
  let low = 0;
  let high = 1;
  t = x;
  for (let i = 0; i < BISECTION_STEPS; i++) {
    const value = bezierCoordinate(x1, x2, t);
    if (Math.abs(value - x) < TOLERANCE) return t;
    if (value < x) low = t;
    else high = t;
    t = (low + high) / 2;
  }
  return t;
}

/**
 * The eased fraction y for the time fraction `x` (0..1) under the curve whose control bytes
 * (0..127) are x1, y1, x2, y2. Allocation-free.
 */
export function bezierEase(x1: number, y1: number, x2: number, y2: number, x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const cx1 = x1 / BEZIER_BYTE_MAX;
  const cx2 = x2 / BEZIER_BYTE_MAX;
  const t = solveCurveParameter(cx1, cx2, x);
  return bezierCoordinate(y1 / BEZIER_BYTE_MAX, y2 / BEZIER_BYTE_MAX, t);
}

/**
 * {@link bezierEase} for the curve stored at `bytes[at … at + 3]` (x1, y1, x2, y2), reading x
 * from `slot[0]` and writing y back there: no number crosses a call boundary, so nothing is
 * boxed on the heap in the per-step path.
 */
export function bezierEaseInPlace(bytes: Uint8Array, at: number, slot: Float64Array): void {
  slot[0] = bezierEase(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!, slot[0]!);
}
