import { COMMANDS } from '../../../../shared/commands';
import type { Language } from '../i18n';
import { commandLabel, strings } from '../i18n';
import type { StatusHistoryLabels } from './status-history';
import { StatusHistory } from './status-history';

/** How long an alert stays visible, ms: long enough to read twice. */
const ALERT_VISIBLE_MS = 8000;

/** The status area's own words in `language` (its history button and list). */
export function statusLabels(language: Language): StatusHistoryLabels {
  const cast = strings(language).cast;
  return {
    button: commandLabel('toggle-history', language),
    key: COMMANDS['toggle-history'].key.toUpperCase(),
    list: cast.historyLabel,
    empty: cast.historyEmpty,
  };
}

/**
 * Where the app says what happened (a polite live region, `role=status`) and what went
 * wrong (`role=alert`, read out at once). Screen readers and the end-to-end tests read both.
 * Every message is shown whole (the lines wrap) and kept: a click on the status line or on
 * its button (Message History, H) lists the last {@link StatusHistory} messages, so one that was replaced can
 * still be read.
 */
export class StatusArea {
  /** Put this in the page. */
  readonly element: HTMLElement;
  private readonly statusLine: HTMLElement;
  private readonly alertLine: HTMLElement;
  /** Determinate progress under the status line, shown only while something reports it. */
  private readonly bar: HTMLProgressElement;
  private readonly history: StatusHistory;
  private alertTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(document: Document, labels: StatusHistoryLabels = statusLabels('en')) {
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
    this.history = new StatusHistory(document, labels);
    // A click on the line itself opens the history too (the button is the keyboard's way).
    this.statusLine.addEventListener('click', this.onLineClick);
    this.bar = document.createElement('progress');
    this.bar.className = 'status-progress';
    this.bar.max = 1;
    this.bar.hidden = true;
    // The status line says the same in words; the bar is not read out a second time.
    this.bar.setAttribute('aria-hidden', 'true');
    this.element.append(
      this.history.list,
      this.statusLine,
      this.bar,
      this.alertLine,
      this.history.toggle,
    );
  }

  /** Reports what just happened. Clears any alert: the newest news wins. */
  say(message: string): void {
    this.show(message);
    this.history.add(message, false);
  }

  /**
   * Reports how far something long has come (a clip being recorded) in words, kept in the
   * history as one entry per `topic` that each call updates, not one entry per step.
   *
   * @param topic - one symbol per run of the long thing (a new run gets a new entry)
   */
  sayProgress(message: string, topic: symbol): void {
    this.show(message);
    this.history.add(message, false, topic);
  }

  /**
   * Keeps a side remark in Message History without showing it: the status line keeps the news
   * it goes with (e.g. which bones of a motion the ragdoll does not follow).
   */
  note(message: string): void {
    this.history.add(message, false);
  }

  /**
   * Shows how far something long has come (e.g. reading a big file), in words and as a bar,
   * without keeping each step in the history: the news that follows is kept and hides the bar.
   *
   * @param fraction - done so far, 0..1
   */
  progress(message: string, fraction: number): void {
    this.show(message);
    this.bar.value = Math.min(1, Math.max(0, fraction));
    this.bar.hidden = false;
  }

  /** Reports a problem the person can act on. */
  alert(message: string): void {
    if (this.alertTimer !== undefined) clearTimeout(this.alertTimer);
    this.alertLine.textContent = message;
    this.alertTimer = setTimeout(() => this.clearAlert(), ALERT_VISIBLE_MS);
    this.history.add(message, true);
  }

  /** Relabels the history button and list in the current language. */
  setLabels(labels: StatusHistoryLabels): void {
    this.history.setLabels(labels);
  }

  /** Shows or hides the earlier messages (Message History). */
  toggleHistory(): void {
    this.history.setOpen(!this.history.open);
  }

  /** Stops timers and removes the area from the page. */
  dispose(): void {
    if (this.alertTimer !== undefined) clearTimeout(this.alertTimer);
    this.statusLine.removeEventListener('click', this.onLineClick);
    this.history.dispose();
    this.element.remove();
  }

  private show(message: string): void {
    this.clearAlert();
    this.bar.hidden = true;
    this.statusLine.textContent = message;
  }

  private readonly onLineClick = (): void => this.history.setOpen(!this.history.open);

  private clearAlert(): void {
    if (this.alertTimer !== undefined) clearTimeout(this.alertTimer);
    this.alertTimer = undefined;
    this.alertLine.textContent = '';
  }
}
