import type { RapierApi, RigidBody, World } from './rapier-api';
import type { SimBody } from './body-registry';
import { BOX_DOLL } from './box-doll';
import type { DollSpec } from './doll-spec';
import { validateDollSpec } from './doll-spec';
import type { AddFigureOptions, Figure, FigureChecks, FigureRef } from './figure-runtime';
import type { FigureTable } from './figure-table';
import { createFigureRuntime, disposeFigureRuntime } from './figure-runtime';
import { FrameLoop } from './frame-loop';
import { freeSlot, placeForDrop, placeStanding } from './figure-placement';
import type { SandboxReport } from './sandbox-report';
import { measureScene } from './sandbox-report';
import { validateMmdPhysicsSpec } from './mmd/validate-mmd-physics-spec';
import type { ModelPropSpec } from './model-prop';
import { ModelProp } from './model-prop';
import { modelPropPlacement } from './model-prop-placement';
import { modelPropDropPlacement } from './model-prop-drop';
import { createProp } from './prop-body';
import type { PropKind } from './props';
import { MAX_PROPS, PROP_SPECS } from './props';
import { SandboxCapture } from './sandbox-capture';
import { SandboxError } from './sandbox-error';
import { SandboxMotion } from './sandbox-motion';
import type { SandboxParts } from './sandbox-parts';
import { createSandboxParts } from './sandbox-parts';
import { SandboxPins } from './sandbox-pins';
import type { SandboxLinks } from './links/sandbox-links';
import { SandboxGrab } from './sandbox-grab';
import type { SandboxOptions } from './sandbox-settings';
import { GRAVITY, MAX_FIGURES, clampGravityScale, clampTimeScale } from './sandbox-settings';
import { BodyTransforms } from './body-transforms';
import { blastScene, defaultBlastCenter } from './scene-blast';
import type { Prop } from './scene-contents';
import type { SoundRequestRing } from './sound/sound-requests';
import type { StageLayout } from './stage';
import type { SceneStage } from './stage/scene-stage';
import { castRayOntoStage } from './stage-ray';
import { clampStiffness } from './stiffness';
import type { StiffnessMethod } from './stiffness';
import { StepPipeline } from './step-pipeline';
import type { QuatLike, Vec3Like } from './vector-math';
import { vec3 } from './vector-math';

export * from './sandbox-settings';
export { SOLVER_ITERATIONS, WORLD_SOLVER_ITERATIONS } from './solver-iterations';
export { MMD_PROJECTION_AFTER_S } from './figure-runtime';
export { figureSlot, lowestPoint } from './figure-placement';
export type { AddFigureOptions, Figure, FigureRef } from './figure-runtime';
export type { FigureEntry, FigurePartEntry, FigureTable } from './figure-table';
export type { Prop } from './scene-contents';
export type { SimBody, SimMmdBody } from './body-registry';
export type { TransformReader } from './body-transforms';
export { SandboxError } from './sandbox-error';
export type { SandboxReport } from './sandbox-report';

const scratchPosition = vec3();
const scratchPropDrop = vec3();

/**
 * The physics world and everything in it: stage, figures, props, blast, STIFFNESS, TIME and
 * GRAVITY. One owner of the Rapier world; Rapier is passed in, and
 * nothing here knows about three.js or the DOM, so it runs the same in Node.
 *
 * This file keeps the lifecycle, the settings and the contents; the parts live beside it
 * (docs/physics-architecture.md): one record per figure (`figure-runtime.ts`) in the scene's
 * contents (`scene-contents.ts`), the step's ordered phases (`step-pipeline.ts`), saving and
 * restoring as {@link capture}, the frame loop (`frame-loop.ts`), and the pins, motion
 * controls and hand as {@link pins}, {@link motion} and {@link grab}.
 */
export class Sandbox {
  readonly world: World;
  readonly stage: StageLayout;
  /** The stage in use, built-in or from a file, and the swap between them. */
  readonly scenery: SceneStage;
  /** Pins by body handle: `sandbox.pins.add(handle)`. */
  readonly pins: SandboxPins;
  /** Which motion each figure plays, MUSCLE, GET UP and play/pause. */
  readonly motion: SandboxMotion;
  /** Ropes, welds, springs and hinges: `sandbox.links.make(…)`. */
  readonly links: SandboxLinks;
  /** The hand: `sandbox.grab.start(handle, at)`. */
  readonly grab: SandboxGrab;
  /** Saving and restoring bodies (presets, undo): `sandbox.capture.restoreFigure(…)`. */
  readonly capture: SandboxCapture;
  private readonly parts: SandboxParts;
  private readonly pipeline: StepPipeline;
  private readonly frames: FrameLoop;
  private readonly transforms = new BodyTransforms();
  private readonly maxFigures: number;
  private readonly checks: FigureChecks;
  private nextId = 1;
  private stiffnessValue: number;
  private timeScaleValue: number;
  private gravityScaleValue = 1;
  private disposed = false;

  constructor(
    private readonly rapier: RapierApi,
    options: SandboxOptions = {},
  ) {
    const parts = createSandboxParts(rapier, options, (handle) => this.onFell(handle));
    this.parts = parts;
    this.world = parts.world;
    this.stage = parts.stage;
    this.scenery = parts.scenery;
    this.stiffnessValue = clampStiffness(options.stiffness ?? 50);
    parts.stiffness.setStiffness(this.stiffnessValue);
    this.timeScaleValue = clampTimeScale(options.timeScale ?? 1);
    this.maxFigures = options.maxFigures ?? MAX_FIGURES;
    this.checks = {
      jointProjection: options.jointProjection !== false,
      limitProjection: options.limitProjection !== false,
    };
    this.pins = new SandboxPins(parts.contents.registry, parts.pins, parts.grab);
    this.motion = new SandboxMotion(parts.motions, parts.contents);
    this.links = parts.links;
    this.grab = new SandboxGrab(parts.contents, parts.grab, parts.motions);
    this.capture = new SandboxCapture(parts, this);
    this.pipeline = new StepPipeline(parts);
    this.frames = new FrameLoop(this.pipeline, parts.grab);
  }

  // ---- settings -------------------------------------------------------------------------

  get stiffness(): number {
    return this.stiffnessValue;
  }

  /** STIFFNESS 0..100; out-of-range values are clamped. */
  setStiffness(stiffness: number): void {
    this.stiffnessValue = clampStiffness(stiffness);
    this.parts.stiffness.setStiffness(this.stiffnessValue);
  }

  get stiffnessMethod(): StiffnessMethod {
    return this.parts.stiffness.method;
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
    const clamped = clampGravityScale(scale);
    if (clamped === this.gravityScaleValue) return;
    this.gravityScaleValue = clamped;
    this.world.gravity = vec3(0, GRAVITY * clamped, 0);
    this.world.bodies.forEach((body) => {
      if (body.isDynamic()) body.wakeUp();
    });
  }

  // ---- contents -------------------------------------------------------------------------

  /**
   * The live figures, Rapier bodies inside: for the physics, its tests and what captures and
   * restores bodies. The page reads {@link figureTable}.
   */
  get figures(): readonly Figure[] {
    return this.parts.contents.figures;
  }

  /**
   * The figures as plain data (ids, slots, part names and body handles), in {@link figures}'
   * order: the same object until figures are added, removed or reordered, when a new one with a
   * higher `version` replaces it (see {@link FigureTable}). Allocates nothing.
   */
  get figureTable(): FigureTable {
    return this.parts.contents.figureTable;
  }

  get props(): readonly Prop[] {
    return this.parts.contents.props;
  }

  /** Models opened as props (no humanoid skeleton), oldest first. */
  get modelProps(): readonly ModelProp[] {
    return this.parts.contents.modelProps;
  }

  /** Every moving body, for the view. See {@link bodiesVersion}. */
  get bodies(): readonly SimBody[] {
    return this.parts.contents.registry.bodies;
  }

  /** Increases whenever a body is added or removed, so the view knows to rebuild. */
  get bodiesVersion(): number {
    return this.parts.contents.registry.bodiesVersion;
  }

  /** Steps taken since the sandbox was made. */
  get steps(): number {
    return this.pipeline.steps;
  }

  /**
   * Adds a figure built from `spec` (the box dummy by default), dropped from
   * {@link DROP_HEIGHT} at the next free slot, with the model's own rigid bodies and joints
   * when `options.mmd` is given. Throws a {@link SandboxError} at six figures, a
   * `DollSpecError` or `MmdPhysicsSpecError` when a spec cannot be built; nothing is added then.
   */
  addFigure(spec: DollSpec = BOX_DOLL, options: AddFigureOptions = {}): Figure {
    if (this.parts.contents.figures.length >= this.maxFigures) {
      throw new SandboxError(
        `There are already ${this.maxFigures} figures; remove one before adding another.`,
      );
    }
    if (options.mmd)
      validateMmdPhysicsSpec(options.mmd, new Set(spec.parts.map((part) => part.name)));
    const runtime = createFigureRuntime(
      this.rapier,
      this.world,
      this.nextId,
      spec,
      freeSlot(this.parts.contents.figures),
      options,
      this.checks,
    );
    this.nextId++;
    this.parts.contents.addFigure(runtime);
    this.parts.stiffness.addDoll(runtime.figure.ragdoll);
    this.parts.sounds?.registerOwner(runtime.figure, 'body');
    return runtime.figure;
  }

  /**
   * Removes a figure (or the figure with this id) and everything it owns. A figure no longer in
   * the scene, or an id no figure has, changes nothing.
   */
  removeFigure(ref: FigureRef): void {
    const figure = this.parts.contents.figureOf(ref);
    const runtime = figure && this.parts.contents.removeFigure(figure);
    if (!figure || !runtime) return;
    for (const part of figure.ragdoll.parts) {
      this.parts.grab.releaseIfHolding(part.body);
      this.parts.pins.remove(part.body.handle);
    }
    for (const body of figure.mmd?.bodies ?? [])
      if (body.spec.motion !== 'follow') this.parts.grab.releaseIfHolding(body.body);
    this.parts.sounds?.forgetOwner(figure);
    this.parts.motions.remove(figure.ragdoll);
    this.parts.stiffness.removeDoll(figure.ragdoll);
    disposeFigureRuntime(runtime);
  }

  /**
   * Puts the figures in `order` (the same figures, or their ids, e.g. after undo made one again
   * at the end): the first figure is the one props drop over and the camera keeps in view.
   * Throws a {@link SandboxError}, changing nothing, when `order` is not exactly the current
   * figures.
   */
  reorderFigures(order: readonly FigureRef[]): void {
    const figures = order.map((ref) => this.parts.contents.figureOf(ref));
    if (
      !figures.every((figure) => figure !== undefined) ||
      !this.parts.contents.reorderFigures(figures)
    )
      throw new SandboxError('reorderFigures: not the same figures as the sandbox has.');
  }

  /** Removes every figure. */
  clearFigures(): void {
    for (const figure of [...this.parts.contents.figures]) this.removeFigure(figure);
  }

  /**
   * DROP: every figure back in its rest pose at its slot, {@link DROP_HEIGHT} up, turned
   * by a small random yaw so no two drops land the same; pins are let go.
   */
  drop(): void {
    this.parts.grab.release();
    this.parts.pins.clear();
    for (const figure of this.parts.contents.figures) this.dropFigure(figure);
  }

  /**
   * RESET: every figure back at its slot, standing on the floor in its rest pose, at rest;
   * every prop removed, every pin let go, every link removed. Settings (STIFFNESS, TIME) are
   * kept.
   */
  reset(): void {
    this.parts.grab.release();
    this.parts.pins.clear();
    this.parts.links.clear();
    this.clearProps();
    for (const figure of this.parts.contents.figures) {
      placeStanding(figure, this.parts.scenery);
      this.parts.motions.replaced(figure.ragdoll);
    }
    this.frames.dropBacklog();
  }

  /**
   * Drops a prop 4.5 m above the first figure (or the floor), a little off-centre; under a
   * file stage's ceiling, just below it (see `SceneStage.propDropPoint`). The 13th prop
   * removes the oldest.
   */
  addProp(kind: PropKind): Prop {
    this.makeRoomForProp();
    const above = this.parts.contents.figures[0]?.ragdoll.root.body.translation(scratchPosition);
    const at = this.scenery.propDropPoint(above, scratchPropDrop);
    const prop = createProp(this.rapier, this.world, this.nextId++, kind, at, this.parts.random);
    this.parts.contents.addProp(prop, PROP_SPECS[kind].shape);
    this.parts.sounds?.register(prop.collider, kind);
    return prop;
  }

  /** Removes one prop. */
  removeProp(prop: Prop): void {
    if (!this.parts.contents.removeProp(prop)) return;
    this.parts.grab.releaseIfHolding(prop.body);
    this.parts.pins.remove(prop.body.handle);
    this.parts.sounds?.forget(prop.collider);
    this.world.removeRigidBody(prop.body);
  }

  /** CLEAR: removes every prop, balls, boxes and model props alike. */
  clearProps(): void {
    const { props, modelProps } = this.parts.contents;
    while (props.length > 0) this.removeProp(props[props.length - 1]!);
    while (modelProps.length > 0) this.removeModelProp(modelProps[modelProps.length - 1]!);
  }

  /**
   * Where a ray (from the camera through a point of the view, say) first meets the stage: the
   * floor, the slope, a stair or the wall, metres. Undefined when it meets none of them (it
   * points at the sky, or past the floor's edge). Figures and props are looked through.
   * Allocates: for a drop, not per frame.
   */
  stagePointAt(origin: Vec3Like, direction: Vec3Like): Vec3Like | undefined {
    return castRayOntoStage(this.rapier, this.parts.stageColliders, origin, direction);
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
      (at && modelPropDropPlacement(this.rapier, this.parts.stageColliders, spec, at)) ??
      modelPropPlacement(spec, this.parts.contents.modelProps.length);
    const prop = new ModelProp(this.rapier, this.world, this.nextId, spec, placement);
    this.nextId++;
    this.makeRoomForProp();
    this.parts.contents.addModelProp(prop, spec.carrierCollides);
    this.parts.sounds?.registerOwner(prop, 'box');
    return prop;
  }

  /** Removes one model prop and everything it owns. */
  removeModelProp(prop: ModelProp): void {
    if (!this.parts.contents.removeModelProp(prop)) return;
    this.parts.grab.releaseIfHolding(prop.body);
    this.parts.pins.remove(prop.body.handle);
    for (const body of prop.mmd.rigidBodies()) this.parts.grab.releaseIfHolding(body);
    this.parts.sounds?.forgetOwner(prop);
    prop.dispose();
  }

  /** Whether the model prop is still in the scene. */
  hasModelProp(prop: ModelProp): boolean {
    return this.parts.contents.modelProps.includes(prop);
  }

  /**
   * After bodies were put into saved poses behind the sandbox's back (rewind, undo): lets go of
   * any grab, tells each ragdoll it was placed, restarts each figure's motion state from where
   * it lies and its joint projection's landing watch, and drops the step backlog.
   */
  noteBodiesRestored(): void {
    this.parts.grab.release();
    for (const figure of this.parts.contents.figures) {
      figure.ragdoll.notePlaced();
      this.parts.motions.replaced(figure.ragdoll);
    }
    for (const runtime of this.parts.contents.runtimes) runtime.joints?.restart();
    this.frames.dropBacklog();
    this.capture.noteBodiesPutToSleep();
  }

  // ---- actions --------------------------------------------------------------------------

  /**
   * BLAST (see `blastScene`): pushes every doll, and every prop within 4 m, away from `center`
   * (by default the floor point under the figures' mean root position). `power` is the speed
   * change, m/s, the push gives a body at the centre; the app's BLAST uses 14.
   */
  blast(power: number, center: Vec3Like = defaultBlastCenter(this.parts.contents)): void {
    if (!Number.isFinite(power) || power < 0)
      throw new SandboxError(`Blast power must be 0 or more, not ${power}.`);
    blastScene(this.parts, power, center);
  }

  // ---- time -----------------------------------------------------------------------------

  /**
   * Advances by one rendered frame of `frameSeconds` wall time, scaled by TIME, in fixed
   * steps of 1/120 s, at most 8 (see {@link FrameLoop.advance}). Returns the steps taken.
   * Allocates nothing and reads no clock, so these steps do not count toward
   * {@link SandboxReport.msPerStep}.
   */
  advance(frameSeconds: number): number {
    return this.frames.advance(frameSeconds * this.timeScaleValue);
  }

  /** One fixed step: the phases of `step-pipeline.ts`, in their order. */
  step(): void {
    this.pipeline.run();
  }

  /** Calls `observer` after every step (the rewind recorder), or no one when null. */
  setStepObserver(observer: (() => void) | null): void {
    this.pipeline.setObserver(observer);
  }

  /**
   * Runs `seconds` of simulated time in fixed steps (for tests and the simulator), calling
   * `afterStep` after each; only these steps count toward {@link SandboxReport.msPerStep}.
   */
  run(seconds: number, afterStep?: () => void): void {
    this.frames.run(seconds, afterStep);
  }

  /** Restarts the ms-per-step average. */
  resetTiming(): void {
    this.frames.resetTiming();
  }

  // ---- reading --------------------------------------------------------------------------

  /**
   * Copies the current transform of the body with this handle into `position` (metres)
   * and `rotation`. Returns false when there is no such body. Allocates nothing.
   */
  readTransform(handle: number, position: Vec3Like, rotation: QuatLike): boolean {
    return this.parts.contents.registry.readTransform(handle, position, rotation);
  }

  /**
   * Every body's transform as it is now, packed in one buffer (see {@link BodyTransforms}):
   * what a drawn frame reads. The same object every call, refilled; allocates nothing while
   * the bodies stay the same.
   */
  latestTransforms(): BodyTransforms {
    this.transforms.fill(this.parts.contents.registry);
    return this.transforms;
  }

  /** The Rapier body with this handle, for measurements and tests (not MMD `follow` bodies). */
  bodyOf(handle: number): RigidBody | undefined {
    return this.parts.contents.registry.bodyOf(handle);
  }

  /** Measures the scene now. Allocates: call it on demand, not per step. */
  measure(): SandboxReport {
    return measureScene(this.parts.contents, this.pipeline.steps, this.frames.msPerStep);
  }

  /**
   * The sound requests hits and blasts have made, for the page's player to empty once a
   * frame; null unless {@link SandboxOptions.impactSounds} is on.
   */
  get soundRequests(): SoundRequestRing | null {
    return this.parts.sounds?.ring ?? null;
  }

  /** Frees the Rapier world and everything in it. The sandbox is unusable afterwards. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.parts.grab.release();
    this.parts.pins.clear();
    this.parts.motions.dispose();
    this.parts.contents.clear();
    this.parts.sounds?.dispose();
    this.world.free();
  }

  // ---- internals ------------------------------------------------------------------------

  /** The fall guard found this collider below the stage: drops its figure again or removes it. */
  private onFell(colliderHandle: number): void {
    const owner = this.parts.contents.registry.ownerOf(colliderHandle);
    if (!owner) return;
    if (owner instanceof ModelProp) this.removeModelProp(owner);
    else if (!('ragdoll' in owner)) this.removeProp(owner);
    // Every part of a fallen doll is reported; the first report already dropped it again.
    else if (owner.ragdoll.root.body.translation(scratchPosition).y < this.parts.fallGuard.topY + 1)
      this.dropFigure(owner);
  }

  private dropFigure(figure: Figure): void {
    placeForDrop(figure, this.parts.random, this.parts.scenery);
    this.parts.motions.replaced(figure.ragdoll);
  }

  /** At {@link MAX_PROPS} props of every kind together, removes the oldest one. */
  private makeRoomForProp(): void {
    if (this.parts.contents.propCount < MAX_PROPS) return;
    const ball = this.parts.contents.props[0];
    const model = this.parts.contents.modelProps[0];
    if (model && (!ball || model.id < ball.id)) this.removeModelProp(model);
    else if (ball) this.removeProp(ball);
  }
}
