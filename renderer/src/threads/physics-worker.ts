import RAPIER from '@dimforge/rapier3d-simd-compat';
import { PhysicsHost } from '../physics/worker/physics-host';
import { ClockTicker } from './clock-ticker';

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
const host = RAPIER.init().then(() => {
  const ready = new PhysicsHost(RAPIER);
  return { ready, ticker: new ClockTicker(ready) };
});

scope.onmessage = (event: MessageEvent<unknown>) => {
  void host.then(({ ready, ticker }) => {
    const { reply, transfer } = ready.receive(event.data);
    ticker.update();
    if (reply) scope.postMessage(reply, transfer);
  });
};
