import { FALL_GUARD_INTERVAL_STEPS } from './fall-guard';
import type { FallGuard } from './fall-guard';
import type { Grab } from './grab';
import type { HeldBodies } from './joint-projection';
import type { SandboxLinks } from './links/sandbox-links';
import type { SceneRest } from './mmd/scene-rest';
import type { MotionFigures } from './motion/motion-figures';
import type { World } from './rapier-api';
import type { RestoredSleep } from './restored-sleep';
import { FIXED_STEP } from './sandbox-settings';
import type { SceneContents } from './scene-contents';
import type { ImpactSounds } from './sound/impact-sounds';
import type { StiffnessDriver } from './stiffness';

/** What the step's phases work on: the sandbox's parts, shared by reference. */
export interface StepParts {
  readonly world: World;
  readonly stiffness: StiffnessDriver;
  readonly motions: MotionFigures;
  readonly grab: Grab;
  /** Null unless `SandboxOptions.impactSounds` is on. */
  readonly sounds: ImpactSounds | null;
  readonly restoredSleep: RestoredSleep;
  readonly contents: SceneContents;
  /** Ropes, welds, springs and hinges (`links/sandbox-links.ts`). */
  readonly links: SandboxLinks;
  /** What the joint checks leave alone: the grabbed body and the pinned ones. */
  readonly held: HeldBodies;
  /** Null when `SandboxOptions.sceneRest` is off. */
  readonly rest: SceneRest | null;
  readonly fallGuard: FallGuard;
  /** Called with the handle of each collider the fall guard finds below the stage. */
  readonly onFell: (colliderHandle: number) => void;
}

/** What one step's phases hand on to later ones; one object, reused every step. */
export interface StepFrame {
  /** Steps taken before this one. */
  index: number;
  /** No figure follows a motion (set by the whip cap, read by the still-scene sleep). */
  passive: boolean;
}

/** One phase of the step: a name (for docs, profiles and tests) and what it does. */
export interface StepPhase {
  readonly name: string;
  run(parts: StepParts, frame: StepFrame): void;
}

/** STIFFNESS, the motions' joint targets and the grab's spring, set before the solver runs. */
const drive: StepPhase = {
  name: 'drive',
  run(parts) {
    parts.stiffness.beforeStep(FIXED_STEP);
    parts.motions.beforeStep(FIXED_STEP);
    parts.grab.beforeStep();
  },
};

/** Breakable links note their ends' motion before the solver (see `links/link-load.ts`). */
const linkLoadStart: StepPhase = {
  name: 'link-load',
  run(parts) {
    parts.links.beforeWorldStep();
  },
};

/**
 * Links whose force passed their break force in the step break; stretched ropes are put back
 * (after the joint checks, which may move a part a rope holds).
 */
const links: StepPhase = {
  name: 'links',
  run(parts) {
    parts.links.afterWorldStep();
  },
};

/** Rapier's own step, collecting contact forces for the impact sounds when they are on. */
const worldStep: StepPhase = {
  name: 'world',
  run(parts) {
    parts.world.step(parts.sounds?.queue);
    parts.sounds?.afterStep();
  },
};

/** Bodies restored asleep are put to sleep again, right after the step that woke them. */
const restoredSleep: StepPhase = {
  name: 'restored-sleep',
  run(parts) {
    parts.restoredSleep.afterWorldStep();
  },
};

/** Joints that came apart in the step are put back together (`joint-projection.ts`). */
const jointProjection: StepPhase = {
  name: 'joint-projection',
  run(parts) {
    const runtimes = parts.contents.runtimes;
    for (let i = 0; i < runtimes.length; i++) runtimes[i]!.joints?.update(parts.held);
  },
};

/**
 * Limbs carried past a hinge's limit are turned back (`limit-projection.ts`); after the joints,
 * whose rotation reads it reuses.
 */
const limitProjection: StepPhase = {
  name: 'limit-projection',
  run(parts) {
    const runtimes = parts.contents.runtimes;
    for (let i = 0; i < runtimes.length; i++) runtimes[i]!.limits?.update(parts.held);
  },
};

/** Knock-downs and get-ups of the figures playing a motion. */
const motions: StepPhase = {
  name: 'motions',
  run(parts) {
    parts.motions.afterStep(FIXED_STEP);
  },
};

/**
 * Whipping MMD hair is capped (`MmdBodies.limitSpeeds`), every step: a whip outruns a cap
 * checked less often.
 */
const whipCap: StepPhase = {
  name: 'whip-cap',
  run(parts, frame) {
    const figures = parts.contents.figures;
    let passive = true;
    for (let i = 0; i < figures.length; i++) {
      const following = parts.motions.state(figures[i]!.ragdoll) !== 'passive';
      figures[i]!.mmd?.limitSpeeds(following);
      if (following) passive = false;
    }
    const models = parts.contents.modelProps;
    for (let i = 0; i < models.length; i++) models[i]!.mmd.limitSpeeds();
    frame.passive = passive;
  },
};

/** MMD figures lying still are put to sleep, the whole scene at once (`mmd/scene-rest.ts`). */
const stillScene: StepPhase = {
  name: 'still-scene',
  run(parts, frame) {
    parts.rest?.update(parts.contents.restMembers, parts.contents.props, frame.passive);
  },
};

/**
 * Four times a simulated second: a figure that fell below the stage is dropped again, a prop
 * removed (`fall-guard.ts`).
 */
const fallGuard: StepPhase = {
  name: 'fall-guard',
  run(parts, frame) {
    if (frame.index % FALL_GUARD_INTERVAL_STEPS === 0) parts.fallGuard.check(parts.onFell);
  },
};

/**
 * The step, in order: the one place the order is written down. A new per-step feature is a
 * phase added here, where its place among the others is plain.
 */
export const STEP_PHASES: readonly StepPhase[] = [
  drive,
  linkLoadStart,
  worldStep,
  restoredSleep,
  jointProjection,
  limitProjection,
  links,
  motions,
  whipCap,
  stillScene,
  fallGuard,
];

/**
 * Runs {@link STEP_PHASES} over the sandbox's parts, counts the steps and calls the step
 * observer (the rewind recorder) after each. Allocates nothing of its own.
 */
export class StepPipeline {
  private readonly frame: StepFrame = { index: 0, passive: true };
  private observer: (() => void) | null = null;

  constructor(private readonly parts: StepParts) {}

  /** Steps taken. */
  get steps(): number {
    return this.frame.index;
  }

  /** Calls `observer` after every step, or no one when null. */
  setObserver(observer: (() => void) | null): void {
    this.observer = observer;
  }

  /** One fixed step of {@link FIXED_STEP} seconds. */
  run(): void {
    const parts = this.parts;
    const frame = this.frame;
    frame.passive = true;
    for (let i = 0; i < STEP_PHASES.length; i++) STEP_PHASES[i]!.run(parts, frame);
    frame.index++;
    this.observer?.();
  }
}
