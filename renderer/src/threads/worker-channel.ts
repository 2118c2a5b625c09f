import type { PhysicsChannel } from '../physics/worker/physics-channel';
import type { PhysicsReply } from '../physics/worker/physics-protocol';

/** The channel to a physics worker (`physics-worker.ts`). */
export function workerChannel(worker: Worker): PhysicsChannel {
  const channel: PhysicsChannel = {
    onReply: null,
    onBroken: null,
    send(command, transfer = []) {
      worker.postMessage(command, transfer);
    },
    close() {
      worker.terminate();
    },
  };
  worker.onmessage = (event: MessageEvent<PhysicsReply>) => channel.onReply?.(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    channel.onBroken?.(event.message || 'the physics worker stopped');
  };
  return channel;
}
