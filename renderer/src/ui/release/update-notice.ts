import type { HostApi, UpdateStatus } from '../../../../shared/host-contract';
import type { ReleaseStrings } from './release-strings';

export interface UpdateNoticeOptions {
  readonly document: Document;
  readonly host: Pick<HostApi, 'onUpdateStatus' | 'restartToUpdate'>;
  readonly strings: () => ReleaseStrings;
  /** Sends the scene as the crash-recovery copy now (before a restart). */
  readonly keepScene: () => Promise<void>;
  readonly say: (message: string) => void;
  /** Keeps a line in Message History without showing it (failed checks: no alert). */
  readonly note: (message: string) => void;
}

/**
 * The update flow in the page: the quiet notice "Version X is ready — restart to update"
 * with Restart Now / Later beside the status line, and a Message History line for a check
 * that failed. Restart Now (here or in the Help menu) keeps the scene as the recovery copy
 * first; the host restarts only once that copy is on disk.
 */
export class UpdateNotice {
  /** Put this beside the status line. */
  readonly element: HTMLElement;
  private readonly message: HTMLElement;
  private readonly restartButton: HTMLButtonElement;
  private readonly laterButton: HTMLButtonElement;
  private readonly unsubscribe: () => void;
  private version: string | undefined;
  private restarting = false;

  constructor(private readonly options: UpdateNoticeOptions) {
    const document = options.document;
    this.element = document.createElement('div');
    this.element.className = 'update-notice';
    // Polite, like the status line, without a second `status` role beside it.
    this.element.setAttribute('aria-live', 'polite');
    this.element.hidden = true;
    this.message = document.createElement('span');
    this.message.className = 'update-notice-text';
    this.restartButton = document.createElement('button');
    this.restartButton.type = 'button';
    this.restartButton.className = 'update-restart';
    this.restartButton.addEventListener('click', () => void this.restart());
    this.laterButton = document.createElement('button');
    this.laterButton.type = 'button';
    this.laterButton.className = 'update-later';
    this.laterButton.addEventListener('click', () => this.later());
    this.element.append(this.message, this.restartButton, this.laterButton);
    this.unsubscribe = options.host.onUpdateStatus((status) => this.receive(status));
    this.relabel();
  }

  relabel(): void {
    const text = this.options.strings();
    this.message.textContent = this.version === undefined ? '' : text.updateReady(this.version);
    this.restartButton.textContent = text.restartNow;
    this.laterButton.textContent = text.later;
  }

  dispose(): void {
    this.unsubscribe();
    this.element.remove();
  }

  private receive(status: UpdateStatus): void {
    const text = this.options.strings();
    switch (status.kind) {
      case 'ready':
        this.version = status.version;
        this.relabel();
        this.element.hidden = false;
        this.options.note(text.updateReady(status.version));
        return;
      case 'restart-chosen':
        this.version = status.version;
        void this.restart();
        return;
      case 'check-failed':
        this.options.note(text.checkFailed(status.detail));
        return;
      case 'check-timed-out':
        this.options.note(text.checkTimedOut(status.seconds));
        return;
    }
  }

  private later(): void {
    this.element.hidden = true;
    if (this.version !== undefined) this.options.say(this.options.strings().laterSaid(this.version));
  }

  private async restart(): Promise<void> {
    if (this.restarting || this.version === undefined) return;
    this.restarting = true;
    const text = this.options.strings();
    try {
      this.options.say(text.restarting(this.version));
      await this.options.keepScene();
      const result = await this.options.host.restartToUpdate();
      if (!result.restarting) this.options.say(text.restartRefused(result.reason));
    } catch (error) {
      this.options.say(text.restartRefused(error instanceof Error ? error.message : String(error)));
    } finally {
      this.restarting = false;
    }
  }
}
