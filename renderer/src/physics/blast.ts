import type { RigidBody } from './rapier-api';
import type { RandomSource } from './seeded-random';
import type { Vec3Like } from './vector-math';
import { vec3 } from './vector-math';

/** Props farther than this from the blast centre (metres) are not pushed. */
export const PROP_BLAST_RADIUS = 4;
/** Random torque impulse per axis, as a multiple of the body's mass. */
export const BLAST_TORQUE_PER_KG = 0.4;
/** How much the outward direction is tipped upward (added to its unit y). */
const BLAST_LIFT = 0.4;
/**
 * Distance from the blast's centre at which the push is half that at the centre, metres. The
 * falloff is the original design's, power · mass / (0.6 + 0.5·d), scaled by 0.6 so a body at
 * the centre gets `power` m/s: unscaled, a doll lying over the centre flew off at 1.65 ·
 * `power`, half again the design's top speeds at power 16 and 30 (docs/physics.md).
 */
const HALF_PUSH_DISTANCE_M = 1.2;

const position = vec3();

/**
 * A random spin for one blasted body: each axis uniform in [-1, 1]. Each part of a doll
 * gets its own; one shared spin per doll was tried and spins the whole
 * doll up to about 28 rad/s, which loads the joints harder, not less.
 */
export function randomSpin(random: RandomSource, out: Vec3Like): Vec3Like {
  out.x = random() * 2 - 1;
  out.y = random() * 2 - 1;
  out.z = random() * 2 - 1;
  return out;
}

/**
 * The blast on one body, computed but not applied: an impulse of power · mass / (1 + d / 1.2)
 * along the outward direction tipped a little up (d the distance from `center` in metres), so
 * a body at the centre changes speed by `power` m/s and one 1.2 m away by half that, into
 * `linear`; and a torque impulse of `spin` · `torquePerKg` · mass into `angular` (0.4 by
 * default). Returns false (writing nothing) when the body is farther than `maxDistance`.
 */
export function blastImpulse(
  body: RigidBody,
  center: Vec3Like,
  power: number,
  spin: Vec3Like,
  linear: Vec3Like,
  angular: Vec3Like,
  maxDistance = Number.POSITIVE_INFINITY,
  torquePerKg = BLAST_TORQUE_PER_KG,
): boolean {
  body.translation(position);
  const dx = position.x - center.x;
  const dy = position.y - center.y;
  const dz = position.z - center.z;
  const d = Math.hypot(dx, dy, dz);
  if (d > maxDistance) return false;
  const mass = body.mass();
  const k = (power * mass) / (1 + d / HALF_PUSH_DISTANCE_M);
  const inv = d > 1e-6 ? 1 / d : 0;
  linear.x = dx * inv * k;
  linear.y = (dy * inv + BLAST_LIFT) * k;
  linear.z = dz * inv * k;
  angular.x = spin.x * torquePerKg * mass;
  angular.y = spin.y * torquePerKg * mass;
  angular.z = spin.z * torquePerKg * mass;
  return true;
}

const linearImpulse = vec3();
const angularImpulse = vec3();

/** Applies the blast ({@link blastImpulse}) to a single body, e.g. a prop. */
export function blastBody(
  body: RigidBody,
  center: Vec3Like,
  power: number,
  spin: Vec3Like,
  maxDistance = Number.POSITIVE_INFINITY,
): boolean {
  if (!blastImpulse(body, center, power, spin, linearImpulse, angularImpulse, maxDistance))
    return false;
  body.applyImpulse(linearImpulse, true);
  body.applyTorqueImpulse(angularImpulse, true);
  return true;
}
