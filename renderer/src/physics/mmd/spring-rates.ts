import type { RigidBody } from '../rapier-api';
import type { QuatLike, Vec3Like } from '../vector-math';
import { conjugateQuat, quat, rotateVec, vec3 } from '../vector-math';

/**
 * MMD spring constants as the rates Rapier's acceleration-based motors take.
 *
 * This is the one place that explains the spring units. An MMD file's spring constant k is
 * Bullet's: force-based, N·m/rad (angular) or N/m (linear) in the file's own mass and length
 * units; the rig converts it to SI with the mass kept (angular × s², linear unchanged, see
 * `rig/mmd/mmd-physics-units.ts`), which is what {@link MmdJointSpec} carries.
 *
 * Rapier's acceleration-based motor instead takes ω² (1/s²): it multiplies by the joint's own
 * effective mass, so a spring acts the same on a 10 g tip and a 2 kg plate, and with critical
 * damping it settles where a force-based spring, whose k against a hair link's tiny inertia
 * (~1e-5 kg·m²) is a near-rigid lock, kept jittering (see `DEFAULT_MMD_SPRING_MODEL`). The
 * two agree when ω² = k / I: a spring of constant k pulling a body of inertia I about the axis
 * (mass m along it for a linear axis) swings at ω = √(k / I), the frequency the author tuned.
 * In metres with the mass kept, k and I both scale by s², so ω² is unit-free and is computed
 * here from the actual Rapier inertia of the bodies' shapes.
 *
 * Which inertia: a joint's two sides share the spring, so I is the reduced inertia,
 * 1 / I = 1 / I_A + 1 / I_B about the joint-frame axis, where a `follow` body (kinematic in
 * MMD, infinitely heavy) adds nothing. The masses are the FILE's: `MmdBodies` scales every
 * dynamic body of a model by one factor (so the ragdoll is not yanked about, see
 * `MMD_MASS_SHARE`), and each side's {@link SpringSide.fileMassScale} undoes that here, so the
 * rates are those of the file whatever the scaling.
 */

/** One side of a joint as the spring sees it. */
export interface SpringSide {
  readonly body: RigidBody;
  /** Rest orientation of the body in doll space (the body may not be placed yet). */
  readonly rotation: QuatLike;
  /**
   * File mass ÷ Rapier mass of the body, or `'infinite'` for a side MMD holds kinematic (a
   * `follow` body, even though here it is a collider on a ragdoll part of finite mass).
   * Default 1 (the Rapier mass is the file's). Fixed and kinematic Rapier bodies count as
   * infinite whatever this says.
   */
  readonly fileMassScale?: number | 'infinite';
}

const inverse = quat();
const local = vec3();
const principal = vec3();
const principalFrame = quat();
const inversePrincipal = vec3();

/** 1 / (file mass) of a side, 0 when infinitely heavy. */
function inverseFileMass(side: SpringSide): number {
  const scale = side.fileMassScale ?? 1;
  if (scale === 'infinite' || !side.body.isDynamic()) return 0;
  const mass = side.body.mass() * scale;
  return mass > 0 ? 1 / mass : 0;
}

/**
 * 1 / (file inertia) of a side about a doll-space unit axis (kg·m² of the file's mass), 0
 * when infinitely heavy.
 */
function inverseFileInertia(side: SpringSide, axis: Vec3Like): number {
  const scale = side.fileMassScale ?? 1;
  if (scale === 'infinite' || !side.body.isDynamic()) return 0;
  conjugateQuat(side.rotation, inverse);
  rotateVec(inverse, axis, local);
  conjugateQuat(side.body.principalInertiaLocalFrame(principalFrame), inverse);
  rotateVec(inverse, local, principal);
  side.body.invPrincipalInertia(inversePrincipal);
  const actual =
    principal.x * principal.x * inversePrincipal.x +
    principal.y * principal.y * inversePrincipal.y +
    principal.z * principal.z * inversePrincipal.z;
  return actual / scale;
}

const axisScratch = vec3();
const UNIT = [vec3(1, 0, 0), vec3(0, 1, 0), vec3(0, 0, 1)] as const;

/**
 * The six spring rates ω² (1/s²; linear X, Y, Z then angular X, Y, Z of the joint frame) for
 * the file's spring constants `stiffness` (SI, as in `MmdJointSpec`: 3 linear then 3
 * angular), by ω² = k / (reduced file mass or inertia about that axis). An axis whose both
 * sides are infinitely heavy gets 0 (no spring can move it). Allocates the result only.
 */
export function springRates(
  stiffness: readonly number[],
  jointRotation: QuatLike,
  a: SpringSide,
  b: SpringSide,
): number[] {
  const rates = new Array<number>(6).fill(0);
  const inverseMass = inverseFileMass(a) + inverseFileMass(b);
  for (let axis = 0; axis < 3; axis++) {
    rates[axis] = stiffness[axis]! * inverseMass;
    const k = stiffness[axis + 3]!;
    if (k === 0) continue;
    rotateVec(jointRotation, UNIT[axis]!, axisScratch);
    rates[axis + 3] = k * (inverseFileInertia(a, axisScratch) + inverseFileInertia(b, axisScratch));
  }
  return rates;
}
