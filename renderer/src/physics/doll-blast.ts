import type { RigidBody } from './rapier-api';
import { BLAST_TORQUE_PER_KG, blastImpulse, randomSpin } from './blast';
import type { RandomSource } from './seeded-random';
import type { Vec3Like } from './vector-math';
import { vec3 } from './vector-math';

/**
 * Random torque impulse per axis on each part of a doll, as a multiple of the part's mass
 * (props take `BLAST_TORQUE_PER_KG`, 0.4). The parts share one rigid push, so it is this spin
 * that makes the limbs flail at a blast: with 0.4 a box dummy's top speed at power 4 and 8
 * was 7.3 and 8.4 m/s against the original design's 9.7 and 17.9, with 1.2 it is 11.9 and
 * 11.9 (table in docs/physics.md).
 */
export const PART_TORQUE_PER_KG = 1.2;

/** A symmetric 3×3 matrix as [m11, m12, m13, m22, m23, m33]. */
type Symmetric3 = [number, number, number, number, number, number];

interface PartImpulse {
  readonly body: RigidBody;
  readonly mass: number;
  readonly com: Vec3Like;
  readonly linear: Vec3Like;
  readonly angular: Vec3Like;
  readonly inertia: Symmetric3;
}

function cross(a: Vec3Like, b: Vec3Like): Vec3Like {
  return vec3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

function multiply(m: Symmetric3, v: Vec3Like): Vec3Like {
  return vec3(
    m[0] * v.x + m[1] * v.y + m[2] * v.z,
    m[1] * v.x + m[3] * v.y + m[4] * v.z,
    m[2] * v.x + m[4] * v.y + m[5] * v.z,
  );
}

/** Solves m · x = b for a symmetric positive-definite m; null when m is (near) singular. */
function solve(m: Symmetric3, b: Vec3Like): Vec3Like | null {
  const [a, d, e, f, g, h] = m; // [[a d e] [d f g] [e g h]]
  const c11 = f * h - g * g;
  const c12 = e * g - d * h;
  const c13 = d * g - e * f;
  const det = a * c11 + d * c12 + e * c13;
  if (!(Math.abs(det) > 1e-12)) return null;
  const c22 = a * h - e * e;
  const c23 = d * e - a * g;
  const c33 = a * f - d * d;
  return vec3(
    (c11 * b.x + c12 * b.y + c13 * b.z) / det,
    (c12 * b.x + c22 * b.y + c23 * b.z) / det,
    (c13 * b.x + c23 * b.y + c33 * b.z) / det,
  );
}

function partImpulse(
  body: RigidBody,
  center: Vec3Like,
  power: number,
  random: RandomSource,
  torquePerKg: number,
): PartImpulse {
  const linear = vec3();
  const angular = vec3();
  const spin = randomSpin(random, vec3());
  blastImpulse(body, center, power, spin, linear, angular, Infinity, torquePerKg);
  const inertia = Array.from(body.effectiveAngularInertia().elements) as Symmetric3;
  return { body, mass: body.mass(), com: body.worldCom(), linear, angular, inertia };
}

/** The rigid motion a blast gave a doll: every point at x moves with velocity + omega × (x − com). */
export interface DollMotion {
  /** m/s */
  readonly velocity: Vec3Like;
  /** rad/s */
  readonly omega: Vec3Like;
  /** World centre of mass, metres. */
  readonly com: Vec3Like;
}

/**
 * BLAST on a whole doll. Each part's impulse is `blastImpulse`'s ({@link blastImpulse}), but
 * instead of kicking each part on its own, which makes neighbours fly apart at different
 * speeds and leaves the joints to pull them back within one step (they stretch visibly doing
 * it, and limits overshoot), the doll receives their sum: the same total linear momentum and
 * the same angular momentum about its centre of mass, as the motion of one rigid body (every
 * part moving with v + ω × r). On top of that each part gets its own random torque impulse
 * ({@link PART_TORQUE_PER_KG}): it turns the part about its own centre without moving that
 * centre, so the joints mostly bend, and the limbs flail. Returns the rigid motion added
 * (null when the doll has no mass), so bodies riding on the doll can be given the same.
 * Allocates: it runs once per BLAST.
 *
 * @param spinEachPart false for a figure with bodies jointed to its parts (MMD hair and
 *   skirts), which take only the rigid motion: a part spun alone strains them (hair joints tear
 *   open, see docs/physics.md#blast-power). Its parts'
 *   random torques (`BLAST_TORQUE_PER_KG` × mass) then go into the rigid motion instead.
 */
export function blastDoll(
  bodies: readonly RigidBody[],
  center: Vec3Like,
  power: number,
  random: RandomSource,
  spinEachPart = true,
): DollMotion | null {
  const torquePerKg = spinEachPart ? PART_TORQUE_PER_KG : BLAST_TORQUE_PER_KG;
  const parts = bodies.map((body) => partImpulse(body, center, power, random, torquePerKg));
  const ownSpin = spinEachPart ? 1 : 0;
  const totalMass = parts.reduce((sum, part) => sum + part.mass, 0);
  if (!(totalMass > 0)) return null;
  const com = vec3();
  const momentum = vec3();
  for (const part of parts) {
    com.x += (part.com.x * part.mass) / totalMass;
    com.y += (part.com.y * part.mass) / totalMass;
    com.z += (part.com.z * part.mass) / totalMass;
    momentum.x += part.linear.x;
    momentum.y += part.linear.y;
    momentum.z += part.linear.z;
  }
  const angularMomentum = vec3();
  const inertia: Symmetric3 = [0, 0, 0, 0, 0, 0];
  for (const part of parts) {
    const r = vec3(part.com.x - com.x, part.com.y - com.y, part.com.z - com.z);
    const moment = cross(r, part.linear);
    angularMomentum.x += moment.x + (1 - ownSpin) * part.angular.x;
    angularMomentum.y += moment.y + (1 - ownSpin) * part.angular.y;
    angularMomentum.z += moment.z + (1 - ownSpin) * part.angular.z;
    // The part's own inertia plus the parallel-axis term m(|r|²E − r rᵀ).
    const r2 = r.x * r.x + r.y * r.y + r.z * r.z;
    const own = part.inertia;
    inertia[0] += own[0] + part.mass * (r2 - r.x * r.x);
    inertia[1] += own[1] - part.mass * r.x * r.y;
    inertia[2] += own[2] - part.mass * r.x * r.z;
    inertia[3] += own[3] + part.mass * (r2 - r.y * r.y);
    inertia[4] += own[4] - part.mass * r.y * r.z;
    inertia[5] += own[5] + part.mass * (r2 - r.z * r.z);
  }
  const omega = solve(inertia, angularMomentum) ?? vec3();
  const velocity = vec3(momentum.x / totalMass, momentum.y / totalMass, momentum.z / totalMass);
  for (const part of parts) {
    const spin = cross(omega, vec3(part.com.x - com.x, part.com.y - com.y, part.com.z - com.z));
    part.body.applyImpulse(
      vec3(
        part.mass * (velocity.x + spin.x),
        part.mass * (velocity.y + spin.y),
        part.mass * (velocity.z + spin.z),
      ),
      true,
    );
    const rigidSpin = multiply(part.inertia, omega);
    part.body.applyTorqueImpulse(
      vec3(
        rigidSpin.x + ownSpin * part.angular.x,
        rigidSpin.y + ownSpin * part.angular.y,
        rigidSpin.z + ownSpin * part.angular.z,
      ),
      true,
    );
  }
  return { velocity, omega, com };
}
