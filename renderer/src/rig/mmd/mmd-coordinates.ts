import type { Triple } from '../../formats/mmd/mmd-model';
import type { Quat, Vec3 } from '../../physics/vector-math';
import type { EulerOrder } from './euler-quaternion';
import { eulerToQuat } from './euler-quaternion';

/**
 * From MMD's file space to ours (the same conversion three.js's MMDLoader makes).
 *
 * MMD is left-handed, +Y up, with the figure facing −Z and its own left at +X. Mirroring z
 * (M = diag(1, 1, −1)) gives a right-handed space where the figure faces +Z with its left still
 * at +X: exactly what `specFromHumanoidBones` expects of a VRM. Lengths are MMD units times the
 * unit scale (metres per unit). "Model space" below is that mirrored, scaled space, standing on
 * y = 0; doll space is model space minus the rig's origin (between the upper legs).
 */

/** Metres per MMD unit: a figure about 20 units tall stands about 1.6 m. */
export const MMD_UNIT_METRES = 0.08;

/** An MMD-space point (units) in model space (metres, facing +Z). */
export function mmdToModelPosition(p: Triple, unitMetres: number): Vec3 {
  return [p[0] * unitMetres, p[1] * unitMetres, -p[2] * unitMetres];
}

/** An MMD-space direction or offset in model space, unscaled (for angles). */
export function mmdToModelDirection(d: Triple): Vec3 {
  return [d[0], d[1], -d[2]];
}

/**
 * The Euler angles of a rigid body or joint as stored (radians) turned into our space's
 * angles: mirroring z turns a rotation about X or Y the other way (M·R_x(a)·M = R_x(−a), the
 * same for Y) and keeps one about Z, and keeps the order of the product.
 */
export function mmdToModelEuler(r: Triple): Vec3 {
  return [-r[0], -r[1], r[2]];
}

/**
 * A stored Euler rotation as a quaternion [x, y, z, w] in model space, read in `order`
 * (`YXZ`, as three.js's MMDLoader reads them: `new Euler(−x, −y, z, 'YXZ')`; the physics
 * report shows it lays real models' capsules along their bones best). Other orders
 * are only for the physics report's comparison.
 */
export function mmdRotationToQuat(r: Triple, order: EulerOrder = 'YXZ'): Quat {
  return eulerToQuat(mmdToModelEuler(r), order);
}

/** A range [min, max] on an axis the mirror reverses: negated and swapped. */
function mirroredRange(min: number, max: number): [number, number] {
  return [-max, -min];
}

/**
 * Joint limits in the joint frame, mirrored like the frame: the frame's local z axis flips
 * (M·R·e_z = −R'·e_z), so translation limits along z are negated and swapped; rotations about
 * local x and y turn the other way, so those angle limits are negated and swapped. A locked
 * axis (min = max) stays locked and a free one (min > max) stays free. Translation limits are
 * scaled to metres.
 */
export function mmdToModelLimits(
  linearMin: Triple,
  linearMax: Triple,
  angularMin: Triple,
  angularMax: Triple,
  unitMetres: number,
): { linearMin: Vec3; linearMax: Vec3; angularMin: Vec3; angularMax: Vec3 } {
  const [lzMin, lzMax] = mirroredRange(linearMin[2], linearMax[2]);
  const [axMin, axMax] = mirroredRange(angularMin[0], angularMax[0]);
  const [ayMin, ayMax] = mirroredRange(angularMin[1], angularMax[1]);
  return {
    linearMin: [linearMin[0] * unitMetres, linearMin[1] * unitMetres, lzMin * unitMetres],
    linearMax: [linearMax[0] * unitMetres, linearMax[1] * unitMetres, lzMax * unitMetres],
    angularMin: [axMin, ayMin, angularMin[2]],
    angularMax: [axMax, ayMax, angularMax[2]],
  };
}
