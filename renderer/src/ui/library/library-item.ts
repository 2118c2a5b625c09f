import { FILE_FORMAT_NAMES } from '../../../../shared/file-format-names';
import type { LibraryEntry } from '../../../../shared/host-contract';
import type { FileStrings } from '../files/file-strings';
import { ThumbnailSlot, make, makeItemButton, setText } from '../files/file-list-dom';

/** What can be done to one recent model; `add` makes a figure of it beside the others. */
export type LibraryItemAction = 'open' | 'add' | 'locate' | 'remove';

/**
 * One entry of the recent list as drawn: its thumbnail, title, author and format, a
 * missing-file mark, and its action buttons. The list is read again after every open,
 * thumbnail and change, so the item is updated in place rather than drawn anew: the button
 * a person has just pressed (and the keyboard focus on it) stays the same element, and a
 * click on its way while the list refreshes lands on a button that is still there.
 */
export class LibraryItem {
  readonly element: HTMLLIElement;
  private entry: LibraryEntry;
  private readonly thumbnail: ThumbnailSlot;
  private readonly words: HTMLElement;
  private readonly name: HTMLElement;
  private readonly detail: HTMLElement;
  private readonly missingMark: HTMLElement;
  private readonly actions: HTMLElement;
  private readonly buttons = new Map<LibraryItemAction, HTMLButtonElement>();

  /** `onAction` gets the entry as it is when the button is pressed. */
  constructor(
    private readonly document: Document,
    entry: LibraryEntry,
    text: FileStrings,
    private readonly onAction: (action: LibraryItemAction, entry: LibraryEntry) => void,
  ) {
    this.entry = entry;
    this.element = make(document, 'li', 'file-item');
    this.thumbnail = new ThumbnailSlot(
      document,
      entry.thumbnail,
      entry.kind === 'motion' ? 'motion' : 'blank',
    );
    this.words = make(document, 'div', 'file-item-words');
    this.name = make(document, 'span', 'file-item-name');
    this.detail = make(document, 'span', 'file-item-detail');
    this.missingMark = make(document, 'span', 'file-item-missing');
    this.words.append(this.name, this.detail, this.missingMark);
    this.actions = make(document, 'div', 'file-item-actions');
    this.element.append(this.thumbnail.element, this.words, this.actions);
    this.update(entry, text);
  }

  /** Shows `entry` (the same id, read again) in the language of `text`, changing only what differs. */
  update(entry: LibraryEntry, text: FileStrings): void {
    this.entry = entry;
    this.element.classList.toggle('file-item-is-missing', entry.missing);
    this.thumbnail.show(entry.thumbnail);
    setText(this.name, entry.title);
    const details = [FILE_FORMAT_NAMES[entry.format]];
    if (entry.kind === 'stage') details.unshift(text.stageKind);
    if (entry.author) details.unshift(text.byAuthor(entry.author));
    setText(this.detail, details.join(' · '));
    setText(this.missingMark, entry.missing ? text.missing : '');
    this.missingMark.title = entry.missing ? text.missingHint : '';
    this.missingMark.hidden = !entry.missing;
    this.words.title = entry.path;
    this.updateButtons(text);
  }

  /** The buttons this entry offers now, the ones it offered before kept. */
  private updateButtons(text: FileStrings): void {
    const wanted: readonly LibraryItemAction[] = this.entry.missing
      ? ['locate', 'remove']
      : this.entry.kind !== 'model'
        ? ['open', 'remove']
        : ['open', 'add', 'remove'];
    for (const [action, button] of this.buttons) {
      if (wanted.includes(action)) continue;
      button.remove();
      this.buttons.delete(action);
    }
    wanted.forEach((action, index) => {
      const label = action === 'add' ? text.addToScene : text[action];
      const name = text.itemAction(label, this.entry.title);
      let button = this.buttons.get(action);
      if (!button) {
        button = makeItemButton(this.document, label, name, (event) =>
          // Shift+click Open adds, as dropping a file with Shift held does.
          this.onAction(action === 'open' && event.shiftKey ? 'add' : action, this.entry),
        );
        this.buttons.set(action, button);
      }
      setText(button, label);
      if (button.getAttribute('aria-label') !== name) button.setAttribute('aria-label', name);
      if (action === 'add') button.title = text.addToSceneHint;
      if (this.actions.children[index] !== button)
        this.actions.insertBefore(button, this.actions.children[index] ?? null);
    });
  }
}
