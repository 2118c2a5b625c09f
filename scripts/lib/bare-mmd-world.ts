/**
 * A Rapier world holding the same stage, ragdoll and MMD bodies and joints as a sandbox figure,
 * built directly so that stepping it needs no JavaScript at all: the benchmark's "bare Rapier".
 *
 * Rapier's own way to carry a collider with a body is to attach it to that body, so each
 * `follow` body becomes a collider on its ragdoll part (at its rest offset) instead of a
 * kinematic body moved after every step, and joints to a follow body join the part itself.
 * Dynamic MMD bodies, their masses, damping, groups and the 6-DOF joints are built with the
 * physics layer's own helpers, so they are the same as in the sandbox. STIFFNESS uses the
 * same joint motors (they run inside Rapier's solver).
 */
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import { blastDoll } from '../../renderer/src/physics/doll-blast';
import {
  MMD_DYNAMIC_SOLVER_GROUPS,
  MMD_FOLLOW_SOLVER_GROUPS,
  OTHER_SOLVER_GROUPS,
  PART_SOLVER_GROUPS,
  mmdCollisionGroups,
  partCollisionGroups,
  partGroupOf,
} from '../../renderer/src/physics/mmd/interaction-groups';
import { createMmdJoint } from '../../renderer/src/physics/mmd/mmd-joint';
import type { RestPose } from '../../renderer/src/physics/mmd/mmd-joint';
import type { MmdBodySpec, MmdPhysicsSpec } from '../../renderer/src/physics/mmd/mmd-physics-spec';
import { MotorStiffness } from '../../renderer/src/physics/motor-stiffness';
import type { RagdollPart } from '../../renderer/src/physics/ragdoll';
import { Ragdoll } from '../../renderer/src/physics/ragdoll';
import type { RapierApi, RigidBody, World } from '../../renderer/src/physics/rapier-api';
import {
  DROP_HEIGHT,
  FIXED_STEP,
  GRAVITY,
  SOLVER_ITERATIONS,
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

function colliderDesc(rapier: RapierApi, spec: MmdBodySpec) {
  const s = spec.shape;
  const desc =
    s.kind === 'box'
      ? rapier.ColliderDesc.cuboid(...s.halfExtents)
      : s.kind === 'sphere'
        ? rapier.ColliderDesc.ball(s.radius)
        : rapier.ColliderDesc.capsule(s.halfHeight, s.radius);
  return desc
    .setFriction(spec.friction)
    .setRestitution(spec.restitution)
    .setFrictionCombineRule(rapier.CoefficientCombineRule.Multiply)
    .setRestitutionCombineRule(rapier.CoefficientCombineRule.Multiply)
    .setCollisionGroups(mmdCollisionGroups(spec.group, spec.collisionMask));
}

/** Where a doll-space point is at the drop placement (origin at DROP_HEIGHT, unturned). */
const placed = (p: readonly number[]) => vec3(p[0]!, p[1]! + DROP_HEIGHT, p[2]!);

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
  world.numSolverIterations = SOLVER_ITERATIONS;
  for (const body of buildStage(rapier, world, stageLayout()))
    body.collider(0).setSolverGroups(OTHER_SOLVER_GROUPS);
  const ragdoll = new Ragdoll(rapier, world, doll, {
    position: vec3(0, DROP_HEIGHT, 0),
    rotation: quat(),
  });
  const motors = new MotorStiffness(rapier, world);
  motors.setStiffness(options.stiffness);
  motors.addDoll(ragdoll);
  const partByName = new Map<string, RagdollPart>(ragdoll.parts.map((p) => [p.spec.name, p]));
  for (const part of ragdoll.parts) {
    part.collider.setSolverGroups(PART_SOLVER_GROUPS);
    part.collider.setCollisionGroups(partCollisionGroups(partGroupOf(physics, part.spec.name)));
  }
  const rest: RestPose[] = physics.bodies.map((spec) => {
    const part = partByName.get(spec.part)!;
    const [x, y, z, w] = spec.rotation;
    if (spec.motion === 'follow') {
      // Parts rest unrotated, so the collider's place on the part is its doll-space offset.
      const c = part.spec.center;
      world.createCollider(
        colliderDesc(rapier, spec)
          .setSolverGroups(MMD_FOLLOW_SOLVER_GROUPS)
          .setTranslation(spec.position[0] - c[0], spec.position[1] - c[1], spec.position[2] - c[2])
          .setRotation(quat(x, y, z, w))
          .setDensity(0),
        part.body,
      );
      return { body: part.body, position: placed(c), rotation: quat() };
    }
    const body = world.createRigidBody(
      rapier.RigidBodyDesc.dynamic()
        .setTranslation(spec.position[0], spec.position[1] + DROP_HEIGHT, spec.position[2])
        .setRotation(quat(x, y, z, w))
        .setLinearDamping(spec.linearDamping)
        .setAngularDamping(spec.angularDamping)
        .setCcdEnabled(true),
    );
    world.createCollider(
      colliderDesc(rapier, spec).setSolverGroups(MMD_DYNAMIC_SOLVER_GROUPS).setMass(spec.mass),
      body,
    );
    return { body, position: placed(spec.position), rotation: quat(x, y, z, w) };
  });
  for (const joint of physics.joints) {
    const a = rest[joint.bodyA]!;
    const b = rest[joint.bodyB]!;
    // Both ends on the same part (two follow bodies): nothing for a joint to do.
    if (a.body === b.body) continue;
    createMmdJoint(rapier, world, joint, a, b);
  }
  const moving: RigidBody[] = [
    ...ragdoll.parts.map((p) => p.body),
    ...rest.filter((_, i) => physics.bodies[i]!.motion !== 'follow').map((r) => r.body),
  ];
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
