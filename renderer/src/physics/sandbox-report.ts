import type { Measurements } from './measurements';
import { countNonFinite, maxJointGap, maxLinearSpeed, meanPoseDeviation } from './measurements';
import type { SceneContents } from './scene-contents';

/** Everything `Sandbox.measure` reports, plus the counts. */
export interface SandboxReport extends Measurements {
  readonly figures: number;
  /** Balls, boxes and model props. */
  readonly props: number;
  readonly bodies: number;
  readonly steps: number;
  /** Mean wall time per fixed step of `Sandbox.run` since the last `Sandbox.resetTiming`, ms. */
  readonly msPerStep: number;
}

/** Measures the scene's contents now. Allocates: call it on demand, not per step. */
export function measureScene(
  contents: SceneContents,
  steps: number,
  msPerStep: number,
): SandboxReport {
  const dolls = contents.figures.map((figure) => figure.ragdoll);
  const bodies = contents.registry.rigidBodies();
  return {
    figures: dolls.length,
    props: contents.propCount,
    bodies: bodies.length,
    steps,
    msPerStep,
    maxJointGapM: maxJointGap(dolls),
    nanCount: countNonFinite(bodies),
    meanPoseDeviationRad: meanPoseDeviation(dolls),
    maxSpeed: maxLinearSpeed(bodies),
  };
}
