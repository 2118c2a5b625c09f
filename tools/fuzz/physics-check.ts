/**
 * Runs a model a reader accepted through the physics the app would run it in: the figure is
 * added to a real Rapier sandbox, dropped onto the stage and simulated for two seconds. A
 * damaged file the readers let through (odd masses, joint limits or shapes from flipped bits)
 * must not throw there or turn a body's state into NaN; either counts as a crash.
 */

import RAPIER from '@dimforge/rapier3d-simd-compat';
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import type { MmdPhysicsSpec } from '../../renderer/src/physics/mmd/mmd-physics-spec';
import { Sandbox } from '../../renderer/src/physics/sandbox';

/** Steps simulated per accepted model: 2 s at the sandbox's 60 Hz. */
export const PHYSICS_CHECK_STEPS = 120;

let ready: Promise<void> | undefined;

/** Loads Rapier's WebAssembly once, before any case is timed. */
export function preparePhysicsCheck(): Promise<void> {
  ready ??= RAPIER.init();
  return ready;
}

/**
 * Drops one figure of `spec` (with the MMD model's own bodies when given) and steps it.
 *
 * @throws Error naming `fileName` when a step leaves any body's state non-finite
 */
export async function checkInPhysics(
  fileName: string,
  spec: DollSpec,
  mmd?: MmdPhysicsSpec,
): Promise<void> {
  await preparePhysicsCheck();
  const sandbox = new Sandbox(RAPIER, { seed: 1 });
  try {
    sandbox.addFigure(spec, mmd ? { mmd } : {});
    sandbox.drop();
    for (let step = 0; step < PHYSICS_CHECK_STEPS; step++) sandbox.step();
    const { nanCount } = sandbox.measure();
    if (nanCount > 0) {
      throw new Error(
        `physics: ${fileName} left ${nanCount} non-finite body states after ` +
          `${PHYSICS_CHECK_STEPS} steps`,
      );
    }
  } finally {
    sandbox.dispose();
  }
}
