import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import type { MmdPhysicsSpec } from '../../renderer/src/physics/mmd/mmd-physics-spec';
import type { RapierApi } from '../../renderer/src/physics/rapier-api';
import type { DollMotion } from '../../renderer/src/physics/motion/doll-motion';
import { FIXED_STEP, Sandbox } from '../../renderer/src/physics/sandbox';
import type { MotionReport } from './motion-watch';
import { MotionWatch } from './motion-watch';
import type { SimOptions } from './sim-options';
import { simSandboxOptions } from './sim-options';
import { throwBallAtHead } from '../physics/throw-ball';
import type { RopeReport } from './rope-from-world';
import { hangFromRope, ropeReport } from './rope-from-world';

/** What the simulator prints. Peaks are over the whole run; the pose is at the end. */
export interface SimResult {
  readonly dolls: number;
  readonly props: number;
  readonly bodies: number;
  readonly steps: number;
  readonly seconds: number;
  readonly stiffness: number;
  readonly stiffnessMethod: string;
  readonly blast: number | null;
  /** Mean wall time of one fixed step, ms (after the first 0.5 s of warm-up when the run is long enough). */
  readonly msPerStep: number;
  /** Largest joint separation seen at any step, metres. */
  readonly maxJointGapM: number;
  /** Most bodies with a non-finite state at any step. */
  readonly nanCount: number;
  /** Mean joint angle away from rest at the end, radians. */
  readonly meanPoseDeviationRad: number;
  /** Fastest body at any step, m/s. */
  readonly maxSpeed: number;
  /** Fastest body at the end, m/s (near 0 once everything rests). */
  readonly finalMaxSpeed: number;
  /** Speed of the ball thrown at the first doll's head, m/s, or null. */
  readonly hitBall: number | null;
}

/** A run with `--motion`: the measurements plus how the figures played it. */
export type SimMotionResult = SimResult & MotionReport;

/** A run with `--rope-from-world`: the measurements plus the rope's. */
export type SimRopeResult = SimResult & RopeReport;

/** Seconds the dolls get to fall and land before a requested blast. */
const LANDING_SECONDS = 1.5;
/** When the ball of `--hit-ball` is thrown, seconds. */
const HIT_BALL_SECONDS = 3;

/**
 * Builds the scene the options describe, runs it, and measures it. Every doll is built from
 * `doll` (the box dummy unless a model's spec is given), with the model's own rigid bodies and
 * joints when `mmd` is given; the measurements (NaN count, speeds) cover those bodies too.
 * With `motion` (bound to `doll`) every doll starts standing in its rest pose on the floor and
 * plays it through the physics, and the result adds {@link MotionReport}.
 */
export function runSimulation(
  rapier: RapierApi,
  options: SimOptions,
  doll?: DollSpec,
  mmd?: MmdPhysicsSpec,
  motion?: undefined,
  prepare?: (sandbox: Sandbox) => void,
  finish?: (sandbox: Sandbox) => void,
): SimResult;
export function runSimulation(
  rapier: RapierApi,
  options: SimOptions,
  doll: DollSpec | undefined,
  mmd: MmdPhysicsSpec | undefined,
  motion: DollMotion,
  prepare?: (sandbox: Sandbox) => void,
  finish?: (sandbox: Sandbox) => void,
): SimMotionResult;
/**
 * `prepare` sees the sandbox before anything is added (e.g. to attach the rewind recorder),
 * `finish` after the run, before it is disposed.
 */
export function runSimulation(
  rapier: RapierApi,
  options: SimOptions,
  doll: DollSpec = BOX_DOLL,
  mmd?: MmdPhysicsSpec,
  motion?: DollMotion,
  prepare?: (sandbox: Sandbox) => void,
  finish?: (sandbox: Sandbox) => void,
): SimResult | SimMotionResult {
  const sandbox = new Sandbox(rapier, simSandboxOptions(options));
  prepare?.(sandbox);
  try {
    for (let i = 0; i < options.dolls; i++) sandbox.addFigure(doll, mmd ? { mmd } : {});
    let watch: MotionWatch | null = null;
    if (motion) {
      // Standing in the rest pose, so the motion starts at once rather than after a fall.
      sandbox.reset();
      for (const figure of sandbox.figures) sandbox.motion.set(figure, motion);
      watch = new MotionWatch(
        sandbox,
        sandbox.figures.map((figure) => ({ figure, motion })),
      );
    } else if (options.ropeFromWorld !== undefined) {
      // Standing in the rest pose: the first figure is then hung from the rope.
      sandbox.reset();
    } else {
      sandbox.drop();
    }
    const rope =
      options.ropeFromWorld === undefined ? null : hangFromRope(sandbox, options.ropeFromWorld);
    for (let i = 0; i < options.props; i++) sandbox.addProp(i % 2 === 0 ? 'ball' : 'box');

    let maxJointGapM = 0;
    let nanCount = 0;
    let maxSpeed = 0;
    const hitBallStep = options.hitBall === null ? -1 : Math.round(HIT_BALL_SECONDS / FIXED_STEP);
    const sample = () => {
      watch?.afterStep();
      if (sandbox.steps === hitBallStep && options.hitBall !== null)
        throwBallAtHead(sandbox, sandbox.figures[0]!, options.hitBall);
      const m = sandbox.measure();
      maxJointGapM = Math.max(maxJointGapM, m.maxJointGapM);
      nanCount = Math.max(nanCount, m.nanCount);
      maxSpeed = Math.max(maxSpeed, m.maxSpeed);
    };
    const landing = options.blast === null ? 0 : Math.min(LANDING_SECONDS, options.seconds / 2);
    const warmUp = Math.min(0.5, options.seconds / 4);
    sandbox.run(warmUp, sample);
    sandbox.resetTiming();
    sandbox.run(Math.max(0, landing - warmUp), sample);
    if (options.blast !== null) sandbox.blast(options.blast);
    sandbox.run(options.seconds - Math.max(landing, warmUp), sample);

    finish?.(sandbox);
    const end = sandbox.measure();
    const result: SimResult = {
      dolls: end.figures,
      props: end.props,
      bodies: end.bodies,
      steps: end.steps,
      seconds: options.seconds,
      stiffness: options.stiffness,
      stiffnessMethod: sandbox.stiffnessMethod,
      blast: options.blast,
      msPerStep: end.msPerStep,
      maxJointGapM,
      nanCount,
      meanPoseDeviationRad: end.meanPoseDeviationRad,
      maxSpeed,
      finalMaxSpeed: end.maxSpeed,
      hitBall: options.hitBall,
    };
    const withRope =
      rope && options.ropeFromWorld !== undefined
        ? { ...result, ...ropeReport(options.ropeFromWorld, rope) }
        : result;
    return watch ? { ...withRope, ...watch.report() } : withRope;
  } finally {
    sandbox.dispose();
  }
}
