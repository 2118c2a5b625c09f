import type { PhysicsHost } from '../physics/worker/physics-host';
import { TICK_MS } from '../physics/worker/physics-host';

/**
 * Looks at a physics host's clock every {@link TICK_MS} ms while it runs on its own clock, and
 * not at all otherwise (an idle app's thread wakes nobody). Call {@link update} after every
 * command the host carries out.
 */
export class ClockTicker {
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly host: PhysicsHost) {}

  /** Starts or stops the ticks to match the host's clock. */
  update(): void {
    if (this.host.clockRunning && this.timer === null) {
      this.timer = setInterval(() => this.host.tick(performance.now()), TICK_MS);
    } else if (!this.host.clockRunning && this.timer !== null) {
      this.stop();
    }
  }

  /** Stops the ticks for good. */
  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }
}
