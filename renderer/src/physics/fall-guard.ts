import type { RapierApi, RigidBody, World } from './rapier-api';

/** How often the sandbox asks the guard what fell, in steps: 4 times a simulated second. */
export const FALL_GUARD_INTERVAL_STEPS = 30;

/** How far the guard reaches sideways and down from its top (metres): past any throw. */
const GUARD_HALF_WIDTH = 10_000;
const GUARD_HALF_DEPTH = 5_000;

/**
 * The fall guard: one huge sensor slab whose top is at `topY`. Anything that falls off the
 * stage ends up inside it and stays there, so asking Rapier's narrow phase which colliders
 * touch the sensor a few times a second finds it.
 *
 * Why not a height check or collision events every step: Rapier's position getters and its
 * event queue both allocate in JavaScript on every call (a typed-array view per getter,
 * about 180 bytes per step for a queue), while this asks once every
 * {@link FALL_GUARD_INTERVAL_STEPS} steps and costs nothing while nothing has fallen.
 */
export class FallGuard {
  private readonly body: RigidBody;
  private readonly sensorHandle: number;
  private top: number;
  /** Collider handles found by the last check; reused, never reallocated once grown. */
  private readonly found: number[] = [];
  private foundCount = 0;
  private readonly collect = (colliderHandle: number): void => {
    this.found[this.foundCount++] = colliderHandle;
  };

  constructor(
    rapier: RapierApi,
    private readonly world: World,
    topY: number,
  ) {
    this.top = topY;
    this.body = world.createRigidBody(
      rapier.RigidBodyDesc.fixed().setTranslation(0, topY - GUARD_HALF_DEPTH, 0),
    );
    const collider = world.createCollider(
      rapier.ColliderDesc.cuboid(GUARD_HALF_WIDTH, GUARD_HALF_DEPTH, GUARD_HALF_WIDTH).setSensor(
        true,
      ),
      this.body,
    );
    this.sensorHandle = collider.handle;
  }

  /** The guard's top, metres: below it a figure counts as fallen. */
  get topY(): number {
    return this.top;
  }

  /** Moves the guard's top to `topY` metres (a stage from a file may lie lower than ours). */
  setTop(topY: number): void {
    this.top = topY;
    this.body.setTranslation({ x: 0, y: topY - GUARD_HALF_DEPTH, z: 0 }, true);
  }

  /**
   * Calls `fell` with the handle of every collider inside the guard now. Collects first and
   * calls afterwards, so `fell` may remove or move bodies.
   */
  check(fell: (colliderHandle: number) => void): void {
    this.foundCount = 0;
    this.world.narrowPhase.intersectionPairsWith(this.sensorHandle, this.collect);
    for (let i = 0; i < this.foundCount; i++) fell(this.found[i]!);
  }
}
