import type { RapierApi, RigidBody, World } from './rapier-api';
import type { Vec3Like } from './vector-math';
import { conjugateQuat, quat, rotateVec, vec3 } from './vector-math';

/** Spring from the hand to the grabbed point (tuned in Node). */
export const GRAB_STIFFNESS = 5000;
export const GRAB_DAMPING = 200;
/** The hand never goes below this height (metres), so nothing is pulled through the floor. */
export const GRAB_MIN_HEIGHT = 0.05;

const scratchRotation = quat();
const scratchTranslation = vec3();
const scratchTarget = vec3();

/**
 * Mouse grab: an invisible kinematic "hand" joined by a spring to a local point of the
 * grabbed body. Moving the hand drags the body; releasing removes the hand, and the
 * body keeps the velocity the spring gave it, which is a throw.
 */
export class Grab {
  private hand: RigidBody | null = null;
  private grabbed: RigidBody | null = null;
  private readonly localPoint = vec3();

  constructor(
    private readonly rapier: RapierApi,
    private readonly world: World,
  ) {}

  /** The grabbed body, or null. */
  get body(): RigidBody | null {
    return this.grabbed;
  }

  /** Grabs `body` at the world point `at` (metres). Releases any previous grab first. */
  start(body: RigidBody, at: Vec3Like): void {
    this.release();
    body.translation(scratchTranslation);
    body.rotation(scratchRotation);
    scratchTarget.x = at.x - scratchTranslation.x;
    scratchTarget.y = at.y - scratchTranslation.y;
    scratchTarget.z = at.z - scratchTranslation.z;
    rotateVec(conjugateQuat(scratchRotation, scratchRotation), scratchTarget, this.localPoint);
    const hand = this.world.createRigidBody(
      this.rapier.RigidBodyDesc.kinematicPositionBased().setTranslation(
        at.x,
        Math.max(at.y, GRAB_MIN_HEIGHT),
        at.z,
      ),
    );
    const data = this.rapier.JointData.spring(
      0,
      GRAB_STIFFNESS,
      GRAB_DAMPING,
      vec3(),
      this.localPoint,
    );
    // Removing the hand later removes this joint with it.
    this.world.createImpulseJoint(data, hand, body, true);
    this.hand = hand;
    this.grabbed = body;
    body.wakeUp();
  }

  /** Moves the hand toward `target` (metres) over the next step; y is kept ≥ 0.05. */
  moveTo(target: Vec3Like): void {
    if (!this.hand) return;
    scratchTarget.x = target.x;
    scratchTarget.y = Math.max(target.y, GRAB_MIN_HEIGHT);
    scratchTarget.z = target.z;
    this.hand.setNextKinematicTranslation(scratchTarget);
    this.grabbed?.wakeUp();
  }

  /** Where the hand is (metres), or null when nothing is grabbed. */
  handPosition(out: Vec3Like): Vec3Like | null {
    return this.hand ? this.hand.translation(out) : null;
  }

  /** Distance between the hand and the grabbed point (metres), or null when not holding. */
  lag(): number | null {
    if (!this.hand || !this.grabbed) return null;
    this.hand.translation(scratchTarget);
    this.grabbed.translation(scratchTranslation);
    this.grabbed.rotation(scratchRotation);
    const hx = scratchTarget.x;
    const hy = scratchTarget.y;
    const hz = scratchTarget.z;
    rotateVec(scratchRotation, this.localPoint, scratchTarget);
    return Math.hypot(
      scratchTranslation.x + scratchTarget.x - hx,
      scratchTranslation.y + scratchTarget.y - hy,
      scratchTranslation.z + scratchTarget.z - hz,
    );
  }

  /** Lets go: removes the hand and its spring; the body keeps its velocity. */
  release(): void {
    if (this.hand) this.world.removeRigidBody(this.hand);
    this.hand = null;
    this.grabbed = null;
  }

  /** Releases if the grabbed body is one of `bodies`. */
  releaseIfHoldingAny(bodies: readonly RigidBody[]): void {
    if (this.grabbed && bodies.includes(this.grabbed)) this.release();
  }

  /** Releases if `body` is the grabbed one (call before removing a body). */
  releaseIfHolding(body: RigidBody): void {
    if (this.grabbed === body) this.release();
  }
}
