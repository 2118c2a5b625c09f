/** A question for {@link AskDialog.askText}. */
export interface TextQuestion {
  readonly title: string;
  /** The text field's label (its accessible name). */
  readonly label: string;
  readonly value: string;
  readonly maxLength: number;
  /** The confirming button's text, e.g. `Save`. */
  readonly confirm: string;
  readonly cancel: string;
}

/** A question for {@link AskDialog.confirm}. */
export interface YesNoQuestion {
  readonly question: string;
  /** The confirming button's text, e.g. `Delete`. */
  readonly confirm: string;
  readonly cancel: string;
}

/**
 * The app's own small modal questions (a name to type, a yes/no before deleting), in a
 * native `<dialog>`: it traps focus, Esc cancels, and it is named by its title for screen
 * readers. Keys pressed inside never reach the app's shortcuts. Only one question is open
 * at a time; asking again answers the open one with "cancel".
 */
export class AskDialog {
  private readonly dialog: HTMLDialogElement;
  private settle: ((answer: string | null) => void) | undefined;

  constructor(private readonly document: Document) {
    this.dialog = document.createElement('dialog');
    this.dialog.className = 'ask-dialog';
    this.dialog.addEventListener('keydown', stopShortcut);
    this.dialog.addEventListener('cancel', this.onCancel);
    this.dialog.addEventListener('close', this.onClose);
    document.body.append(this.dialog);
  }

  /** Asks for a line of text; resolves to it trimmed, or null when canceled. */
  askText(question: TextQuestion): Promise<string | null> {
    const input = this.document.createElement('input');
    input.type = 'text';
    input.id = 'ask-dialog-text';
    input.className = 'ask-text';
    input.value = question.value;
    input.maxLength = question.maxLength;
    input.required = true;
    input.autocomplete = 'off';
    const label = this.element('label', 'ask-label', question.label);
    label.htmlFor = input.id;
    const answer = this.open(
      question.title,
      [label, input],
      question.confirm,
      question.cancel,
      () => input.value.trim(),
    );
    input.select();
    return answer;
  }

  /** Asks a yes/no question; resolves to true only when confirmed. */
  async confirm(question: YesNoQuestion): Promise<boolean> {
    const answer = await this.open(
      question.question,
      [],
      question.confirm,
      question.cancel,
      () => 'yes',
    );
    return answer === 'yes';
  }

  /** True while a question is shown. */
  get isOpen(): boolean {
    return this.dialog.open;
  }

  /** Cancels any open question and removes the dialog. */
  dispose(): void {
    this.finish(null);
    this.dialog.removeEventListener('keydown', stopShortcut);
    this.dialog.removeEventListener('cancel', this.onCancel);
    this.dialog.removeEventListener('close', this.onClose);
    this.dialog.remove();
  }

  private open(
    title: string,
    fields: HTMLElement[],
    confirmText: string,
    cancelText: string,
    read: () => string,
  ): Promise<string | null> {
    this.finish(null);
    const heading = this.element('h2', 'ask-title', title);
    heading.id = 'ask-dialog-title';
    this.dialog.setAttribute('aria-labelledby', heading.id);
    const form = this.document.createElement('form');
    form.className = 'ask-form';
    const confirm = this.element('button', 'panel-button ask-confirm', confirmText);
    confirm.type = 'submit';
    const cancel = this.element('button', 'panel-button ask-cancel', cancelText);
    cancel.type = 'button';
    cancel.addEventListener('click', () => this.finish(null));
    const buttons = this.element('div', 'ask-buttons', '');
    buttons.append(cancel, confirm);
    form.append(heading, ...fields, buttons);
    form.addEventListener('submit', (event) => {
      // Handled here: a real form submission is blocked by the page's CSP anyway.
      event.preventDefault();
      const value = read();
      if (value !== '') this.finish(value);
    });
    this.dialog.replaceChildren(form);
    const answer = new Promise<string | null>((resolve) => {
      this.settle = resolve;
    });
    this.dialog.showModal();
    (fields[fields.length - 1] ?? confirm).focus();
    return answer;
  }

  private finish(answer: string | null): void {
    const settle = this.settle;
    this.settle = undefined;
    if (this.dialog.open) this.dialog.close();
    settle?.(answer);
  }

  private readonly onCancel = (event: Event): void => {
    event.preventDefault();
    this.finish(null);
  };

  /**
   * Closed some other way (e.g. the page's own close); treat as canceled. The event comes a
   * task after the close, so one from an answered question can arrive while the next question
   * is already open: that one is left alone.
   */
  private readonly onClose = (): void => {
    if (!this.dialog.open) this.finish(null);
  };

  private element<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    className: string,
    text: string,
  ): HTMLElementTagNameMap[K] {
    const element = this.document.createElement(tag);
    element.className = className;
    element.textContent = text;
    return element;
  }
}

/** Keys typed in the dialog are answers, not app shortcuts (the shortcuts listen on window). */
function stopShortcut(event: KeyboardEvent): void {
  event.stopPropagation();
}
