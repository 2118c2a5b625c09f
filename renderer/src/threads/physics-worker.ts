import RAPIER from '@dimforge/rapier3d-simd-compat';
import { PhysicsHost, TICK_MS } from '../physics/worker/physics-host';

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

void host.then((ready) => setInterval(() => ready.tick(performance.now()), TICK_MS));

scope.onmessage = (event: MessageEvent<unknown>) => {
  void host.then((ready) => {
    const { reply, transfer } = ready.receive(event.data);
    if (reply) scope.postMessage(reply, transfer);
  });
};
