import type { Grab } from './grab';
import type { Pins } from './pins';
import type { RigidBody } from './rapier-api';

/** Finds the body a handle stands for (`BodyRegistry.grabTarget`). */
export interface PinTargets {
  grabTarget(handle: number): RigidBody | undefined;
}

/**
 * The sandbox's pins by body handle (`sandbox.pins`): a figure's part or a prop held where it
 * is (see {@link Pins}), so the rest of its figure still swings. An MMD body stands for its
 * ragdoll part. The grab and the pins share bodies: grabbing a pinned body moves the pin (see
 * `Grab`), and pinning a held body lets go of it.
 */
export class SandboxPins {
  constructor(
    private readonly registry: PinTargets,
    private readonly pinned: Pins,
    private readonly grab: Grab,
  ) {}

  /** Pins the body with this handle where it is now; false when there is no such body. */
  add(handle: number): boolean {
    const body = this.registry.grabTarget(handle);
    if (!body) return false;
    this.grab.releaseIfHolding(body);
    this.pinned.add(body);
    return true;
  }

  /** Unpins the body with this handle; false when it was not pinned. */
  remove(handle: number): boolean {
    const body = this.registry.grabTarget(handle);
    // A pinned body being moved by a grab would be left where the hand last put it.
    if (body && this.grab.movesPin) this.grab.releaseIfHolding(body);
    return this.pinned.remove(body?.handle ?? handle);
  }

  /** Whether the body with this handle is pinned. */
  has(handle: number): boolean {
    const body = this.registry.grabTarget(handle);
    return this.pinned.has(body?.handle ?? handle);
  }

  /** The pinned bodies' handles, in the order they were pinned (a live list: copy to keep). */
  get handles(): readonly number[] {
    return this.pinned.handles;
  }

  /** Unpins every body. */
  clear(): void {
    if (this.grab.movesPin) this.grab.release();
    this.pinned.clear();
  }
}
