import type { Ragdoll } from '../ragdoll';
import type { RigidBody } from '../rapier-api';
import { vec3 } from '../vector-math';
import type { MmdBody } from './mmd-body';

/**
 * The scene lies still when every awake ragdoll part is slower than this (m/s) for
 * {@link REST_STEPS} steps in a row.
 */
export const REST_PART_SPEED = 0.05;

/** 2 s of the sandbox's 1/120 s steps: Rapier's own time before a still body sleeps. */
export const REST_STEPS = 240;

/**
 * The fastest an MMD dynamic body may be (m/s) for the still scene to be put to sleep: above
 * it the body is swinging for real; below it, it is the solver's residual chatter.
 */
export const REST_BODY_SPEED = 0.5;

/** What {@link SceneRest} reads of a figure. */
export interface RestFigure {
  readonly ragdoll: Ragdoll;
  readonly mmd: { readonly bodies: readonly MmdBody[] } | null;
}

const velocity = vec3();

/**
 * Puts a scene of MMD figures lying still to sleep, all of it at once. Rapier alone never
 * does: hair held in narrow joint limits (a degree or two, common in MMD files) chatters
 * between them at 1-6 rad/s while moving only millimetres, above Rapier's fixed angular sleep
 * threshold, and one awake body keeps its island (the figure, and every figure it touches)
 * awake. Bullet, which MMD models are made for, deactivates such bodies on looser thresholds.
 *
 * All at once, because bodies touching each other form one island in Rapier: putting one
 * figure to sleep while a neighbour it lies on stays awake flung the neighbour (8-10 m/s,
 * six mokou_B lying side by side). Rapier wakes the sleepers on any contact, grab or blast.
 * Measurements: docs/physics.md.
 */
export class SceneRest {
  private stillSteps = 0;

  /**
   * Call after each step. `passive`: no figure follows a motion (a motion keeps its figure
   * moving). Reads one velocity per awake ragdoll part per step, the MMD bodies' once the
   * parts have been still for {@link REST_STEPS}; nothing of its own is allocated (each of
   * Rapier's velocity reads makes a small binding object), and nothing is read without MMD figures.
   * @returns true when it put the scene to sleep
   */
  update(
    figures: readonly RestFigure[],
    props: readonly { readonly body: RigidBody }[],
    passive: boolean,
  ): boolean {
    // Only MMD hair chatters; without it Rapier puts still figures to sleep by itself, and the
    // velocity reads below (each a small object from Rapier's bindings) are skipped.
    if (!passive || !anyMmd(figures) || !this.partsStill(figures) || anyAwake(props)) {
      this.stillSteps = 0;
      return false;
    }
    this.stillSteps++;
    if (this.stillSteps < REST_STEPS || !mmdBodiesCalm(figures)) return false;
    this.stillSteps = 0;
    for (let f = 0; f < figures.length; f++) sleepFigure(figures[f]!);
    return true;
  }

  /** True when some figure with MMD bodies is awake and every awake part is slower than {@link REST_PART_SPEED}. */
  private partsStill(figures: readonly RestFigure[]): boolean {
    let awakeMmd = false;
    for (let f = 0; f < figures.length; f++) {
      const figure = figures[f]!;
      const parts = figure.ragdoll.parts;
      for (let i = 0; i < parts.length; i++) {
        const body = parts[i]!.body;
        if (body.isSleeping()) continue;
        if (figure.mmd) awakeMmd = true;
        const v = body.linvel(velocity);
        if (v.x * v.x + v.y * v.y + v.z * v.z >= REST_PART_SPEED * REST_PART_SPEED) return false;
      }
    }
    return awakeMmd;
  }
}

function anyMmd(figures: readonly RestFigure[]): boolean {
  for (let f = 0; f < figures.length; f++) if (figures[f]!.mmd) return true;
  return false;
}

function anyAwake(props: readonly { readonly body: RigidBody }[]): boolean {
  for (let i = 0; i < props.length; i++) if (!props[i]!.body.isSleeping()) return true;
  return false;
}

function mmdBodiesCalm(figures: readonly RestFigure[]): boolean {
  for (let f = 0; f < figures.length; f++) {
    const bodies = figures[f]!.mmd?.bodies;
    if (!bodies) continue;
    for (let i = 0; i < bodies.length; i++) {
      const mmd = bodies[i]!;
      if (mmd.spec.motion === 'follow' || mmd.body.isSleeping()) continue;
      const v = mmd.body.linvel(velocity);
      if (v.x * v.x + v.y * v.y + v.z * v.z > REST_BODY_SPEED * REST_BODY_SPEED) return false;
    }
  }
  return true;
}

/** Puts the figure's parts and MMD dynamic bodies to sleep (Rapier zeroes their velocities). */
function sleepFigure(figure: RestFigure): void {
  const parts = figure.ragdoll.parts;
  for (let i = 0; i < parts.length; i++) parts[i]!.body.sleep();
  const bodies = figure.mmd?.bodies;
  if (!bodies) return;
  for (let i = 0; i < bodies.length; i++)
    if (bodies[i]!.spec.motion !== 'follow') bodies[i]!.body.sleep();
}
