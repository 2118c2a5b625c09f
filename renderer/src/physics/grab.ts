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

function setVec(out: Vec3Like, x: number, y: number, z: number): void {
  out.x = x;
  out.y = y;
  out.z = z;
}

/**
 * Mouse grab: an invisible kinematic "hand" joined by a spring to a local point of the
 * grabbed body. Moving the hand drags the body; releasing removes the hand, and the
 * body keeps the velocity the spring gave it, which is a throw.
 *
 * A pinned body (kinematic, see `Pins`) cannot be pulled by a spring: it is moved instead,
 * keeping its rotation and the grabbed point under the hand, so what hangs from it swings
 * after it; released, it stays pinned where it is.
 */
export class Grab {
  private hand: RigidBody | null = null;
  private grabbed: RigidBody | null = null;
  private readonly localPoint = vec3();
  /** Moving a pinned body: from the hand to the body's origin, metres (world axes). */
  private readonly pinOffset = vec3();
  private movingPin = false;
  /** Where the latest move goes (metres): the hand's point, or the pinned body's origin. */
  private readonly goal = vec3();
  /** Where the moved body was last sent (metres), so a step reads nothing back from Rapier. */
  private readonly sentTo = vec3();
  /** Steps left to reach {@link goal}; 0 when there is no move under way. */
  private stepsLeft = 0;

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
    if (body.isKinematic()) {
      this.startMovingPin(body, at);
      return;
    }
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
    setVec(this.sentTo, at.x, Math.max(at.y, GRAB_MIN_HEIGHT), at.z);
    this.hand = hand;
    this.grabbed = body;
    body.wakeUp();
  }

  /**
   * The hand of a pinned body is the body itself: the point grabbed stays under the pointer
   * (the hand's height kept ≥ {@link GRAB_MIN_HEIGHT} as for any grab).
   */
  private startMovingPin(body: RigidBody, at: Vec3Like): void {
    body.translation(scratchTranslation);
    this.pinOffset.x = scratchTranslation.x - at.x;
    this.pinOffset.y = scratchTranslation.y - Math.max(at.y, GRAB_MIN_HEIGHT);
    this.pinOffset.z = scratchTranslation.z - at.z;
    setVec(this.sentTo, scratchTranslation.x, scratchTranslation.y, scratchTranslation.z);
    this.grabbed = body;
    this.movingPin = true;
    // What hangs from it may be asleep; a joint to a moving kinematic body must not stay so.
    this.world.impulseJoints.forEachJointHandleAttachedToRigidBody(body.handle, (handle) => {
      const joint = this.world.impulseJoints.get(handle);
      joint?.body1().wakeUp();
      joint?.body2().wakeUp();
    });
  }

  /**
   * Moves the hand toward `target` (metres) over the next step, or over the steps of the next
   * frame when the sandbox says how many it takes ({@link spreadMove}); y is kept ≥ 0.05.
   */
  moveTo(target: Vec3Like): void {
    const moved = this.movingPin ? this.grabbed : this.hand;
    if (!moved) return;
    setVec(this.goal, target.x, Math.max(target.y, GRAB_MIN_HEIGHT), target.z);
    if (this.movingPin) {
      this.goal.x += this.pinOffset.x;
      this.goal.y += this.pinOffset.y;
      this.goal.z += this.pinOffset.z;
    } else this.grabbed?.wakeUp();
    this.stepsLeft = 1;
  }

  /**
   * Spreads the move under way over the next `steps` steps: the frame the sandbox is about to
   * run. Why: the pointer moves once a frame and a frame takes two steps at 60 Hz; done in the
   * first step alone, a move runs at twice the pointer's speed and then stands still, which
   * opens a dragged figure's joints (docs/physics.md#grab-and-pin-measurements).
   */
  spreadMove(steps: number): void {
    if (this.stepsLeft > 0) this.stepsLeft = Math.max(1, steps);
  }

  /**
   * Before each step: sends the moved body (the hand, or a pinned body being moved) its share
   * of the way to the goal. Kinematic, so Rapier gives it the velocity of this share, which its
   * spring or joints pass on.
   */
  beforeStep(): void {
    if (this.stepsLeft === 0) return;
    const moved = this.movingPin ? this.grabbed : this.hand;
    if (!moved) {
      this.stepsLeft = 0;
      return;
    }
    const share = 1 / this.stepsLeft;
    const sent = this.sentTo;
    sent.x += (this.goal.x - sent.x) * share;
    sent.y += (this.goal.y - sent.y) * share;
    sent.z += (this.goal.z - sent.z) * share;
    moved.setNextKinematicTranslation(sent);
    this.stepsLeft--;
  }

  /** Whether the grabbed body is a pinned one being moved (see the class comment). */
  get movesPin(): boolean {
    return this.movingPin;
  }

  /** Where the hand is (metres), or null when nothing is grabbed. */
  handPosition(out: Vec3Like): Vec3Like | null {
    if (this.movingPin && this.grabbed) {
      this.grabbed.translation(out);
      out.x -= this.pinOffset.x;
      out.y -= this.pinOffset.y;
      out.z -= this.pinOffset.z;
      return out;
    }
    return this.hand ? this.hand.translation(out) : null;
  }

  /** Distance between the hand and the grabbed point (metres), or null when not holding. */
  lag(): number | null {
    if (this.movingPin && this.grabbed) return 0;
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

  /**
   * Lets go: removes the hand and its spring; the body keeps its velocity. A pinned body
   * being moved stays where it is, at rest.
   */
  release(): void {
    if (this.hand) this.world.removeRigidBody(this.hand);
    if (this.movingPin && this.grabbed) {
      this.grabbed.translation(scratchTarget);
      this.grabbed.setNextKinematicTranslation(scratchTarget);
    }
    this.hand = null;
    this.grabbed = null;
    this.movingPin = false;
    this.stepsLeft = 0;
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
