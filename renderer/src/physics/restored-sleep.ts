import type { RigidBody, World } from './rapier-api';
import { forEachRestBody } from './mmd/rest-figure-bodies';
import type { RestFigure } from './mmd/rest-figure-bodies';
import type { SceneRest } from './mmd/scene-rest';

/**
 * Bodies put back asleep (a preset, Undo, the end of a clip export), put to sleep again right
 * after the next world step:
 * Rapier wakes a sleeping body whose position was set, or that starts touching something,
 * in the next step, and a restored body is both; put to sleep after that step it stays
 * asleep (it leaves Rapier's active set in the step after, so it moves at most two steps'
 * fall from where it was put: under 1 mm). A ball put to sleep where it rests on a new
 * floor is awake after the first step, and asleep for good when put to sleep after it.
 * Measurements: docs/physics.md ("A scene put back asleep stays asleep").
 */
export class RestoredSleep {
  private readonly bodies: RigidBody[] = [];

  /**
   * `rest`: the still-scene sleep, told when an MMD figure was put back asleep so it watches
   * for a figure Rapier wakes only in part (`mmd/split-wake.ts`); null when it is off.
   */
  constructor(
    private readonly world: World,
    private readonly rest: SceneRest | null,
  ) {}

  /** How many bodies wait to be put to sleep after the next step. */
  get pending(): number {
    return this.bodies.length;
  }

  /** Puts `body` to sleep again after the next step. */
  add(body: RigidBody): void {
    this.bodies.push(body);
  }

  /** Adds those of the member's bodies that are asleep now (see {@link forEachRestBody}). */
  addAsleep(member: RestFigure): void {
    const before = this.bodies.length;
    forEachRestBody(member, (body) => {
      if (body.isSleeping()) this.bodies.push(body);
    });
    if (member.mmd && this.bodies.length > before) this.rest?.noteSleptByHand();
  }

  /** Call right after the world step: puts the waiting bodies still in the world to sleep. */
  afterWorldStep(): void {
    const bodies = this.bodies;
    if (bodies.length === 0) return;
    for (let i = 0; i < bodies.length; i++) {
      const body = bodies[i]!;
      if (this.world.getRigidBody(body.handle) === body) body.sleep();
    }
    bodies.length = 0;
  }
}
