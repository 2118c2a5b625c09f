import type { LibraryEntry } from '../../../../shared/host-contract';
import '../files/file-panels.css';
import { make } from '../files/file-list-dom';
import { FileListSection, itemsById } from '../files/file-list-section';
import type { Language } from '../i18n';
import { strings } from '../i18n';
import type { LibraryItemAction } from './library-item';
import { LibraryItem } from './library-item';

/** What the panel reports; it changes nothing itself. */
export interface LibraryPanelHandlers {
  onItem(action: LibraryItemAction, entry: LibraryEntry): void;
  onClearAll(): void;
}

/** The section's heading, list name and notes: their keys in the file strings. */
const WORDS = ['libraryGroup', 'libraryList', 'libraryNeedsDesktop', 'libraryEmpty'] as const;

/**
 * The Recent models section of the left panel: each model opened, newest first, with its
 * thumbnail, title, author and format; Open and Remove; a missing file is marked and offers
 * Locate…; Clear All… under the list. Without the desktop host a line says it needs it.
 */
export class LibraryPanel {
  readonly element: HTMLElement;
  private readonly section: FileListSection<LibraryEntry, LibraryItem>;
  private readonly clearButton: HTMLButtonElement;

  constructor(
    document: Document,
    language: Language,
    hostPresent: boolean,
    handlers: LibraryPanelHandlers,
  ) {
    this.clearButton = make(document, 'button', 'panel-button library-clear');
    this.clearButton.type = 'button';
    this.clearButton.addEventListener('click', () => handlers.onClearAll());
    const kind = itemsById(document, 'library', LibraryItem, handlers, WORDS);
    this.section = new FileListSection(
      document,
      language,
      hostPresent,
      kind,
      [],
      [this.clearButton],
    );
    this.element = this.section.element;
    this.setLanguage(language);
  }

  /** Shows `entries` (newest first). */
  show(entries: readonly LibraryEntry[]): void {
    this.section.show(entries);
    this.clearButton.hidden = entries.length === 0;
  }

  setLanguage(language: Language): void {
    this.clearButton.textContent = strings(language).files.clearAll;
    this.section.setLanguage(language);
    this.clearButton.hidden = this.section.count === 0;
  }

  dispose(): void {
    this.section.dispose();
  }
}
