import type { Grab } from './grab';
import type { MotionFigures } from './motion/motion-figures';
import type { SceneContents } from './scene-contents';
import type { Vec3Like } from './vector-math';

/**
 * The hand (`sandbox.grab`): drags one body by handle toward the pointer (see {@link Grab}).
 * An MMD body is not dragged itself: its ragdoll part is, so the whole figure comes along. A
 * pinned body is moved with the hand and stays pinned where it is let go.
 */
export class SandboxGrab {
  constructor(
    private readonly contents: SceneContents,
    private readonly hand: Grab,
    private readonly motions: MotionFigures,
  ) {}

  /** Starts dragging the body with this handle at the world point `at`; false if not grabbable. */
  start(handle: number, at: Vec3Like): boolean {
    const body = this.contents.registry.grabTarget(handle);
    if (!body) return false;
    // Grabbing a part of a figure that plays a motion knocks it down: the hand wins.
    const owner = this.contents.figures.find((figure) =>
      figure.ragdoll.parts.some((part) => part.body === body),
    );
    if (owner) this.motions.knockDown(owner.ragdoll);
    this.hand.start(body, at);
    return true;
  }

  /**
   * Moves the hand; it never goes below 0.05 m. It gets there over the steps of the next
   * `Sandbox.advance` (the frame), or in the next step under `Sandbox.run`.
   */
  moveTo(target: Vec3Like): void {
    this.hand.moveTo(target);
  }

  /** Lets go; the body keeps its velocity. */
  release(): void {
    this.hand.release();
  }

  /** The handle of the grabbed body, or null. */
  get handle(): number | null {
    return this.hand.body?.handle ?? null;
  }

  /** Copies the hand's position (metres) into `out`; false when nothing is held. */
  readHand(out: Vec3Like): boolean {
    return this.hand.handPosition(out) !== null;
  }

  /**
   * How far the grabbed point trails the hand, in metres, or null when nothing is held.
   * The spring is tuned so this stays within 7 cm while lifting.
   */
  lag(): number | null {
    return this.hand.lag();
  }
}
