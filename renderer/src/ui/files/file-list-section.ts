import type { Language } from '../i18n';
import { strings } from '../i18n';
import type { ListedItem } from './file-list-dom';
import { make, makeSection, placeItems } from './file-list-dom';
import type { FileStrings } from './file-strings';

/** What a file list section shows, and how it names itself, in the current language. */
export interface FileListKind<Entry, Item extends ListedItem<Entry>> {
  /** The section's id (`panel-<id>` names its heading). */
  readonly id: string;
  /** A stable key for an entry: its item is kept while the key stays listed. */
  idOf(entry: Entry): string;
  /** A new item for an entry not shown before. */
  createItem(entry: Entry, text: FileStrings): Item;
  /** The heading, the list's accessible label, and the note for no host and for no entries. */
  words(text: FileStrings): {
    readonly heading: string;
    readonly list: string;
    readonly needsDesktop: string;
    readonly empty: string;
  };
}

/** An item class of a file list: made with its entry, and told each action on it with the entry as it is then. */
export type FileItemClass<Entry, Action, Item extends ListedItem<Entry>> = new (
  document: Document,
  entry: Entry,
  text: FileStrings,
  onAction: (action: Action, entry: Entry) => void,
) => Item;

/** The keys of {@link FileStrings} that hold text. */
type FileStringKey = {
  [Key in keyof FileStrings]: FileStrings[Key] extends string ? Key : never;
}[keyof FileStrings];

/**
 * Where a file list section's words are in {@link FileStrings}: the keys of its heading, its
 * list's accessible label, and its notes for no host and for no entries.
 */
export type FileListWordKeys = readonly [
  heading: FileStringKey,
  list: FileStringKey,
  needsDesktop: FileStringKey,
  empty: FileStringKey,
];

/**
 * The {@link FileListKind} of a list whose entries carry their own `id` (the library's models,
 * the saved presets): items of `ItemClass`, each passing its actions on to `handlers.onItem`,
 * and the words `words` names.
 */
export function itemsById<
  Entry extends { readonly id: string },
  Action,
  Item extends ListedItem<Entry>,
>(
  document: Document,
  id: string,
  ItemClass: FileItemClass<Entry, Action, Item>,
  handlers: { onItem(action: Action, entry: Entry): void },
  [heading, list, needsDesktop, empty]: FileListWordKeys,
): FileListKind<Entry, Item> {
  return {
    id,
    idOf: (entry) => entry.id,
    createItem: (entry, text) =>
      new ItemClass(document, entry, text, (action, current) => handlers.onItem(action, current)),
    words: (text) => ({
      heading: text[heading],
      list: text[list],
      needsDesktop: text[needsDesktop],
      empty: text[empty],
    }),
  };
}

/**
 * A titled section of the left panel listing files (the library's models, the saved presets):
 * a note when the list is empty or the desktop host is missing, and one item per entry, kept
 * and updated while its entry stays listed. `before` and `after` are placed around the list.
 */
export class FileListSection<Entry, Item extends ListedItem<Entry>> {
  readonly element: HTMLElement;
  /** The note above the list; controls it explains can point at its id. */
  readonly note: HTMLElement;
  private readonly heading: HTMLElement;
  private readonly list: HTMLUListElement;
  private entries: readonly Entry[] = [];
  private items = new Map<string, Item>();

  constructor(
    document: Document,
    private language: Language,
    private readonly hostPresent: boolean,
    private readonly kind: FileListKind<Entry, Item>,
    before: readonly HTMLElement[] = [],
    after: readonly HTMLElement[] = [],
  ) {
    const { section, heading } = makeSection(document, kind.id);
    this.element = section;
    this.heading = heading;
    this.note = make(document, 'p', 'file-note');
    this.note.id = `${kind.id}-note`;
    this.list = make(document, 'ul', 'file-list');
    section.append(...before, this.note, this.list, ...after);
  }

  /** How many entries are shown. */
  get count(): number {
    return this.entries.length;
  }

  /** Shows `entries` in the order given. */
  show(entries: readonly Entry[]): void {
    this.entries = entries;
    this.render();
  }

  setLanguage(language: Language): void {
    this.language = language;
    const words = this.kind.words(strings(language).files);
    this.heading.textContent = words.heading;
    this.list.setAttribute('aria-label', words.list);
    this.render();
  }

  dispose(): void {
    this.element.remove();
  }

  private render(): void {
    const text = strings(this.language).files;
    const words = this.kind.words(text);
    this.note.textContent = !this.hostPresent
      ? words.needsDesktop
      : this.entries.length === 0
        ? words.empty
        : '';
    this.note.hidden = this.note.textContent === '';
    this.items = placeItems(
      this.list,
      this.items,
      this.entries,
      (entry) => this.kind.idOf(entry),
      (entry) => this.kind.createItem(entry, text),
      text,
    );
  }
}
