import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import type { RapierApi } from '../../renderer/src/physics/rapier-api';
import { Sandbox } from '../../renderer/src/physics/sandbox';

/** What one doll did through a drop and a blast (gaps in metres). */
export interface FallAndBlastResult {
  /** Largest joint separation at any step of the fall and landing. */
  readonly peakGapFall: number;
  /** Joint separation once the doll has come to rest after landing. */
  readonly restGapFall: number;
  /** Largest joint separation at any step in the second after the blast. */
  readonly peakGapBlast: number;
  /** Joint separation once the doll has come to rest after the blast. */
  readonly restGapBlast: number;
  /** Most bodies with a non-finite state at any step. */
  readonly nanCount: number;
  /** Whether the doll came to rest (fastest part under 0.05 m/s) both times. */
  readonly settled: boolean;
}

const REST_SPEED = 0.05; // m/s

/** Steps until every body is slower than {@link REST_SPEED}, at most `seconds`. */
function settle(sandbox: Sandbox, seconds: number, onStep: () => void): boolean {
  for (let t = 0; t < seconds; t += 0.25) {
    sandbox.run(0.25, onStep);
    if (sandbox.measure().maxSpeed < REST_SPEED) return true;
  }
  return false;
}

/**
 * Drops one doll built from `spec` onto the stage (STIFFNESS 50, `seed` for the drop's yaw and
 * the blast's spin, default 1), lets it come to
 * rest, blasts it at power 30 (a violent blast that throws it off the stage) and lets it rest again, measuring
 * joint separation at the peaks and at rest, and counting non-finite bodies throughout.
 */
export function fallAndBlast(rapier: RapierApi, spec: DollSpec, seed = 1): FallAndBlastResult {
  const sandbox = new Sandbox(rapier, { seed });
  try {
    sandbox.addFigure(spec);
    sandbox.drop();
    let peak = 0;
    let nanCount = 0;
    const sample = () => {
      const m = sandbox.measure();
      peak = Math.max(peak, m.maxJointGapM);
      nanCount = Math.max(nanCount, m.nanCount);
    };
    sandbox.run(1.5, sample);
    const settledFall = settle(sandbox, 6, sample);
    const peakGapFall = peak;
    const restGapFall = sandbox.measure().maxJointGapM;
    peak = 0;
    sandbox.blast(30);
    sandbox.run(1, sample);
    const peakGapBlast = peak;
    // A power-30 blast launches parts at up to ~40 m/s: several seconds in the air, and a doll
    // thrown off the stage falls to the fall guard and is dropped again, so allow 20 s.
    const settledBlast = settle(sandbox, 20, sample);
    return {
      peakGapFall,
      restGapFall,
      peakGapBlast,
      restGapBlast: sandbox.measure().maxJointGapM,
      nanCount,
      settled: settledFall && settledBlast,
    };
  } finally {
    sandbox.dispose();
  }
}
