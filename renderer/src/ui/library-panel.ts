import type { LibraryEntry } from '../../../shared/host-contract';
import './file-panels.css';
import { make, makeItemButton, makeSection, makeThumbnail } from './file-list-dom';
import type { Language } from './i18n';
import { strings } from './i18n';

/** What can be done to one recent model; `add` makes a figure of it beside the others. */
export type LibraryItemAction = 'open' | 'add' | 'locate' | 'remove';

/** What the panel reports; it changes nothing itself. */
export interface LibraryPanelHandlers {
  onItem(action: LibraryItemAction, entry: LibraryEntry): void;
  onClearAll(): void;
}

/** How a format reads in the list. */
const FORMAT_NAMES: Readonly<Record<LibraryEntry['format'], string>> = {
  vrm0: 'VRM 0.x',
  vrm1: 'VRM 1.0',
  pmx: 'PMX',
  pmd: 'PMD',
  vrma: 'VRM Animation',
  vmd: 'VMD',
};

/**
 * The Recent models section of the left panel: each model opened, newest first, with its
 * thumbnail, title, author and format; Open and Remove; a missing file is marked and offers
 * Locate…; Clear All… under the list. Without the desktop host a line says it needs it.
 */
export class LibraryPanel {
  readonly element: HTMLElement;
  private readonly heading: HTMLElement;
  private readonly note: HTMLElement;
  private readonly list: HTMLUListElement;
  private readonly clearButton: HTMLButtonElement;
  private entries: readonly LibraryEntry[] = [];
  private language: Language;

  constructor(
    private readonly document: Document,
    language: Language,
    private readonly hostPresent: boolean,
    private readonly handlers: LibraryPanelHandlers,
  ) {
    this.language = language;
    const { section, heading } = makeSection(document, 'library');
    this.element = section;
    this.heading = heading;
    this.note = make(document, 'p', 'file-note');
    this.list = make(document, 'ul', 'file-list');
    this.clearButton = make(document, 'button', 'panel-button library-clear');
    this.clearButton.type = 'button';
    this.clearButton.addEventListener('click', () => handlers.onClearAll());
    section.append(this.note, this.list, this.clearButton);
    this.setLanguage(language);
  }

  /** Shows `entries` (newest first). */
  show(entries: readonly LibraryEntry[]): void {
    this.entries = entries;
    this.render();
  }

  setLanguage(language: Language): void {
    this.language = language;
    const text = strings(language).files;
    this.heading.textContent = text.libraryGroup;
    this.list.setAttribute('aria-label', text.libraryList);
    this.clearButton.textContent = text.clearAll;
    this.render();
  }

  dispose(): void {
    this.element.remove();
  }

  private render(): void {
    const text = strings(this.language).files;
    this.note.textContent = !this.hostPresent
      ? text.libraryNeedsDesktop
      : this.entries.length === 0
        ? text.libraryEmpty
        : '';
    this.note.hidden = this.note.textContent === '';
    this.clearButton.hidden = this.entries.length === 0;
    this.list.replaceChildren(...this.entries.map((entry) => this.item(entry)));
  }

  private item(entry: LibraryEntry): HTMLLIElement {
    const text = strings(this.language).files;
    const item = make(this.document, 'li', 'file-item');
    if (entry.missing) item.classList.add('file-item-is-missing');
    const words = make(this.document, 'div', 'file-item-words');
    words.append(make(this.document, 'span', 'file-item-name', entry.title));
    const details = [FORMAT_NAMES[entry.format]];
    if (entry.author) details.unshift(text.byAuthor(entry.author));
    words.append(make(this.document, 'span', 'file-item-detail', details.join(' · ')));
    if (entry.missing) {
      const missing = make(this.document, 'span', 'file-item-missing', text.missing);
      missing.title = text.missingHint;
      words.append(missing);
    }
    words.title = entry.path;
    const actions = make(this.document, 'div', 'file-item-actions');
    const buttons: LibraryItemAction[] = entry.missing
      ? ['locate', 'remove']
      : entry.kind === 'motion'
        ? ['open', 'remove']
        : ['open', 'add', 'remove'];
    for (const action of buttons) {
      const label = action === 'add' ? text.addToScene : text[action];
      const button = makeItemButton(
        this.document,
        label,
        text.itemAction(label, entry.title),
        (event) =>
          // Shift+click Open adds, as dropping a file with Shift held does.
          this.handlers.onItem(action === 'open' && event.shiftKey ? 'add' : action, entry),
      );
      if (action === 'add') button.title = text.addToSceneHint;
      actions.append(button);
    }
    item.append(makeThumbnail(this.document, entry.thumbnail), words, actions);
    return item;
  }
}
