import type { PhysicsHost } from './physics-host';
import type { PhysicsCommand, PhysicsReply } from './physics-protocol';

/** How the page reaches the physics: a worker's messages, or the same host on the page. */
export interface PhysicsChannel {
  /** Sends a command; `transfer` lists buffers that move with it (a worker takes them over). */
  send(command: PhysicsCommand, transfer?: ArrayBuffer[]): void;
  /** Called with each reply, in order. */
  onReply: ((reply: PhysicsReply) => void) | null;
  /** Called once if the thread itself fails (its script did not load, or it threw). */
  onBroken: ((message: string) => void) | null;
  /** Stops the thread. */
  close(): void;
}

/**
 * The same host run on the page, for a page where no worker can start (and for Node): replies
 * come a microtask later, as a worker's would come later, so callers cannot come to rely on an
 * answer arriving within the call.
 */
export function inlineChannel(host: PhysicsHost): PhysicsChannel {
  let open = true;
  const channel: PhysicsChannel = {
    onReply: null,
    onBroken: null,
    send(command) {
      void Promise.resolve().then(() => {
        if (!open) return;
        const { reply } = host.receive(command);
        if (reply) channel.onReply?.(reply);
      });
    },
    close() {
      open = false;
      host.dispose();
    },
  };
  return channel;
}
