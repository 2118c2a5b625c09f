import { sameElements } from '../../../../shared/same-elements';
import { TRANSFORM_FLOATS } from '../body-transforms';
import { monotonicNowMs } from '../monotonic-clock';
import type { RapierApi } from '../rapier-api';
import { FIXED_STEP, MAX_STEPS_PER_FRAME, Sandbox } from '../sandbox';
import type { SandboxOptions } from '../sandbox-settings';
import { SnapshotIds, restoreSceneSnapshot, takeSceneSnapshot } from '../scene-snapshot';
import type { FigureEntry } from '../figure-table';
import type { PhysicsCommand, PhysicsReply } from './physics-protocol';
import { MAX_ADVANCE_SECONDS, SOUND_NUMBERS, parsePhysicsCommand } from './physics-protocol';
import { SOUND_KIND_CODE, soundRequest } from '../sound/sound-requests';
import type { SoundRequestRing } from '../sound/sound-requests';

/** A reply and the buffers that travel with it (transferred, not copied, by a worker). */
export interface HostAnswer {
  readonly reply: PhysicsReply | null;
  readonly transfer: ArrayBuffer[];
}

const NO_ANSWER: HostAnswer = { reply: null, transfer: [] };
const STARTED: HostAnswer = { reply: { type: 'started' }, transfer: [] };

/**
 * Wall seconds one `Sandbox.advance` call may take without dropping time (its cap of
 * {@link MAX_STEPS_PER_FRAME} steps at full TIME). A page frame is shorter, so each one is a
 * single call, stepped exactly as on the page; longer requests (the page's frames that came
 * while the thread was busy) are split into such calls, so the thread catches up instead of
 * dropping time.
 */
const MAX_CALL_SECONDS = MAX_STEPS_PER_FRAME * FIXED_STEP;

/**
 * How often a thread should call {@link PhysicsHost.tick}, ms: under a step (8.3 ms), so steps
 * come as they fall due while the clock runs, and between messages, so the hand is never held
 * up by them.
 */
export const TICK_MS = 2;

/** The most steps one {@link PhysicsHost.tick} takes (see there). */
export const TICK_STEPS = 2;

/**
 * The physics side of the protocol: one {@link Sandbox}, driven by {@link PhysicsCommand}s and
 * answering each `advance` with every body's transform in one buffer. It knows nothing of
 * workers: a worker's message handler hands it what arrives, and a page without workers calls
 * it directly, so both run the same code (and Node's tests run it as it is).
 */
export class PhysicsHost {
  private sandbox: Sandbox | null = null;
  /** Which figure a snapshot's id now stands for (restores make lost figures again). */
  private snapshotIds = new SnapshotIds();
  /** Buffers the page handed back, to fill again instead of allocating. */
  private readonly spare: Float64Array<ArrayBuffer>[] = [];
  /** The layout of the last buffer sent, and the drawn bodies' version with it. */
  private sentLayout = -1;
  private sentBodies = -1;
  /** The pins and the figure table's version as last sent. */
  private readonly sentPins: number[] = [];
  private sentFigures = -1;
  /** Each figure's placement count now (reused), and as last sent. */
  private readonly placements: number[] = [];
  private readonly sentPlacements: number[] = [];
  /** Whether the thread steps on its own clock, and when it last did (ms; null: not yet). */
  private onOwnClock = false;
  private lastTickMs: number | null = null;
  /** Wall seconds the clock has passed and the sandbox has not yet been stepped for. */
  private owedSeconds = 0;
  /** Steps and thread time since the last reply. */
  private stepsSinceReply = 0;
  private busyMsSinceReply = 0;

  /** @param rapier Rapier's runtime, initialised. */
  constructor(private readonly rapier: RapierApi) {}

  /**
   * Checks `data` against the protocol and carries it out. A command that does not fit is
   * answered `failed` with the reason and changes nothing; one the sandbox refuses is answered
   * `failed` with the sandbox's reason.
   */
  receive(data: unknown): HostAnswer {
    let command: PhysicsCommand | undefined;
    try {
      command = parsePhysicsCommand(data);
      return this.carryOut(command);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return {
        reply: { type: 'failed', command: command?.type ?? 'unknown', message },
        transfer: [],
      };
    }
  }

  /**
   * While the clock runs (a `clock` command), owes the sandbox the wall time since the last
   * tick (at most {@link MAX_ADVANCE_SECONDS} owed: beyond it time is dropped, not caught up)
   * and pays up to {@link TICK_STEPS} steps of it, TIME applied; otherwise does nothing. The
   * thread calls it every few milliseconds between messages: a thread that fell behind
   * catches up over several ticks, so a message (the hand's target) never waits behind more
   * than {@link TICK_STEPS} steps.
   *
   * @param nowMs a monotonic clock, milliseconds
   */
  tick(nowMs: number): void {
    const sandbox = this.sandbox;
    if (!this.onOwnClock || sandbox === null) return;
    const last = this.lastTickMs ?? nowMs;
    this.lastTickMs = nowMs;
    this.owedSeconds = Math.min(this.owedSeconds + (nowMs - last) / 1000, MAX_ADVANCE_SECONDS);
    const paid = Math.min(this.owedSeconds, (TICK_STEPS * FIXED_STEP) / sandbox.timeScale);
    if (paid <= 0) return;
    this.owedSeconds -= paid;
    const start = monotonicNowMs();
    this.stepsSinceReply += sandbox.advance(paid);
    this.busyMsSinceReply += monotonicNowMs() - start;
  }

  /** Whether the thread steps on its own clock (see {@link tick}). */
  get clockRunning(): boolean {
    return this.onOwnClock;
  }

  /** Frees the sandbox. */
  dispose(): void {
    this.sandbox?.dispose();
    this.sandbox = null;
  }

  private carryOut(command: PhysicsCommand): HostAnswer {
    if (command.type === 'start') {
      this.dispose();
      this.sandbox = new Sandbox(this.rapier, sandboxOptions(command));
      this.snapshotIds = new SnapshotIds();
      this.sentLayout = -1;
      this.sentBodies = -1;
      this.sentPins.length = 0;
      this.sentFigures = -1;
      this.sentPlacements.length = 0;
      return STARTED;
    }
    const sandbox = this.sandbox;
    if (!sandbox) throw new Error('The physics thread has no scene yet: send start first.');
    switch (command.type) {
      case 'advance':
        if (command.buffer) this.spare.push(command.buffer as Float64Array<ArrayBuffer>);
        return this.advance(sandbox, command.frameSeconds);
      case 'add-figure':
        sandbox.addFigure(command.spec, command.mmd ? { mmd: command.mmd } : {});
        break;
      case 'add-prop':
        sandbox.addProp(command.kind);
        break;
      case 'blast':
        sandbox.blast(command.power);
        break;
      case 'drop':
        sandbox.drop();
        break;
      case 'reset':
        sandbox.reset();
        break;
      case 'stiffness':
        sandbox.setStiffness(command.value);
        break;
      case 'time-scale':
        sandbox.setTimeScale(command.value);
        break;
      case 'gravity-scale':
        sandbox.setGravityScale(command.value);
        break;
      case 'grab-start':
        sandbox.grab.start(command.handle, command.at);
        break;
      case 'grab-move':
        sandbox.grab.moveTo(command.to);
        break;
      case 'grab-release':
        sandbox.grab.release();
        break;
      case 'pin':
        if (!sandbox.pins.add(command.handle))
          throw new Error(`There is no body ${command.handle} to pin.`);
        break;
      case 'unpin':
        sandbox.pins.remove(command.handle);
        break;
      case 'clear-pins':
        sandbox.pins.clear();
        break;
      case 'clock':
        this.onOwnClock = command.running;
        this.lastTickMs = null;
        this.owedSeconds = 0;
        break;
      case 'take-snapshot':
        return {
          reply: {
            type: 'snapshot',
            request: command.request,
            snapshot: takeSceneSnapshot(sandbox),
          },
          transfer: [],
        };
      case 'restore-snapshot':
        restoreSceneSnapshot(sandbox, command.snapshot, this.snapshotIds);
        break;
    }
    return NO_ANSWER;
  }

  /** Steps one frame's worth and packs every body into a buffer for the page. */
  private advance(sandbox: Sandbox, frameSeconds: number): HostAnswer {
    const start = monotonicNowMs();
    // While the clock runs it steps; the page only asks for the newest state.
    if (!this.onOwnClock) this.stepsSinceReply += this.stepFor(sandbox, frameSeconds);
    const packStart = monotonicNowMs();
    const packed = sandbox.latestTransforms();
    const floats = packed.count * TRANSFORM_FLOATS;
    const buffer = this.bufferFor(floats);
    buffer.set(packed.data.subarray(0, floats));
    const changed = packed.version !== this.sentLayout || sandbox.bodiesVersion !== this.sentBodies;
    this.sentLayout = packed.version;
    this.sentBodies = sandbox.bodiesVersion;
    const packMs = monotonicNowMs() - packStart;
    const sounds = drainSounds(sandbox.soundRequests);
    const reply: PhysicsReply = {
      type: 'stepped',
      steps: this.stepsSinceReply,
      totalSteps: sandbox.steps,
      simSeconds: sandbox.steps * FIXED_STEP,
      busyMs: this.busyMsSinceReply + monotonicNowMs() - start,
      packMs,
      buffer,
      count: packed.count,
      layoutVersion: packed.version,
      bodiesVersion: sandbox.bodiesVersion,
      ...(changed ? { handles: [...packed.handles], bodies: [...sandbox.bodies] } : {}),
      grabbed: sandbox.grab.handle,
      ...(this.pinsChanged(sandbox.pins.handles) ? { pins: [...sandbox.pins.handles] } : {}),
      ...(this.figuresChanged(sandbox) ? { figures: figuresOf(sandbox) } : {}),
      ...(this.placementsChanged(sandbox) ? { placements: [...this.placements] } : {}),
      ...(sounds === null ? {} : { sounds }),
    };
    this.stepsSinceReply = 0;
    this.busyMsSinceReply = 0;
    return { reply, transfer: sounds === null ? [buffer.buffer] : [buffer.buffer, sounds.buffer] };
  }

  /** Whether `pins` differ from those last sent; if so, remembers them as sent. */
  private pinsChanged(pins: readonly number[]): boolean {
    return changedSince(this.sentPins, pins);
  }

  /** Whether any figure was placed since the counts were last sent; if so, notes them as sent. */
  private placementsChanged(sandbox: Sandbox): boolean {
    const now = this.placements;
    now.length = 0;
    const figures = sandbox.figures;
    for (let i = 0; i < figures.length; i++) now.push(figures[i]!.ragdoll.placements);
    return changedSince(this.sentPlacements, now);
  }

  /** Whether the figure table changed since it was last sent; if so, notes it as sent. */
  private figuresChanged(sandbox: Sandbox): boolean {
    const version = sandbox.figureTable.version;
    if (version === this.sentFigures) return false;
    this.sentFigures = version;
    return true;
  }

  /** Steps `seconds` of wall time (TIME applies) without dropping any; returns the steps. */
  private stepFor(sandbox: Sandbox, seconds: number): number {
    let steps = 0;
    for (let left = seconds; left > 0; left -= MAX_CALL_SECONDS) {
      steps += sandbox.advance(Math.min(left, MAX_CALL_SECONDS));
    }
    return steps;
  }

  /** A handed-back buffer with room for `floats` numbers, or a new one. */
  private bufferFor(floats: number): Float64Array<ArrayBuffer> {
    while (this.spare.length > 0) {
      const buffer = this.spare.pop()!;
      if (buffer.length >= floats) return buffer;
    }
    return new Float64Array(floats);
  }
}

/** Whether `now` differs from `sent`; if so, `sent` becomes a copy of it. */
function changedSince(sent: number[], now: readonly number[]): boolean {
  if (sameElements(sent, now)) return false;
  sent.length = 0;
  for (let i = 0; i < now.length; i++) sent.push(now[i]!);
  return true;
}

/** The figure table as a reply carries it: its plain entries and version. */
function figuresOf(sandbox: Sandbox): { version: number; entries: readonly FigureEntry[] } {
  const table = sandbox.figureTable;
  return { version: table.version, entries: table.figures };
}

const drained = soundRequest();

/** The ring's waiting sounds, packed for a reply (see `PhysicsReply.sounds`); null when none. */
function drainSounds(ring: SoundRequestRing | null): Float64Array<ArrayBuffer> | null {
  if (ring === null || ring.size === 0) return null;
  const sounds = new Float64Array(ring.size * SOUND_NUMBERS);
  for (let at = 0; ring.shift(drained); at += SOUND_NUMBERS) {
    sounds[at] = SOUND_KIND_CODE[drained.kind];
    sounds[at + 1] = drained.time;
    sounds[at + 2] = drained.gain;
    sounds[at + 3] = drained.brightness;
    sounds[at + 4] = drained.x;
    sounds[at + 5] = drained.y;
    sounds[at + 6] = drained.z;
  }
  return sounds;
}

/** The sandbox options a `start` command names, leaving out those it does not. */
function sandboxOptions(command: Extract<PhysicsCommand, { type: 'start' }>): SandboxOptions {
  return {
    ...(command.seed !== undefined ? { seed: command.seed } : {}),
    ...(command.stiffness !== undefined ? { stiffness: command.stiffness } : {}),
    ...(command.timeScale !== undefined ? { timeScale: command.timeScale } : {}),
    ...(command.maxFigures !== undefined ? { maxFigures: command.maxFigures } : {}),
    ...(command.impactSounds !== undefined ? { impactSounds: command.impactSounds } : {}),
  };
}
