import { APP_COMMANDS, keyText } from '../../../../shared/commands';
import type { Language } from '../i18n';
import { commandLabel, strings } from '../i18n';
import { vmcStrings } from '../vmc/vmc-strings';
import { linkStrings } from '../links/link-strings';
import { makeModal } from './modal';

/**
 * The help dialog (F1 opens, Esc closes): every command with its key, the mouse controls,
 * and whether the desktop host is present. Built from the shared command table, so it
 * never disagrees with the keys or the menu.
 */
export class HelpOverlay {
  /** Put this in the page. */
  readonly element: HTMLElement;
  private readonly dialog: HTMLElement;
  private readonly closeButton: HTMLButtonElement;
  private language: Language;
  private hostLine = '';
  private returnFocus: HTMLElement | null = null;

  constructor(
    private readonly document: Document,
    language: Language,
  ) {
    this.language = language;
    const { backdrop, dialog } = makeModal(
      document,
      { backdrop: 'help-backdrop', dialog: 'help-dialog' },
      'help-title',
      () => this.close(),
    );
    this.element = backdrop;
    this.dialog = dialog;
    this.closeButton = document.createElement('button');
    this.closeButton.type = 'button';
    this.closeButton.className = 'help-close';
    this.closeButton.setAttribute('aria-keyshortcuts', 'Escape');
    this.closeButton.addEventListener('click', () => this.close());
    // Modal: Tab must not wander into the panel behind. The close button is the dialog's
    // only focusable element, so focus simply stays on it.
    this.dialog.addEventListener('keydown', (event) => {
      if (event.key !== 'Tab') return;
      event.preventDefault();
      this.closeButton.focus();
    });
    this.render();
  }

  /** True while the dialog is shown. */
  get isOpen(): boolean {
    return !this.element.hidden;
  }

  /** Shows the dialog and moves focus into it. */
  open(): void {
    if (this.isOpen) return;
    const active = this.document.activeElement;
    this.returnFocus = active instanceof HTMLElement ? active : null;
    this.element.hidden = false;
    // Focus goes to Close (the dialog's one control) without scrolling to it: the help is
    // read from its top.
    this.closeButton.focus({ preventScroll: true });
    this.dialog.scrollTop = 0;
  }

  /** Hides the dialog and gives focus back to where it was. */
  close(): void {
    if (!this.isOpen) return;
    this.element.hidden = true;
    this.returnFocus?.focus();
    this.returnFocus = null;
  }

  toggle(): void {
    if (this.isOpen) this.close();
    else this.open();
  }

  /** Relabels in `language`. */
  setLanguage(language: Language): void {
    this.language = language;
    this.render();
  }

  /** The line about the desktop host (its version, or that it is missing). */
  setHostLine(line: string): void {
    this.hostLine = line;
    this.render();
  }

  dispose(): void {
    this.element.remove();
  }

  private render(): void {
    const text = strings(this.language);
    const title = this.make('h2', 'help-title');
    title.id = 'help-title';
    title.textContent = text.helpTitle;
    this.closeButton.textContent = text.helpClose;
    const mouseTitle = this.make('h3', 'help-subtitle');
    mouseTitle.textContent = text.helpMouseTitle;
    const mouse = this.make('ul', 'help-mouse');
    for (const line of [...text.helpMouse, ...text.timeline.helpMouse]) {
      const item = this.make('li', '');
      item.textContent = line;
      mouse.append(item);
    }
    const links = this.make('p', 'help-links');
    links.textContent = linkStrings(this.language).help;
    const vmc = this.make('p', 'help-vmc');
    vmc.textContent = vmcStrings(this.language).help;
    const host = this.make('p', 'help-host');
    host.textContent = this.hostLine;
    const escape = this.make('p', 'help-escape');
    escape.textContent = text.helpEscape;
    this.dialog.replaceChildren(
      title,
      this.commandTable(),
      mouseTitle,
      mouse,
      links,
      vmc,
      host,
      escape,
      this.closeButton,
    );
  }

  private commandTable(): HTMLTableElement {
    const text = strings(this.language);
    const table = this.make('table', 'help-table');
    const head = table.createTHead().insertRow();
    for (const heading of [text.helpKeyColumn, text.helpActionColumn]) {
      const cell = this.document.createElement('th');
      cell.scope = 'col';
      cell.textContent = heading;
      head.append(cell);
    }
    const body = table.createTBody();
    for (const command of APP_COMMANDS) {
      const row = body.insertRow();
      const key = this.make('kbd', '');
      key.textContent = keyText(command, true);
      row.insertCell().append(key);
      row.insertCell().textContent = commandLabel(command, this.language);
    }
    const escapeRow = body.insertRow();
    const escapeKey = this.make('kbd', '');
    escapeKey.textContent = 'Esc';
    escapeRow.insertCell().append(escapeKey);
    escapeRow.insertCell().textContent = text.helpClose;
    return table;
  }

  private make<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    className: string,
  ): HTMLElementTagNameMap[K] {
    const element = this.document.createElement(tag);
    if (className) element.className = className;
    return element;
  }
}
