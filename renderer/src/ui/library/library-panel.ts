import type { LibraryEntry } from '../../../../shared/host-contract';
import '../files/file-panels.css';
import { make, makeSection, placeItems } from '../files/file-list-dom';
import type { Language } from '../i18n';
import { strings } from '../i18n';
import type { LibraryItemAction } from './library-item';
import { LibraryItem } from './library-item';

/** What the panel reports; it changes nothing itself. */
export interface LibraryPanelHandlers {
  onItem(action: LibraryItemAction, entry: LibraryEntry): void;
  onClearAll(): void;
}

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
  /** The items drawn, by entry id: kept and updated while their entry stays in the list. */
  private items = new Map<string, LibraryItem>();
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
    this.items = placeItems(
      this.list,
      this.items,
      this.entries,
      (entry) => entry.id,
      (entry) =>
        new LibraryItem(this.document, entry, text, (action, current) =>
          this.handlers.onItem(action, current),
        ),
      text,
    );
  }
}
