import { FallGuard } from './fall-guard';
import { Grab } from './grab';
import { SandboxLinks } from './links/sandbox-links';
import type { HeldBodies } from './joint-projection';
import { SceneRest } from './mmd/scene-rest';
import { MotionFigures } from './motion/motion-figures';
import { MotorStiffness } from './motor-stiffness';
import { PdTorqueStiffness } from './pd-torque-stiffness';
import { Pins } from './pins';
import type { Collider, RapierApi, World } from './rapier-api';
import { RestoredSleep } from './restored-sleep';
import type { SandboxOptions } from './sandbox-settings';
import { FALL_GUARD_Y, FIXED_STEP, GRAVITY } from './sandbox-settings';
import type { BlastParts } from './scene-blast';
import { SceneContents } from './scene-contents';
import type { RandomSource } from './seeded-random';
import { createSeededRandom } from './seeded-random';
import { WORLD_SOLVER_ITERATIONS } from './solver-iterations';
import { ImpactSounds } from './sound/impact-sounds';
import { SoundRequestRing } from './sound/sound-requests';
import type { StageLayout } from './stage';
import { stageLayout } from './stage';
import { SceneStage } from './stage/scene-stage';
import type { StepParts } from './step-pipeline';
import { vec3 } from './vector-math';

/**
 * Everything a sandbox is made of, as rapier.js's world is its sets and its pipeline: the
 * Rapier world and stage, the scene's contents, and the controllers that act on them each
 * step. Made once with the sandbox and shared by reference with its parts (the step's phases,
 * the capture, the blast).
 */
export interface SandboxParts extends StepParts, BlastParts {
  readonly rapier: RapierApi;
  readonly stage: StageLayout;
  /** The live stage's colliders (built-in boxes or a file's trimeshes): what a drop is cast onto. */
  readonly stageColliders: readonly Collider[];
  /** The stage in use and the swap to a stage from a file. */
  readonly scenery: SceneStage;
  readonly pins: Pins;
  /** Seeded: drops, props and blasts draw from it, so runs are reproducible. */
  readonly random: RandomSource;
}

/**
 * Makes a sandbox's world (1/120 s steps, Earth gravity) with its stage, and its parts as
 * `options` ask. `onFell` is called with each collider the fall guard finds below the stage.
 */
export function createSandboxParts(
  rapier: RapierApi,
  options: SandboxOptions,
  onFell: (colliderHandle: number) => void,
): SandboxParts {
  const world: World = new rapier.World(vec3(0, GRAVITY, 0));
  world.timestep = FIXED_STEP;
  // Passive MMD figures in motion get the world's count; every other island asks for the
  // full SOLVER_ITERATIONS itself (see `solver-iterations.ts`).
  world.numSolverIterations = WORLD_SOLVER_ITERATIONS;
  const stage = stageLayout();
  const sounds = options.impactSounds
    ? new ImpactSounds(rapier, new SoundRequestRing(), FIXED_STEP)
    : null;
  // The stage before the guard, as always: body handles (and so the solver's order) stay.
  const scenery = new SceneStage(rapier, world, stage, sounds, (topY) => fallGuard.setTop(topY));
  const fallGuard = new FallGuard(rapier, world, FALL_GUARD_Y);
  const stiffness =
    options.stiffnessMethod === 'pd-torque'
      ? new PdTorqueStiffness()
      : new MotorStiffness(rapier, world);
  const grab = new Grab(rapier, world);
  const pins = new Pins(rapier);
  const contents = new SceneContents();
  const rest = options.sceneRest === false ? null : new SceneRest();
  const motions = new MotionFigures(
    rapier,
    world,
    { take: (doll) => stiffness.removeDoll(doll), release: (doll) => stiffness.addDoll(doll) },
    options.balanceAssist,
  );
  return {
    rapier,
    world,
    stage,
    stageColliders: scenery.colliders,
    scenery,
    contents,
    links: new SandboxLinks(rapier, world, contents.registry, sounds, FIXED_STEP),
    stiffness,
    motions,
    grab,
    pins,
    sounds,
    random: createSeededRandom(options.seed ?? 1),
    restoredSleep: new RestoredSleep(world, rest),
    held: heldBodies(grab, pins),
    rest,
    fallGuard,
    onFell,
  };
}

/** What the joint checks leave alone: the grabbed body and the pinned ones. */
function heldBodies(grab: Grab, pins: Pins): HeldBodies {
  return {
    get grabbed() {
      return grab.body;
    },
    isPinned: (handle) => pins.has(handle),
    get pinCount() {
      return pins.handles.length;
    },
  };
}
