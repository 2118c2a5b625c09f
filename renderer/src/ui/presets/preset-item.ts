import type { PresetSummary } from '../../../../shared/host-contract';
import type { FileStrings } from '../files/file-strings';
import { ThumbnailSlot, make, makeItemButton, setText } from '../files/file-list-dom';

/** What can be done to one listed preset. */
export type PresetItemAction = 'load' | 'rename' | 'overwrite' | 'duplicate' | 'delete' | 'export';

const ITEM_ACTIONS: readonly PresetItemAction[] = [
  'load',
  'rename',
  'overwrite',
  'duplicate',
  'delete',
  'export',
];

/**
 * One saved preset as drawn: its thumbnail, name, what it holds, and its Load, Rename…,
 * Overwrite…, Duplicate, Delete… and Export… buttons named for it. The list is read again
 * after every preset action, so the item is updated in place rather than drawn anew: the
 * button a person has just pressed (and the keyboard focus on it) stays the same element, and
 * an unchanged thumbnail is not decoded again.
 */
export class PresetItem {
  readonly element: HTMLLIElement;
  private preset: PresetSummary;
  private readonly thumbnail: ThumbnailSlot;
  private readonly name: HTMLElement;
  private readonly detail: HTMLElement;
  private readonly buttons: readonly [PresetItemAction, HTMLButtonElement][];

  /** `onAction` gets the preset as it is when the button is pressed. */
  constructor(
    document: Document,
    preset: PresetSummary,
    text: FileStrings,
    onAction: (action: PresetItemAction, preset: PresetSummary) => void,
  ) {
    this.preset = preset;
    this.element = make(document, 'li', 'file-item');
    this.thumbnail = new ThumbnailSlot(document, preset.thumbnail);
    const words = make(document, 'div', 'file-item-words');
    this.name = make(document, 'span', 'file-item-name');
    this.detail = make(document, 'span', 'file-item-detail');
    words.append(this.name, this.detail);
    const actions = make(document, 'div', 'file-item-actions');
    this.buttons = ITEM_ACTIONS.map((action) => [
      action,
      makeItemButton(document, '', '', () => onAction(action, this.preset)),
    ]);
    actions.append(...this.buttons.map(([, button]) => button));
    this.element.append(this.thumbnail.element, words, actions);
    this.update(preset, text);
  }

  /** Shows `preset` (the same id, read again) in the language of `text`, changing only what differs. */
  update(preset: PresetSummary, text: FileStrings): void {
    this.preset = preset;
    this.thumbnail.show(preset.thumbnail);
    setText(this.name, preset.name);
    setText(this.detail, text.presetSummary(preset.figureCount, preset.propCount));
    for (const [action, button] of this.buttons) {
      const label = text[action];
      setText(button, label);
      const name = text.itemAction(label, preset.name);
      if (button.getAttribute('aria-label') !== name) button.setAttribute('aria-label', name);
    }
  }
}
