import type { BalanceAssistKind } from './motion/balance-pin';
import type { StiffnessMethod } from './stiffness';

/** Fixed physics step, seconds. */
export const FIXED_STEP = 1 / 120;
/** At most this many steps per frame; time beyond it is dropped, not caught up. */
export const MAX_STEPS_PER_FRAME = 8;
/** At most this many figures at once. */
export const MAX_FIGURES = 6;
/** A doll whose root falls below this height (metres) is dropped again; a prop is removed. */
export const FALL_GUARD_Y = -15;
/** DROP puts each doll's origin (hip height) this high above the floor, in metres. */
export const DROP_HEIGHT = 2.2;
/** TIME scale range: 0.1 is ten times slower than real time. */
export const TIME_SCALE_MIN = 0.1;
export const TIME_SCALE_MAX = 1;
/** Earth gravity, m/s². */
export const GRAVITY = -9.81;
/** GRAVITY slider range, in g (1 = Earth, 0 = floating). */
export const GRAVITY_SCALE_MIN = 0;
export const GRAVITY_SCALE_MAX = 2;

/** How a sandbox is made; every field has the app's default. */
export interface SandboxOptions {
  /** STIFFNESS 0..100 (default 50). */
  readonly stiffness?: number;
  /** TIME scale 0.1..1 (default 1). */
  readonly timeScale?: number;
  /** Seed for drops and blasts, so runs are reproducible (default 1). */
  readonly seed?: number;
  /** How joints are pulled to rest (default `motor`, the measured better one). */
  readonly stiffnessMethod?: StiffnessMethod;
  /** Most figures at once (default 6, the app's limit; the simulator raises it to 50). */
  readonly maxFigures?: number;
  /**
   * What keeps figures playing a motion upright (default `pin`, the measured better one;
   * `pid` is Rapier's PidController, for the benchmark that compares them).
   */
  readonly balanceAssist?: BalanceAssistKind;
  /**
   * Whether a still scene of MMD figures is put to sleep whole (default true; see
   * `mmd/scene-rest.ts`). Off only where the rig's own springs and limits are under test.
   */
  readonly sceneRest?: boolean;
  /**
   * Whether a landing figure's parts are put back onto joints that came apart in a step
   * (default true; an MMD figure's hair and skirts are carried along; see
   * `joint-projection.ts`). Off only to measure what it does.
   */
  readonly jointProjection?: boolean;
  /**
   * Whether a limb carried past a joint's angle limit in a step is turned back onto it
   * (default true; figures with MMD bodies never; see `limit-projection.ts`). Off only to
   * measure what it does.
   */
  readonly limitProjection?: boolean;
  /**
   * Whether hits and blasts request sounds into `Sandbox.soundRequests` (default false:
   * the app turns it on; see `sound/impact-sounds.ts`).
   */
  readonly impactSounds?: boolean;
}

/** TIME scale clamped to {@link TIME_SCALE_MIN}..{@link TIME_SCALE_MAX}; not a number: 1. */
export function clampTimeScale(scale: number): number {
  if (!Number.isFinite(scale)) return TIME_SCALE_MAX;
  return Math.min(TIME_SCALE_MAX, Math.max(TIME_SCALE_MIN, scale));
}

/** GRAVITY in g clamped to {@link GRAVITY_SCALE_MIN}..{@link GRAVITY_SCALE_MAX}; not a number: 1. */
export function clampGravityScale(scale: number): number {
  return Number.isFinite(scale)
    ? Math.min(GRAVITY_SCALE_MAX, Math.max(GRAVITY_SCALE_MIN, scale))
    : 1;
}
