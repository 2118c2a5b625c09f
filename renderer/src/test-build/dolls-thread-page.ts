import type { PhysicsThread } from '../physics/worker/physics-thread';
import type { PhysicsPlace } from '../threads/start-physics-thread';
import { startPhysicsThread } from '../threads/start-physics-thread';
import { RagdollView } from '../view/ragdoll-view';
import { appElement } from './bench-view';

/**
 * The box-doll page of `npm run bench:renderer -- --dolls N` (bench-pages.html?page=dolls-thread, test
 * build only): N box dolls in a sandbox on a physics worker, drawn by the app's view as it
 * draws the sandbox, while the page measures how much simulated time the worker keeps up with.
 */
export interface DollsThreadHook {
  /**
   * Starts `dolls` box dolls on a physics thread, drops them and starts drawing; time passes
   * as the page's frames ask until {@link runClock}.
   */
  start(dolls: number): Promise<{ readonly place: PhysicsPlace; readonly note: string | null }>;
  /** Has the thread step on its own clock, in real time, however slowly the page draws. */
  runClock(): void;
  /**
   * Draws for `seconds` of wall time with a BLAST of `power` every `blastEvery` seconds, and
   * returns the simulated seconds the thread stepped in it per wall second, with the page's
   * frame times.
   */
  measure(seconds: number, blastEvery: number, power: number): Promise<DollsThreadSample>;
  /** Every drawn body's height (metres) in the newest state the thread sent. */
  bodyHeights(): number[];
}

/** What {@link DollsThreadHook.measure} found. */
export interface DollsThreadSample {
  /** Simulated seconds per wall second (1: real time). */
  readonly realTime: number;
  /** Drawn bodies at the end. */
  readonly bodies: number;
  /** The page's frames drawn in the window. */
  readonly frames: number;
  /** The JS time of those frames (the most recent ones the view keeps), ms. */
  readonly frameMs: readonly number[];
  /** The thread's busy share of the wall time (stepping and packing). */
  readonly threadBusyShare: number;
  /** Mean milliseconds the thread took to pack a state into its buffer. */
  readonly packMsMean: number;
  /** Mean milliseconds from asking for a state to having it on the page. */
  readonly roundTripMsMean: number;
}

declare global {
  interface Window {
    /** Benchmark-only; present only on the test build's bench-pages.html?page=dolls-thread. */
    __ragdollDollsThread?: DollsThreadHook;
  }
}

let running: { view: RagdollView; thread: PhysicsThread } | null = null;

async function start(dolls: number): Promise<{ place: PhysicsPlace; note: string | null }> {
  if (running !== null) throw new Error('bench: the doll page has already started');
  const { thread, place, note } = await startPhysicsThread({ seed: 7, maxFigures: dolls });
  let problem: string | null = null;
  thread.onProblem = (message) => {
    problem ??= message;
  };
  for (let i = 0; i < dolls; i++) thread.addFigure();
  thread.drop();
  const view = new RagdollView(appElement(), thread);
  view.start();
  running = { view, thread };
  await until(() => {
    if (problem !== null) throw new Error(`bench: the physics thread failed: ${problem}`);
    return thread.bodies.length > 0;
  });
  return { place, note };
}

async function measure(
  seconds: number,
  blastEvery: number,
  power: number,
): Promise<DollsThreadSample> {
  const { view, thread } = started();
  const timing = thread.threadTiming;
  const simStart = timing.simSeconds;
  const busyStart = timing.busyMsTotal;
  const packStart = timing.packMsTotal;
  const tripStart = timing.roundTripMsTotal;
  const repliesStart = timing.replies;
  const framesStart = view.stats.snapshot().frames;
  const wallStart = performance.now();
  const blasts = setInterval(() => thread.blast(power), blastEvery * 1000);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  clearInterval(blasts);
  const wallMs = performance.now() - wallStart;
  const stats = view.stats.snapshot();
  const frames = stats.frames - framesStart;
  return {
    realTime: (timing.simSeconds - simStart) / (wallMs / 1000),
    bodies: thread.bodies.length,
    frames,
    frameMs: stats.recentFrameMs.slice(-frames),
    threadBusyShare: (timing.busyMsTotal - busyStart) / wallMs,
    packMsMean: (timing.packMsTotal - packStart) / Math.max(1, timing.replies - repliesStart),
    roundTripMsMean:
      (timing.roundTripMsTotal - tripStart) / Math.max(1, timing.replies - repliesStart),
  };
}

function started(): { view: RagdollView; thread: PhysicsThread } {
  if (running === null) throw new Error('bench: the doll page has not started');
  return running;
}

function bodyHeights(): number[] {
  const { thread } = started();
  const position = { x: 0, y: 0, z: 0 };
  const rotation = { x: 0, y: 0, z: 0, w: 1 };
  return thread.bodies.map((body) =>
    thread.read(body.handle, position, rotation) ? position.y : Number.NaN,
  );
}

/** Resolves once `ready()` holds, checking every 50 ms. */
async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((resolve) => setTimeout(resolve, 50));
}

window.__ragdollDollsThread = {
  start,
  runClock: () => started().thread.runClock(true),
  measure,
  bodyHeights,
};
