import type { Collider, RapierApi, RigidBody, World } from './rapier-api';
import type { SimBody } from './body-registry';
import { BodyRegistry } from './body-registry';
import { PROP_BLAST_RADIUS, blastBody, randomSpin } from './blast';
import { blastDoll } from './doll-blast';
import { BOX_DOLL } from './box-doll';
import type { DollSpec } from './doll-spec';
import { reachBelowCenter, validateDollSpec } from './doll-spec';
import type { BodyState } from './body-state';
import { anyAsleep, captureBodyState, isFiniteBodyState, restoreBodyState } from './body-state';
import { FALL_GUARD_INTERVAL_STEPS, FallGuard } from './fall-guard';
import { Grab } from './grab';
import type { HeldBodies } from './joint-projection';
import { JointProjection } from './joint-projection';
import { LimitProjection, limitsAreHinges } from './limit-projection';
import type { Measurements } from './measurements';
import { countNonFinite, maxJointGap, maxLinearSpeed, meanPoseDeviation } from './measurements';
import { monotonicNowMs } from './monotonic-clock';
import { MotorStiffness } from './motor-stiffness';
import { PdTorqueStiffness } from './pd-torque-stiffness';
import type { PropKind } from './props';
import { MAX_PROPS, PROP_DROP_HEIGHT, PROP_SPECS } from './props';
import { Ragdoll } from './ragdoll';
import { colliderDescForShape } from './shape-collider';
import type { RandomSource } from './seeded-random';
import { createSeededRandom } from './seeded-random';
import type { StageLayout } from './stage';
import { buildStage, stageLayout } from './stage';
import type { StiffnessDriver, StiffnessMethod } from './stiffness';
import { clampStiffness } from './stiffness';
import type { QuatLike, Vec3Like } from './vector-math';
import { quat, quatFromAxisAngle, vec3 } from './vector-math';
import type { MmdBodiesOptions } from './mmd/mmd-bodies';
import { MmdBodies } from './mmd/mmd-bodies';
import type { MmdPhysicsSpec } from './mmd/mmd-physics-spec';
import { validateMmdPhysicsSpec } from './mmd/validate-mmd-physics-spec';
import { OTHER_SOLVER_GROUPS, PART_SOLVER_GROUPS } from './mmd/interaction-groups';
import type { BalanceAssistKind } from './motion/balance-pin';
import { SceneRest } from './mmd/scene-rest';
import { forEachRestBody } from './mmd/rest-figure-bodies';
import type { DollMotion } from './motion/doll-motion';
import type { FigureMotionState } from './motion/figure-motion-state';
import { MotionFigures } from './motion/motion-figures';
import { Pins } from './pins';
import type { ModelPropSpec } from './model-prop';
import { ModelProp } from './model-prop';
import { modelPropPlacement } from './model-prop-placement';
import { modelPropDropPlacement } from './model-prop-drop';
import { castRayOntoStage } from './stage-ray';
import type { RestFigure } from './mmd/scene-rest';
import { WORLD_SOLVER_ITERATIONS, giveFullIterations } from './solver-iterations';
import type { ImpactMaterial } from './sound/impact-sounds';
import { ImpactSounds } from './sound/impact-sounds';
import { SoundRequestRing } from './sound/sound-requests';

/** Fixed physics step, seconds. */
export const FIXED_STEP = 1 / 120;
/** At most this many steps per frame; time beyond it is dropped, not caught up. */
export const MAX_STEPS_PER_FRAME = 8;
export { SOLVER_ITERATIONS, WORLD_SOLVER_ITERATIONS } from './solver-iterations';
/** At most this many figures at once. */
export const MAX_FIGURES = 6;
/** A doll whose root falls below this height (metres) is dropped again; a prop is removed. */
export const FALL_GUARD_Y = -15;
/** DROP puts each doll's origin (hip height) this high above the floor, in metres. */
export const DROP_HEIGHT = 2.2;
/** TIME scale range: 0.1 is ten times slower than real time. */
export const TIME_SCALE_MIN = 0.1;
export const TIME_SCALE_MAX = 1;
/** Earth gravity, m/s². */
export const GRAVITY = -9.81;
/** GRAVITY slider range, in g (1 = Earth, 0 = floating). */
export const GRAVITY_SCALE_MIN = 0;
export const GRAVITY_SCALE_MAX = 2;

/**
 * Seconds an MMD figure's joints are still checked by the joint projection after its root has
 * slowed (1 s on other figures): it settles on the world's few solver iterations
 * (`solver-iterations.ts`), and its arms land late, opening 11-12 mm 1.9-2.6 s after a DROP
 * (mokou_A, mokou_B) when watched only 1 s.
 */
export const MMD_PROJECTION_AFTER_S = 2;

/**
 * Steps after a blast in which every figure's joints are checked, however slowly its root
 * flies: each part's own spin opens joints in the first steps (a generated chibi's hand by
 * 11 mm at BLAST 16 before the joint projection's idle check looked).
 */
const BLAST_CHECK_STEPS = 12;

/** Where the app's six figures stand: (x, z) in metres, clear of the stairs, slope and wall. */
const FIGURE_SLOTS: readonly (readonly [number, number])[] = [
  [0, 0],
  [0.8, 0],
  [-0.8, 0],
  [0, 1],
  [0.8, 1],
  [-0.8, 1],
];

/**
 * The slot of the i-th figure: the six above, then (for load tests with more figures)
 * rows of seven, 0.8 m apart, further toward +Z.
 */
export function figureSlot(index: number): readonly [number, number] {
  if (index < FIGURE_SLOTS.length) return FIGURE_SLOTS[index]!;
  const extra = index - FIGURE_SLOTS.length;
  return [((extra % 7) - 3) * 0.8, 2 + Math.floor(extra / 7)];
}

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

/** What {@link Sandbox.addFigure} may add to the ragdoll. */
export interface AddFigureOptions {
  /** The model's own rigid bodies and joints, run beside the ragdoll. */
  readonly mmd?: MmdPhysicsSpec;
  /** How they run (spring model, mass share; defaults for the app), for measurements. */
  readonly mmdOptions?: MmdBodiesOptions;
}

/** A ball or box in the scene. */
export interface Prop {
  readonly id: number;
  readonly kind: PropKind;
  readonly body: RigidBody;
  readonly collider: Collider;
}

export interface SandboxOptions {
  /** STIFFNESS 0..100 (default 50). */
  readonly stiffness?: number;
  /** TIME scale 0.1..1 (default 1). */
  readonly timeScale?: number;
  /** Seed for drops and blasts, so runs are reproducible (default 1). */
  readonly seed?: number;
  /** How joints are pulled to rest (default `motor`, the measured better one). */
  readonly stiffnessMethod?: StiffnessMethod;
  /** Most figures at once (default 6, the app's limit; the simulator raises it to 50). */
  readonly maxFigures?: number;
  /**
   * What keeps figures playing a motion upright (default `pin`, the measured better one;
   * `pid` is Rapier's PidController, for the benchmark that compares them).
   */
  readonly balanceAssist?: BalanceAssistKind;
  /**
   * Whether a still scene of MMD figures is put to sleep whole (default true; see
   * `mmd/scene-rest.ts`). Off only where the rig's own springs and limits are under test.
   */
  readonly sceneRest?: boolean;
  /**
   * Whether a landing figure's parts are put back onto joints that came apart in a step
   * (default true; an MMD figure's hair and skirts are carried along; see
   * `joint-projection.ts`). Off only to measure what it does.
   */
  readonly jointProjection?: boolean;
  /**
   * Whether a limb carried past a joint's angle limit in a step is turned back onto it
   * (default true; figures with MMD bodies never; see `limit-projection.ts`). Off only to
   * measure what it does.
   */
  readonly limitProjection?: boolean;
  /**
   * Whether hits and blasts request sounds into {@link Sandbox.soundRequests} (default false:
   * the app turns it on; see `sound/impact-sounds.ts`).
   */
  readonly impactSounds?: boolean;
}

/** Everything {@link Sandbox.measure} reports, plus the counts. */
export interface SandboxReport extends Measurements {
  readonly figures: number;
  /** Balls, boxes and model props. */
  readonly props: number;
  readonly bodies: number;
  readonly steps: number;
  /** Mean wall time per fixed step of {@link Sandbox.run} since the last {@link Sandbox.resetTiming}, ms. */
  readonly msPerStep: number;
}

export type { SimBody, SimMmdBody } from './body-registry';

/** A request the sandbox cannot carry out; the message is for the user. */
export class SandboxError extends Error {
  override name = 'SandboxError';
}

const scratchPosition = vec3();
const scratchRotation = quat();
const upAxis = vec3(0, 1, 0);
const scratchSpin = vec3();

/**
 * The physics world and everything in it: stage, figures, props, grab, blast, STIFFNESS,
 * TIME and the fixed-step loop. One owner of the Rapier world; Rapier is passed in, and
 * nothing here knows about three.js or the DOM, so it runs the same in Node.
 */
export class Sandbox {
  readonly world: World;
  readonly stage: StageLayout;
  private readonly stageBodies: RigidBody[];
  /** The stage's colliders, one per box: what a drop is cast onto. */
  private readonly stageColliders: Collider[];
  private readonly stiffnessDriver: StiffnessDriver;
  private readonly grabber: Grab;
  private readonly random: RandomSource;
  private readonly figureList: Figure[] = [];
  private readonly propList: Prop[] = [];
  private readonly modelPropList: ModelProp[] = [];
  /** Figures and model props: what a still scene puts to sleep (kept in step, no per-step array). */
  private readonly restMembers: RestFigure[] = [];
  private readonly registry = new BodyRegistry<Figure | ModelProp, Prop>();
  private readonly fallGuard: FallGuard;
  private readonly onFell = (colliderHandle: number): void => {
    const owner = this.registry.ownerOf(colliderHandle);
    if (!owner) return;
    if (owner instanceof ModelProp) {
      this.removeModelProp(owner);
      return;
    }
    if (!('ragdoll' in owner)) {
      this.removeProp(owner);
      return;
    }
    // Every part of a fallen doll is reported; the first report already dropped it again.
    if (owner.ragdoll.root.body.translation(scratchPosition).y < FALL_GUARD_Y + 1) {
      this.dropFigure(owner);
    }
  };
  private nextId = 1;
  private accumulator = 0;
  private stiffnessValue: number;
  private timeScaleValue: number;
  private gravityScaleValue = 1;
  private stepCount = 0;
  private timedSteps = 0;
  private timedMs = 0;
  private disposed = false;
  private readonly maxFigures: number;
  private readonly motions: MotionFigures;
  private stepObserver: (() => void) | null = null;
  private readonly rest: SceneRest | null;
  private readonly pinSet: Pins;
  /** One per figure while {@link SandboxOptions.jointProjection} is on, in no particular order. */
  private readonly projections: JointProjection[] = [];
  /**
   * Bodies put back asleep (a preset, Undo, the end of a clip export), put to sleep again right
   * after the next world step:
   * Rapier wakes a sleeping body whose position was set, or that starts touching something,
   * in the next step, and a restored body is both; put to sleep after that step it stays
   * asleep (it leaves Rapier's active set in the step after, so it moves at most two steps'
   * fall from where it was put: under 1 mm). A ball put to sleep where it rests on a new
   * floor is awake after the first step, and asleep for good when put to sleep after it.
   */
  private readonly sleepAfterStep: RigidBody[] = [];
  private readonly projectJoints: boolean;
  /**
   * One per figure with a limited joint and no MMD bodies while
   * {@link SandboxOptions.limitProjection} is on.
   */
  private readonly limitProjections: LimitProjection[] = [];
  private readonly projectLimits: boolean;
  /** What the projections leave alone: the grabbed body and the pinned ones. */
  private readonly held: HeldBodies;
  /** Hits turned into sound requests, when {@link SandboxOptions.impactSounds} is on. */
  private readonly sounds: ImpactSounds | null;

  constructor(
    private readonly rapier: RapierApi,
    options: SandboxOptions = {},
  ) {
    this.world = new rapier.World(vec3(0, GRAVITY, 0));
    this.world.timestep = FIXED_STEP;
    // Passive MMD figures in motion get the world's count; every other island asks for the
    // full SOLVER_ITERATIONS itself (see `solver-iterations.ts`).
    this.world.numSolverIterations = WORLD_SOLVER_ITERATIONS;
    this.stage = stageLayout();
    this.stageBodies = buildStage(rapier, this.world, this.stage);
    this.stageColliders = this.stageBodies.map((body) => body.collider(0));
    for (const collider of this.stageColliders) collider.setSolverGroups(OTHER_SOLVER_GROUPS);
    this.sounds = options.impactSounds
      ? new ImpactSounds(rapier, new SoundRequestRing(), FIXED_STEP)
      : null;
    for (const collider of this.stageColliders) this.sounds?.register(collider, 'stage');
    this.random = createSeededRandom(options.seed ?? 1);
    this.stiffnessDriver =
      options.stiffnessMethod === 'pd-torque'
        ? new PdTorqueStiffness()
        : new MotorStiffness(rapier, this.world);
    this.stiffnessValue = clampStiffness(options.stiffness ?? 50);
    this.stiffnessDriver.setStiffness(this.stiffnessValue);
    this.timeScaleValue = clampTimeScale(options.timeScale ?? 1);
    this.grabber = new Grab(rapier, this.world);
    this.maxFigures = options.maxFigures ?? MAX_FIGURES;
    this.rest = options.sceneRest === false ? null : new SceneRest();
    this.projectJoints = options.jointProjection !== false;
    this.projectLimits = options.limitProjection !== false;
    this.fallGuard = new FallGuard(rapier, this.world, FALL_GUARD_Y);
    this.pinSet = new Pins(rapier);
    const pins = this.pinSet;
    const grabber = this.grabber;
    this.held = {
      get grabbed() {
        return grabber.body;
      },
      isPinned: (handle) => pins.has(handle),
      get pinCount() {
        return pins.handles.length;
      },
    };
    const stiffness = this.stiffnessDriver;
    this.motions = new MotionFigures(
      rapier,
      this.world,
      {
        take: (doll) => stiffness.removeDoll(doll),
        release: (doll) => stiffness.addDoll(doll),
      },
      options.balanceAssist,
    );
  }

  // ---- settings -------------------------------------------------------------------------

  get stiffness(): number {
    return this.stiffnessValue;
  }

  /** STIFFNESS 0..100; out-of-range values are clamped. */
  setStiffness(stiffness: number): void {
    this.stiffnessValue = clampStiffness(stiffness);
    this.stiffnessDriver.setStiffness(this.stiffnessValue);
  }

  get stiffnessMethod(): StiffnessMethod {
    return this.stiffnessDriver.method;
  }

  get timeScale(): number {
    return this.timeScaleValue;
  }

  /** TIME scale 0.1..1; out-of-range values are clamped. */
  setTimeScale(scale: number): void {
    this.timeScaleValue = clampTimeScale(scale);
  }

  /** GRAVITY in g: 1 is Earth's 9.81 m/s², 0 floats, 2 is twice as heavy. */
  get gravityScale(): number {
    return this.gravityScaleValue;
  }

  /**
   * GRAVITY in g, 0..2; out-of-range values are clamped. Wakes every body, since a sleeping
   * body would not notice that it should now fall (or float away).
   */
  setGravityScale(scale: number): void {
    const clamped = Number.isFinite(scale)
      ? Math.min(GRAVITY_SCALE_MAX, Math.max(GRAVITY_SCALE_MIN, scale))
      : 1;
    if (clamped === this.gravityScaleValue) return;
    this.gravityScaleValue = clamped;
    this.world.gravity = vec3(0, GRAVITY * clamped, 0);
    this.world.bodies.forEach((body) => {
      if (body.isDynamic()) body.wakeUp();
    });
  }

  // ---- pins -----------------------------------------------------------------------------

  /**
   * Pins the body with this handle (a figure's part or a prop) where it is now (see `Pins`),
   * so the rest of its figure still swings. An MMD body pins its ragdoll part. Grabbing a
   * pinned body moves the pin (see `Grab`). False when there is no such body.
   */
  pin(handle: number): boolean {
    const body = this.registry.grabTarget(handle);
    if (!body) return false;
    this.grabber.releaseIfHolding(body);
    this.pinSet.add(body);
    return true;
  }

  /** Unpins the body with this handle (an MMD body: its part); false when it was not pinned. */
  unpin(handle: number): boolean {
    const body = this.registry.grabTarget(handle);
    // A pinned body being moved by a grab would be left where the hand last put it.
    if (body && this.grabber.movesPin) this.grabber.releaseIfHolding(body);
    return this.pinSet.remove(body?.handle ?? handle);
  }

  /** Whether the body with this handle (an MMD body: its part) is pinned. */
  isPinned(handle: number): boolean {
    const body = this.registry.grabTarget(handle);
    return this.pinSet.has(body?.handle ?? handle);
  }

  /** The pinned bodies' handles, in the order they were pinned (a live list: copy to keep). */
  get pinnedHandles(): readonly number[] {
    return this.pinSet.handles;
  }

  /** Unpins every body. */
  clearPins(): void {
    if (this.grabber.movesPin) this.grabber.release();
    this.pinSet.clear();
  }

  // ---- motion ---------------------------------------------------------------------------

  /**
   * Plays `motion` (bound to this figure's spec) on a figure from `startTime` seconds, looped,
   * through the physics; `null` makes it a passive ragdoll again. A figure in the air falls
   * first; one lying or standing still starts by blending into the motion where it is.
   */
  setFigureMotion(figure: Figure, motion: DollMotion | null, startTime = 0): void {
    if (motion && !sameParts(motion.spec, figure.ragdoll.spec)) {
      throw new SandboxError(
        `The motion "${motion.name}" was made for "${motion.spec.name}", not "${figure.ragdoll.spec.name}".`,
      );
    }
    const carried = (figure.mmd?.bodies ?? [])
      .filter((body) => body.spec.motion !== 'follow')
      .map((body) => body.body);
    this.motions.set(figure.ragdoll, motion, startTime, carried);
  }

  /** MUSCLE 0..100 (default 100): how strongly joints follow the motion. */
  get muscle(): number {
    return this.motions.muscle;
  }

  /** MUSCLE 0..100; out-of-range values are clamped. */
  setMuscle(value: number): void {
    this.motions.setMuscle(value);
  }

  /** GET UP (default on): whether a knocked-down figure gets up again. */
  get getUpEnabled(): boolean {
    return this.motions.getUpEnabled;
  }

  setGetUpEnabled(on: boolean): void {
    this.motions.setGetUpEnabled(on);
  }

  /** Whether motions advance (default true); paused, figures hold the current pose. */
  get motionPlaying(): boolean {
    return this.motions.motionPlaying;
  }

  setMotionPlaying(playing: boolean): void {
    this.motions.setMotionPlaying(playing);
  }

  /** What a figure is doing with its motion ('passive' without one). */
  figureMotionState(figure: Figure): FigureMotionState {
    return this.motions.state(figure.ragdoll);
  }

  /** The motion a figure plays, or null when it is passive. */
  figureMotion(figure: Figure): DollMotion | null {
    return this.motions.figureOf(figure.ragdoll)?.motion ?? null;
  }

  /** Seconds into the figure's motion (0 without one), for presets. */
  figureMotionTime(figure: Figure): number {
    return this.motions.time(figure.ragdoll);
  }

  /**
   * Mean angle (radians) between each joint of a figure following a motion and the motion's
   * target now; null when it follows none. For measurements (the simulator), not per frame.
   */
  figureTrackingError(figure: Figure): number | null {
    return this.motions.figureOf(figure.ragdoll)?.trackingError() ?? null;
  }

  // ---- contents -------------------------------------------------------------------------

  get figures(): readonly Figure[] {
    return this.figureList;
  }

  get props(): readonly Prop[] {
    return this.propList;
  }

  /** Models opened as props (no humanoid skeleton), oldest first. */
  get modelProps(): readonly ModelProp[] {
    return this.modelPropList;
  }

  /** Every moving body, for the view. See {@link bodiesVersion}. */
  get bodies(): readonly SimBody[] {
    return this.registry.bodies;
  }

  /** Increases whenever a body is added or removed, so the view knows to rebuild. */
  get bodiesVersion(): number {
    return this.registry.bodiesVersion;
  }

  /** Steps taken since the sandbox was made. */
  get steps(): number {
    return this.stepCount;
  }

  /**
   * Adds a figure built from `spec` (the box dummy by default), dropped from
   * {@link DROP_HEIGHT} at the next free slot, with the model's own rigid bodies and joints
   * when `options.mmd` is given. Throws a {@link SandboxError} at six figures, a
   * `DollSpecError` or `MmdPhysicsSpecError` when a spec cannot be built; nothing is added then.
   */
  addFigure(spec: DollSpec = BOX_DOLL, options: AddFigureOptions = {}): Figure {
    if (this.figureList.length >= this.maxFigures) {
      throw new SandboxError(
        `There are already ${this.maxFigures} figures; remove one before adding another.`,
      );
    }
    if (options.mmd)
      validateMmdPhysicsSpec(options.mmd, new Set(spec.parts.map((part) => part.name)));
    const slot = this.freeSlot();
    const ragdoll = new Ragdoll(this.rapier, this.world, spec, {
      position: vec3(slot[0], DROP_HEIGHT, slot[1]),
      rotation: quat(),
    });
    const mmd = options.mmd
      ? new MmdBodies(this.rapier, this.world, options.mmd, ragdoll, options.mmdOptions)
      : null;
    const figure: Figure = { id: this.nextId++, ragdoll, mmd, slot };
    this.figureList.push(figure);
    this.restMembers.push(figure);
    this.stiffnessDriver.addDoll(ragdoll);
    // On MMD figures too, carrying the hair and skirt bodies hanging from a moved part (worst
    // landing gaps over seeds 1-8 fell from 26-47 mm at a DROP and 82-134 mm after BLAST 16
    // to about 4 mm; BENCHMARKS.md).
    const joints = this.projectJoints
      ? new JointProjection(
          ragdoll,
          FIXED_STEP,
          mmd ? { carried: mmd.hangingFromParts, afterSeconds: MMD_PROJECTION_AFTER_S } : {},
        )
      : null;
    if (joints) this.projections.push(joints);
    // Not the angle-limit projection on MMD figures: turning a part without the bodies hanging
    // from it left them strained (mokou_B slept with a 2.9 mm gap in its locked joints, against 0.45 mm).
    // Only figures whose limits are all hinges (see `limitsAreHinges`).
    const projectsLimits = this.projectLimits && !mmd && limitsAreHinges(ragdoll);
    // Checked after the joints in each step: reuses their rotation reads when they made any.
    const limits = projectsLimits ? new LimitProjection(ragdoll, FIXED_STEP, joints) : null;
    if (limits?.watches) this.limitProjections.push(limits);
    for (const part of ragdoll.parts) part.collider.setSolverGroups(PART_SOLVER_GROUPS);
    // A figure with MMD bodies sets its own island's iterations (`MmdBodies.limitSpeeds`).
    if (!mmd) giveFullIterations(ragdoll.parts.map((part) => part.body));
    this.registry.addFigure(figure);
    this.registerSounds(figure, 'body');
    return figure;
  }

  /** Removes a figure and everything it owns. */
  removeFigure(figure: Figure): void {
    const index = this.figureList.indexOf(figure);
    if (index < 0) return;
    this.figureList.splice(index, 1);
    this.restMembers.splice(this.restMembers.indexOf(figure), 1);
    for (const part of figure.ragdoll.parts) {
      this.grabber.releaseIfHolding(part.body);
      this.pinSet.remove(part.body.handle);
    }
    for (const body of figure.mmd?.bodies ?? [])
      if (body.spec.motion !== 'follow') this.grabber.releaseIfHolding(body.body);
    this.registry.removeFigure(figure);
    this.forgetSounds(figure);
    this.motions.remove(figure.ragdoll);
    this.stiffnessDriver.removeDoll(figure.ragdoll);
    const projection = this.projections.findIndex((p) => p.ragdoll === figure.ragdoll);
    if (projection >= 0) this.projections.splice(projection, 1);
    const limits = this.limitProjections.findIndex((p) => p.ragdoll === figure.ragdoll);
    if (limits >= 0) this.limitProjections.splice(limits, 1);
    figure.mmd?.dispose();
    figure.ragdoll.dispose();
  }

  /**
   * Puts the figures in `order` (the same figures, e.g. after undo made one again at the end):
   * the first figure is the one props drop over and the camera keeps in view. Throws a
   * {@link SandboxError}, changing nothing, when `order` is not exactly the current figures.
   */
  reorderFigures(order: readonly Figure[]): void {
    const same =
      order.length === this.figureList.length &&
      new Set(order).size === order.length &&
      order.every((figure) => this.figureList.includes(figure));
    if (!same) throw new SandboxError('reorderFigures: not the same figures as the sandbox has.');
    this.figureList.splice(0, this.figureList.length, ...order);
  }

  /** Removes every figure. */
  clearFigures(): void {
    for (const figure of [...this.figureList]) this.removeFigure(figure);
  }

  /**
   * DROP: every figure back in its rest pose at its slot, {@link DROP_HEIGHT} up, turned
   * by a small random yaw so no two drops land the same; pins are let go.
   */
  drop(): void {
    this.grabber.release();
    this.pinSet.clear();
    for (const figure of this.figureList) this.dropFigure(figure);
  }

  /**
   * RESET: every figure back at its slot, standing on the floor in its rest pose, at rest;
   * every prop removed, every pin let go. Settings (STIFFNESS, TIME) are kept.
   */
  reset(): void {
    this.grabber.release();
    this.pinSet.clear();
    this.clearProps();
    for (const figure of this.figureList) {
      const standHeight = -lowestPoint(figure.ragdoll.spec);
      figure.ragdoll.place({
        position: vec3(figure.slot[0], standHeight, figure.slot[1]),
        rotation: quat(),
      });
      figure.mmd?.place();
      this.motions.replaced(figure.ragdoll);
    }
    this.accumulator = 0;
  }

  /**
   * Drops a prop 4.5 m above the first figure (or the origin), a little off-centre.
   * The 13th prop removes the oldest.
   */
  addProp(kind: PropKind): Prop {
    this.makeRoomForProp();
    const spec = PROP_SPECS[kind];
    const above =
      this.figureList[0]?.ragdoll.root.body.translation(scratchPosition) ?? vec3(0, 0, 0);
    const body = this.world.createRigidBody(
      this.rapier.RigidBodyDesc.dynamic()
        .setTranslation(
          above.x + (this.random() - 0.5) * 0.6,
          Math.max(above.y, 0) + PROP_DROP_HEIGHT,
          above.z + (this.random() - 0.5) * 0.6,
        )
        .setLinearDamping(spec.material.linearDamping)
        .setAngularDamping(spec.material.angularDamping)
        .setCcdEnabled(true),
    );
    const shape = spec.shape;
    const collider = this.world.createCollider(
      colliderDescForShape(this.rapier, shape)
        .setDensity(spec.material.density)
        .setFriction(spec.material.friction)
        .setRestitution(spec.material.restitution),
      body,
    );
    collider.setSolverGroups(OTHER_SOLVER_GROUPS);
    giveFullIterations([body]);
    const prop: Prop = { id: this.nextId++, kind, body, collider };
    this.propList.push(prop);
    this.registry.addProp(prop, shape);
    this.sounds?.register(collider, kind);
    return prop;
  }

  /** Removes one prop. */
  removeProp(prop: Prop): void {
    const index = this.propList.indexOf(prop);
    if (index < 0) return;
    this.propList.splice(index, 1);
    this.grabber.releaseIfHolding(prop.body);
    this.pinSet.remove(prop.body.handle);
    this.registry.removeProp(prop);
    this.sounds?.forget(prop.collider);
    this.world.removeRigidBody(prop.body);
  }

  /** CLEAR: removes every prop, balls, boxes and model props alike. */
  clearProps(): void {
    while (this.propList.length > 0) this.removeProp(this.propList[this.propList.length - 1]!);
    while (this.modelPropList.length > 0)
      this.removeModelProp(this.modelPropList[this.modelPropList.length - 1]!);
  }

  /**
   * Where a ray (from the camera through a point of the view, say) first meets the stage: the
   * floor, the slope, a stair or the wall, metres. Undefined when it meets none of them (it
   * points at the sky, or past the floor's edge). Figures and props are looked through.
   * Allocates: for a drop, not per frame.
   */
  stagePointAt(origin: Vec3Like, direction: Vec3Like): Vec3Like | undefined {
    return castRayOntoStage(this.rapier, this.stageColliders, origin, direction);
  }

  /**
   * Adds a model without a humanoid skeleton as a prop (see {@link ModelProp}), in its rest
   * pose: standing on the stage at `at` when given (a point of the stage, see
   * {@link stagePointAt} and `modelPropDropPlacement`), else (or when it would not stand on the
   * stage there) on the floor at the next prop spot in front of the figures (see
   * `modelPropPlacement`). It counts toward the 12 props: the 13th removes the oldest prop of
   * any kind. Throws an `MmdPhysicsSpecError` or `DollSpecError` when the spec cannot be built;
   * nothing is added then.
   */
  addModelProp(spec: ModelPropSpec, at?: Vec3Like): ModelProp {
    validateMmdPhysicsSpec(spec.mmd, new Set(spec.carrier.parts.map((part) => part.name)));
    // Before any shape of it is cast onto the stage.
    validateDollSpec(spec.carrier);
    const placement =
      (at && modelPropDropPlacement(this.rapier, this.stageColliders, spec, at)) ??
      modelPropPlacement(spec, this.modelPropList.length);
    const prop = new ModelProp(this.rapier, this.world, this.nextId, spec, placement);
    this.nextId++;
    this.makeRoomForProp();
    this.modelPropList.push(prop);
    this.restMembers.push(prop);
    this.registry.addFigure(prop, { drawParts: spec.carrierCollides });
    this.registerSounds(prop, 'box');
    return prop;
  }

  /** Removes one model prop and everything it owns. */
  removeModelProp(prop: ModelProp): void {
    const index = this.modelPropList.indexOf(prop);
    if (index < 0) return;
    this.modelPropList.splice(index, 1);
    this.restMembers.splice(this.restMembers.indexOf(prop), 1);
    this.grabber.releaseIfHolding(prop.body);
    this.pinSet.remove(prop.body.handle);
    for (const body of prop.mmd.rigidBodies()) this.grabber.releaseIfHolding(body);
    this.registry.removeFigure(prop);
    this.forgetSounds(prop);
    prop.dispose();
  }

  /** Whether the model prop is still in the scene. */
  hasModelProp(prop: ModelProp): boolean {
    return this.modelPropList.includes(prop);
  }

  /** At {@link MAX_PROPS} props of every kind together, removes the oldest one. */
  private makeRoomForProp(): void {
    if (this.propList.length + this.modelPropList.length < MAX_PROPS) return;
    const ball = this.propList[0];
    const model = this.modelPropList[0];
    if (model && (!ball || model.id < ball.id)) this.removeModelProp(model);
    else if (ball) this.removeProp(ball);
  }

  // ---- saving and restoring ------------------------------------------------------------

  /**
   * The state of each part of a figure, in its spec's part order, followed by its MMD bodies
   * in their spec order (for presets).
   */
  captureFigure(figure: Figure): BodyState[] {
    const parts = figure.ragdoll.parts.map((part) => captureBodyState(part.body));
    return figure.mmd ? [...parts, ...figure.mmd.capture()] : parts;
  }

  /** How many states {@link restoreFigure} accepts for a figure: parts only, or parts and MMD bodies. */
  savedStateCounts(figure: Figure): readonly number[] {
    const parts = figure.ragdoll.parts.length;
    return figure.mmd ? [parts, parts + figure.mmd.count] : [parts];
  }

  /**
   * Puts a figure into saved states: one per part in spec order, then (optionally) one per MMD
   * body. Given only the parts (a preset from before MMD bodies), the MMD bodies are put at
   * their rest offsets from their parts, at rest. Throws a {@link SandboxError}, changing
   * nothing, when the count fits neither or a number is not finite.
   */
  restoreFigure(figure: Figure, states: readonly BodyState[]): void {
    const parts = figure.ragdoll.parts;
    const counts = this.savedStateCounts(figure);
    if (!counts.includes(states.length)) {
      const expected = figure.mmd
        ? `${parts.length} parts (or ${counts[1]} with its ${figure.mmd.count} MMD bodies)`
        : `${parts.length} parts`;
      throw new SandboxError(
        `The saved figure has ${states.length} parts but "${figure.ragdoll.spec.name}" has ${expected}.`,
      );
    }
    if (!states.every(isFiniteBodyState))
      throw new SandboxError('The saved figure has a position or velocity that is not a number.');
    this.grabber.releaseIfHoldingAny(parts.map((part) => part.body));
    parts.forEach((part, i) => restoreBodyState(part.body, states[i]!));
    if (figure.mmd) {
      if (states.length > parts.length) figure.mmd.restore(states.slice(parts.length));
      else figure.mmd.place();
    }
    if (anyAsleep(states)) this.noteRestoredAsleep(figure);
    figure.ragdoll.notePlaced();
    this.motions.replaced(figure.ragdoll);
  }

  /**
   * A figure or model prop was restored with bodies asleep: they are put to sleep again after
   * the next step (see {@link sleepAfterStep}), and, as after the still-scene sleep, the
   * scene is watched for a figure Rapier wakes only in part (`mmd/split-wake.ts`).
   */
  private noteRestoredAsleep(member: RestFigure): void {
    const before = this.sleepAfterStep.length;
    forEachRestBody(member, (body) => {
      if (body.isSleeping()) this.sleepAfterStep.push(body);
    });
    if (member.mmd && this.sleepAfterStep.length > before) this.rest?.noteSleptByHand();
  }

  /** Puts the bodies restored asleep to sleep again, those still in the world. */
  private sleepRestoredBodies(): void {
    for (const body of this.sleepAfterStep)
      if (this.world.getRigidBody(body.handle) === body) body.sleep();
    this.sleepAfterStep.length = 0;
  }

  /** The state of a prop (for presets). */
  captureProp(prop: Prop): BodyState {
    return captureBodyState(prop.body);
  }

  /** Adds a prop of `kind` in a saved state (respecting the 12-prop limit like {@link addProp}). */
  restoreProp(kind: PropKind, state: BodyState): Prop {
    if (!isFiniteBodyState(state))
      throw new SandboxError('The saved prop has a position or velocity that is not a number.');
    const prop = this.addProp(kind);
    restoreBodyState(prop.body, state);
    if (state.asleep === true) this.sleepAfterStep.push(prop.body);
    return prop;
  }

  /** A model prop's carrier state and its MMD bodies' states in spec order (for presets). */
  captureModelProp(prop: ModelProp): { carrier: BodyState; bodies: BodyState[] } {
    return prop.capture();
  }

  /**
   * Adds a model prop (see {@link addModelProp}) in a saved state: the carrier's, and the MMD
   * bodies' when there is one per body (else they hang at rest beneath the carrier). Throws a
   * {@link SandboxError}, adding nothing, when a number is not finite.
   */
  restoreModelProp(
    spec: ModelPropSpec,
    carrier: BodyState,
    bodies?: readonly BodyState[],
  ): ModelProp {
    if (!isFiniteBodyState(carrier) || !(bodies ?? []).every(isFiniteBodyState))
      throw new SandboxError('The saved prop has a position or velocity that is not a number.');
    const prop = this.addModelProp(spec);
    prop.restore(carrier, bodies);
    if (anyAsleep([carrier, ...(bodies ?? [])])) this.noteRestoredAsleep(prop);
    return prop;
  }

  // ---- actions --------------------------------------------------------------------------

  /**
   * BLAST: pushes every doll, and every prop within 4 m, away from `center` (by default
   * the floor point under the figures' mean root position); each doll takes the sum of its
   * parts' pushes as one rigid motion and each part a random spin (see `blastDoll`). `power`
   * is the speed change, m/s, the push gives a body at the centre, half that 1.2 m away (see
   * `blastImpulse`); the app's BLAST uses 14.
   */
  blast(power: number, center: Vec3Like = this.defaultBlastCenter()): void {
    if (!Number.isFinite(power) || power < 0)
      throw new SandboxError(`Blast power must be 0 or more, not ${power}.`);
    for (const figure of this.figureList) {
      this.motions.knockDown(figure.ragdoll);
      const joints = this.projections.find((projection) => projection.ragdoll === figure.ragdoll);
      joints?.checkNextSteps(BLAST_CHECK_STEPS);
      this.limitProjections.find((limits) => limits.ragdoll === figure.ragdoll)?.agitate();
      const motion = blastDoll(
        figure.ragdoll.parts.map((part) => part.body),
        center,
        power,
        this.random,
        !figure.mmd,
      );
      // Hair and skirts get the doll's motion, or the joints would tear them off in one step.
      if (motion) figure.mmd?.addRigidMotion(motion.velocity, motion.omega, motion.com);
    }
    for (const prop of this.propList) {
      randomSpin(this.random, scratchSpin);
      blastBody(prop.body, center, power, scratchSpin, PROP_BLAST_RADIUS);
    }
    for (const prop of this.modelPropList) {
      randomSpin(this.random, scratchSpin);
      prop.blast(center, power, scratchSpin);
    }
    this.sounds?.blast(center, power);
  }

  /**
   * Starts dragging the body with this handle at the world point `at`; false if not grabbable.
   * An MMD body is not dragged itself: its ragdoll part is, so the whole figure comes along.
   * A pinned body is moved with the hand and stays pinned where it is let go.
   */
  grab(handle: number, at: Vec3Like): boolean {
    const body = this.registry.grabTarget(handle);
    if (!body) return false;
    // Grabbing a part of a figure that plays a motion knocks it down: the hand wins.
    const owner = this.figureList.find((figure) =>
      figure.ragdoll.parts.some((part) => part.body === body),
    );
    if (owner) this.motions.knockDown(owner.ragdoll);
    this.grabber.start(body, at);
    return true;
  }

  /**
   * Moves the grab target; the hand never goes below 0.05 m. It gets there over the steps of
   * the next {@link advance} (the frame), or in the next step under {@link run}.
   */
  moveGrab(target: Vec3Like): void {
    this.grabber.moveTo(target);
  }

  /** Lets go; the body keeps its velocity. */
  releaseGrab(): void {
    this.grabber.release();
  }

  /** The handle of the grabbed body, or null. */
  get grabbedHandle(): number | null {
    return this.grabber.body?.handle ?? null;
  }

  /** Copies the grab hand's position (metres) into `out`; false when nothing is held. */
  readGrabHand(out: Vec3Like): boolean {
    return this.grabber.handPosition(out) !== null;
  }

  /**
   * How far the grabbed point trails the hand, in metres, or null when nothing is held.
   * The spring is tuned so this stays within 7 cm while lifting.
   */
  grabLag(): number | null {
    return this.grabber.lag();
  }

  // ---- time -----------------------------------------------------------------------------

  /**
   * Advances by one rendered frame of `frameSeconds` wall time, scaled by TIME, in fixed
   * steps of 1/120 s; at most 8 steps, with any remaining backlog dropped so a slow
   * frame never snowballs. Returns the number of steps taken. Allocates nothing of its own: no
   * clock is read (a clock reading is a boxed number in both Node and Chromium; the view times
   * its frames itself), so these steps do not count toward {@link SandboxReport.msPerStep}.
   */
  advance(frameSeconds: number): number {
    if (!(frameSeconds > 0)) return 0;
    this.accumulator += frameSeconds * this.timeScaleValue;
    // The pointer moves once a frame: the grab's move is spread over this frame's steps.
    this.grabber.spreadMove(
      Math.min(Math.floor(this.accumulator / FIXED_STEP), MAX_STEPS_PER_FRAME),
    );
    let steps = 0;
    while (this.accumulator >= FIXED_STEP && steps < MAX_STEPS_PER_FRAME) {
      this.step();
      this.accumulator -= FIXED_STEP;
      steps++;
    }
    if (steps === MAX_STEPS_PER_FRAME) this.accumulator = 0;
    return steps;
  }

  /**
   * One fixed step: stiffness and motions, the world step, joints that came apart in a landing
   * put back together (`joint-projection.ts`), knock-downs and get-ups, the MMD
   * whip cap, then, four times a simulated
   * second, the fall guard (a figure that fell below −15 m is
   * dropped again, a prop removed).
   */
  step(): void {
    this.stiffnessDriver.beforeStep(FIXED_STEP);
    this.motions.beforeStep(FIXED_STEP);
    this.grabber.beforeStep();
    this.world.step(this.sounds?.queue);
    this.sounds?.afterStep();
    if (this.sleepAfterStep.length > 0) this.sleepRestoredBodies();
    const projections = this.projections;
    for (let i = 0; i < projections.length; i++) projections[i]!.update(this.held);
    const limits = this.limitProjections;
    for (let i = 0; i < limits.length; i++) limits[i]!.update(this.held);
    this.motions.afterStep(FIXED_STEP);
    this.capMmdSpeeds();
    if (this.stepCount % FALL_GUARD_INTERVAL_STEPS === 0) this.fallGuard.check(this.onFell);
    this.stepCount++;
    this.stepObserver?.();
  }

  /** Calls `observer` after every step (the rewind recorder), or no one when null. */
  setStepObserver(observer: (() => void) | null): void {
    this.stepObserver = observer;
  }

  /**
   * After bodies were put into saved poses behind the sandbox's back (rewind, undo): lets go of
   * any grab, tells each ragdoll it was placed, restarts each figure's motion state from where
   * it lies and its joint projection's landing watch, and drops the step backlog.
   */
  noteBodiesRestored(): void {
    this.grabber.release();
    for (const figure of this.figureList) {
      figure.ragdoll.notePlaced();
      this.motions.replaced(figure.ragdoll);
    }
    for (const projection of this.projections) projection.restart();
    this.accumulator = 0;
    this.noteBodiesPutToSleep();
  }

  /**
   * Bodies were put to sleep behind the sandbox's back after their poses were written (undo,
   * the end of a clip export): Rapier wakes such a body in the next step (see
   * {@link sleepAfterStep}), so every body asleep now is put to sleep again after it, and
   * MMD figures are watched for a split wake, as after the still-scene sleep.
   */
  noteBodiesPutToSleep(): void {
    for (const member of this.restMembers) this.noteRestoredAsleep(member);
    for (const prop of this.propList)
      if (prop.body.isSleeping()) this.sleepAfterStep.push(prop.body);
  }

  /**
   * Runs `seconds` of simulated time in fixed steps (for tests and the simulator), calling
   * `afterStep` after each; only the steps count toward {@link SandboxReport.msPerStep}.
   */
  run(seconds: number, afterStep?: () => void): void {
    const steps = Math.round(seconds / FIXED_STEP);
    for (let i = 0; i < steps; i++) {
      const start = monotonicNowMs();
      this.step();
      this.recordTiming(start, 1);
      afterStep?.();
    }
  }

  /**
   * After the world step: caps whipping MMD hair (see `MmdBodies.limitSpeeds`), every step:
   * a whip outruns a cap checked less often; puts MMD figures lying still to sleep
   * (`mmd/scene-rest.ts`).
   */
  private capMmdSpeeds(): void {
    const figures = this.figureList;
    let passive = true;
    for (let i = 0; i < figures.length; i++) {
      const following = this.motions.state(figures[i]!.ragdoll) !== 'passive';
      figures[i]!.mmd?.limitSpeeds(following);
      if (following) passive = false;
    }
    const models = this.modelPropList;
    for (let i = 0; i < models.length; i++) models[i]!.mmd.limitSpeeds();
    this.rest?.update(this.restMembers, this.propList, passive);
  }

  private recordTiming(startMs: number, steps: number): void {
    this.timedMs += monotonicNowMs() - startMs;
    this.timedSteps += steps;
  }

  /** Restarts the ms-per-step average. */
  resetTiming(): void {
    this.timedMs = 0;
    this.timedSteps = 0;
  }

  // ---- reading --------------------------------------------------------------------------

  /**
   * Copies the current transform of the body with this handle into `position` (metres)
   * and `rotation`. Returns false when there is no such body. Allocates nothing.
   */
  readTransform(handle: number, position: Vec3Like, rotation: QuatLike): boolean {
    return this.registry.readTransform(handle, position, rotation);
  }

  /** The Rapier body with this handle, for measurements and tests (not MMD `follow` bodies). */
  bodyOf(handle: number): RigidBody | undefined {
    return this.registry.bodyOf(handle);
  }

  /** Measures the scene now. Allocates: call it on demand, not per step. */
  measure(): SandboxReport {
    const dolls = this.figureList.map((figure) => figure.ragdoll);
    const bodies = this.registry.rigidBodies();
    return {
      figures: this.figureList.length,
      props: this.propList.length + this.modelPropList.length,
      bodies: bodies.length,
      steps: this.stepCount,
      msPerStep: this.timedSteps === 0 ? 0 : this.timedMs / this.timedSteps,
      maxJointGapM: maxJointGap(dolls),
      nanCount: countNonFinite(bodies),
      meanPoseDeviationRad: meanPoseDeviation(dolls),
      maxSpeed: maxLinearSpeed(bodies),
    };
  }

  /** Frees the Rapier world and everything in it. The sandbox is unusable afterwards. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.grabber.release();
    this.pinSet.clear();
    this.motions.dispose();
    this.figureList.length = 0;
    this.propList.length = 0;
    this.modelPropList.length = 0;
    this.restMembers.length = 0;
    this.registry.clear();
    this.stageBodies.length = 0;
    this.sounds?.dispose();
    this.world.free();
  }

  /**
   * The sound requests hits and blasts have made, for the page's player to empty once a
   * frame; null unless {@link SandboxOptions.impactSounds} is on.
   */
  get soundRequests(): SoundRequestRing | null {
    return this.sounds?.ring ?? null;
  }

  // ---- internals ------------------------------------------------------------------------

  /** Lets a figure's or model prop's parts and MMD bodies sound as `material`. */
  private registerSounds(owner: Figure | ModelProp, material: ImpactMaterial): void {
    const sounds = this.sounds;
    if (!sounds) return;
    for (const part of owner.ragdoll.parts) sounds.register(part.collider, material);
    for (const body of owner.mmd?.bodies ?? []) sounds.register(body.collider, material);
  }

  /** Stops a figure's or model prop's colliders sounding, before they are removed. */
  private forgetSounds(owner: Figure | ModelProp): void {
    const sounds = this.sounds;
    if (!sounds) return;
    for (const part of owner.ragdoll.parts) sounds.forget(part.collider);
    for (const body of owner.mmd?.bodies ?? []) sounds.forget(body.collider);
  }

  private dropFigure(figure: Figure): void {
    quatFromAxisAngle(upAxis, (this.random() - 0.5) * 0.8, scratchRotation);
    figure.ragdoll.place({
      position: vec3(figure.slot[0], DROP_HEIGHT, figure.slot[1]),
      rotation: scratchRotation,
    });
    figure.mmd?.place();
    this.motions.replaced(figure.ragdoll);
  }

  private freeSlot(): readonly [number, number] {
    const used = new Set(this.figureList.map((figure) => figure.slot.join()));
    for (let index = 0; ; index++) {
      const slot = figureSlot(index);
      if (!used.has(slot.join())) return slot;
    }
  }

  private defaultBlastCenter(): Vec3Like {
    const center = vec3();
    for (const figure of this.figureList) {
      figure.ragdoll.root.body.translation(scratchPosition);
      center.x += scratchPosition.x / this.figureList.length;
      center.z += scratchPosition.z / this.figureList.length;
    }
    return center;
  }
}

function clampTimeScale(scale: number): number {
  if (!Number.isFinite(scale)) return TIME_SCALE_MAX;
  return Math.min(TIME_SCALE_MAX, Math.max(TIME_SCALE_MIN, scale));
}

/** True when two specs have the same parts in the same order (a motion's pose fits both). */
function sameParts(a: DollSpec, b: DollSpec): boolean {
  return (
    a.parts.length === b.parts.length && a.parts.every((part, i) => part.name === b.parts[i]!.name)
  );
}

/** The lowest point of a doll at rest, relative to its origin (metres, ≤ 0 usually). */
export function lowestPoint(spec: DollSpec): number {
  return Math.min(...spec.parts.map((part) => part.center[1] - reachBelowCenter(part)));
}
