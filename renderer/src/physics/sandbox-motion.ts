import type { DollSpec } from './doll-spec';
import type { Figure } from './figure-runtime';
import type { DollMotion } from './motion/doll-motion';
import type { FigureMotionState } from './motion/figure-motion-state';
import type { MotionFigures } from './motion/motion-figures';
import { SandboxError } from './sandbox-error';

/**
 * The motion controls (`sandbox.motion`): which motion each figure plays, and the settings all
 * of them share (MUSCLE, GET UP, play/pause). The figures' controllers are {@link MotionFigures},
 * stepped by the sandbox's step.
 */
export class SandboxMotion {
  constructor(private readonly motions: MotionFigures) {}

  /**
   * Plays `motion` (bound to this figure's spec) on a figure from `startTime` seconds, looped,
   * through the physics; `null` makes it a passive ragdoll again. A figure in the air falls
   * first; one lying or standing still starts by blending into the motion where it is. Throws a
   * {@link SandboxError} when the motion was made for another spec.
   */
  set(figure: Figure, motion: DollMotion | null, startTime = 0): void {
    if (motion && !sameParts(motion.spec, figure.ragdoll.spec)) {
      throw new SandboxError(
        `The motion "${motion.name}" was made for "${motion.spec.name}", not "${figure.ragdoll.spec.name}".`,
      );
    }
    const carried = (figure.mmd?.bodies ?? [])
      .filter((body) => body.spec.motion !== 'follow')
      .map((body) => body.body);
    this.motions.set(figure.ragdoll, motion, startTime, carried);
  }

  /** The motion a figure plays, or null when it is passive. */
  of(figure: Figure): DollMotion | null {
    return this.motions.figureOf(figure.ragdoll)?.motion ?? null;
  }

  /** What a figure is doing with its motion ('passive' without one). */
  state(figure: Figure): FigureMotionState {
    return this.motions.state(figure.ragdoll);
  }

  /** Seconds into the figure's motion (0 without one), for presets. */
  time(figure: Figure): number {
    return this.motions.time(figure.ragdoll);
  }

  /**
   * Mean angle (radians) between each joint of a figure following a motion and the motion's
   * target now; null when it follows none. For measurements (the simulator), not per frame.
   */
  trackingError(figure: Figure): number | null {
    return this.motions.figureOf(figure.ragdoll)?.trackingError() ?? null;
  }

  /** MUSCLE 0..100 (default 100): how strongly joints follow the motion. */
  get muscle(): number {
    return this.motions.muscle;
  }

  /** MUSCLE 0..100; out-of-range values are clamped. */
  setMuscle(value: number): void {
    this.motions.setMuscle(value);
  }

  /** GET UP (default on): whether a knocked-down figure gets up again. */
  get getUpEnabled(): boolean {
    return this.motions.getUpEnabled;
  }

  setGetUpEnabled(on: boolean): void {
    this.motions.setGetUpEnabled(on);
  }

  /** Whether motions advance (default true); paused, figures hold the current pose. */
  get playing(): boolean {
    return this.motions.motionPlaying;
  }

  setPlaying(playing: boolean): void {
    this.motions.setMotionPlaying(playing);
  }
}

/** True when two specs have the same parts in the same order (a motion's pose fits both). */
function sameParts(a: DollSpec, b: DollSpec): boolean {
  return (
    a.parts.length === b.parts.length && a.parts.every((part, i) => part.name === b.parts[i]!.name)
  );
}
