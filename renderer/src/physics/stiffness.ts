import type { Ragdoll } from './ragdoll';

/** STIFFNESS runs from 0 (limp) to 100 (joints pulled hard toward the rest pose). */
export const STIFFNESS_MIN = 0;
export const STIFFNESS_MAX = 100;

/** PD gains for a STIFFNESS value: ω0 = 0.2·S rad/s, kp = ω0², kd = 2·0.7·ω0. */
export interface StiffnessGains {
  /** 1/s² */
  readonly kp: number;
  /** 1/s */
  readonly kd: number;
}

export function stiffnessGains(stiffness: number): StiffnessGains {
  const omega0 = 0.2 * clampStiffness(stiffness);
  return { kp: omega0 * omega0, kd: 2 * 0.7 * omega0 };
}

export function clampStiffness(stiffness: number): number {
  if (!Number.isFinite(stiffness)) return STIFFNESS_MIN;
  return Math.min(STIFFNESS_MAX, Math.max(STIFFNESS_MIN, stiffness));
}

/** How joints are pulled back to rest. `motor` is the default: see BENCHMARKS.md for why. */
export type StiffnessMethod = 'motor' | 'pd-torque';

/** Pulls every joint of the dolls it drives toward the rest pose. */
export interface StiffnessDriver {
  readonly method: StiffnessMethod;
  /** 0..100; applies to every doll driven now and later. */
  setStiffness(stiffness: number): void;
  addDoll(doll: Ragdoll): void;
  removeDoll(doll: Ragdoll): void;
  /** Called before each fixed step of `dt` seconds. */
  beforeStep(dt: number): void;
}
