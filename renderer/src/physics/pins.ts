import type { RapierApi, RigidBody } from './rapier-api';
import { vec3 } from './vector-math';

/**
 * Pins: a body held exactly where it is, while everything joined to it still swings. A pinned
 * body becomes kinematic (position-based) at its current pose: to its joints it is the world.
 * Kinematic, not a joint to a world anchor, because a joint stretches under a falling figure
 * and a kinematic body does not move at all (docs/physics.md#grab-and-pin-measurements).
 */
export class Pins {
  private readonly pinned = new Map<number, RigidBody>();
  /** The same handles as a list kept in step, so readers per frame allocate nothing. */
  private readonly handleList: number[] = [];

  constructor(private readonly rapier: RapierApi) {}

  /** The handles of the pinned bodies, in the order they were pinned. */
  get handles(): readonly number[] {
    return this.handleList;
  }

  /** Whether the body with this handle is pinned. */
  has(handle: number): boolean {
    return this.pinned.has(handle);
  }

  /** Pins `body` where it is now, at rest; pinning a pinned body does nothing. */
  add(body: RigidBody): void {
    if (this.pinned.has(body.handle)) return;
    body.setLinvel(vec3(), true);
    body.setAngvel(vec3(), true);
    body.setBodyType(this.rapier.RigidBodyType.KinematicPositionBased, true);
    this.pinned.set(body.handle, body);
    this.handleList.push(body.handle);
  }

  /**
   * Unpins the body with this handle: dynamic again, at rest, awake (so it falls). False when
   * it was not pinned. Call before removing a pinned body from the world.
   */
  remove(handle: number): boolean {
    const body = this.pinned.get(handle);
    if (!body) return false;
    this.pinned.delete(handle);
    this.handleList.splice(this.handleList.indexOf(handle), 1);
    body.setBodyType(this.rapier.RigidBodyType.Dynamic, true);
    body.setLinvel(vec3(), true);
    body.setAngvel(vec3(), true);
    return true;
  }

  /** Unpins every body. */
  clear(): void {
    for (const handle of [...this.pinned.keys()]) this.remove(handle);
  }
}
