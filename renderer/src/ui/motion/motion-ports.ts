import type { MotionClip } from '../../motion/motion-clip';
import type { FigureKind, RetargetedMotion } from '../../motion/retarget-motion';
import type { DollSpec } from '../../physics/doll-spec';
import type { DollMotion } from '../../physics/motion/doll-motion';
import type { FigureMotionState } from '../../physics/motion/figure-motion-state';
import type { FigureTable } from '../../physics/sandbox';
import type { LiveVmcMotion } from '../../motion/live-vmc-motion';

export type { MotionClip } from '../../motion/motion-clip';
export type { FigureKind } from '../../motion/retarget-motion';
export type { FigureMotionState } from '../../physics/motion/figure-motion-state';

/** A motion bound to one figure's doll by retargeting, with the bones it had to leave out. */
export type FigureMotion = RetargetedMotion;

/**
 * Motion files, built-in motions and retargeting, as the controls use them
 * (`APP_MOTION_TOOLKIT` is the real one; tests may pass their own).
 */
export interface MotionToolkit {
  /** The built-in motions, in the order the list shows them. */
  readonly builtinNames: readonly string[];
  /** A built-in motion's clip; `name` is one of `builtinNames`. */
  builtin(name: string): MotionClip;
  /**
   * Reads a `.vrma` or `.vmd` file's bytes; rejects with an error naming the file and the
   * problem when it is not a usable motion.
   */
  load(bytes: ArrayBuffer, fileName: string): Promise<MotionClip>;
  retarget(
    clip: MotionClip,
    spec: DollSpec,
    options: { readonly figureKind: FigureKind },
  ): FigureMotion;
  /** A live VMC motion bound to a figure (absent: no Live (VMC) entry). */
  live?(spec: DollSpec, options: { readonly figureKind: FigureKind }): LiveVmcMotion;
  /** True for a motion file's problem (as opposed to a bug). */
  isMotionFileError(error: unknown): error is Error;
}

/** The sandbox's motion controls (the `Sandbox` fits). */
export interface MotionSandbox {
  readonly figureTable: FigureTable;
  readonly motion: MotionControls;
}

/** The sandbox's motion controls (`SandboxMotion` fits). */
export interface MotionControls {
  /** `null` makes the figure a passive ragdoll; `startTime` is seconds into the motion. */
  set(figureId: number, motion: DollMotion | null, startTime?: number): void;
  /** MUSCLE, 0..100. */
  readonly muscle: number;
  setMuscle(value: number): void;
  readonly getUpEnabled: boolean;
  setGetUpEnabled(on: boolean): void;
  readonly playing: boolean;
  setPlaying(playing: boolean): void;
  state(figureId: number): FigureMotionState;
  /** Seconds into the figure's motion. */
  time(figureId: number): number;
}
