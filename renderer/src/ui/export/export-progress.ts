import { make } from '../files/file-list-dom';

/**
 * A determinate progress bar with Cancel, shown in the status area while a clip records.
 * The bar's value is the share of the clip done; the status line says it in words.
 */
export class ExportProgress {
  readonly element: HTMLElement;
  private readonly bar: HTMLProgressElement;
  private readonly cancelButton: HTMLButtonElement;

  /** @param cancel - the button's word until {@link show} or {@link setLanguage} says another */
  constructor(document: Document, cancel: string, onCancel: () => void) {
    this.element = make(document, 'div', 'export-progress');
    this.element.hidden = true;
    this.bar = make(document, 'progress', 'export-progress-bar');
    this.bar.max = 1;
    this.bar.value = 0;
    this.cancelButton = make(document, 'button', 'export-cancel');
    this.cancelButton.type = 'button';
    this.cancelButton.setAttribute('aria-keyshortcuts', 'Escape');
    // Named while hidden too: every control in the panel has a name.
    this.setLanguage(cancel);
    this.cancelButton.addEventListener('click', onCancel);
    this.element.append(this.bar, this.cancelButton);
  }

  /** Shows the bar at 0 with `label` as its name and `cancel` on the button. */
  show(label: string, cancel: string): void {
    this.bar.setAttribute('aria-label', label);
    this.setLanguage(cancel);
    this.bar.value = 0;
    this.element.hidden = false;
  }

  /** The button's word in the panel's language. */
  setLanguage(cancel: string): void {
    this.cancelButton.textContent = cancel;
    this.cancelButton.setAttribute('aria-label', cancel);
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
