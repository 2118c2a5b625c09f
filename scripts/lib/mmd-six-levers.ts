/**
 * `npm run bench:mmd -- --levers`: six figures of one MMD model kept moving (dropped, then a
 * power-6 blast every simulated second), once per variant of the physics settings, all variants
 * stepped side by side in one run (blocks of 30 steps, taking turns, each going first in turn),
 * so the machine's load hits them alike. Per variant: the median of the process's CPU ms per
 * step over the blocks, Rapier's own split of the step (its profiler, wall ms, so only the
 * proportions mean anything on a loaded machine), the fastest MMD dynamic body and the largest
 * ragdoll joint gap seen at block ends. What was measured and kept or dropped: BENCHMARKS.md.
 */
import type { MmdBodiesOptions } from '../../renderer/src/physics/mmd/mmd-bodies';
import type { MmdJointSpec, MmdPhysicsSpec } from '../../renderer/src/physics/mmd/mmd-physics-spec';
import type { RapierApi, RigidBody } from '../../renderer/src/physics/rapier-api';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import { partsApart } from '../../renderer/src/rig/mmd/parts-apart';
import type { SandboxOptions } from '../../renderer/src/physics/sandbox';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { SOLVER_ITERATIONS } from '../../renderer/src/physics/solver-iterations';
import type { MmdDoll } from '../../tools/loaders/load-mmd-doll';
import { median } from './bench-stats';
import { BLOCK_STEPS, STEPS_PER_SECOND } from './step-bench';
import { SIX, SIX_BLAST_POWER } from './mmd-six-figures';

/** One way of running the same scene. */
export interface Lever {
  readonly name: string;
  /** Changes the model's physics spec before the figures are built. */
  readonly physics?: (spec: MmdPhysicsSpec, doll: MmdDoll) => MmdPhysicsSpec;
  /** Changes the built sandbox before the drop. */
  readonly setup?: (sandbox: Sandbox, rapier: RapierApi) => void;
  /** Options for the figures' MMD bodies. */
  readonly mmdOptions?: MmdBodiesOptions;
  /** Options for the sandbox. */
  readonly options?: SandboxOptions;
}

/** 2° in radians. */
const TWO_DEGREES = Math.PI / 90;

/**
 * Limited angular axes narrower than `range` (rad) that hold the rest angle 0 become locked
 * (one solver row instead of a limit row, and no spring row): a locked axis holds 0 where the
 * file let it turn within the range. A range off 0 (low_miku pins one axis at −3°) stays.
 * mokou_B has 34 such axes (26 with a spring) of its 165 limited ones, Gene_light 2, low_miku 0.
 */
function lockNarrowAxes(range: number): (spec: MmdPhysicsSpec) => MmdPhysicsSpec {
  const lock = (joint: MmdJointSpec): MmdJointSpec => {
    const min = [...joint.angularMin] as [number, number, number];
    const max = [...joint.angularMax] as [number, number, number];
    for (let axis = 0; axis < 3; axis++) {
      const narrow = min[axis]! <= max[axis]! && max[axis]! - min[axis]! < range;
      if (narrow && min[axis]! <= 0 && max[axis]! >= 0) {
        min[axis] = 0;
        max[axis] = 0;
      }
    }
    return { ...joint, angularMin: min, angularMax: max };
  };
  return (spec) => ({ ...spec, joints: spec.joints.map(lock) });
}

const LEVERS: readonly Lever[] = [
  { name: 'as built' },
  // The same scene again: how far two identical runs differ under the machine's load.
  { name: 'as built, a second copy (noise)' },
  {
    // The world's count back at the full 8: moving MMD figures get 8 as before this change
    // (flung 12 and settling 16 instead of 8 and 12; the blasts here rarely fling a part).
    name: `before: world ${SOLVER_ITERATIONS} iterations`,
    setup: (sandbox) => {
      sandbox.world.numSolverIterations = SOLVER_ITERATIONS;
    },
  },
  {
    name: 'world 3 iterations',
    setup: (sandbox) => {
      sandbox.world.numSolverIterations = 3;
    },
  },
  // Rapier's default (0.20 and 0.21) is 0.02 (× its length unit of 1 m): contacts start 2 cm apart.
  ...[0.015, 0.01, 0.005, 0.002, 0.0005].map((metres): Lever => ({
    name: `contact prediction ${metres * 1000} mm (default 20 mm)`,
    setup: (sandbox) => {
      sandbox.world.integrationParameters.normalizedPredictionDistance = metres;
    },
  })),
  {
    // Before the joint projection ran on MMD figures.
    name: 'before: no joint projection on MMD figures',
    options: { jointProjection: false },
  },
  {
    // Before the stage gripped MMD bodies at its own friction.
    name: 'before: stage friction averaged',
    setup: (sandbox, rapier) =>
      sandbox.world.forEachCollider((collider) => {
        if (collider.parent()?.isFixed())
          collider.setFrictionCombineRule(rapier.CoefficientCombineRule.Average);
      }),
  },
  {
    // Before welded bodies were carried at any distance from their part: only within 0.3 m.
    name: 'before: welded bodies carried within 0.3 m only',
    physics: (_spec, doll) => mmdRig(doll.model, { weldReach: 0.3 }).physics,
  },
  { name: 'angular axes limited under 2° locked', physics: lockNarrowAxes(TWO_DEGREES) },
  // The settling iterations (12) as soon as every part is slow, as before they waited 0.5 s.
  { name: 'before: settling iterations at once', mmdOptions: { settleSteps: 1 } },
  {
    // Before both: the world on 8 and the settling iterations (16 then) at once.
    name: `before both: world ${SOLVER_ITERATIONS} iterations, settling at once`,
    mmdOptions: { settleSteps: 1 },
    setup: (sandbox) => {
      sandbox.world.numSolverIterations = SOLVER_ITERATIONS;
    },
  },
  { name: 'settling iterations after 1 s slow', mmdOptions: { settleSteps: 120 } },
  // What stopped a frictionless hair chain skating on the floor before the stage gripped it
  // (docs/physics.md): the cost while figures come to rest between blasts.
  { name: 'settling on 20 extra iterations', mmdOptions: { settleIterations: 20 } },
  {
    // MMD's own engine (Bullet) sweeps nothing; Rapier's CCD computes times of impact for
    // every CCD body every step.
    name: 'no CCD on MMD bodies',
    setup: (sandbox) => eachMmdBody(sandbox, (body) => body.enableCcd(false)),
  },
  {
    name: 'soft CCD (2 cm) instead of CCD on MMD bodies',
    setup: (sandbox) =>
      eachMmdBody(sandbox, (body) => {
        body.enableCcd(false);
        body.setSoftCcdPrediction(0.02);
      }),
  },
  {
    name: 'no CCD anywhere',
    setup: (sandbox) => sandbox.world.bodies.forEach((body) => body.enableCcd(false)),
  },
  {
    // The rig's `partCollisions: 'apart'`: hair and skirts meet the ragdoll only through the
    // model's own follow colliders.
    name: 'parts apart from MMD bodies',
    physics: (spec, doll) => {
      const apart = partsApart(doll.spec.parts, spec.bodies);
      return {
        ...spec,
        partGroups: apart.groups,
        bodies: spec.bodies.map((body, i) => {
          const mask = apart.narrowedMasks.get(i);
          return mask === undefined ? body : { ...body, collisionMask: mask };
        }),
      };
    },
  },
];

function eachMmdBody(sandbox: Sandbox, change: (body: RigidBody) => void): void {
  for (const figure of sandbox.figures)
    for (const body of figure.mmd?.rigidBodies() ?? []) change(body);
}

/** "As built" and the levers whose name contains one of `only` (every lever when empty). */
export function selectLevers(only: readonly string[]): Lever[] {
  return LEVERS.filter(
    (lever, i) => i === 0 || only.length === 0 || only.some((part) => lever.name.includes(part)),
  );
}

/** What one lever measured. */
export interface LeverResult {
  readonly name: string;
  readonly msPerStep: number;
  /** Rapier's profiler, mean wall ms per step: whole step, solver, narrow phase, broad phase. */
  readonly rapier: { step: number; solver: number; narrow: number; broad: number };
  readonly topMmdSpeed: number;
  readonly maxRagdollGapM: number;
}

/** The six figures built and dropped for one lever, Rapier's profiler on. */
export function buildLeverScene(
  rapier: RapierApi,
  doll: MmdDoll,
  lever: Lever,
  seed: number,
): Sandbox {
  const sandbox = new Sandbox(rapier, { stiffness: 50, seed, ...lever.options });
  const physics = lever.physics ? lever.physics(doll.rig.physics, doll) : doll.rig.physics;
  for (let i = 0; i < SIX; i++)
    sandbox.addFigure(doll.spec, {
      mmd: physics,
      ...(lever.mmdOptions ? { mmdOptions: lever.mmdOptions } : {}),
    });
  lever.setup?.(sandbox, rapier);
  sandbox.world.profilerEnabled = true;
  sandbox.drop();
  return sandbox;
}

/**
 * Runs the levers side by side for `seconds` after 1 s of falling: every lever, or "as built"
 * and those whose name contains one of `only`. Allocates freely.
 */
export function measureLevers(
  rapier: RapierApi,
  doll: MmdDoll,
  seed: number,
  seconds: number,
  only: readonly string[] = [],
): LeverResult[] {
  const levers = selectLevers(only);
  const scenes = levers.map((lever) => buildLeverScene(rapier, doll, lever, seed));
  for (const scene of scenes) scene.run(1);
  const ms = scenes.map((): number[] => []);
  const split = scenes.map(() => ({ step: 0, solver: 0, narrow: 0, broad: 0 }));
  const top = scenes.map(() => 0);
  const gap = scenes.map(() => 0);
  const blocks = (seconds * STEPS_PER_SECOND) / BLOCK_STEPS;
  for (let block = 0; block < blocks; block++) {
    if ((block * BLOCK_STEPS) % STEPS_PER_SECOND === 0)
      for (const scene of scenes) scene.blast(SIX_BLAST_POWER);
    for (let turn = 0; turn < scenes.length; turn++) {
      const index = (turn + block) % scenes.length;
      const scene = scenes[index]!;
      const times = split[index]!;
      const start = process.cpuUsage();
      for (let i = 0; i < BLOCK_STEPS; i++) {
        scene.step();
        times.step += scene.world.timingStep();
        times.solver += scene.world.timingSolver();
        times.narrow += scene.world.timingNarrowPhase();
        times.broad += scene.world.timingBroadPhase();
      }
      const used = process.cpuUsage(start);
      ms[index]!.push((used.user + used.system) / 1000 / BLOCK_STEPS);
      for (const figure of scene.figures) {
        for (const body of figure.mmd?.rigidBodies() ?? []) {
          const v = body.linvel();
          top[index] = Math.max(top[index]!, Math.hypot(v.x, v.y, v.z));
        }
      }
      gap[index] = Math.max(gap[index]!, scene.measure().maxJointGapM);
    }
  }
  const steps = blocks * BLOCK_STEPS;
  const results = levers.map((lever, i) => ({
    name: lever.name,
    msPerStep: median(ms[i]!),
    rapier: {
      step: split[i]!.step / steps,
      solver: split[i]!.solver / steps,
      narrow: split[i]!.narrow / steps,
      broad: split[i]!.broad / steps,
    },
    topMmdSpeed: top[i]!,
    maxRagdollGapM: gap[i]!,
  }));
  for (const scene of scenes) scene.dispose();
  return results;
}
