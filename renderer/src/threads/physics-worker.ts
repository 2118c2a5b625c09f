import RAPIER from '@dimforge/rapier3d-simd-compat';
import { PhysicsHost } from '../physics/worker/physics-host';

/**
 * The physics thread: Rapier and one sandbox, driven by the page's commands (see
 * `physics-protocol.ts`). Commands that arrive while Rapier's WebAssembly is still starting wait
 * for it, in order.
 */
/** The parts of a dedicated worker's global scope used here (the page's DOM types lack it). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
const host = RAPIER.init().then(() => new PhysicsHost(RAPIER));

/**
 * How often the thread looks at its clock while it runs on its own, ms: under a step (8.3 ms),
 * so steps come as they fall due, and between messages, so the hand is never held up by them.
 */
const TICK_MS = 2;

void host.then((ready) => setInterval(() => ready.tick(performance.now()), TICK_MS));

scope.onmessage = (event: MessageEvent<unknown>) => {
  void host.then((ready) => {
    const { reply, transfer } = ready.receive(event.data);
    if (reply) scope.postMessage(reply, transfer);
  });
};
