import './status-history.css';
import { MessageLog } from './message-log';

/** How many earlier messages are kept: enough to read back a busy minute. */
export const STATUS_HISTORY_LIMIT = 20;

/** The words and key the history shows. */
export interface StatusHistoryLabels {
  /** The button's label (the Message History command's). */
  readonly button: string;
  /** Its shortcut as `aria-keyshortcuts` spells it, e.g. `H`. */
  readonly key: string;
  /** The list's accessible name. */
  readonly list: string;
  /** Shown in the list when nothing has been said yet. */
  readonly empty: string;
}

/**
 * The status line's memory: the last {@link STATUS_HISTORY_LIMIT} messages and alerts,
 * newest first, in a list that a toggle button (`aria-expanded`) shows and hides. The list
 * is built only while it is open.
 */
export class StatusHistory {
  /** The button that opens and closes the list. */
  readonly toggle: HTMLButtonElement;
  /** The list of earlier messages (hidden until opened). */
  readonly list: HTMLOListElement;
  private readonly toggleLabel: HTMLElement;
  private readonly log = new MessageLog(STATUS_HISTORY_LIMIT);
  private labels: StatusHistoryLabels;

  constructor(
    private readonly document: Document,
    labels: StatusHistoryLabels,
  ) {
    this.labels = labels;
    this.list = document.createElement('ol');
    this.list.className = 'status-history';
    this.list.id = 'status-history';
    this.list.hidden = true;
    this.toggle = document.createElement('button');
    this.toggle.type = 'button';
    this.toggle.className = 'status-history-toggle';
    this.toggle.setAttribute('aria-controls', this.list.id);
    this.toggle.addEventListener('click', this.onToggle);
    this.toggleLabel = document.createElement('span');
    // Named like the panel's command buttons (tests and tools find a button's name there).
    this.toggleLabel.className = 'panel-button-label';
    this.toggle.append(this.toggleLabel);
    this.setLabels(labels);
  }

  /** True while the list is shown. */
  get open(): boolean {
    return !this.list.hidden;
  }

  /**
   * Keeps a message (the oldest goes beyond the limit). One with a `topic` replaces the
   * earlier message of that topic (progress is one entry that updates).
   */
  add(message: string, alert: boolean, topic?: symbol): void {
    this.log.add(message, alert, clockTime(new Date()), topic);
    if (this.open) this.render();
  }

  /** Shows or hides the list. */
  setOpen(open: boolean): void {
    this.list.hidden = !open;
    this.toggle.setAttribute('aria-expanded', String(open));
    if (open) this.render();
    else this.list.replaceChildren();
  }

  setLabels(labels: StatusHistoryLabels): void {
    this.labels = labels;
    this.toggleLabel.textContent = labels.button;
    this.toggle.setAttribute('aria-keyshortcuts', labels.key);
    this.list.setAttribute('aria-label', labels.list);
    this.setOpen(this.open);
  }

  dispose(): void {
    this.toggle.removeEventListener('click', this.onToggle);
  }

  private readonly onToggle = (): void => this.setOpen(!this.open);

  private render(): void {
    const entries = this.log.entries;
    if (entries.length === 0) {
      const empty = this.document.createElement('li');
      empty.className = 'status-history-empty';
      empty.textContent = this.labels.empty;
      this.list.replaceChildren(empty);
      return;
    }
    this.list.replaceChildren(
      ...entries.map((entry) => {
        const item = this.document.createElement('li');
        if (entry.alert) item.className = 'status-history-alert';
        const time = this.document.createElement('time');
        time.textContent = entry.time;
        item.append(time, ` ${entry.message}`);
        return item;
      }),
    );
  }
}

function clockTime(date: Date): string {
  const two = (value: number): string => String(value).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}
