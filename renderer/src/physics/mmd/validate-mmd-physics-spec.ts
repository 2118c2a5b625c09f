import type { PartShape } from '../doll-spec';
import { shapeSizeProblem } from '../doll-spec';
import type { MmdBodySpec, MmdJointSpec, MmdPhysicsSpec } from './mmd-physics-spec';

/** Thrown when a model's bodies and joints cannot be built; the message says what is wrong. */
export class MmdPhysicsSpecError extends Error {
  override name = 'MmdPhysicsSpecError';
}

function fail(message: string): never {
  throw new MmdPhysicsSpecError(`MmdPhysicsSpec: ${message}`);
}

function checkFinite(values: readonly number[], what: string): void {
  if (!values.every(Number.isFinite))
    fail(`${what} has a value that is not a number (${values.join(', ')})`);
}

function checkShape(shape: PartShape, what: string): void {
  const problem = shapeSizeProblem(shape);
  if (problem) fail(`${what} ${problem}`);
}

function isGroup(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= 15;
}

function checkBody(body: MmdBodySpec, index: number, partNames: ReadonlySet<string>): void {
  const what = `body ${index} "${body.name}"`;
  if (!partNames.has(body.part))
    fail(`${what} names a ragdoll part "${body.part}" that does not exist`);
  checkShape(body.shape, what);
  checkFinite(body.position, `${what} position`);
  checkFinite(body.rotation, `${what} rotation`);
  if (!(Math.hypot(...body.rotation) > 1e-6)) fail(`${what} rotation is not a rotation (length 0)`);
  if (!isGroup(body.group)) fail(`${what} group ${body.group} is not 0..15`);
  if (
    !Number.isInteger(body.collisionMask) ||
    body.collisionMask < 0 ||
    body.collisionMask > 0xffff
  )
    fail(`${what} collision mask ${body.collisionMask} is not a 16-bit value`);
  const material = [
    body.mass,
    body.linearDamping,
    body.angularDamping,
    body.restitution,
    body.friction,
  ];
  checkFinite(material, `${what} mass, damping, restitution or friction`);
  if (body.motion !== 'follow' && !(body.mass > 0)) fail(`${what} has a mass of zero or less`);
  if (material.slice(1).some((value) => value < 0))
    fail(`${what} has a negative damping, restitution or friction`);
}

function checkJoint(joint: MmdJointSpec, index: number, bodyCount: number): void {
  const what = `joint ${index} "${joint.name}"`;
  for (const end of [joint.bodyA, joint.bodyB]) {
    if (!Number.isInteger(end) || end < 0 || end >= bodyCount)
      fail(`${what} names a body ${end} that does not exist (there are ${bodyCount})`);
  }
  if (joint.bodyA === joint.bodyB) fail(`${what} joins a body to itself`);
  checkFinite(joint.position, `${what} position`);
  checkFinite(joint.rotation, `${what} rotation`);
  if (!(Math.hypot(...joint.rotation) > 1e-6))
    fail(`${what} rotation is not a rotation (length 0)`);
  const numbers = [
    ...joint.linearMin,
    ...joint.linearMax,
    ...joint.angularMin,
    ...joint.angularMax,
    ...joint.linearStiffness,
    ...joint.angularStiffness,
  ];
  checkFinite(numbers, `${what} limits or springs`);
  if ([...joint.linearStiffness, ...joint.angularStiffness].some((k) => k < 0))
    fail(`${what} has a negative spring constant`);
}

/**
 * Checks that a model's bodies and joints can be built beside a ragdoll with these part
 * names: every body names an existing part, finite numbers, positive sizes and masses, groups
 * 0..15, 16-bit masks, joints between two different existing bodies. Throws an
 * {@link MmdPhysicsSpecError} naming the first problem (the converter in `rig/mmd` is where bad
 * file data is dropped with a message; reaching here with it is a bug, refused loudly).
 */
export function validateMmdPhysicsSpec(spec: MmdPhysicsSpec, partNames: ReadonlySet<string>): void {
  spec.bodies.forEach((body, index) => checkBody(body, index, partNames));
  spec.joints.forEach((joint, index) => checkJoint(joint, index, spec.bodies.length));
  for (const [part, group] of Object.entries(spec.partGroups ?? {})) {
    if (!partNames.has(part)) fail(`partGroups names a ragdoll part "${part}" that does not exist`);
    if (!isGroup(group)) fail(`partGroups gives part "${part}" group ${group}, not 0..15`);
  }
}
