import { BODY_SNAPSHOT_LENGTH, readBodySnapshot } from '../body-snapshot';
import type { Sandbox } from '../sandbox';
import { FIXED_STEP } from '../sandbox';
import type { EncodedStates } from './pose-codec';
import {
  ENCODED_BODY_BYTES,
  POSITION_WORDS,
  ROTATION_WORDS,
  VELOCITY_WORDS,
  decodeBodyState,
  encodeBodyState,
} from './pose-codec';
import type { LiveLayout, SceneLayout } from './scene-layout';
import { liveLayout, sameFiguresAndLinks } from './scene-layout';

/** Recorded frames per simulated second. */
export const RECORD_RATE_HZ = 60;
/** Seconds of history kept. */
export const RECORD_SECONDS = 60;
/** The recorder never holds more than this, bytes (64 MiB); past it the history gets shorter. */
export const RECORD_MAX_BYTES = 64 * 1024 * 1024;
/** Body slots are allocated in blocks of this many, so adding one prop rarely reallocates. */
const SLOT_BLOCK = 32;

/** A figure or prop coming or going, at the first frame that shows the change. */
export interface SceneEvent {
  readonly frame: number;
  readonly type:
    | 'figure-added'
    | 'figure-removed'
    | 'prop-added'
    | 'prop-removed'
    | 'link-added'
    | 'link-removed';
  readonly id: number;
}

export interface SceneRecorderOptions {
  /** Seconds of history (default {@link RECORD_SECONDS}). */
  readonly seconds?: number;
  /** Most bytes held (default {@link RECORD_MAX_BYTES}). */
  readonly maxBytes?: number;
}

/** What the recorder reads of the sandbox (the `Sandbox` class fits). */
export type RecordedSandbox = Pick<
  Sandbox,
  'figures' | 'props' | 'bodiesVersion' | 'steps' | 'links'
>;

/**
 * Always-on recording of a sandbox: every moving body's position, rotation and velocities at
 * {@link RECORD_RATE_HZ} (every second 1/120 s step), for the last {@link RECORD_SECONDS}, plus
 * figure and prop additions and removals.
 *
 * Frames go into a ring of preallocated typed arrays in the compact form of `pose-codec.ts`
 * (26 bytes per body), so recording allocates nothing per step. The arrays are sized for the
 * most bodies seen so far, in blocks of 32: they grow only when a figure or prop brings more
 * bodies than ever before, never while the contents stay the same, and never past
 * {@link RECORD_MAX_BYTES} (the history is shortened instead). MMD `follow` bodies ride their
 * parts and need no record. Sizes for real scenes: BENCHMARKS.md, "Rewind recording".
 *
 * Frames are numbered from 0 at the first record and keep their numbers while the ring turns.
 */
export class SceneRecorder {
  private readonly maxFrames: number;
  private readonly maxBytes: number;
  private slotCapacity = 0;
  private frameCapacity = 0;
  private states: EncodedStates = emptyStates();
  private frameSteps = new Float64Array(0);
  /**
   * Which recording each held frame is (see {@link serialAt}): small integers, read without
   * boxing; they wrap after 2^31 records (a year at 60 Hz), far beyond any frame held.
   */
  private frameSerials = new Int32Array(0);
  private lastSerial = 0;
  private truncationCount = 0;
  private frameLayouts: (SceneLayout | undefined)[] = [];
  private live: LiveLayout | null = null;
  private liveVersion = -1;
  private liveLinksVersion = -1;
  private nextFrame = 0;
  private count = 0;
  private figureSetStart = 0;
  private readonly eventList: SceneEvent[] = [];
  private readonly scratch = new Float64Array(BODY_SNAPSHOT_LENGTH);
  private suspended = false;
  /**
   * Sandbox steps that belong to a forgotten future: the recording's clock is the sandbox's
   * step count minus this, so a frame recorded after resuming from the past is stamped right
   * after the frame resumed from, not later by the length of the stretch that was dropped.
   */
  private forgottenSteps = 0;

  constructor(
    private readonly sandbox: RecordedSandbox,
    options: SceneRecorderOptions = {},
  ) {
    this.maxFrames = Math.round((options.seconds ?? RECORD_SECONDS) * RECORD_RATE_HZ);
    this.maxBytes = options.maxBytes ?? RECORD_MAX_BYTES;
  }

  /**
   * Call after every sandbox step (see `Sandbox.setStepObserver`): records a frame every
   * second step unless {@link suspend}ed. Allocates nothing unless the scene's contents changed.
   */
  readonly afterStep = (): void => {
    if (this.suspended || this.currentStep % 2 !== 0) return;
    this.recordNow();
  };

  /** Records the scene as it is now, as the next frame. */
  recordNow(): void {
    const live = this.currentLayout();
    const index = this.nextFrame % this.frameCapacity;
    const base = index * this.slotCapacity;
    const bodies = live.bodies;
    for (let i = 0; i < bodies.length; i++) {
      readBodySnapshot(bodies[i]!, this.scratch, 0);
      encodeBodyState(this.scratch, 0, this.states, base + i);
    }
    this.frameSteps[index] = this.currentStep;
    this.lastSerial = this.lastSerial === 0x7fffffff ? 1 : this.lastSerial + 1;
    this.frameSerials[index] = this.lastSerial;
    this.frameLayouts[index] = live.layout;
    this.nextFrame++;
    if (this.count < this.frameCapacity) this.count++;
  }

  /** Stops or restarts recording (paused in the past, nothing is recorded). */
  suspend(on: boolean): void {
    this.suspended = on;
  }

  /** The oldest frame held; equal to {@link lastFrame} + 1 when nothing is. */
  get firstFrame(): number {
    return this.nextFrame - this.count;
  }

  /** The newest frame held. */
  get lastFrame(): number {
    return this.nextFrame - 1;
  }

  /** How many frames are held. */
  get frameCount(): number {
    return this.count;
  }

  /**
   * The oldest frame that holds the figures and links of the newest one: before it a figure was
   * added or removed, or a link made, removed or broken, and the scene cannot be put back there
   * (the view's models are gone or not yet made; the links are not those of then).
   */
  get firstFrameWithSameFigures(): number {
    return Math.max(this.firstFrame, this.figureSetStart);
  }

  /** Figure and prop additions and removals within the frames held, oldest first. */
  get events(): readonly SceneEvent[] {
    return this.eventList;
  }

  /** Bytes held by the frame arrays now. */
  get byteLength(): number {
    return (
      this.states.positions.byteLength +
      this.states.rotations.byteLength +
      this.states.velocities.byteLength +
      this.frameSteps.byteLength +
      this.frameSerials.byteLength
    );
  }

  /** Frames the ring holds at most with the bodies seen so far (≤ 60 s worth). */
  get capacityFrames(): number {
    return this.frameCapacity;
  }

  /** Whether the frame is held. */
  holds(frame: number): boolean {
    return Number.isInteger(frame) && frame >= this.firstFrame && frame <= this.lastFrame;
  }

  /** The layout of a held frame. Throws a RangeError for a frame not held. */
  layoutAt(frame: number): SceneLayout {
    return this.frameLayouts[this.indexOf(frame)]!;
  }

  /**
   * The recording's clock now, in sandbox steps: the sandbox's step count, less every stretch
   * forgotten by resuming from the past ({@link truncateAfter}).
   */
  get currentStep(): number {
    return this.sandbox.steps - this.forgottenSteps;
  }

  /**
   * Simulated seconds on the recording's clock at a held frame: the scene's own time as it now
   * stands, so the seconds between two held frames are always their distance at 60 Hz.
   */
  timeAt(frame: number): number {
    return this.frameSteps[this.indexOf(frame)]! * FIXED_STEP;
  }

  /** The recording's clock ({@link currentStep}) at a held frame, in sandbox steps. */
  stepAt(frame: number): number {
    return this.frameSteps[this.indexOf(frame)]!;
  }

  /**
   * Which recording of a held frame this is: a number (≥ 1) no other held record shares, so what was kept
   * beside a frame (the view's spring states) can tell it from the frame recorded again under
   * the same number after resuming from the past. Throws a RangeError for a frame not held.
   */
  serialAt(frame: number): number {
    return this.frameSerials[this.indexOf(frame)]!;
  }

  /**
   * Copies the state of slot `slot` at a held frame into `out` at `offset` (13 numbers, see
   * `physics/body-snapshot.ts`). Allocates nothing.
   */
  readState(frame: number, slot: number, out: Float64Array, offset = 0): void {
    const index = this.indexOf(frame);
    const layout = this.frameLayouts[index]!;
    if (!(slot >= 0 && slot < layout.bodyCount))
      throw new RangeError(`Frame ${frame} has no body slot ${slot}.`);
    decodeBodyState(this.states, index * this.slotCapacity + slot, out, offset);
  }

  /** How many times {@link truncateAfter} has started a new future (resumes from a frame shown). */
  get truncations(): number {
    return this.truncationCount;
  }

  /**
   * Forgets every frame after `frame` (resuming from it starts a new future), and the events
   * that happened after it.
   */
  truncateAfter(frame: number): void {
    const index = this.indexOf(frame);
    this.forgottenSteps = this.sandbox.steps - this.frameSteps[index]!;
    this.truncationCount++;
    this.count -= this.lastFrame - frame;
    this.nextFrame = frame + 1;
    while (this.eventList.length > 0 && this.eventList[this.eventList.length - 1]!.frame > frame)
      this.eventList.pop();
    this.liveVersion = -1;
    this.figureSetStart = Math.min(this.figureSetStart, frame);
  }

  private indexOf(frame: number): number {
    if (!this.holds(frame))
      throw new RangeError(
        `Frame ${frame} is not recorded (frames ${this.firstFrame}–${this.lastFrame} are).`,
      );
    return frame % this.frameCapacity;
  }

  /** The live layout, rebuilt (allocating) only when bodies were added or removed. */
  private currentLayout(): LiveLayout {
    const version = this.sandbox.bodiesVersion;
    const linksVersion = this.sandbox.links.version;
    if (this.live && version === this.liveVersion && linksVersion === this.liveLinksVersion)
      return this.live;
    const next = liveLayout(this.sandbox.figures, this.sandbox.props, this.sandbox.links.list);
    const newest = this.count > 0 ? this.layoutAt(this.lastFrame) : null;
    if (newest) this.noteChanges(newest, next.layout);
    if (!newest || !sameFiguresAndLinks(newest, next.layout)) this.figureSetStart = this.nextFrame;
    this.live = next;
    this.liveVersion = version;
    this.liveLinksVersion = linksVersion;
    if (next.layout.bodyCount > this.slotCapacity || this.frameCapacity === 0)
      this.grow(next.layout.bodyCount);
    return next;
  }

  private noteChanges(before: SceneLayout, after: SceneLayout): void {
    const frame = this.nextFrame;
    const ids = (list: readonly { id: number }[]): Set<number> => new Set(list.map((x) => x.id));
    const pairs = [
      [ids(before.figures), ids(after.figures), 'figure'],
      [ids(before.props), ids(after.props), 'prop'],
      [new Set(before.links), new Set(after.links), 'link'],
    ] as const;
    for (const [old, now, kind] of pairs) {
      for (const id of old)
        if (!now.has(id)) this.eventList.push({ frame, type: `${kind}-removed`, id });
      for (const id of now)
        if (!old.has(id)) this.eventList.push({ frame, type: `${kind}-added`, id });
    }
    const first = this.firstFrame;
    while (this.eventList.length > 0 && this.eventList[0]!.frame < first) this.eventList.shift();
  }

  /** Reallocates for at least `bodies` slots, keeping the newest frames that still fit. */
  private grow(bodies: number): void {
    const slots = Math.max(SLOT_BLOCK, Math.ceil(bodies / SLOT_BLOCK) * SLOT_BLOCK);
    const frames = Math.max(
      1,
      Math.min(this.maxFrames, Math.floor(this.maxBytes / (slots * ENCODED_BODY_BYTES + 12))),
    );
    const states: EncodedStates = {
      positions: new Uint32Array(frames * slots * POSITION_WORDS),
      rotations: new Uint16Array(frames * slots * ROTATION_WORDS),
      velocities: new Int16Array(frames * slots * VELOCITY_WORDS),
    };
    const steps = new Float64Array(frames);
    const serials = new Int32Array(frames);
    const layouts = new Array<SceneLayout | undefined>(frames).fill(undefined);
    const kept = Math.min(this.count, frames);
    for (let frame = this.nextFrame - kept; frame < this.nextFrame; frame++) {
      const from = frame % this.frameCapacity;
      const to = frame % frames;
      copySlots(this.states, from * this.slotCapacity, states, to * slots, this.slotCapacity);
      steps[to] = this.frameSteps[from]!;
      serials[to] = this.frameSerials[from]!;
      layouts[to] = this.frameLayouts[from];
    }
    this.states = states;
    this.frameSteps = steps;
    this.frameSerials = serials;
    this.frameLayouts = layouts;
    this.slotCapacity = slots;
    this.frameCapacity = frames;
    this.count = kept;
    this.figureSetStart = Math.max(this.figureSetStart, this.nextFrame - kept);
  }
}

function emptyStates(): EncodedStates {
  return {
    positions: new Uint32Array(0),
    rotations: new Uint16Array(0),
    velocities: new Int16Array(0),
  };
}

function copySlots(
  from: EncodedStates,
  fromSlot: number,
  to: EncodedStates,
  toSlot: number,
  slots: number,
): void {
  to.positions.set(
    from.positions.subarray(fromSlot * POSITION_WORDS, (fromSlot + slots) * POSITION_WORDS),
    toSlot * POSITION_WORDS,
  );
  to.rotations.set(
    from.rotations.subarray(fromSlot * ROTATION_WORDS, (fromSlot + slots) * ROTATION_WORDS),
    toSlot * ROTATION_WORDS,
  );
  to.velocities.set(
    from.velocities.subarray(fromSlot * VELOCITY_WORDS, (fromSlot + slots) * VELOCITY_WORDS),
    toSlot * VELOCITY_WORDS,
  );
}
