import type { FileStrings } from './file-strings';
import type { AppCommand } from '../../../../shared/commands';
import { ariaKeyShortcuts, keyText } from '../../../../shared/commands';
import type { Language } from '../i18n';
import { commandLabel } from '../i18n';

/**
 * Small DOM helpers shared by the presets and library panels: a titled section, a command
 * button that looks and reads like the main panel's, and a list item with a thumbnail.
 */

/** Makes an element with a class and, optionally, text. */
export function make<K extends keyof HTMLElementTagNameMap>(
  document: Document,
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

/** A panel section named by its heading (`aria-labelledby`). */
export function makeSection(
  document: Document,
  id: string,
): {
  readonly section: HTMLElement;
  readonly heading: HTMLElement;
} {
  const section = make(document, 'section', `panel-group file-group file-group-${id}`);
  const heading = make(document, 'h2', 'panel-group-title');
  heading.id = `panel-${id}`;
  section.setAttribute('aria-labelledby', heading.id);
  section.append(heading);
  return { section, heading };
}

/** A button for an app command, labelled with its key as the main panel's buttons are. */
export function makeCommandButton(
  document: Document,
  command: AppCommand,
  onClick: () => void,
): HTMLButtonElement {
  const button = make(document, 'button', `panel-button command-${command}`);
  button.type = 'button';
  button.dataset['command'] = command;
  button.setAttribute('aria-keyshortcuts', ariaKeyShortcuts(command));
  button.addEventListener('click', onClick);
  return button;
}

/** (Re)labels a command button in `language`. */
export function labelCommandButton(
  button: HTMLButtonElement,
  command: AppCommand,
  language: Language,
): void {
  const document = button.ownerDocument;
  const label = commandLabel(command, language);
  const key = keyText(command);
  const hint = make(document, 'kbd', 'panel-key', key);
  // Announced through aria-keyshortcuts; reading it as part of the name is noise.
  hint.setAttribute('aria-hidden', 'true');
  button.replaceChildren(make(document, 'span', 'panel-button-label', label), hint);
  button.title = `${label} (${key})`;
}

/** A small action button on one list item, named for that item (e.g. `Load “Pile-up”`). */
export function makeItemButton(
  document: Document,
  text: string,
  accessibleName: string,
  onClick: (event: MouseEvent) => void,
): HTMLButtonElement {
  const button = make(document, 'button', 'file-item-button', text);
  button.type = 'button';
  button.setAttribute('aria-label', accessibleName);
  button.addEventListener('click', onClick);
  return button;
}

/** What stands in for an item's missing thumbnail: a blank box, or a motion's icon. */
export type ThumbnailPlaceholder = 'blank' | 'motion';

const SVG = 'http://www.w3.org/2000/svg';
/**
 * A figure in mid-stride with two speed lines behind it, in a 24×24 box: strokes only, in
 * the text colour, so it reads on the panel in both themes.
 */
const MOTION_ICON_PATHS = [
  'M14.5 4.5a1.5 1.5 0 1 0 0.01 0',
  'M13 8l-3 4 3 2-1 5',
  'M13 8l3 3 3-1',
  'M10 12l-3 1',
  'M13 14l4 5',
  'M3 9h4M2 13h3',
] as const;

/**
 * A thumbnail (decorative: the item's name says what it is), or its placeholder: a blank box,
 * or for a motion, which has no picture, a small icon.
 */
export function makeThumbnail(
  document: Document,
  url: string | undefined,
  placeholder: ThumbnailPlaceholder = 'blank',
): HTMLElement {
  if (url === undefined) {
    const empty = make(document, 'div', `file-thumb file-thumb-empty file-thumb-${placeholder}`);
    if (placeholder === 'motion') empty.append(motionIcon(document));
    return empty;
  }
  const image = make(document, 'img', 'file-thumb');
  image.alt = '';
  image.src = url;
  return image;
}

function motionIcon(document: Document): SVGSVGElement {
  const icon = document.createElementNS(SVG, 'svg');
  icon.setAttribute('viewBox', '0 0 24 24');
  icon.setAttribute('aria-hidden', 'true');
  icon.classList.add('file-thumb-icon');
  for (const shape of MOTION_ICON_PATHS) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', shape);
    icon.append(path);
  }
  return icon;
}

/**
 * Makes `children` the element children of `parent`, in order, moving only those out of place
 * and removing the rest: an element that stays is never taken out of the page, so its focus
 * and anything pointing at it (a press on its way) stay with it.
 */
export function placeChildren(parent: Element, children: readonly Element[]): void {
  children.forEach((child, index) => {
    const here = parent.children[index] ?? null;
    if (here !== child) parent.insertBefore(child, here);
  });
  while (parent.children.length > children.length) parent.lastElementChild!.remove();
}

/** Sets an element's text only when it differs, so an unchanged item is not touched. */
export function setText(element: HTMLElement, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

/** A listed item drawn once and updated in place (see {@link placeItems}). */
export interface ListedItem<Entry> {
  readonly element: HTMLElement;
  update(entry: Entry, text: FileStrings): void;
}

/**
 * Shows `entries` in `list` as items keyed by `idOf`: an entry listed before keeps its item,
 * updated; a new one gets `create`; the rest are removed, and only items out of place move
 * (see {@link placeChildren}). Returns the items now shown, by id.
 */
export function placeItems<Entry, Item extends ListedItem<Entry>>(
  list: Element,
  shown: ReadonlyMap<string, Item>,
  entries: readonly Entry[],
  idOf: (entry: Entry) => string,
  create: (entry: Entry) => Item,
  text: FileStrings,
): Map<string, Item> {
  const items = new Map<string, Item>();
  for (const entry of entries) {
    const kept = shown.get(idOf(entry));
    kept?.update(entry, text);
    items.set(idOf(entry), kept ?? create(entry));
  }
  placeChildren(
    list,
    Array.from(items.values(), (item) => item.element),
  );
  return items;
}

/** An item's thumbnail, made again only when its picture changes. */
export class ThumbnailSlot {
  /** The element in the item: append it once. */
  element: HTMLElement;
  private url: string | undefined;

  constructor(
    private readonly document: Document,
    url: string | undefined,
    private readonly placeholder: ThumbnailPlaceholder = 'blank',
  ) {
    this.url = url;
    this.element = makeThumbnail(document, url, placeholder);
  }

  /** Shows `url` (or the placeholder), replacing the element only if it differs. */
  show(url: string | undefined): void {
    if (url === this.url) return;
    const element = makeThumbnail(this.document, url, this.placeholder);
    this.element.replaceWith(element);
    this.element = element;
    this.url = url;
  }
}
