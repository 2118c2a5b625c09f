import type { Triple } from '../../formats/mmd/mmd-model';
import type { Vec3 } from '../../physics/vector-math';

/**
 * MMD's physics numbers (Bullet, lengths in MMD units, mass as written) in Rapier's meaning
 * and SI units. Spring constants stay force-based here (SI, mass kept); the physics turns them
 * into the frequencies its acceleration-based motors take, ω² = k / I, from the bodies' file
 * masses (see `physics/mmd/spring-rates.ts`, where the spring units are explained once).
 */

/** A Bullet damping at or above this is treated as this (−ln(1 − d) grows without bound). */
export const MAX_BULLET_DAMPING = 0.999;

/**
 * Bullet damping d (0..1: the share of velocity lost per second; Bullet multiplies velocity by
 * (1 − d)^dt each step) as Rapier damping c in 1/s (Rapier divides by 1 + dt·c, about
 * e^(−c·dt) for small steps): e^(−c·dt) = (1 − d)^dt gives c = −ln(1 − d). d is clamped to
 * 0..{@link MAX_BULLET_DAMPING}, so c is at most about 6.9 /s.
 */
export function rapierDamping(bulletDamping: number): number {
  const d = Math.min(MAX_BULLET_DAMPING, Math.max(0, bulletDamping));
  // Math.max also turns −ln(1) = −0 into 0.
  return Math.max(0, -Math.log(1 - d));
}

/**
 * Translational spring constants, MMD units to SI. A spring constant is force per length:
 * (mass · length / time²) / length = mass / time². Mass keeps its number (kg) and time is
 * seconds in both worlds, so the length scale s cancels and the constant keeps its value:
 * with the same mass, the same constant gives the same natural frequency √(k/m), which is
 * what makes the hair swing at the speed its author tuned. (Dividing by s, as is sometimes
 * suggested, would hold only if force kept its number across the change of length, which it does
 * not: a force is mass × length / time².)
 */
export function linearSpringToSi(k: Triple): Vec3 {
  return [k[0], k[1], k[2]];
}

/**
 * Rotational spring constants, MMD units to SI. A rotational constant is torque per radian:
 * mass · length² / time², so it scales by s² (s = metres per MMD unit). Moments of inertia
 * (mass · length²) scale by s² too, so √(k/I), the swing frequency, is unchanged.
 */
export function angularSpringToSi(k: Triple, unitMetres: number): Vec3 {
  const s2 = unitMetres * unitMetres;
  return [k[0] * s2, k[1] * s2, k[2] * s2];
}
