/**
 * A Rapier world holding the same stage, ragdoll and MMD bodies and joints as a sandbox figure,
 * built directly so that stepping it needs no JavaScript at all: the benchmark's "bare Rapier".
 *
 * The MMD bodies are built by the physics layer's own `MmdBodies` (follow bodies as massless
 * colliders on their parts, masses normalised, springs as rates), which does nothing per
 * step; the sandbox adds only its per-step JavaScript (the whip cap, the stiffness driver, the
 * fall guard), which is what the benchmark compares. STIFFNESS uses the same joint motors
 * (they run inside Rapier's solver).
 */
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import { blastDoll } from '../../renderer/src/physics/doll-blast';
import {
  OTHER_SOLVER_GROUPS,
  PART_SOLVER_GROUPS,
} from '../../renderer/src/physics/mmd/interaction-groups';
import { MmdBodies } from '../../renderer/src/physics/mmd/mmd-bodies';
import type { MmdPhysicsSpec } from '../../renderer/src/physics/mmd/mmd-physics-spec';
import { MotorStiffness } from '../../renderer/src/physics/motor-stiffness';
import { Ragdoll } from '../../renderer/src/physics/ragdoll';
import type { RapierApi, RigidBody, World } from '../../renderer/src/physics/rapier-api';
import {
  DROP_HEIGHT,
  FIXED_STEP,
  GRAVITY,
  WORLD_SOLVER_ITERATIONS,
} from '../../renderer/src/physics/sandbox';
import type { RandomSource } from '../../renderer/src/physics/seeded-random';
import { createSeededRandom } from '../../renderer/src/physics/seeded-random';
import { buildStage, stageLayout } from '../../renderer/src/physics/stage';
import { quat, vec3 } from '../../renderer/src/physics/vector-math';

/** The directly built world and what a benchmark drives it with. */
export interface BareMmdWorld {
  readonly world: World;
  /** BLAST on the figure (parts and dynamic MMD bodies as one rigid motion), like the sandbox's. */
  blast(power: number): void;
  /** Frees the world. */
  dispose(): void;
}

/**
 * Builds the stage, the ragdoll dropped at the first slot and the MMD bodies and joints.
 * Follow bodies become colliders on their parts (see the file comment).
 */
export function buildBareMmdWorld(
  rapier: RapierApi,
  doll: DollSpec,
  physics: MmdPhysicsSpec,
  options: { readonly stiffness: number; readonly seed: number },
): BareMmdWorld {
  const world = new rapier.World(vec3(0, GRAVITY, 0));
  world.timestep = FIXED_STEP;
  world.numSolverIterations = WORLD_SOLVER_ITERATIONS;
  for (const body of buildStage(rapier, world, stageLayout()))
    body.collider(0).setSolverGroups(OTHER_SOLVER_GROUPS);
  const ragdoll = new Ragdoll(rapier, world, doll, {
    position: vec3(0, DROP_HEIGHT, 0),
    rotation: quat(),
  });
  const motors = new MotorStiffness(rapier, world);
  motors.setStiffness(options.stiffness);
  motors.addDoll(ragdoll);
  for (const part of ragdoll.parts) part.collider.setSolverGroups(PART_SOLVER_GROUPS);
  // The physics layer's own builder: follow bodies are already colliders on their parts, and
  // nothing of it runs per step, so the world is exactly the sandbox's minus its per-step JS.
  const mmd = new MmdBodies(rapier, world, physics, ragdoll);
  const moving: RigidBody[] = [...ragdoll.parts.map((p) => p.body), ...mmd.rigidBodies()];
  const random: RandomSource = createSeededRandom(options.seed);
  return {
    world,
    blast(power: number): void {
      const root = ragdoll.root.body.translation();
      blastDoll(moving, vec3(root.x, 0, root.z), power, random);
    },
    dispose(): void {
      world.free();
    },
  };
}
