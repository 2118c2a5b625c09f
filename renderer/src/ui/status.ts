/** How long an alert stays visible, ms: long enough to read twice. */
const ALERT_VISIBLE_MS = 8000;

/**
 * Where the app says what happened (a polite live region, `role=status`) and what went
 * wrong (`role=alert`, read out at once). Screen readers and the end-to-end tests read both.
 */
export class StatusArea {
  /** Put this in the page. */
  readonly element: HTMLElement;
  private readonly statusLine: HTMLElement;
  private readonly alertLine: HTMLElement;
  private alertTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(document: Document) {
    this.element = document.createElement('div');
    this.element.className = 'status-area';
    this.statusLine = document.createElement('p');
    this.statusLine.className = 'status-line';
    this.statusLine.setAttribute('role', 'status');
    this.statusLine.setAttribute('aria-live', 'polite');
    this.alertLine = document.createElement('p');
    this.alertLine.className = 'alert-line';
    // Always in the page (empty when quiet): a live region that appears together with its
    // text is often not read out.
    this.alertLine.setAttribute('role', 'alert');
    this.element.append(this.statusLine, this.alertLine);
  }

  /** Reports what just happened. Clears any alert: the newest news wins. */
  say(message: string): void {
    this.clearAlert();
    this.statusLine.textContent = message;
  }

  /** Reports a problem the person can act on. */
  alert(message: string): void {
    if (this.alertTimer !== undefined) clearTimeout(this.alertTimer);
    this.alertLine.textContent = message;
    this.alertTimer = setTimeout(() => this.clearAlert(), ALERT_VISIBLE_MS);
  }

  /** Stops timers and removes the area from the page. */
  dispose(): void {
    if (this.alertTimer !== undefined) clearTimeout(this.alertTimer);
    this.element.remove();
  }

  private clearAlert(): void {
    if (this.alertTimer !== undefined) clearTimeout(this.alertTimer);
    this.alertTimer = undefined;
    this.alertLine.textContent = '';
  }
}
