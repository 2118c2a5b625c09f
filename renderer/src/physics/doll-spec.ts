import type { Quat, Vec3 } from './vector-math';

/**
 * A ragdoll described as data. The box dummy, and the VRM and PMX builders, all produce
 * one of these; the sandbox turns it into Rapier bodies and joints.
 *
 * Coordinates are metres, Y up, +Z forward, in the doll's own space: the origin is the
 * hip height (between the upper legs) of the rest pose. Every part rests with the
 * identity rotation; an oblique limb is expressed by rotating its collider only
 * (`colliderRotation`), so a part's rotation is always "its rotation away from rest".
 */
export interface DollSpec {
  /** Shown in messages and measurements. */
  readonly name: string;
  readonly parts: readonly PartSpec[];
  readonly joints: readonly JointSpec[];
  /** The part whose position stands for the whole doll (the pelvis). */
  readonly rootPart: string;
}

/** A collision shape with its sizes in metres. */
export type PartShape =
  | { readonly kind: 'box'; readonly halfExtents: Vec3 }
  | { readonly kind: 'sphere'; readonly radius: number }
  /** A capsule along its local Y axis: the segment is 2·halfHeight long, plus the caps. */
  | { readonly kind: 'capsule'; readonly halfHeight: number; readonly radius: number };

/** One rigid part of a doll. */
export interface PartSpec {
  readonly name: string;
  readonly shape: PartShape;
  /** Centre of the part in doll space (metres). */
  readonly center: Vec3;
  /** Rotation of the collider relative to the part's body, e.g. to lay a capsule along an arm. */
  readonly colliderRotation?: Quat;
  /** Overrides of the doll material for this part. */
  readonly material?: Partial<PartMaterial>;
}

/** Physical material of a part. */
export interface PartMaterial {
  /** kg/m³ */
  readonly density: number;
  readonly friction: number;
  readonly restitution: number;
  /** 1/s, Rapier's meaning: velocity is divided by (1 + dt·damping) each step. */
  readonly linearDamping: number;
  /** 1/s */
  readonly angularDamping: number;
}

/** An inclusive angle range in radians, [min, max]. */
export type AngleRange = readonly [number, number];

interface JointBase {
  readonly name: string;
  /** The part nearer the root. */
  readonly parent: string;
  readonly child: string;
  /** Where the two parts meet, in doll space (metres). */
  readonly anchor: Vec3;
}

/** A ball joint. Optional per-axis limits (about the doll-space X, Y and Z axes). */
export interface SphericalJointSpec extends JointBase {
  readonly kind: 'spherical';
  readonly limits?: {
    readonly x?: AngleRange;
    readonly y?: AngleRange;
    readonly z?: AngleRange;
  };
}

/** A hinge about `axis` (a unit vector in doll space), limited to `limits`. */
export interface RevoluteJointSpec extends JointBase {
  readonly kind: 'revolute';
  readonly axis: Vec3;
  readonly limits: AngleRange;
}

export type JointSpec = SphericalJointSpec | RevoluteJointSpec;

/** Thrown when a spec cannot become a ragdoll; the message says what is wrong. */
export class DollSpecError extends Error {
  override name = 'DollSpecError';
}

function assertFiniteTuple(values: readonly number[], what: string): void {
  if (!values.every(Number.isFinite)) {
    throw new DollSpecError(`DollSpec: ${what} has a non-finite value (${values.join(', ')})`);
  }
}

/**
 * What is wrong with a shape's sizes, as the end of a sentence ("has a size of zero or less"),
 * or null when it can be built. Shared by the doll and MMD body checks.
 */
export function shapeSizeProblem(shape: PartShape): string | null {
  const sizes =
    shape.kind === 'box'
      ? [...shape.halfExtents]
      : shape.kind === 'sphere'
        ? [shape.radius]
        : [shape.halfHeight, shape.radius];
  if (!sizes.every(Number.isFinite))
    return `has a size that is not a finite number (${sizes.join(', ')})`;
  const positive =
    shape.kind === 'capsule'
      ? shape.radius > 0 && shape.halfHeight >= 0
      : sizes.every((size) => size > 0);
  return positive ? null : 'has a size of zero or less';
}

function validateShape(part: PartSpec): void {
  const problem = shapeSizeProblem(part.shape);
  if (problem) throw new DollSpecError(`DollSpec: part "${part.name}" ${problem}`);
}

/**
 * Checks that a spec can be built: unique part names, joints between existing distinct
 * parts, finite numbers, positive sizes, ordered limits. Throws a {@link DollSpecError}
 * naming the first problem.
 */
export function validateDollSpec(spec: DollSpec): void {
  const names = new Set<string>();
  for (const part of spec.parts) {
    if (names.has(part.name))
      throw new DollSpecError(`DollSpec: part "${part.name}" appears twice`);
    names.add(part.name);
    assertFiniteTuple(part.center, `part "${part.name}" centre`);
    if (part.colliderRotation)
      assertFiniteTuple(part.colliderRotation, `part "${part.name}" rotation`);
    validateShape(part);
  }
  if (!names.has(spec.rootPart))
    throw new DollSpecError(`DollSpec: root part "${spec.rootPart}" is not a part`);
  for (const joint of spec.joints) {
    for (const end of [joint.parent, joint.child]) {
      if (!names.has(end))
        throw new DollSpecError(`DollSpec: joint "${joint.name}" names a missing part "${end}"`);
    }
    if (joint.parent === joint.child)
      throw new DollSpecError(`DollSpec: joint "${joint.name}" joins a part to itself`);
    assertFiniteTuple(joint.anchor, `joint "${joint.name}" anchor`);
    const ranges = joint.kind === 'revolute' ? [joint.limits] : Object.values(joint.limits ?? {});
    for (const range of ranges) {
      assertFiniteTuple(range, `joint "${joint.name}" limits`);
      if (range[0] > range[1])
        throw new DollSpecError(`DollSpec: joint "${joint.name}" has min > max`);
    }
    if (joint.kind === 'revolute') {
      assertFiniteTuple(joint.axis, `joint "${joint.name}" axis`);
      if (Math.abs(Math.hypot(...joint.axis) - 1) > 1e-3) {
        throw new DollSpecError(`DollSpec: joint "${joint.name}" axis is not a unit vector`);
      }
    }
  }
}

/** Radius of the sphere around a shape's centre that contains it (metres). */
export function shapeBoundingRadius(shape: PartShape): number {
  switch (shape.kind) {
    case 'box':
      return Math.hypot(...shape.halfExtents);
    case 'sphere':
      return shape.radius;
    case 'capsule':
      return shape.halfHeight + shape.radius;
  }
}

/**
 * How far a part reaches below its centre at rest (metres): exact for an unrotated part,
 * its bounding radius when the collider is rotated.
 */
export function reachBelowCenter(part: PartSpec): number {
  const shape = part.shape;
  if (part.colliderRotation || shape.kind === 'sphere') return shapeBoundingRadius(shape);
  return shape.kind === 'box' ? shape.halfExtents[1] : shape.halfHeight + shape.radius;
}
