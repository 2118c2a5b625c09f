import RAPIER from '@dimforge/rapier3d-simd-compat';
import type { PhysicsChannel } from '../physics/worker/physics-channel';
import { inlineChannel } from '../physics/worker/physics-channel';
import { PhysicsHost } from '../physics/worker/physics-host';
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

type StartCommand = Extract<PhysicsCommand, { type: 'start' }>;

/**
 * Starts a sandbox in a dedicated module worker (`physics-worker.ts`) with these options. Where
 * the page cannot start one (no `Worker`, or the browser refuses the script), the same host
 * runs on the page instead, with Rapier loaded here, and {@link StartedPhysics.note} says so.
 */
export async function startPhysicsThread(
  options: Omit<StartCommand, 'type'> = {},
): Promise<StartedPhysics> {
  let channel: PhysicsChannel;
  let place: PhysicsPlace = 'worker';
  let note: string | null = null;
  try {
    channel = workerChannel(
      new Worker(new URL('./physics-worker.ts', import.meta.url), {
        type: 'module',
        name: 'physics',
      }),
    );
  } catch (error) {
    await RAPIER.init();
    channel = inlineChannel(new PhysicsHost(RAPIER));
    place = 'inline';
    const reason = error instanceof Error ? error.message : String(error);
    note = `The physics runs on the page's own thread: this page could not start a worker (${reason}).`;
  }
  const thread = new PhysicsThread(channel);
  channel.send({ type: 'start', ...options });
  return { thread, place, note };
}
