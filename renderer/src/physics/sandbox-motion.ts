import type { DollSpec } from './doll-spec';
import type { Figure, FigureRef } from './figure-runtime';
import type { DollMotion } from './motion/doll-motion';
import type { FigureMotionState } from './motion/figure-motion-state';
import type { MotionFigures } from './motion/motion-figures';
import { SandboxError } from './sandbox-error';

/** How the motion controls find a figure named by its id (`SceneContents` fits). */
export interface FigureLookup {
  figureOf(ref: FigureRef): Figure | undefined;
}

/**
 * The motion controls (`sandbox.motion`): which motion each figure plays, and the settings all
 * of them share (MUSCLE, GET UP, play/pause). The figures' controllers are {@link MotionFigures},
 * stepped by the sandbox's step. Each method takes a figure or its id ({@link FigureRef}); an
 * id no figure has reads as a passive figure. Reading allocates nothing.
 */
export class SandboxMotion {
  constructor(
    private readonly motions: MotionFigures,
    private readonly figures: FigureLookup,
  ) {}

  /**
   * Plays `motion` (bound to this figure's spec) on a figure from `startTime` seconds, looped,
   * through the physics; `null` makes it a passive ragdoll again. A figure in the air falls
   * first; one lying or standing still starts by blending into the motion where it is. Throws a
   * {@link SandboxError} when the motion was made for another spec, or no figure has the id.
   */
  set(ref: FigureRef, motion: DollMotion | null, startTime = 0): void {
    const figure = this.figures.figureOf(ref);
    if (!figure) throw new SandboxError(`There is no figure ${String(ref)}.`);
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
  of(ref: FigureRef): DollMotion | null {
    const figure = this.figures.figureOf(ref);
    return (figure && this.motions.figureOf(figure.ragdoll)?.motion) ?? null;
  }

  /** What a figure is doing with its motion ('passive' without one). */
  state(ref: FigureRef): FigureMotionState {
    const figure = this.figures.figureOf(ref);
    return figure ? this.motions.state(figure.ragdoll) : 'passive';
  }

  /** Seconds into the figure's motion (0 without one), for presets. */
  time(ref: FigureRef): number {
    const figure = this.figures.figureOf(ref);
    return figure ? this.motions.time(figure.ragdoll) : 0;
  }

  /**
   * Mean angle (radians) between each joint of a figure following a motion and the motion's
   * target now; null when it follows none. For measurements (the simulator), not per frame.
   */
  trackingError(ref: FigureRef): number | null {
    const figure = this.figures.figureOf(ref);
    return (figure && this.motions.figureOf(figure.ragdoll)?.trackingError()) ?? null;
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
