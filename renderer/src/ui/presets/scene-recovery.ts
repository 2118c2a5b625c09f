/**
 * Crash recovery on the page's side: at start it asks the host for the scene a page or app
 * left behind without a clean end and, if there is one, asks the person whether to restore
 * it; then it sends the scene to the host every 10 seconds as the recovery copy. No DOM of
 * its own (the question, the capture and the restore are passed in), so it runs in Node tests.
 */

import type { HostApi, HostProblem, LoadedPreset } from '../../../../shared/host-contract';
import type { PresetContent } from '../../../../shared/preset-schema';

/** How often the scene is kept for recovery, ms. */
export const RECOVERY_INTERVAL_MS = 10_000;

/** The timer functions used (injected by tests). */
export interface RecoveryTimers {
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const WINDOW_TIMERS: RecoveryTimers = {
  setInterval: (run, ms) => setInterval(run, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

export interface SceneRecoveryOptions {
  readonly host: Pick<HostApi, 'saveRecovery' | 'takeRecovery'>;
  /** The scene now, as preset content (no thumbnail). Throws when it cannot be captured. */
  readonly capture: () => PresetContent;
  /** Asks the person whether to restore the last session's scene. */
  readonly offer: () => Promise<boolean>;
  /** Puts a found scene back, as loading a preset does. */
  readonly restore: (loaded: LoadedPreset) => void;
  /** Shows a problem to the person (an alert). */
  readonly report: (message: string) => void;
  /** A host problem as a reason in the interface's language (`UiStrings.problem`). */
  readonly problemText: (problem: HostProblem) => string;
  /** Words for a scene that could not be kept. */
  readonly notSaved: (detail: string) => string;
  readonly intervalMs?: number;
  readonly timers?: RecoveryTimers;
}

export class SceneRecovery {
  private timer: unknown;
  private saving = false;
  private failing = false;
  private disposed = false;

  constructor(private readonly options: SceneRecoveryOptions) {}

  /** Offers the last session's scene (if any), then keeps the scene every interval. */
  async start(): Promise<void> {
    try {
      const found = await this.options.host.takeRecovery();
      if (!found.ok) this.options.report(this.options.problemText(found.problem));
      else if (found.value !== null && !this.disposed && (await this.options.offer())) {
        this.options.restore(found.value);
      }
    } catch (error) {
      console.error('[recovery] the last scene could not be asked for:', error);
    }
    // Saving starts only now, so the copy the last session left is never overwritten unread.
    if (this.disposed) return;
    const timers = this.options.timers ?? WINDOW_TIMERS;
    this.timer = timers.setInterval(
      () => void this.saveNow(),
      this.options.intervalMs ?? RECOVERY_INTERVAL_MS,
    );
  }

  /** Sends the scene now (skipped while the previous send is still on its way). */
  async saveNow(): Promise<void> {
    if (this.saving || this.disposed) return;
    this.saving = true;
    try {
      const saved = await this.options.host.saveRecovery(this.options.capture());
      if (saved.ok) this.failing = false;
      else this.fail(this.options.problemText(saved.problem));
    } catch (error) {
      this.fail(error instanceof Error ? error.message : String(error));
    } finally {
      this.saving = false;
    }
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== undefined) (this.options.timers ?? WINDOW_TIMERS).clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Says it once; a later success makes the next failure worth saying again. */
  private fail(detail: string): void {
    if (this.failing) return;
    this.failing = true;
    this.options.report(this.options.notSaved(detail));
  }
}
