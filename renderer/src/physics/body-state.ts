import type { RigidBody } from './rapier-api';
import { quat, vec3 } from './vector-math';

/**
 * The full motion state of one body, as tuples so it can be stored in a preset as is:
 * position in metres, rotation as a unit quaternion [x, y, z, w], linear velocity in m/s,
 * angular velocity in rad/s, and whether it slept (absent: awake).
 */
export interface BodyState {
  readonly position: readonly [number, number, number];
  readonly rotation: readonly [number, number, number, number];
  readonly linvel: readonly [number, number, number];
  readonly angvel: readonly [number, number, number];
  /**
   * True when the body slept (Rapier had put it to rest, or the still-scene sleep had): a
   * scene saved still comes back still instead of settling again.
   */
  readonly asleep?: boolean | undefined;
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
  const angvel = [v.x, v.y, v.z] as const;
  return body.isSleeping()
    ? { position, rotation, linvel, angvel, asleep: true }
    : { position, rotation, linvel, angvel };
}

/** Puts a body exactly into a saved state: awake, or asleep if it slept when saved. */
export function restoreBodyState(body: RigidBody, state: BodyState): void {
  const [x, y, z, w] = state.rotation;
  const length = Math.hypot(x, y, z, w) || 1;
  body.setTranslation(vec3(...state.position), true);
  body.setRotation(quat(x / length, y / length, z / length, w / length), true);
  body.setLinvel(vec3(...state.linvel), true);
  body.setAngvel(vec3(...state.angvel), true);
  if (state.asleep === true) body.sleep();
}

/** Whether any of `states` slept when saved. */
export function anyAsleep(states: readonly BodyState[]): boolean {
  return states.some((state) => state.asleep === true);
}

/** True when every number of the state is finite. */
export function isFiniteBodyState(state: BodyState): boolean {
  return [...state.position, ...state.rotation, ...state.linvel, ...state.angvel].every(
    Number.isFinite,
  );
}
