import { writePackedTransform } from './body-transforms';
import type { RigidBody } from './rapier-api';
import { quat, vec3 } from './vector-math';

/**
 * Numbers per body in a flat snapshot: position (3, metres), rotation quaternion (4, x y z w),
 * linear velocity (3, m/s), angular velocity (3, rad/s).
 */
export const BODY_SNAPSHOT_LENGTH = 13;

const scratchVector = vec3();
const scratchRotation = quat();

/**
 * Copies a body's full state into `out` at `offset` ({@link BODY_SNAPSHOT_LENGTH} numbers).
 * Allocates nothing of its own, so it may run every step (rewind recording, undo snapshots).
 */
export function readBodySnapshot(
  body: RigidBody,
  out: Float64Array | Float32Array,
  offset: number,
): void {
  writePackedTransform(
    out,
    offset,
    body.translation(scratchVector),
    body.rotation(scratchRotation),
  );
  const v = body.linvel(scratchVector);
  out[offset + 7] = v.x;
  out[offset + 8] = v.y;
  out[offset + 9] = v.z;
  const w = body.angvel(scratchVector);
  out[offset + 10] = w.x;
  out[offset + 11] = w.y;
  out[offset + 12] = w.z;
}

/**
 * Puts a body into the state stored in `source` at `offset` (see {@link readBodySnapshot}):
 * position, rotation (normalised), and velocities when `withVelocity`, else at rest; wakes it.
 * Allocates nothing.
 */
export function writeBodySnapshot(
  body: RigidBody,
  source: Float64Array | Float32Array,
  offset: number,
  withVelocity = true,
): void {
  scratchVector.x = source[offset]!;
  scratchVector.y = source[offset + 1]!;
  scratchVector.z = source[offset + 2]!;
  body.setTranslation(scratchVector, true);
  const x = source[offset + 3]!;
  const y = source[offset + 4]!;
  const z = source[offset + 5]!;
  const w = source[offset + 6]!;
  const length = Math.sqrt(x * x + y * y + z * z + w * w) || 1;
  scratchRotation.x = x / length;
  scratchRotation.y = y / length;
  scratchRotation.z = z / length;
  scratchRotation.w = w / length;
  body.setRotation(scratchRotation, true);
  const speed = withVelocity ? 1 : 0;
  scratchVector.x = source[offset + 7]! * speed;
  scratchVector.y = source[offset + 8]! * speed;
  scratchVector.z = source[offset + 9]! * speed;
  body.setLinvel(scratchVector, true);
  scratchVector.x = source[offset + 10]! * speed;
  scratchVector.y = source[offset + 11]! * speed;
  scratchVector.z = source[offset + 12]! * speed;
  body.setAngvel(scratchVector, true);
}

/**
 * A full-precision snapshot of a list of bodies (in list order), for undo and rewind: take it
 * with {@link takeBodiesSnapshot}, put it back with {@link restoreBodiesSnapshot}. The caller
 * keeps the list; restoring it onto a list of another length throws.
 */
export function takeBodiesSnapshot(bodies: readonly RigidBody[]): Float64Array {
  const out = new Float64Array(bodies.length * BODY_SNAPSHOT_LENGTH);
  for (let i = 0; i < bodies.length; i++)
    readBodySnapshot(bodies[i]!, out, i * BODY_SNAPSHOT_LENGTH);
  return out;
}

/** Puts every body of `bodies` back into `snapshot` (from {@link takeBodiesSnapshot}). */
export function restoreBodiesSnapshot(bodies: readonly RigidBody[], snapshot: Float64Array): void {
  if (snapshot.length !== bodies.length * BODY_SNAPSHOT_LENGTH)
    throw new RangeError(
      `The snapshot holds ${snapshot.length / BODY_SNAPSHOT_LENGTH} bodies, not ${bodies.length}.`,
    );
  for (let i = 0; i < bodies.length; i++)
    writeBodySnapshot(bodies[i]!, snapshot, i * BODY_SNAPSHOT_LENGTH);
}

/** Whether each of `bodies` sleeps (1) or not (0), in list order: kept beside a snapshot. */
export function takeSleepFlags(bodies: readonly RigidBody[]): Uint8Array {
  return Uint8Array.from(bodies, (body) => (body.isSleeping() ? 1 : 0));
}

/**
 * Puts to sleep each of `bodies` whose flag in `flags` (from {@link takeSleepFlags}) is set,
 * after its snapshot was written (which wakes it). Rapier wakes a body moved this way again
 * in the next step: the sandbox puts it back to sleep after that step
 * (`SandboxCapture.noteBodiesPutToSleep`).
 */
export function restoreSleepFlags(bodies: readonly RigidBody[], flags: Uint8Array): void {
  for (let i = 0; i < bodies.length; i++) if (flags[i] === 1) bodies[i]!.sleep();
}
