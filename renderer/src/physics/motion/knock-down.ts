/**
 * When a figure following a motion counts as knocked down. General on purpose: no threshold
 * is tuned to one kind of hit.
 */

/**
 * A figure whose centre of mass changes velocity sideways or downward by more than this in one
 * step (m/s; 120 m/s² at 1/120 s) was struck: an impulse of this much per kilogram of figure,
 * so a heavy figure takes a harder hit than a light one. Its motors cannot do it (internal
 * forces leave the momentum alone), the pin and gravity add under 0.15 m/s per step, and the
 * floor, the one outside body the motors can push against, only pushes up (an upward jump is
 * a stamped foot, not a hit). A thrown ball, a falling box or another figure at speed do it
 * easily (a 12 m/s ball at the head: 3.4–8.5 m/s on the real fixtures' figures).
 */
export const KNOCK_DOWN_SPEED_CHANGE = 1;
/** The pelvis this far from where the pin wants it (metres) has been pushed over. */
export const KNOCK_DOWN_DISTANCE = 0.45;
/** The pelvis turned this far from the pin's rotation (radians, ~57°) is falling. */
export const KNOCK_DOWN_TILT = 1;
/** A limp figure whose parts all move slower than this (m/s) is lying still. */
export const LIE_STILL_SPEED = 0.25;
/** How long (seconds) a knocked-down figure lies still before it gets up. */
export const LIE_STILL_SECONDS = 1;
