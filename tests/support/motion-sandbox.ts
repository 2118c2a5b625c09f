import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import type { DollMotion } from '../../renderer/src/physics/motion/doll-motion';
import type { Figure } from '../../renderer/src/physics/sandbox';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { builtinMotion } from '../../renderer/src/motion/builtin-motions';
import { retargetMotion } from '../../renderer/src/motion/retarget-motion';
import { loadRapier } from './rapier';

/** The built-in Stand motion bound to `spec`, a box figure: the box dummy unless given. */
export function boxStand(spec: DollSpec = BOX_DOLL): DollMotion {
  return retargetMotion(builtinMotion('stand'), spec, { figureKind: 'box' });
}

/**
 * A sandbox with one figure of `spec` (the box dummy unless given) standing on the floor
 * (RESET) and playing `motion`.
 */
export async function standingWith(
  motion: (spec: DollSpec) => DollMotion,
  spec: DollSpec = BOX_DOLL,
): Promise<{ sandbox: Sandbox; figure: Figure; motion: DollMotion }> {
  const sandbox = new Sandbox(await loadRapier());
  const figure = sandbox.addFigure(spec);
  sandbox.reset();
  const bound = motion(spec);
  sandbox.motion.set(figure, bound);
  return { sandbox, figure, motion: bound };
}

/** Steps until the figure's state is `state` (or `seconds` pass); returns the seconds it took, or null. */
export function stepUntil(
  sandbox: Sandbox,
  figure: Figure,
  state: ReturnType<Sandbox['motion']['state']>,
  seconds: number,
  afterStep?: () => void,
): number | null {
  const steps = Math.round(seconds * 120);
  for (let i = 1; i <= steps; i++) {
    sandbox.step();
    afterStep?.();
    if (sandbox.motion.state(figure) === state) return i / 120;
  }
  return null;
}
