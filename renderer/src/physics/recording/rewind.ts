import { BODY_SNAPSHOT_LENGTH, writeBodySnapshot } from '../body-snapshot';
import type { BodyState } from '../body-state';
import type { Figure, Prop, Sandbox } from '../sandbox';
import type { SceneLayout } from './scene-layout';
import type { SceneRecorder } from './scene-recorder';

/** What rewinding changes in the sandbox (the `Sandbox` class fits). */
export type RewindSandbox = Pick<
  Sandbox,
  'figures' | 'props' | 'noteBodiesRestored' | 'removeProp' | 'capture'
>;

/**
 * Pause, scrub and resume over a {@link SceneRecorder}'s history.
 *
 * Showing a frame puts every recorded body of that moment back into the Rapier world (position,
 * rotation and velocities), so the view, which draws avatars and MMD hair from the bodies,
 * shows exactly the recorded pose, and resuming simply lets the sandbox step on from it. Props
 * that came or went since are removed or made again; figures cannot be (their models belong to
 * the view), so frames before the last figure was added or removed cannot be shown.
 */
export class Rewind {
  private shown: number | null = null;
  private moved = false;
  /** Recorded prop id → the id of the prop made again for it when it had been removed. */
  private readonly propAliases = new Map<number, number>();
  private readonly scratch = new Float64Array(BODY_SNAPSHOT_LENGTH);
  /** While true, props a shown frame lacks are parked instead of removed (see {@link beginTracelessLook}). */
  private parking = false;
  /** Props parked: disabled, out of sight, their bodies kept. */
  private readonly parked = new Set<Prop>();

  constructor(
    private readonly sandbox: RewindSandbox,
    private readonly recorder: SceneRecorder,
  ) {}

  /** Whether the simulation is paused (at {@link frame}). */
  get paused(): boolean {
    return this.shown !== null;
  }

  /** The frame shown while paused, else null. */
  get frame(): number | null {
    return this.shown;
  }

  /** Whether the scene shows an older moment than the newest recorded (resuming rewrites the future). */
  get inPast(): boolean {
    return this.shown !== null && this.moved && this.shown < this.recorder.lastFrame;
  }

  /** The first frame that can be shown. */
  get firstFrame(): number {
    return this.recorder.firstFrameWithSameFigures;
  }

  /** The newest frame. */
  get lastFrame(): number {
    return this.recorder.lastFrame;
  }

  /**
   * Starts a look at recorded frames that must leave no trace (a clip export replays a range):
   * pauses, and until {@link endTracelessLook} a prop that a shown frame did not yet hold is
   * parked (disabled and moved out of sight, keeping its Rapier body, id and pins) instead of
   * removed, so a full-precision snapshot taken now can put every body back exactly.
   */
  beginTracelessLook(): void {
    this.pause();
    this.parking = true;
  }

  /**
   * Ends {@link beginTracelessLook}: props still parked (the frame shown now lacks them) are
   * removed, as {@link show} would have removed them. Show the frame to go back to first.
   */
  endTracelessLook(): void {
    this.parking = false;
    this.removeParked();
  }

  /** Stops the simulation where it is (the newest frame); recording stops with it. */
  pause(): void {
    if (this.shown !== null) return;
    if (this.recorder.frameCount === 0) this.recorder.recordNow();
    this.recorder.suspend(true);
    this.shown = this.recorder.lastFrame;
    this.moved = false;
  }

  /**
   * Shows a recorded frame (pausing first), clamped to the frames that can be shown. Returns
   * the frame shown.
   */
  show(frame: number): number {
    this.pause();
    const target = Math.round(Math.min(this.lastFrame, Math.max(this.firstFrame, frame)));
    this.putBack(target);
    this.shown = target;
    this.moved = true;
    return target;
  }

  /** One frame forward (+1) or back (−1), or more, while paused. */
  stepBy(frames: number): number {
    return this.show((this.shown ?? this.lastFrame) + frames);
  }

  /**
   * Carries on simulating from the frame shown: the frames after it are forgotten (this is the
   * new future) and recording restarts. Nothing happens when not paused.
   */
  resume(): void {
    const frame = this.shown;
    if (frame === null) return;
    if (this.moved) {
      this.putBack(frame);
      this.recorder.truncateAfter(frame);
      this.sandbox.noteBodiesRestored();
    }
    this.endTracelessLook();
    this.shown = null;
    this.moved = false;
    this.recorder.suspend(false);
  }

  /**
   * Stops showing recorded frames without resuming from them: nothing is forgotten, no figure
   * restarts its motion, and recording carries on. For a look at the past that must leave no
   * trace (a clip export replays a range), once the caller has put every body back as it was
   * when {@link pause}d (see `SceneBodiesSnapshot`).
   */
  leaveUnchanged(): void {
    this.endTracelessLook();
    this.shown = null;
    this.moved = false;
    this.recorder.suspend(false);
  }

  /**
   * Carries on from the scene as it is now, without putting the frame shown back: for when
   * something changed the scene while paused (a model or preset arriving). The frames after
   * the one shown are forgotten, as in {@link resume}.
   */
  resumeAsItIs(): void {
    const frame = this.shown;
    if (frame === null) return;
    this.recorder.truncateAfter(frame);
    this.endTracelessLook();
    this.shown = null;
    this.moved = false;
    this.recorder.suspend(false);
  }

  /** Puts the recorded bodies of `frame` into the world. */
  private putBack(frame: number): void {
    const layout = this.recorder.layoutAt(frame);
    this.matchProps(frame, layout);
    for (const recorded of layout.figures) {
      const figure = findById(this.sandbox.figures, recorded.id);
      if (figure) this.putFigure(frame, figure, recorded.start);
    }
    for (const recorded of layout.props) {
      const prop = findById(this.sandbox.props, this.liveProp(recorded.id));
      if (!prop) continue;
      this.recorder.readState(frame, recorded.slot, this.scratch);
      writeBodySnapshot(prop.body, this.scratch, 0);
    }
  }

  private putFigure(frame: number, figure: Figure, start: number): void {
    let slot = start;
    for (const part of figure.ragdoll.parts) {
      this.recorder.readState(frame, slot++, this.scratch);
      writeBodySnapshot(part.body, this.scratch, 0);
    }
    for (const body of figure.mmd?.bodies ?? []) {
      if (body.spec.motion === 'follow') continue;
      this.recorder.readState(frame, slot++, this.scratch);
      writeBodySnapshot(body.body, this.scratch, 0);
    }
  }

  /** Removes (or parks) props the frame did not have and brings back those it had that are gone. */
  private matchProps(frame: number, layout: SceneLayout): void {
    const props = this.sandbox.props;
    if (
      this.parked.size === 0 &&
      props.length === layout.props.length &&
      layout.props.every((p, i) => props[i]!.id === this.liveProp(p.id))
    )
      return;
    const wanted = new Set(layout.props.map((p) => this.liveProp(p.id)));
    for (const prop of [...props]) {
      if (wanted.has(prop.id)) this.unpark(prop);
      else if (this.parking) this.park(prop);
      else this.sandbox.removeProp(prop);
    }
    for (const recorded of layout.props) {
      if (findById(this.sandbox.props, this.liveProp(recorded.id))) continue;
      this.recorder.readState(frame, recorded.slot, this.scratch);
      const made = this.sandbox.capture.restoreProp(recorded.kind, stateOf(this.scratch));
      this.propAliases.set(recorded.id, made.id);
    }
  }

  private park(prop: Prop): void {
    if (this.parked.has(prop)) return;
    this.parked.add(prop);
    prop.body.setEnabled(false);
    prop.body.setTranslation(PARKED_POSITION, false);
  }

  /** Enables a parked prop again; the caller writes its recorded state next. */
  private unpark(prop: Prop): void {
    if (!this.parked.delete(prop)) return;
    prop.body.setEnabled(true);
  }

  private removeParked(): void {
    for (const prop of this.parked) {
      prop.body.setEnabled(true);
      this.sandbox.removeProp(prop);
    }
    this.parked.clear();
  }

  private liveProp(recordedId: number): number {
    return this.propAliases.get(recordedId) ?? recordedId;
  }
}

/** Where a parked prop waits: far under the stage, out of the camera's sight. */
const PARKED_POSITION = { x: 0, y: -1000, z: 0 };

function findById<T extends Figure | Prop>(list: readonly T[], id: number): T | undefined {
  for (let i = 0; i < list.length; i++) if (list[i]!.id === id) return list[i];
  return undefined;
}

function stateOf(s: Float64Array): BodyState {
  return {
    position: [s[0]!, s[1]!, s[2]!],
    rotation: [s[3]!, s[4]!, s[5]!, s[6]!],
    linvel: [s[7]!, s[8]!, s[9]!],
    angvel: [s[10]!, s[11]!, s[12]!],
  };
}
