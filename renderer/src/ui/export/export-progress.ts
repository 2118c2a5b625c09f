import { make } from '../file-list-dom';

/**
 * A determinate progress bar with Cancel, shown in the status area while a clip records.
 * The bar's value is the share of the clip done; the status line says it in words.
 */
export class ExportProgress {
  readonly element: HTMLElement;
  private readonly bar: HTMLProgressElement;
  private readonly cancelButton: HTMLButtonElement;

  constructor(document: Document, onCancel: () => void) {
    this.element = make(document, 'div', 'export-progress');
    this.element.hidden = true;
    this.bar = make(document, 'progress', 'export-progress-bar');
    this.bar.max = 1;
    this.bar.value = 0;
    this.cancelButton = make(document, 'button', 'export-cancel');
    this.cancelButton.type = 'button';
    this.cancelButton.setAttribute('aria-keyshortcuts', 'Escape');
    this.cancelButton.addEventListener('click', onCancel);
    this.element.append(this.bar, this.cancelButton);
  }

  /** Shows the bar at 0 with `label` as its name and `cancel` on the button. */
  show(label: string, cancel: string): void {
    this.bar.setAttribute('aria-label', label);
    this.cancelButton.textContent = cancel;
    this.bar.value = 0;
    this.element.hidden = false;
  }

  /** The share done, 0..1. */
  set(share: number): void {
    this.bar.value = Math.min(1, Math.max(0, share));
  }

  hide(): void {
    this.element.hidden = true;
  }

  dispose(): void {
    this.element.remove();
  }
}
