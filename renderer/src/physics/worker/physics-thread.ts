import type { SimBody } from '../body-registry';
import type { TransformReader } from '../body-transforms';
import { monotonicNowMs } from '../monotonic-clock';
import { clampTimeScale } from '../sandbox-settings';
import { stageLayout } from '../stage';
import type { StageLayout } from '../stage';
import type { SceneSnapshot } from '../scene-snapshot';
import type { QuatLike, Vec3Like } from '../vector-math';
import { InterpolatedTransforms } from './interpolated-transforms';
import type { PhysicsChannel } from './physics-channel';
import type { PhysicsReply } from './physics-protocol';
import { EMPTY_FIGURE_TABLE, figureTableOf } from '../figure-table';
import type { FigureTable } from '../figure-table';
import type { DollSpec } from '../doll-spec';
import type { MmdPhysicsSpec } from '../mmd/mmd-physics-spec';
import { MAX_ADVANCE_SECONDS, SOUND_NUMBERS } from './physics-protocol';
import { SOUND_KINDS, SoundRequestRing } from '../sound/sound-requests';

type Stepped = Extract<PhysicsReply, { type: 'stepped' }>;

/** What the page knows of the physics thread's time, for measurements. */
export interface ThreadTiming {
  /** Simulated seconds the thread has stepped. */
  readonly simSeconds: number;
  /** Replies received. */
  readonly replies: number;
  /** Thread milliseconds the last advance took, stepping and packing. */
  readonly lastBusyMs: number;
  /** Thread milliseconds of every advance so far. */
  readonly busyMsTotal: number;
  /** Thread milliseconds spent packing the states sent so far. */
  readonly packMsTotal: number;
  /** Milliseconds from sending each advance to its reply arriving, all together. */
  readonly roundTripMsTotal: number;
}

/**
 * The page's side of a sandbox that runs elsewhere (a worker, or the same code inline): it
 * sends commands and shows the newest transforms the thread sent back. It offers what the view
 * reads of a sandbox (bodies, transforms, the hand, TIME), so the view draws it as it draws the
 * sandbox itself, without knowing where the physics runs.
 *
 * One `advance` is in flight at a time: frames that come while the thread is still stepping
 * add their seconds to the next one, so a slow thread is asked for more time per message
 * rather than sent a backlog. The buffer no longer read goes back with each advance, so after
 * the first three frames no buffer is allocated on either side. Reads allocate nothing.
 */
export class PhysicsThread implements TransformReader {
  readonly stage: StageLayout = stageLayout();
  /** The pinned bodies' handles, as of the newest reply (`pin` to add one). */
  readonly pins = { handles: [] as readonly number[] };
  /** The hand: the target reaches the thread with the next message, ahead of the next advance. */
  readonly grab = {
    handle: null as number | null,
    start: (handle: number, at: Vec3Like): boolean => this.startGrab(handle, at),
    moveTo: (target: Vec3Like): void => this.moveGrab(target),
    release: (): void => this.releaseGrab(),
  };
  /**
   * The sounds the thread's hits and blasts asked for (when it was started with
   * `impactSounds`), for the page's player to empty once a frame, as the sandbox's own ring.
   */
  readonly soundRequests = new SoundRequestRing();
  /** Called when the thread answers `start`: it has Rapier and an empty scene. */
  onStarted: (() => void) | null = null;
  /** Called with the reason when the thread refuses a command or stops. */
  onProblem: ((message: string) => void) | null = null;
  private readonly transforms = new InterpolatedTransforms();
  private bodyList: readonly SimBody[] = [];
  private table: FigureTable = EMPTY_FIGURE_TABLE;
  private placementList: readonly number[] = [];
  private bodyVersion = 0;
  private spare: Float64Array<ArrayBuffer> | undefined;
  private inFlight = false;
  private pendingSeconds = 0;
  private timeScaleValue = 1;
  private clockRunning = false;
  /**
   * A grab or release was sent while an advance was in flight: that advance's reply still
   * tells of the hand before it, so its `grabbed` is not taken.
   */
  private grabReplyStale = false;
  private timing = {
    simSeconds: 0,
    replies: 0,
    lastBusyMs: 0,
    busyMsTotal: 0,
    packMsTotal: 0,
    roundTripMsTotal: 0,
  };
  private sentAtMs = 0;
  private readonly advanceCommand: {
    type: 'advance';
    frameSeconds: number;
    buffer: Float64Array<ArrayBuffer> | undefined;
  } = { type: 'advance', frameSeconds: 0, buffer: undefined };
  private readonly advanceTransfer: ArrayBuffer[] = [];
  private lastRequest = 0;
  private readonly snapshotRequests = new Map<
    number,
    { resolve: (snapshot: SceneSnapshot) => void; reject: (error: Error) => void }
  >();

  constructor(private readonly channel: PhysicsChannel) {
    channel.onReply = (reply) => this.receive(reply);
    channel.onBroken = (message) => this.onProblem?.(message);
  }

  /** TIME: simulated seconds per wall second (0.1-1). */
  get timeScale(): number {
    return this.timeScaleValue;
  }

  setTimeScale(scale: number): void {
    this.timeScaleValue = clampTimeScale(scale);
    this.channel.send({ type: 'time-scale', value: this.timeScaleValue });
  }

  /** The drawn bodies, as of the newest reply. */
  get bodies(): readonly SimBody[] {
    return this.bodyList;
  }

  /** Changes whenever {@link bodies} does. */
  get bodiesVersion(): number {
    return this.bodyVersion;
  }

  /** The thread's time as the page last heard of it. */
  get threadTiming(): ThreadTiming {
    return this.timing;
  }

  /**
   * Asks the thread to step `frameSeconds` of wall time (TIME applies there), unless it is still
   * busy with the last request: then the seconds wait for the next one. Returns 0: steps are
   * taken elsewhere, and the page learns of them with the reply.
   */
  advance(frameSeconds: number): number {
    this.pendingSeconds += frameSeconds;
    if (this.inFlight) return 0;
    const seconds = this.clockRunning ? 0 : Math.min(this.pendingSeconds, MAX_ADVANCE_SECONDS);
    this.pendingSeconds = 0;
    this.inFlight = true;
    this.sentAtMs = monotonicNowMs();
    // One command object and one transfer list, reused: a frame allocates nothing of its own
    // (the message itself is copied by the channel).
    const command = this.advanceCommand;
    const transfer = this.advanceTransfer;
    command.frameSeconds = seconds;
    command.buffer = this.spare;
    transfer.length = 0;
    if (this.spare) transfer.push(this.spare.buffer);
    this.spare = undefined;
    this.channel.send(command, transfer);
    return 0;
  }

  /**
   * Has the thread step on its own clock, in real time, however fast the page draws (or, with
   * false, only as the page's frames ask: the same steps for the same frames).
   */
  runClock(running: boolean): void {
    this.clockRunning = running;
    this.channel.send({ type: 'clock', running });
  }

  /** Pins the body with this handle where it is. */
  pin(handle: number): void {
    this.channel.send({ type: 'pin', handle });
  }

  /** Lets a pinned body go. */
  unpin(handle: number): void {
    this.channel.send({ type: 'unpin', handle });
  }

  /** The sandbox's figure table (plain data about every figure), as of the newest reply. */
  get figureTable(): FigureTable {
    return this.table;
  }

  /** How often the figure with this id was placed (dropped, reset, restored); 0 if unknown. */
  placementsOf(id: number): number {
    const index = this.table.indexOf(id);
    return index < 0 ? 0 : (this.placementList[index] ?? 0);
  }

  /** Adds a figure built from `spec` (default the box dummy), with a model's own bodies `mmd`. */
  addFigure(spec?: DollSpec, mmd?: MmdPhysicsSpec): void {
    this.channel.send({
      type: 'add-figure',
      ...(spec === undefined ? {} : { spec }),
      ...(mmd === undefined ? {} : { mmd }),
    });
  }

  /** Adds a ball or a box. */
  addProp(kind: 'ball' | 'box'): void {
    this.channel.send({ type: 'add-prop', kind });
  }

  /** BLAST with this speed change at the centre, m/s. */
  blast(power: number): void {
    this.channel.send({ type: 'blast', power });
  }

  /** DROP: every figure from above. */
  drop(): void {
    this.channel.send({ type: 'drop' });
  }

  /**
   * What a drawn frame reads: while the thread runs on its own clock, the bodies at this
   * moment, blended between the two newest states (see {@link InterpolatedTransforms});
   * otherwise the newest state as it is (the page's frames step it, one state per frame).
   */
  latestTransforms(): TransformReader {
    if (!this.clockRunning) return this.transforms.newest;
    this.transforms.sample(monotonicNowMs(), this.timeScaleValue);
    return this.transforms;
  }

  /** The body's transform in the newest state, exactly as the thread sent it. */
  read(handle: number, position: Vec3Like, rotation: QuatLike): boolean {
    return this.transforms.newest.read(handle, position, rotation);
  }

  readTransform(handle: number, position: Vec3Like, rotation: QuatLike): boolean {
    return this.read(handle, position, rotation);
  }

  /** Stops the thread; snapshots still awaited are refused. */
  dispose(): void {
    this.failSnapshots('The physics thread stopped.');
    this.channel.onReply = null;
    this.channel.close();
  }

  /**
   * The whole scene, exact to the bit, as the thread has it once the commands sent before this
   * call are carried out (for undo: taken on a command, never per frame).
   */
  takeSnapshot(): Promise<SceneSnapshot> {
    const request = ++this.lastRequest;
    return new Promise((resolve, reject) => {
      this.snapshotRequests.set(request, { resolve, reject });
      this.channel.send({ type: 'take-snapshot', request });
    });
  }

  /** Puts the scene back into a snapshot this thread took ({@link takeSnapshot}). */
  restoreSnapshot(snapshot: SceneSnapshot): void {
    this.channel.send({ type: 'restore-snapshot', snapshot });
  }

  private receive(reply: PhysicsReply): void {
    switch (reply.type) {
      case 'failed':
        // A refused snapshot request is answered to its caller, not only said; after a refused
        // advance the next frame asks again.
        if (reply.command === 'take-snapshot') this.failSnapshots(reply.message);
        if (reply.command === 'advance') this.inFlight = false;
        this.onProblem?.(reply.message);
        return;
      case 'snapshot': {
        const waiting = this.snapshotRequests.get(reply.request);
        this.snapshotRequests.delete(reply.request);
        waiting?.resolve(reply.snapshot);
        return;
      }
      case 'stepped':
        this.inFlight = false;
        this.take(reply);
        return;
      case 'started':
        this.onStarted?.();
    }
  }

  private takeSounds(sounds: Float64Array): void {
    for (let at = 0; at + SOUND_NUMBERS <= sounds.length; at += SOUND_NUMBERS) {
      const kind = SOUND_KINDS[sounds[at]!];
      if (kind === undefined) continue;
      this.soundRequests.push(
        kind,
        sounds[at + 1]!,
        sounds[at + 2]!,
        sounds[at + 3]!,
        sounds[at + 4]!,
        sounds[at + 5]!,
        sounds[at + 6]!,
      );
    }
  }

  private failSnapshots(message: string): void {
    for (const waiting of this.snapshotRequests.values()) waiting.reject(new Error(message));
    this.snapshotRequests.clear();
  }

  private take(reply: Stepped): void {
    // The buffer no longer read goes back with the next advance, to be filled again.
    this.spare = this.transforms.push(
      reply.buffer,
      reply.layoutVersion,
      reply.handles,
      reply.simSeconds,
      monotonicNowMs(),
    );
    if (reply.bodies) {
      this.bodyList = reply.bodies;
      this.bodyVersion++;
    }
    if (this.grabReplyStale) this.grabReplyStale = false;
    else this.grab.handle = reply.grabbed;
    if (reply.pins) this.pins.handles = reply.pins;
    if (reply.figures) this.table = figureTableOf(reply.figures.entries, reply.figures.version);
    if (reply.placements) this.placementList = reply.placements;
    if (reply.sounds) this.takeSounds(reply.sounds);
    const timing = this.timing;
    timing.simSeconds = reply.simSeconds;
    timing.replies++;
    timing.lastBusyMs = reply.busyMs;
    timing.busyMsTotal += reply.busyMs;
    timing.packMsTotal += reply.packMs;
    timing.roundTripMsTotal += monotonicNowMs() - this.sentAtMs;
  }

  private startGrab(handle: number, at: Vec3Like): boolean {
    if (!this.bodyList.some((body) => body.handle === handle)) return false;
    this.grab.handle = handle;
    this.grabReplyStale = this.inFlight;
    this.channel.send({ type: 'grab-start', handle, at: { x: at.x, y: at.y, z: at.z } });
    return true;
  }

  private moveGrab(target: Vec3Like): void {
    this.channel.send({ type: 'grab-move', to: { x: target.x, y: target.y, z: target.z } });
  }

  private releaseGrab(): void {
    this.grab.handle = null;
    this.grabReplyStale = this.inFlight;
    this.channel.send({ type: 'grab-release' });
  }
}
