import type { Quat, Vec3 } from '../vector-math';

/** The kinds of link the constraint tools make. */
export const LINK_TYPES = ['rope', 'weld', 'spring', 'hinge'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/** Default SPRING stiffness, N/m: a box dummy (about 60 kg) hangs about 30 cm below its rest length. */
export const DEFAULT_SPRING_STIFFNESS = 2000;
/** Default SPRING damping, N·s/m. */
export const DEFAULT_SPRING_DAMPING = 40;
/** The SPRING stiffness setting's range, N/m. */
export const SPRING_STIFFNESS_RANGE = { min: 50, max: 20000 } as const;
/** The SPRING damping setting's range, N·s/m. */
export const SPRING_DAMPING_RANGE = { min: 0, max: 500 } as const;
/** The break force setting's range, N (off is null). */
export const BREAK_FORCE_RANGE = { min: 10, max: 100000 } as const;
/** Shortest rope or spring, metres: two clicks on one spot still make a usable link. */
export const MIN_LINK_LENGTH = 0.01;

/**
 * A link's shape, independent of the bodies it joins: where it holds each end and how. End A
 * or B may be the world (the stage): its anchor is then a world point and its frame the
 * identity. What presets and undo keep, beside which bodies the ends are.
 */
export interface LinkGeometry {
  readonly type: LinkType;
  /** The anchor on end A, in A's local frame (the world's: a world point), metres. */
  readonly anchorA: Vec3;
  /** The anchor on end B, in B's local frame, metres. */
  readonly anchorB: Vec3;
  /**
   * WELD: each end's rotation when the weld was made, inverted [x, y, z, w], so the joint's
   * frames met then and hold the bodies as they were.
   */
  readonly frameA: Quat;
  readonly frameB: Quat;
  /** HINGE: the axis in each end's local frame (unit). */
  readonly axisA: Vec3;
  readonly axisB: Vec3;
  /** ROPE: its length; SPRING: its rest length. Metres. */
  readonly length: number;
  /** SPRING: N/m. */
  readonly stiffness: number;
  /** SPRING: N·s/m. */
  readonly damping: number;
  /** Newtons the link takes for one step before it breaks; null: unbreakable. */
  readonly breakForce: number | null;
}

/** What the panel sets for the links made next. */
export interface LinkSettings {
  /** SPRING stiffness, N/m. */
  readonly stiffness: number;
  /** SPRING damping, N·s/m. */
  readonly damping: number;
  /** Break force, N; null: unbreakable. */
  readonly breakForce: number | null;
}

/** The settings a new link gets when nothing else is said. */
export const DEFAULT_LINK_SETTINGS: LinkSettings = Object.freeze({
  stiffness: DEFAULT_SPRING_STIFFNESS,
  damping: DEFAULT_SPRING_DAMPING,
  breakForce: null,
});

/** Whether two geometries are the same link (every number equal). */
export function sameGeometry(a: LinkGeometry, b: LinkGeometry): boolean {
  return (
    a.type === b.type &&
    sameTuple(a.anchorA, b.anchorA) &&
    sameTuple(a.anchorB, b.anchorB) &&
    sameTuple(a.frameA, b.frameA) &&
    sameTuple(a.frameB, b.frameB) &&
    sameTuple(a.axisA, b.axisA) &&
    sameTuple(a.axisB, b.axisB) &&
    a.length === b.length &&
    a.stiffness === b.stiffness &&
    a.damping === b.damping &&
    a.breakForce === b.breakForce
  );
}

function sameTuple(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
