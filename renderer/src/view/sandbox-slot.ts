import type { SimBody } from '../physics/body-registry';
import type { TransformReader } from '../physics/body-transforms';
import type { StageLayout } from '../physics/stage';
import type { GrabHand } from './grab-controller';
import type { ViewSandbox } from './ragdoll-view';
import type { RecordedFrames } from './recorded-frames';

const NO_BODIES: readonly SimBody[] = Object.freeze([]);
const NO_PINS: readonly number[] = Object.freeze([]);
const NO_TRANSFORMS: TransformReader = { read: () => false };

/**
 * What runs time for the view in place of the sandbox's own `advance` (the timeline: live,
 * paused, or playing recorded frames back).
 */
export interface FrameDriver {
  /** One rendered frame of `frameSeconds` wall time; returns the physics steps taken. */
  advance(frameSeconds: number): number;
  /** Whether simulated time passes; while it does not, the avatars' own springs stand still. */
  readonly live: boolean;
  /** Called before the person grabs a body: a paused scene carries on from the moment shown. */
  resumeForChange(): void;
  /** The recording time runs through, for the avatars' springs (see {@link RecordedFrames}). */
  readonly recording?: RecordedFrames;
  /**
   * False while the frame loop should leave the picture as it is (skip its frames): the test
   * build's held clock, whose picture changes only when the test steps time. Absent: true.
   */
  readonly drawsFrames?: boolean;
}

/**
 * The view's sandbox while the physics engine is still loading: the stage (its layout needs
 * no engine), no bodies, no time passing. Once {@link fill}ed, every call goes to the real
 * sandbox, so the view can draw its first frame before Rapier's WebAssembly is ready and
 * carry on unchanged afterwards. Allocates nothing per call.
 */
export class SandboxSlot<S extends ViewSandbox> implements ViewSandbox {
  private target: S | undefined;
  private driver: FrameDriver | null = null;

  /** @param stage - the stage the sandbox will have (`stageLayout()`) */
  constructor(readonly stage: StageLayout) {
    const target = (): S | undefined => this.target;
    this.grab = {
      start: (handle, at) => {
        const sandbox = target();
        if (!sandbox) return false;
        this.driver?.resumeForChange();
        return sandbox.grab.start(handle, at);
      },
      moveTo: (to) => target()?.grab.moveTo(to),
      release: () => target()?.grab.release(),
      get handle() {
        return target()?.grab.handle ?? null;
      },
    };
    this.pins = {
      get handles() {
        return target()?.pins.handles ?? NO_PINS;
      },
    };
  }

  /** The real sandbox, once there. */
  get current(): S | undefined {
    return this.target;
  }

  /** Hands over to `sandbox`; its stage must be the one this slot was made with. */
  fill(sandbox: S): void {
    if (JSON.stringify(sandbox.stage) !== JSON.stringify(this.stage))
      throw new Error('SandboxSlot.fill: the sandbox has another stage than the view draws');
    this.target = sandbox;
  }

  /** Lets `driver` run time from now on (null: the sandbox's own `advance` again). */
  driveWith(driver: FrameDriver | null): void {
    this.driver = driver;
  }

  /** The sandbox's TIME; 0 while the driver holds time still (paused, played back). */
  get timeScale(): number {
    if (this.driver && !this.driver.live) return 0;
    return this.target?.timeScale ?? 1;
  }

  advance(frameSeconds: number): number {
    if (!this.target) return 0;
    return this.driver ? this.driver.advance(frameSeconds) : this.target.advance(frameSeconds);
  }

  /** Whether the frame loop draws: the driver's say, true without one. */
  get drawsFrames(): boolean {
    return this.driver?.drawsFrames ?? true;
  }

  /** The driver's recording, if it has one. */
  get recording(): RecordedFrames | null {
    return this.driver?.recording ?? null;
  }

  get bodies(): readonly SimBody[] {
    return this.target?.bodies ?? NO_BODIES;
  }

  /** 0 while empty; the sandbox's version + 1 after, so the view rebuilds when it arrives. */
  get bodiesVersion(): number {
    return this.target ? this.target.bodiesVersion + 1 : 0;
  }

  readTransform(
    handle: number,
    position: { x: number; y: number; z: number },
    rotation: { x: number; y: number; z: number; w: number },
  ): boolean {
    return this.target ? this.target.readTransform(handle, position, rotation) : false;
  }

  /** The sandbox's packed transforms; none while it is still loading. */
  latestTransforms(): TransformReader {
    return this.target ? this.target.latestTransforms() : NO_TRANSFORMS;
  }

  /** The sandbox's hand; grabbing resumes a paused scene first. */
  readonly grab: GrabHand;
  /** The sandbox's pins, none while empty. */
  readonly pins: { readonly handles: readonly number[] };
}
