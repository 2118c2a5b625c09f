import RAPIER from '@dimforge/rapier3d-simd-compat';
import type { PhysicsChannel } from '../physics/worker/physics-channel';
import { inlineChannel } from '../physics/worker/physics-channel';
import { PhysicsHost } from '../physics/worker/physics-host';
import { ClockTicker } from './clock-ticker';
import type { PhysicsCommand } from '../physics/worker/physics-protocol';
import { PhysicsThread } from '../physics/worker/physics-thread';
import { workerChannel } from './worker-channel';

/** Where a started physics thread runs. */
export type PhysicsPlace = 'worker' | 'inline';

/** A sandbox on its own thread, or on the page where no worker could start, and why. */
export interface StartedPhysics {
  readonly thread: PhysicsThread;
  readonly place: PhysicsPlace;
  /** Why the physics runs on the page, when it does: to be said once. */
  readonly note: string | null;
}

type StartOptions = Omit<Extract<PhysicsCommand, { type: 'start' }>, 'type'>;

/**
 * Starts a sandbox with these options in a dedicated module worker (`physics-worker.ts`) and
 * waits for it to answer. Where the page cannot start one (no `Worker`, a refused script, a
 * worker that fails before it answers), the same host runs on the page instead, with Rapier
 * loaded here, and {@link StartedPhysics.note} says why.
 */
export async function startPhysicsThread(options: StartOptions = {}): Promise<StartedPhysics> {
  let reason: string;
  try {
    const worker = new Worker(new URL('./physics-worker.ts', import.meta.url), {
      type: 'module',
      name: 'physics',
    });
    const thread = await started(workerChannel(worker), options);
    return { thread, place: 'worker', note: null };
  } catch (error) {
    reason = error instanceof Error ? error.message : String(error);
  }
  await RAPIER.init();
  const thread = await started(tickedInline(new PhysicsHost(RAPIER)), options);
  return {
    thread,
    place: 'inline',
    note: `The physics runs on the page's own thread: no worker could start here (${reason}).`,
  };
}

/** The host on the page, its clock looked at as a worker's would be. */
function tickedInline(host: PhysicsHost): PhysicsChannel {
  const channel = inlineChannel(host);
  const ticker = new ClockTicker(host);
  const send = channel.send.bind(channel);
  const close = channel.close.bind(channel);
  // The inline host carries a command out a microtask after it is sent; look at its clock after.
  channel.send = (command, transfer) => {
    send(command, transfer);
    void Promise.resolve().then(() => ticker.update());
  };
  channel.close = () => {
    ticker.stop();
    close();
  };
  return channel;
}

/** A thread over `channel`, once it has answered `start`; rejects if it breaks first. */
function started(channel: PhysicsChannel, options: StartOptions): Promise<PhysicsThread> {
  const thread = new PhysicsThread(channel);
  return new Promise((resolve, reject) => {
    thread.onStarted = () => {
      thread.onStarted = null;
      thread.onProblem = null;
      resolve(thread);
    };
    thread.onProblem = (message) => {
      thread.dispose();
      reject(new Error(message));
    };
    channel.send({ type: 'start', ...options });
  });
}
