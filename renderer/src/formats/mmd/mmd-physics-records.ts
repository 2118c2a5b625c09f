import type { BinaryReader } from './binary-reader';
import type { MmdJoint, MmdPhysicsMode, MmdRigidBody } from './mmd-model';
import { MmdFormatError } from './mmd-format-error';

/**
 * Rigid body and joint records. PMX and PMD lay them out alike, field for field; they differ
 * only in how names and indices are stored (PMX: length-prefixed text followed by an English
 * name, indices at the header's widths, a joint type byte; PMD: fixed-width Shift_JIS names,
 * a uint16 bone index, uint32 body indices, no joint type), which a {@link PhysicsRecordLayout}
 * reads. Values are returned as stored: PMD's body positions are still relative to their bone.
 */

/** How one format stores the fields that differ between PMX and PMD. */
export interface PhysicsRecordLayout<R extends BinaryReader> {
  /** Reads a record's name, stepping over any English name stored after it. */
  name(input: R): string;
  /** A bone index, −1 for none. */
  boneIndex(input: R): number;
  /** A rigid body index (a joint's ends). */
  rigidBodyIndex(input: R): number;
  /** Reads (or, for a format without one, supplies) the type of joint `index`. */
  jointType(input: R, index: number): number;
}

function shapeOf(value: number, body: number): 0 | 1 | 2 {
  if (value === 0 || value === 1 || value === 2) return value;
  throw new MmdFormatError(
    `rigid body ${body} has shape ${value} (0 sphere, 1 box or 2 capsule expected)`,
  );
}

function physicsModeOf(value: number, body: number): MmdPhysicsMode {
  if (value === 0 || value === 1 || value === 2) return value;
  throw new MmdFormatError(`rigid body ${body} has physics type ${value} (0, 1 or 2 expected)`);
}

/** Reads rigid body `index`. @throws MmdFormatError for an unknown shape or physics type. */
export function readRigidBody<R extends BinaryReader>(
  input: R,
  layout: PhysicsRecordLayout<R>,
  index: number,
): MmdRigidBody {
  const name = layout.name(input);
  const boneIndex = layout.boneIndex(input);
  const group = input.u8();
  const collisionMask = input.u16();
  const shape = shapeOf(input.u8(), index);
  const size = input.triple();
  const position = input.triple();
  const rotation = input.triple();
  const mass = input.f32();
  const linearDamping = input.f32();
  const angularDamping = input.f32();
  const restitution = input.f32();
  const friction = input.f32();
  const physicsMode = physicsModeOf(input.u8(), index);
  return {
    name,
    boneIndex,
    group,
    collisionMask,
    shape,
    size,
    position,
    rotation,
    mass,
    linearDamping,
    angularDamping,
    restitution,
    friction,
    physicsMode,
  };
}

/** Reads joint `index` (its type as {@link PhysicsRecordLayout.jointType} gives it). */
export function readJoint<R extends BinaryReader>(
  input: R,
  layout: PhysicsRecordLayout<R>,
  index: number,
): MmdJoint {
  const name = layout.name(input);
  const type = layout.jointType(input, index);
  return {
    name,
    type,
    bodyA: layout.rigidBodyIndex(input),
    bodyB: layout.rigidBodyIndex(input),
    position: input.triple(),
    rotation: input.triple(),
    linearMin: input.triple(),
    linearMax: input.triple(),
    angularMin: input.triple(),
    angularMax: input.triple(),
    linearSpring: input.triple(),
    angularSpring: input.triple(),
  };
}
