import type { RigidBody } from './rapier-api';
import { quat, vec3 } from './vector-math';

/**
 * The full motion state of one body, as tuples so it can be stored in a preset as is:
 * position in metres, rotation as a unit quaternion [x, y, z, w], linear velocity in m/s,
 * angular velocity in rad/s.
 */
export interface BodyState {
  readonly position: readonly [number, number, number];
  readonly rotation: readonly [number, number, number, number];
  readonly linvel: readonly [number, number, number];
  readonly angvel: readonly [number, number, number];
}

const v = vec3();
const q = quat();

/** Reads a body's state. Allocates the result: for saving, not for per-frame use. */
export function captureBodyState(body: RigidBody): BodyState {
  body.translation(v);
  const position = [v.x, v.y, v.z] as const;
  body.rotation(q);
  const rotation = [q.x, q.y, q.z, q.w] as const;
  body.linvel(v);
  const linvel = [v.x, v.y, v.z] as const;
  body.angvel(v);
  return { position, rotation, linvel, angvel: [v.x, v.y, v.z] };
}

/** Puts a body exactly into a saved state and wakes it. */
export function restoreBodyState(body: RigidBody, state: BodyState): void {
  const [x, y, z, w] = state.rotation;
  const length = Math.hypot(x, y, z, w) || 1;
  body.setTranslation(vec3(...state.position), true);
  body.setRotation(quat(x / length, y / length, z / length, w / length), true);
  body.setLinvel(vec3(...state.linvel), true);
  body.setAngvel(vec3(...state.angvel), true);
}

/** True when every number of the state is finite. */
export function isFiniteBodyState(state: BodyState): boolean {
  return [...state.position, ...state.rotation, ...state.linvel, ...state.angvel].every(
    Number.isFinite,
  );
}
