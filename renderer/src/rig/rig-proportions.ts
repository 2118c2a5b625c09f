/**
 * The numbers that size a ragdoll from a skeleton. Lengths marked "× k" are multiplied by the
 * model's scale k = head height / {@link BOX_DOLL_HEAD_HEIGHT}, so a model as tall as the box
 * dummy gets the box dummy's thicknesses (the original design). Everything else comes from bone spans.
 */

/** Height of the box dummy's head bone above the floor, metres: k = 1 at this height. */
export const BOX_DOLL_HEAD_HEIGHT = 1.45;

/** Capsule radii × k, from the original design. */
export const UPPER_ARM_RADIUS = 0.05;
export const LOWER_ARM_RADIUS = 0.045;
export const THIGH_RADIUS = 0.07;
export const SHIN_RADIUS = 0.055;
/** Not in the original design (its hands were part of the forearm). */
export const HAND_RADIUS = 0.03;

/** A capsule's radius is at most this fraction of its bone span, so short limbs keep a segment. */
export const MAX_RADIUS_OF_SPAN = 0.4;

/** Head sphere radius as a fraction of the head bone's height above the floor (the original design). */
export const HEAD_RADIUS_OF_HEIGHT = 0.08;
/** The head sphere's centre sits this many radii above the head bone ("a little above"). */
export const HEAD_CENTER_ABOVE_BONE = 0.75;

/** Pelvis: half width = half the hip-joint spacing + this × k; bottom this × k below the hips. */
export const PELVIS_SIDE_MARGIN = 0.07;
export const PELVIS_BELOW_HIPS = 0.04;
/** Pelvis and torso half depth × k (box dummy: 0.10 and 0.11). */
export const PELVIS_HALF_DEPTH = 0.1;
export const TORSO_HALF_DEPTH = 0.11;
/** Torso half width as a fraction of half the shoulder (upper-arm) spacing (the original design). */
export const TORSO_WIDTH_OF_SHOULDERS = 0.72;
/** Smallest box heights × k, for skeletons whose spine sits at (or below) the hip joints. */
export const MIN_PELVIS_HEIGHT = 0.1;
export const MIN_TORSO_HEIGHT = 0.15;

/**
 * Without a neck bone, the torso's top is this fraction of the way from the spine bone to the
 * head bone (a human's neck sits about 78% of the way up).
 */
export const DERIVED_NECK_FRACTION = 0.78;

/** Hand length × k without finger bones; with them, this many times the hand→middle-finger span. */
export const HAND_LENGTH = 0.18;
export const HAND_LENGTH_OF_PALM = 1.9;
/** A hand is kept between these lengths × k whatever the fingers say. */
export const HAND_LENGTH_RANGE = [0.1, 0.24] as const;

/** Foot box: half width × k, length × k without a toes bone, heel behind the ankle × k. */
export const FOOT_HALF_WIDTH = 0.045;
export const FOOT_LENGTH = 0.24;
export const FOOT_HEEL = 0.06;
/** The toe tip is this far (× k) in front of the toes bone (the ball of the foot). */
export const TOE_TIP_BEYOND_TOES = 0.07;
/** Smallest foot height × k, for ankles at (or below) the floor. */
export const MIN_FOOT_HEIGHT = 0.05;

/**
 * Parts that are not joined to each other are kept at least this far apart (metres), so the
 * doll does not start inside itself. Joined parts never collide, so they may overlap.
 */
export const PART_CLEARANCE = 0.004;
/** No shrinking takes a radius or a foot's half width below this, metres. */
export const MIN_THICKNESS = 0.004;
