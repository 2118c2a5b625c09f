import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import type { MmdPhysicsSpec } from '../../renderer/src/physics/mmd/mmd-physics-spec';
import type { RapierApi } from '../../renderer/src/physics/rapier-api';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import type { SimOptions } from './sim-options';

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
}

/** Seconds the dolls get to fall and land before a requested blast. */
const LANDING_SECONDS = 1.5;

/**
 * Builds the scene the options describe, runs it, and measures it. Every doll is built from
 * `doll` (the box dummy unless a model's spec is given), with the model's own rigid bodies and
 * joints when `mmd` is given; the measurements (NaN count, speeds) cover those bodies too.
 */
export function runSimulation(
  rapier: RapierApi,
  options: SimOptions,
  doll: DollSpec = BOX_DOLL,
  mmd?: MmdPhysicsSpec,
): SimResult {
  const sandbox = new Sandbox(rapier, {
    stiffness: options.stiffness,
    seed: options.seed,
    stiffnessMethod: options.method,
    maxFigures: 50,
  });
  try {
    for (let i = 0; i < options.dolls; i++) sandbox.addFigure(doll, mmd ? { mmd } : {});
    sandbox.drop();
    for (let i = 0; i < options.props; i++) sandbox.addProp(i % 2 === 0 ? 'ball' : 'box');

    let maxJointGapM = 0;
    let nanCount = 0;
    let maxSpeed = 0;
    const sample = () => {
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

    const end = sandbox.measure();
    return {
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
    };
  } finally {
    sandbox.dispose();
  }
}
