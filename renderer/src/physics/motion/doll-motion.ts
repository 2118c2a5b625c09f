import type { DollSpec } from '../doll-spec';

/**
 * A target pose for one doll at one moment, in doll space (see {@link DollSpec}: metres,
 * Y up, +Z forward, origin at the rest pose's hip height).
 *
 * Every doll part rests unrotated, so a part's target is simply its rotation away from
 * rest; the physics turns two such rotations into a joint's motor targets.
 */
export interface DollPose {
  /**
   * One unit quaternion per part, in `DollSpec.parts` order: x, y, z, w at `4·i … 4·i + 3`.
   * The part's rotation away from its rest pose, in doll space.
   */
  readonly rotations: Float64Array;
  /** Where the root part's centre should be, relative to its rest position (metres, doll space). */
  readonly rootOffset: Float64Array;
}

/**
 * A motion bound to one doll: it can say, for any moment, the pose that doll should take.
 * Built once per figure and motion (retargeting happens then); sampling allocates nothing.
 */
export interface DollMotion {
  /** Shown in the UI and in measurements: a built-in name or the file's name. */
  readonly name: string;
  /** Length of one loop, seconds (> 0). */
  readonly duration: number;
  /** The spec this motion was bound to; its parts give the order of {@link DollPose.rotations}. */
  readonly spec: DollSpec;
  /**
   * Writes the pose at `time` seconds into `out`. Times outside [0, duration) wrap around
   * (the motion loops). Must not allocate: it runs every physics step for every figure.
   */
  sample(time: number, out: DollPose): void;
}

/** A pose buffer for a doll with `partCount` parts, all at rest. */
export function createDollPose(partCount: number): DollPose {
  const rotations = new Float64Array(partCount * 4);
  for (let i = 0; i < partCount; i++) rotations[4 * i + 3] = 1;
  return { rotations, rootOffset: new Float64Array(3) };
}
