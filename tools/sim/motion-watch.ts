import { LIE_STILL_SPEED } from '../../renderer/src/physics/motion/knock-down';
import type { DollMotion } from '../../renderer/src/physics/motion/doll-motion';
import { createDollPose } from '../../renderer/src/physics/motion/doll-motion';
import type { FigureMotionState } from '../../renderer/src/physics/motion/figure-motion-state';
import { lowestRestPoint } from '../../renderer/src/physics/motion/lying-pose';
import type { Figure, Sandbox } from '../../renderer/src/physics/sandbox';
import { FIXED_STEP } from '../../renderer/src/physics/sandbox';
import { vec3 } from '../../renderer/src/physics/vector-math';

/** What the simulator reports about figures playing a motion. */
export interface MotionReport {
  readonly motion: string;
  /**
   * Mean over joints and over the steps in which a figure was following (not limp, not
   * getting up) of the angle between each joint's relative rotation and the motion's target
   * (clamped to the joint's limits), radians; null when no step was followed.
   */
  readonly trackingErrorRad: number | null;
  /**
   * Lowest, over the same steps, of pelvis height over the motion's pelvis height above the
   * floor (the figures start on the flat floor at their slots); null when no step was followed.
   */
  readonly pelvisHeightRatio: number | null;
  /** Times a figure went from following (or getting up) to limp. */
  readonly falls: number;
  /** Times a fallen figure got back to following. */
  readonly recoveries: number;
  /** Longest time from a fallen figure coming to rest to following again, seconds; null if none. */
  readonly maxSecondsToRecover: number | null;
}

interface Watched {
  readonly figure: Figure;
  readonly motion: DollMotion;
  readonly standingRootHeight: number;
  previous: FigureMotionState;
  fallen: boolean;
  /** Simulated time the figure last moved while limp (it came to rest after it), seconds. */
  lastMovedAt: number;
}

const velocity = vec3();
const position = vec3();

/** Watches figures step by step and sums up {@link MotionReport}. Allocates: for the simulator. */
export class MotionWatch {
  private readonly watched: Watched[];
  private readonly pose;
  private time = 0;
  private errorSum = 0;
  private errorSteps = 0;
  private lowestRatio = Number.POSITIVE_INFINITY;
  private falls = 0;
  private recoveries = 0;
  private slowestRecovery: number | null = null;

  constructor(
    private readonly sandbox: Sandbox,
    figures: readonly { figure: Figure; motion: DollMotion }[],
  ) {
    this.watched = figures.map(({ figure, motion }) => ({
      figure,
      motion,
      standingRootHeight: figure.ragdoll.root.spec.center[1] - lowestRestPoint(figure.ragdoll.spec),
      previous: sandbox.motion.state(figure),
      fallen: false,
      lastMovedAt: 0,
    }));
    this.pose = createDollPose(Math.max(1, ...figures.map((f) => f.figure.ragdoll.parts.length)));
  }

  /** Call after every step. */
  afterStep(): void {
    this.time += FIXED_STEP;
    for (const w of this.watched) this.watch(w);
  }

  private watch(w: Watched): void {
    const state = this.sandbox.motion.state(w.figure);
    if (state === 'limp' && w.previous !== 'limp') {
      this.falls++;
      w.fallen = true;
    }
    if (state === 'limp' && this.moving(w.figure)) w.lastMovedAt = this.time;
    if (state === 'following' && w.previous === 'gettingUp' && w.fallen) {
      this.recoveries++;
      w.fallen = false;
      const seconds = this.time - w.lastMovedAt;
      this.slowestRecovery = Math.max(this.slowestRecovery ?? 0, seconds);
    }
    w.previous = state;
    if (state !== 'following') return;
    this.errorSum += this.sandbox.motion.trackingError(w.figure) ?? 0;
    this.errorSteps++;
    w.motion.sample(this.sandbox.motion.time(w.figure), this.pose);
    const wanted = w.standingRootHeight + this.pose.rootOffset[1]!;
    const height = w.figure.ragdoll.root.body.translation(position).y;
    this.lowestRatio = Math.min(this.lowestRatio, height / wanted);
  }

  private moving(figure: Figure): boolean {
    return figure.ragdoll.parts.some(
      (part) => Math.hypot(...Object.values(part.body.linvel(velocity))) >= LIE_STILL_SPEED,
    );
  }

  report(): MotionReport {
    return {
      motion: this.watched[0]?.motion.name ?? '',
      trackingErrorRad: this.errorSteps === 0 ? null : this.errorSum / this.errorSteps,
      pelvisHeightRatio: this.errorSteps === 0 ? null : this.lowestRatio,
      falls: this.falls,
      recoveries: this.recoveries,
      maxSecondsToRecover: this.slowestRecovery,
    };
  }
}
