/**
 * The landing-gap probe: how far a figure's joints come apart while it lands from a DROP and
 * after a BLAST of power 16, step by step, and at which joint, when, and how fast the parts
 * were moving just before. Shared by `npm run sim:landing-gaps` and its tests.
 */
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import type { MmdPhysicsSpec } from '../../renderer/src/physics/mmd/mmd-physics-spec';
import type { RapierApi, RigidBody } from '../../renderer/src/physics/rapier-api';
import type { RagdollJoint } from '../../renderer/src/physics/ragdoll';
import type { SandboxOptions } from '../../renderer/src/physics/sandbox';
import { FIXED_STEP, Sandbox } from '../../renderer/src/physics/sandbox';
import { jointGap } from '../../renderer/src/physics/measurements';
import { vec3 } from '../../renderer/src/physics/vector-math';

/** A figure the probe drops: a ragdoll spec, with the model's own bodies for MMD files. */
export interface LandingFigure {
  readonly name: string;
  readonly spec: DollSpec;
  readonly mmd?: MmdPhysicsSpec;
}

/** The worst joint separation of one phase. */
export interface GapPeak {
  /** Largest distance between a joint's two ends, metres. */
  readonly gapM: number;
  /** The joint's child part, e.g. `footL`. */
  readonly joint: string;
  /** Simulated seconds since the DROP. */
  readonly timeS: number;
  /** Fastest part of the figure in the step before the worst one, m/s: the speed at impact. */
  readonly impactSpeed: number;
}

/** One seed's DROP and BLAST 16. */
export interface LandingRun {
  readonly seed: number;
  /** From the DROP to the BLAST (3 s). */
  readonly drop: GapPeak;
  /** The 5 s after BLAST 16: the flight and the landing. */
  readonly blast: GapPeak;
  /** Fastest part at any step after the blast, m/s. */
  readonly topSpeedAfterBlast: number;
}

/** Seconds from the DROP to the BLAST, and after it. */
export const DROP_SECONDS = 3;
export const BLAST_SECONDS = 5;
/** The blast power whose landing is measured. */
export const LANDING_BLAST_POWER = 16;

/** A lever under study: how the sandbox is made and changed. */
export interface LandingLever {
  /** The sandbox's options (the seed is the run's). */
  readonly options?: SandboxOptions;
  /** Done to the fresh sandbox with its figure, before the DROP. */
  readonly setUp?: (sandbox: Sandbox) => void;
  /** Done after every step (e.g. a speed clamp). */
  readonly afterStep?: (sandbox: Sandbox) => void;
}

const vel = vec3();

function fastestPart(bodies: readonly RigidBody[]): number {
  let speed = 0;
  for (const body of bodies) {
    body.linvel(vel);
    speed = Math.max(speed, Math.hypot(vel.x, vel.y, vel.z));
  }
  return speed;
}

/** Follows the worst gap of the figure's joints over the steps of one phase. */
class GapWatch {
  private peak: GapPeak = { gapM: 0, joint: '–', timeS: 0, impactSpeed: 0 };
  private lastSpeed = 0;

  constructor(
    private readonly joints: readonly RagdollJoint[],
    private readonly bodies: readonly RigidBody[],
  ) {}

  /** Called after each step at `timeS` seconds since the DROP. */
  sample(timeS: number): void {
    for (const joint of this.joints) {
      const gap = jointGap(joint);
      if (gap > this.peak.gapM) {
        this.peak = {
          gapM: gap,
          joint: joint.child.spec.name,
          timeS,
          impactSpeed: this.lastSpeed,
        };
      }
    }
    this.lastSpeed = fastestPart(this.bodies);
  }

  get speed(): number {
    return this.lastSpeed;
  }

  result(): GapPeak {
    return this.peak;
  }
}

/**
 * Drops `figure` (STIFFNESS 50, the app's default) with `seed`, watches its joints for
 * {@link DROP_SECONDS}, blasts it at power {@link LANDING_BLAST_POWER} and watches them for
 * {@link BLAST_SECONDS} more, with `lever` applied (none: the sandbox as built).
 */
export function measureLanding(
  rapier: RapierApi,
  figure: LandingFigure,
  seed: number,
  lever: LandingLever = {},
): LandingRun {
  const sandbox = new Sandbox(rapier, { ...lever.options, seed });
  try {
    const added = sandbox.addFigure(figure.spec, figure.mmd ? { mmd: figure.mmd } : {});
    lever.setUp?.(sandbox);
    sandbox.drop();
    const bodies = added.ragdoll.parts.map((part) => part.body);
    let step = 0;
    const dropWatch = new GapWatch(added.ragdoll.joints, bodies);
    sandbox.run(DROP_SECONDS, () => {
      lever.afterStep?.(sandbox);
      dropWatch.sample(++step * FIXED_STEP);
    });
    sandbox.blast(LANDING_BLAST_POWER);
    const blastWatch = new GapWatch(added.ragdoll.joints, bodies);
    let topSpeed = 0;
    sandbox.run(BLAST_SECONDS, () => {
      lever.afterStep?.(sandbox);
      blastWatch.sample(++step * FIXED_STEP);
      topSpeed = Math.max(topSpeed, blastWatch.speed);
    });
    return {
      seed,
      drop: dropWatch.result(),
      blast: blastWatch.result(),
      topSpeedAfterBlast: topSpeed,
    };
  } finally {
    sandbox.dispose();
  }
}

/** The worst of several peaks (by gap). */
export function worstPeak(peaks: readonly GapPeak[]): GapPeak {
  return peaks.reduce((worst, peak) => (peak.gapM > worst.gapM ? peak : worst));
}
