import { describe, expect, it } from 'vitest';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import {
  MMD_EXTRA_SOLVER_ITERATIONS,
  SETTLE_SPEED,
  SETTLE_STEPS,
} from '../../renderer/src/physics/mmd/settling-iterations';
import type { Figure, Sandbox } from '../../renderer/src/physics/sandbox';
import { SOLVER_ITERATIONS, WORLD_SOLVER_ITERATIONS } from '../../renderer/src/physics/sandbox';
import { hairChainSpec } from '../support/mmd-physics-specs';
import { boxStand } from '../support/motion-sandbox';
import { useSandboxes } from '../support/sandboxes';

const makeSandbox = useSandboxes();

/** The iterations Rapier gives each MMD dynamic body's island now (world + largest extra). */
function mmdIterations(sandbox: Sandbox, figure: Figure): number[] {
  return figure
    .mmd!.rigidBodies()
    .map((body) => sandbox.world.numSolverIterations + body.additionalSolverIterations());
}

function partIterations(sandbox: Sandbox, figure: Figure): number[] {
  return figure.ragdoll.parts.map(
    (part) => sandbox.world.numSolverIterations + part.body.additionalSolverIterations(),
  );
}

describe('solver iterations of MMD figures', () => {
  it('a passive MMD figure falling runs on the world count, flung or at rest on more; a plain doll on the full count', async () => {
    const sandbox = await makeSandbox({ sceneRest: false });
    const hair = sandbox.addFigure(BOX_DOLL, { mmd: hairChainSpec() });
    const plain = sandbox.addFigure(BOX_DOLL);
    sandbox.drop();
    sandbox.run(0.4); // falling at about 4 m/s
    expect(new Set(mmdIterations(sandbox, hair))).toEqual(new Set([WORLD_SOLVER_ITERATIONS]));
    expect(new Set(partIterations(sandbox, plain))).toEqual(new Set([SOLVER_ITERATIONS]));

    sandbox.run(6); // lying still
    expect(hair.mmd!.isSettling).toBe(true);
    expect(new Set(mmdIterations(sandbox, hair))).toEqual(
      new Set([SOLVER_ITERATIONS + MMD_EXTRA_SOLVER_ITERATIONS]),
    );

    // Flung (a part over VIOLENT_SPEED): the full count, so the hair's joints hold.
    sandbox.blast(30);
    sandbox.run(0.05);
    expect(hair.mmd!.isSettling).toBe(false);
    expect(new Set(mmdIterations(sandbox, hair))).toEqual(new Set([SOLVER_ITERATIONS]));
  });

  it('the settling iterations come once every part has been slow for SETTLE_STEPS steps in a row', async () => {
    const sandbox = await makeSandbox({ sceneRest: false });
    const hair = sandbox.addFigure(BOX_DOLL, { mmd: hairChainSpec() });
    sandbox.drop();
    sandbox.run(6);
    expect(hair.mmd!.isSettling).toBe(true);
    sandbox.blast(4); // a nudge: up and back down, slow again within a few seconds
    const fastest = () =>
      Math.max(
        ...hair.ragdoll.parts.map((part) => {
          const v = part.body.linvel();
          return Math.hypot(v.x, v.y, v.z);
        }),
      );
    let slowSteps = 0;
    let settledAfter = -1;
    for (let step = 0; step < 6 * 120 && settledAfter < 0; step++) {
      sandbox.step();
      slowSteps = fastest() < SETTLE_SPEED ? slowSteps + 1 : 0;
      if (step < 30) expect(hair.mmd!.isSettling).toBe(false); // the blast threw it
      if (hair.mmd!.isSettling) settledAfter = slowSteps;
    }
    // Not on the first slow step, as before: only after the streak (the hair still swings then).
    expect(settledAfter).toBe(SETTLE_STEPS);
  });

  it('a figure following a motion keeps the full count while it moves', async () => {
    const sandbox = await makeSandbox({ sceneRest: false });
    const figure = sandbox.addFigure(BOX_DOLL, { mmd: hairChainSpec() });
    sandbox.reset();
    sandbox.motion.set(figure, boxStand());
    sandbox.run(0.5);
    sandbox.blast(14);
    sandbox.run(0.1);
    expect(sandbox.motion.state(figure)).not.toBe('passive');
    expect(figure.mmd!.isSettling).toBe(false);
    expect(new Set(mmdIterations(sandbox, figure))).toEqual(new Set([SOLVER_ITERATIONS]));
  });
});
