import type { RigidBody } from '../rapier-api';
import type { RestFigure } from './rest-figure-bodies';
import { forEachRestBody } from './rest-figure-bodies';

/**
 * Steps (2 s of 1/120 s) during which every body of every figure is checked after the scene
 * was put to sleep or a figure's root fell asleep or woke. The splits seen came in the step
 * right after `SceneRest` put the scene to sleep.
 */
export const SPLIT_WATCH_STEPS = 240;

/**
 * Wakes every figure when Rapier woke one only in part. A figure's ragdoll parts and MMD
 * dynamic bodies are one island (their joints tie them) and should wake as a unit; after
 * `SceneRest` put a scene to sleep body by body, Rapier sometimes woke a part or two and left
 * the rest asleep, and the woken parts fell through the floor their sleeping neighbours no
 * longer held until the figure tore apart. Waking the rest makes the island whole again: it
 * lies back down and sleeps again later. Measurements: docs/physics.md#split-wake.
 *
 * Reading every body's sleep flag makes one small object in Rapier's bindings per body, so
 * nothing is read until `SceneRest` has put the scene to sleep by hand (Rapier's own sleep keeps
 * islands whole); then one flag per figure each step, and every body's for
 * {@link SPLIT_WATCH_STEPS} after the scene was put to sleep or any figure's root fell asleep
 * or woke. Once every root is awake and the window has run out, it reads nothing again.
 */
export class SplitWakeWatch {
  private watchSteps = 0;
  private rootsAsleep = -1;
  private sleptByHand = false;

  /** The scene was just put to sleep body by body: check it for the next steps. */
  watch(): void {
    this.sleptByHand = true;
    this.watchSteps = SPLIT_WATCH_STEPS;
  }

  /**
   * Call after each step. Allocates nothing of its own.
   * @returns how many figures were split (every figure was woken then)
   */
  update(figures: readonly RestFigure[]): number {
    if (!this.sleptByHand) return 0;
    const rootsAsleep = countRootsAsleep(figures);
    if (rootsAsleep === 0 && this.watchSteps === 0) {
      this.sleptByHand = false;
      this.rootsAsleep = -1;
      return 0;
    }
    if (rootsAsleep !== this.rootsAsleep) {
      this.rootsAsleep = rootsAsleep;
      this.watchSteps = SPLIT_WATCH_STEPS;
    }
    if (this.watchSteps === 0) return 0;
    this.watchSteps--;
    return wakeSplitFigures(figures);
  }
}

/**
 * When some figure's parts or MMD dynamic bodies sleep while others do not, wakes every figure:
 * figures lying on each other share an island, so the split may run across them (a pile blew
 * up when two bodies of one figure woke alone), and `SceneRest` put them to sleep all together
 * in the first place.
 * @returns how many figures were split
 */
export function wakeSplitFigures(figures: readonly RestFigure[]): number {
  let split = 0;
  for (let f = 0; f < figures.length; f++) if (isSplit(figures[f]!)) split++;
  if (split > 0) for (let f = 0; f < figures.length; f++) wakeFigure(figures[f]!);
  return split;
}

function countRootsAsleep(figures: readonly RestFigure[]): number {
  let asleep = 0;
  for (let f = 0; f < figures.length; f++) if (figures[f]!.ragdoll.root.body.isSleeping()) asleep++;
  return asleep;
}

/** True when some of the figure's parts or MMD dynamic bodies sleep and others do not. */
function isSplit(figure: RestFigure): boolean {
  const parts = figure.ragdoll.parts;
  const asleep = parts[0]!.body.isSleeping();
  for (let i = 1; i < parts.length; i++) if (parts[i]!.body.isSleeping() !== asleep) return true;
  const bodies = figure.mmd?.bodies;
  if (!bodies) return false;
  for (let i = 0; i < bodies.length; i++) {
    const mmd = bodies[i]!;
    if (mmd.spec.motion !== 'follow' && mmd.body.isSleeping() !== asleep) return true;
  }
  return false;
}

function wakeFigure(figure: RestFigure): void {
  forEachRestBody(figure, wakeBody);
}

function wakeBody(body: RigidBody): void {
  body.wakeUp();
}
