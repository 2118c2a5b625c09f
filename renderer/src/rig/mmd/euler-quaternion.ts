import type { Quat, Vec3 } from '../../physics/vector-math';

/** An order of the three Euler rotations, named as three.js names them. */
export type EulerOrder = 'XYZ' | 'YXZ' | 'ZXY' | 'ZYX' | 'YZX' | 'XZY';

/** Every Euler order, three.js's default first. */
export const EULER_ORDERS: readonly EulerOrder[] = ['XYZ', 'YXZ', 'ZXY', 'ZYX', 'YZX', 'XZY'];

const AXIS_INDEX = { X: 0, Y: 1, Z: 2 } as const;

/** Hamilton product a × b of unit quaternions [x, y, z, w] (b applied first). */
export function multiplyQuats(a: Quat, b: Quat): Quat {
  const [ax, ay, az, aw] = a;
  const [bx, by, bz, bw] = b;
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}

function axisQuat(axis: 0 | 1 | 2, angle: number): Quat {
  const s = Math.sin(angle / 2);
  return [axis === 0 ? s : 0, axis === 1 ? s : 0, axis === 2 ? s : 0, Math.cos(angle / 2)];
}

/**
 * The rotation three.js's `new Euler(x, y, z, order)` stands for, as a quaternion: for the
 * order "ABC" the matrix is R_A · R_B · R_C (intrinsic rotations about A, then B, then C), so
 * the quaternion is q_A · q_B · q_C. `angles` are radians about X, Y and Z whatever the order.
 */
export function eulerToQuat(angles: Vec3, order: EulerOrder): Quat {
  let q: Quat = [0, 0, 0, 1];
  for (const letter of order as Iterable<keyof typeof AXIS_INDEX>) {
    const axis = AXIS_INDEX[letter];
    q = multiplyQuats(q, axisQuat(axis, angles[axis]));
  }
  return q;
}
