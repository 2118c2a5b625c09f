import type { DollSpec } from './doll-spec';
import type { FigureEntry } from './figure-table';
import { figureEntryOf } from './figure-table';
import { JointProjection } from './joint-projection';
import { LimitProjection, limitsAreHinges } from './limit-projection';
import type { MmdBodiesOptions } from './mmd/mmd-bodies';
import { MmdBodies } from './mmd/mmd-bodies';
import type { MmdPhysicsSpec } from './mmd/mmd-physics-spec';
import { PART_SOLVER_GROUPS } from './mmd/interaction-groups';
import { Ragdoll } from './ragdoll';
import type { RapierApi, World } from './rapier-api';
import { DROP_HEIGHT, FIXED_STEP } from './sandbox-settings';
import { giveFullIterations } from './solver-iterations';
import { quat, vec3 } from './vector-math';

/**
 * Seconds an MMD figure's joints are still checked by the joint projection after its root has
 * slowed (1 s on other figures): it settles on the world's few solver iterations, so its arms
 * land late (docs/physics.md#projection-measurements).
 */
export const MMD_PROJECTION_AFTER_S = 2;

/** A ragdoll in the scene. */
export interface Figure {
  /** Unique within the sandbox; never reused. */
  readonly id: number;
  readonly ragdoll: Ragdoll;
  /**
   * The model's own rigid bodies and joints (MMD hair, skirts), when it was added with them.
   * Read a body's pose for its bone with `figure.mmd.readBody(index, position, rotation)`.
   */
  readonly mmd: MmdBodies | null;
  /** (x, z) of its slot, metres. */
  readonly slot: readonly [number, number];
}

/**
 * A figure, or its id (see `FigureTable`): what the sandbox's figure methods take, so a caller
 * that holds only the table's plain data can name a figure without its live record.
 */
export type FigureRef = Figure | number;

/** What `Sandbox.addFigure` may add to the ragdoll. */
export interface AddFigureOptions {
  /** The model's own rigid bodies and joints, run beside the ragdoll. */
  readonly mmd?: MmdPhysicsSpec;
  /** How they run (spring model, mass share; defaults for the app), for measurements. */
  readonly mmdOptions?: MmdBodiesOptions;
}

/**
 * Everything the sandbox runs for one figure, in one record: the figure itself and the joint
 * checks that belong to it. Made and disposed together, so adding a per-figure part means
 * adding a field here, not another list kept in step. Every figure is also a member of the
 * still-scene sleep (`mmd/scene-rest.ts`), through `SceneContents.restMembers`.
 */
export interface FigureRuntime {
  readonly figure: Figure;
  /** The figure as plain data, for the figure table (`SceneContents.figureTable`). */
  readonly entry: FigureEntry;
  /** Puts parts back onto joints that came apart in a step; null while it is switched off. */
  readonly joints: JointProjection | null;
  /**
   * Turns limbs carried past a hinge's limit back onto it; null while switched off, on figures
   * with MMD bodies, and on figures with a limit that is not a hinge (or none).
   */
  readonly limits: LimitProjection | null;
}

/** Which of a figure's joint checks the sandbox runs (`SandboxOptions`). */
export interface FigureChecks {
  readonly jointProjection: boolean;
  readonly limitProjection: boolean;
}

/**
 * Builds a figure from `spec` at `slot`, {@link DROP_HEIGHT} up in its rest pose, with its MMD
 * bodies when `options.mmd` is given, and its joint checks. The specs must have been validated.
 */
export function createFigureRuntime(
  rapier: RapierApi,
  world: World,
  id: number,
  spec: DollSpec,
  slot: readonly [number, number],
  options: AddFigureOptions,
  checks: FigureChecks,
): FigureRuntime {
  const ragdoll = new Ragdoll(rapier, world, spec, {
    position: vec3(slot[0], DROP_HEIGHT, slot[1]),
    rotation: quat(),
  });
  const mmd = options.mmd
    ? new MmdBodies(rapier, world, options.mmd, ragdoll, options.mmdOptions)
    : null;
  const figure: Figure = { id, ragdoll, mmd, slot };
  // On MMD figures too, carrying the hair and skirt bodies hanging from a moved part: it keeps
  // their landings closed (docs/physics.md#projection-measurements).
  const joints = checks.jointProjection
    ? new JointProjection(
        ragdoll,
        FIXED_STEP,
        mmd ? { carried: mmd.hangingFromParts, afterSeconds: MMD_PROJECTION_AFTER_S } : {},
      )
    : null;
  // Not the angle-limit projection on MMD figures: turning a part without the bodies hanging
  // from it leaves them strained (docs/physics.md#projection-measurements).
  // Only figures whose limits are all hinges (see `limitsAreHinges`).
  const projectsLimits = checks.limitProjection && !mmd && limitsAreHinges(ragdoll);
  // Checked after the joints in each step: reuses their rotation reads when they made any.
  const limits = projectsLimits ? new LimitProjection(ragdoll, FIXED_STEP, joints) : null;
  for (const part of ragdoll.parts) part.collider.setSolverGroups(PART_SOLVER_GROUPS);
  // A figure with MMD bodies sets its own island's iterations (`MmdBodies.limitSpeeds`).
  if (!mmd) giveFullIterations(ragdoll.parts.map((part) => part.body));
  return { figure, entry: figureEntryOf(figure), joints, limits: limits?.watches ? limits : null };
}

/** Frees a figure's bodies and joints (its MMD bodies first: they are joined to its parts). */
export function disposeFigureRuntime(runtime: FigureRuntime): void {
  runtime.figure.mmd?.dispose();
  runtime.figure.ragdoll.dispose();
}
