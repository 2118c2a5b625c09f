/**
 * When a figure following a motion counts as knocked down. General on purpose: no threshold
 * is tuned to one kind of hit.
 */

/**
 * A figure whose centre of mass changes velocity by more than this in one step (m/s; 120 m/s²
 * at 1/120 s) was struck. Its motors cannot do it (internal forces leave the momentum alone),
 * the pin and gravity add under 0.15 m/s per step, a limb slapping the floor moves the centre
 * of mass by a few cm/s (a foot stamped down by a motion that jumps between loops, up to ~0.9 m/s on a light avatar); a thrown ball, a falling box or another figure at speed do it easily.
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
