import type { RigidBody } from '../rapier-api';
import type { RestFigure } from './rest-figure-bodies';
import { forEachRestBody } from './rest-figure-bodies';
import { SplitWakeWatch } from './split-wake';
import { SwingWindow } from './swing-window';

/**
 * The scene lies still when no ragdoll part has moved more than this (metres, along any axis)
 * within a window, for {@link REST_STEPS} steps in a row. Distance, not speed: parts lying on
 * chattering hair are nudged faster than Rapier's sleep speed while going nowhere, and a
 * smaller distance left piles of figures awake for good. Measurements: docs/physics.md#scene-rest.
 */
export const REST_PART_SWEEP = 0.05;

/** 2 s of the sandbox's 1/120 s steps: Rapier's own time before a still body sleeps. */
export const REST_STEPS = 240;

/**
 * Every this many steps (0.1 s) each ragdoll part's and MMD dynamic body's position is read
 * once (they take turns, a twelfth of them each step). A swing slower than about 3 Hz is still
 * seen; reading everything every step would make one of Rapier's binding objects per body per
 * step.
 */
export const REST_SAMPLE_STEPS = 12;

/** The window (steps, 1 s) over which each MMD body's sweep is judged. */
export const REST_WINDOW_STEPS = 120;

/**
 * The most an MMD dynamic body may sweep along any axis within one window (metres) for the
 * still scene to be put to sleep: above what hair chattering in its joint limits sweeps, below
 * what a slow swing does (speed alone cannot tell the two apart). Measurements:
 * docs/physics.md#scene-rest.
 */
export const REST_SWEEP = 0.01;

/**
 * A body whose sweep shrank below this share of the window before is a swing dying out, and
 * keeps the scene awake until it is under {@link REST_SWEEP}: a damped swing shrinks from one
 * second to the next, chatter wanders. Measurements: docs/physics.md#scene-rest.
 */
export const REST_SWING_DECAY = 0.9;

/**
 * Puts a scene of MMD figures lying still to sleep, all of it at once. Rapier alone never
 * does: hair held in narrow joint limits chatters between them faster than Rapier's fixed
 * angular sleep threshold while moving only millimetres, and one awake body keeps its island
 * awake. Bullet, which MMD models are made for, deactivates such bodies on looser thresholds.
 *
 * Chatter is told from a slow swing by how far each body moves over a second, not by its
 * speed: a body that sweeps less than {@link REST_SWEEP} is calm, and so is one whose sweep does
 * not shrink from one second to the next ({@link REST_SWING_DECAY}): a real swing is damped and
 * dies out, the solver's chatter goes on. So a slowly swinging chain keeps swinging until its
 * own springs and damping have calmed it.
 *
 * All at once, because bodies touching each other form one island in Rapier: putting one
 * figure to sleep while a neighbour it lies on stays awake flung the neighbour. Rapier wakes
 * the sleepers on any contact, grab or blast. Measurements: docs/physics.md#scene-rest.
 */
export class SceneRest {
  private stillSteps = 0;
  private readonly parts = new SwingWindow();
  private readonly bodies = new SwingWindow();
  private readonly splitWatch = new SplitWakeWatch();

  /**
   * Call after each step. First, for a while after the scene was put to sleep, wakes every
   * figure if Rapier woke one only in part (`split-wake.ts`). `passive`: no figure follows a
   * motion (a motion keeps its figure moving). Nothing is read without an awake MMD figure, or while an awake MMD figure's
   * ragdoll is not settling (a part faster than `SETTLE_SPEED` is no still scene); otherwise
   * each step reads the position of a twelfth of the ragdoll parts and of the MMD dynamic
   * bodies (each read makes one small view in Rapier's bindings; nothing of its own is
   * allocated).
   * @returns true when it put the scene to sleep
   */
  update(
    figures: readonly RestFigure[],
    props: readonly { readonly body: RigidBody }[],
    passive: boolean,
  ): boolean {
    this.splitWatch.update(figures);
    if (!passive || !anyAwakeMmd(figures) || anyUnsettled(figures) || anyAwake(props))
      return this.restart(0, 0);
    const phase = this.stillSteps % REST_SAMPLE_STEPS;
    const partCount = this.sampleParts(figures, phase);
    const bodyCount = this.sampleBodies(figures, phase);
    if (partCount !== this.parts.size || bodyCount !== this.bodies.size)
      return this.restart(partCount, bodyCount);
    this.stillSteps++;
    if (this.stillSteps % REST_WINDOW_STEPS !== 0) return false;
    // The ragdoll must lie still (Infinity: no swing allowance); the hair may swing out.
    if (!this.parts.close(REST_PART_SWEEP, Infinity)) return this.restart(partCount, bodyCount);
    const calm = this.bodies.close(REST_SWEEP, REST_SWING_DECAY);
    if (!calm || this.stillSteps < REST_STEPS) return false;
    this.restart(partCount, bodyCount);
    for (let f = 0; f < figures.length; f++) sleepFigure(figures[f]!);
    this.splitWatch.watch();
    return true;
  }

  /**
   * Bodies were put to sleep one by one outside this class (a preset restored a scene that
   * slept): watches for a figure that Rapier wakes only in part, as after its own sleep.
   */
  noteSleptByHand(): void {
    this.splitWatch.watch();
  }

  private restart(partCount: number, bodyCount: number): false {
    this.stillSteps = 0;
    this.parts.reset(partCount);
    this.bodies.reset(bodyCount);
    return false;
  }

  /** Samples the awake ragdoll parts whose turn it is; returns how many parts there are. */
  private sampleParts(figures: readonly RestFigure[], phase: number): number {
    const window = this.parts;
    let index = 0;
    for (let f = 0; f < figures.length; f++) {
      const parts = figures[f]!.ragdoll.parts;
      for (let i = 0; i < parts.length; i++, index++) {
        if (index % REST_SAMPLE_STEPS !== phase || index >= window.size) continue;
        const body = parts[i]!.body;
        if (!body.isSleeping()) window.sample(index, body);
      }
    }
    return index;
  }

  /**
   * Samples the awake MMD dynamic bodies whose turn it is (`phase`, see
   * {@link REST_SAMPLE_STEPS}); returns how many dynamic bodies there are in all.
   */
  private sampleBodies(figures: readonly RestFigure[], phase: number): number {
    const window = this.bodies;
    let index = 0;
    for (let f = 0; f < figures.length; f++) {
      const bodies = figures[f]!.mmd?.bodies;
      if (!bodies) continue;
      for (let i = 0; i < bodies.length; i++) {
        const mmd = bodies[i]!;
        if (mmd.spec.motion === 'follow') continue;
        if (index % REST_SAMPLE_STEPS === phase && index < window.size && !mmd.body.isSleeping())
          window.sample(index, mmd.body);
        index++;
      }
    }
    return index;
  }
}

/** True when some figure with MMD bodies has an awake root part (its island is awake). */
function anyAwakeMmd(figures: readonly RestFigure[]): boolean {
  for (let f = 0; f < figures.length; f++) {
    const figure = figures[f]!;
    if (figure.mmd && !figure.ragdoll.root.body.isSleeping()) return true;
  }
  return false;
}

/** True when an awake MMD figure's ragdoll moves (not settling); its parts' speeds are read anyway. */
function anyUnsettled(figures: readonly RestFigure[]): boolean {
  for (let f = 0; f < figures.length; f++) {
    const figure = figures[f]!;
    if (figure.mmd && !figure.mmd.isSettling && !figure.ragdoll.root.body.isSleeping()) return true;
  }
  return false;
}

function anyAwake(props: readonly { readonly body: RigidBody }[]): boolean {
  for (let i = 0; i < props.length; i++) if (!props[i]!.body.isSleeping()) return true;
  return false;
}

/** Puts the figure's parts and MMD dynamic bodies to sleep (Rapier zeroes their velocities). */
function sleepFigure(figure: RestFigure): void {
  forEachRestBody(figure, sleepBody);
}

function sleepBody(body: RigidBody): void {
  body.sleep();
}
