import type { DollSpec } from '../physics/doll-spec';
import { reachBelowCenter } from '../physics/doll-spec';

/**
 * How high the doll's origin (its hip joints) stands above its lowest point at rest, metres:
 * the hip height root motion is scaled to. The box dummy gives 0.91 m.
 */
export function figureHipsHeight(spec: DollSpec): number {
  let lowest = 0;
  for (const part of spec.parts) lowest = Math.min(lowest, part.center[1] - reachBelowCenter(part));
  return -lowest;
}
