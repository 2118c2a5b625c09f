import type { Ragdoll } from '../ragdoll';
import type { RapierApi, RigidBody, World } from '../rapier-api';
import type { BalanceAssistKind } from './balance-pin';
import type { DollMotion } from './doll-motion';
import { FigureMotion } from './figure-motion';
import type { FigureMotionState } from './figure-motion-state';
import type { MotorOwnership } from './motor-ownership';
import type { MuscleGains } from './muscle';
import { MUSCLE_DEFAULT, clampMuscle, muscleGains } from './muscle';

/**
 * Every figure playing a motion, and the settings they share: MUSCLE, GET UP, play/pause.
 * The sandbox calls {@link beforeStep} and {@link afterStep} around each world step.
 */
export class MotionFigures {
  private readonly byDoll = new Map<Ragdoll, FigureMotion>();
  /** The same controllers as a list, so the step loops allocate no iterator. */
  private readonly list: FigureMotion[] = [];
  private muscleValue = MUSCLE_DEFAULT;
  private gains: MuscleGains = muscleGains(MUSCLE_DEFAULT);
  private getUp = true;
  private playing = true;

  constructor(
    private readonly rapier: RapierApi,
    private readonly world: World,
    private readonly motors: MotorOwnership,
    private readonly pinKind: BalanceAssistKind = 'pin',
  ) {}

  get muscle(): number {
    return this.muscleValue;
  }

  setMuscle(value: number): void {
    this.muscleValue = clampMuscle(value);
    this.gains = muscleGains(this.muscleValue);
    for (const figure of this.list) figure.setGains(this.gains);
  }

  get getUpEnabled(): boolean {
    return this.getUp;
  }

  setGetUpEnabled(on: boolean): void {
    this.getUp = on;
  }

  get motionPlaying(): boolean {
    return this.playing;
  }

  setMotionPlaying(playing: boolean): void {
    this.playing = playing;
  }

  /**
   * Plays `motion` on `doll` from `startTime` seconds, or (null) makes it passive again.
   * `carriedBodies` (an MMD model's hair and skirts) add to the load the joints are tuned for.
   */
  set(
    doll: Ragdoll,
    motion: DollMotion | null,
    startTime: number,
    carriedBodies: readonly RigidBody[] = [],
  ): void {
    this.remove(doll);
    if (!motion) return;
    const figure = new FigureMotion(
      this.rapier,
      this.world,
      doll,
      motion,
      startTime,
      this.motors,
      carriedBodies,
      this.pinKind,
    );
    this.byDoll.set(doll, figure);
    this.list.push(figure);
  }

  /** Stops driving `doll` (it is removed, or goes passive). */
  remove(doll: Ragdoll): void {
    const figure = this.byDoll.get(doll);
    if (!figure) return;
    figure.dispose();
    this.byDoll.delete(doll);
    this.list.splice(this.list.indexOf(figure), 1);
  }

  state(doll: Ragdoll): FigureMotionState {
    return this.byDoll.get(doll)?.state ?? 'passive';
  }

  time(doll: Ragdoll): number {
    return this.byDoll.get(doll)?.time ?? 0;
  }

  /** The controller of a doll playing a motion (for measurements), or undefined. */
  figureOf(doll: Ragdoll): FigureMotion | undefined {
    return this.byDoll.get(doll);
  }

  /** A hit the sandbox knows of (BLAST, a grab): `doll` goes limp if it plays a motion. */
  knockDown(doll: Ragdoll): void {
    this.byDoll.get(doll)?.knockDown();
  }

  /** `doll` was put somewhere new (DROP, RESET, a preset): it starts its motion afresh. */
  replaced(doll: Ragdoll): void {
    this.byDoll.get(doll)?.restart();
  }

  beforeStep(dt: number): void {
    for (let i = 0; i < this.list.length; i++)
      this.list[i]!.beforeStep(dt, this.playing, this.gains);
  }

  afterStep(dt: number): void {
    for (let i = 0; i < this.list.length; i++) this.list[i]!.afterStep(dt, this.getUp, this.gains);
  }

  /** Removes every pin. */
  dispose(): void {
    for (const figure of this.list) figure.dispose();
    this.list.length = 0;
    this.byDoll.clear();
  }
}
