import type { PresetSummary } from '../../../../shared/host-contract';
import type { AppCommand } from '../../../../shared/commands';
import '../files/file-panels.css';
import {
  labelCommandButton,
  make,
  makeCommandButton,
  makeSection,
  placeItems,
} from '../files/file-list-dom';
import type { Language } from '../i18n';
import { strings } from '../i18n';
import type { PresetItemAction } from './preset-item';
import { PresetItem } from './preset-item';

/** What the panel reports; it changes nothing itself. */
export interface PresetPanelHandlers {
  /** Save Preset… or Import Preset… was pressed. */
  onCommand(command: AppCommand): void;
  onItem(action: PresetItemAction, preset: PresetSummary): void;
}

/**
 * The Presets section of the left panel: Save Preset… and Import Preset… (with their keys),
 * then the saved presets, newest first, each with its thumbnail, name, what it holds, and
 * Load, Rename…, Overwrite…, Duplicate, Delete… and Export… buttons named for that preset.
 * Without the desktop host the buttons are disabled and a line says why.
 */
export class PresetPanel {
  readonly element: HTMLElement;
  private readonly heading: HTMLElement;
  private readonly note: HTMLElement;
  private readonly list: HTMLUListElement;
  private readonly commandButtons: readonly [AppCommand, HTMLButtonElement][];
  private presets: readonly PresetSummary[] = [];
  /** The items drawn, by preset id. */
  private items = new Map<string, PresetItem>();
  private language: Language;

  constructor(
    private readonly document: Document,
    language: Language,
    private readonly hostPresent: boolean,
    private readonly handlers: PresetPanelHandlers,
  ) {
    this.language = language;
    const { section, heading } = makeSection(document, 'presets');
    this.element = section;
    this.heading = heading;
    const commands: AppCommand[] = ['save-preset', 'import-preset'];
    this.commandButtons = commands.map((command) => [
      command,
      makeCommandButton(document, command, () => handlers.onCommand(command)),
    ]);
    const buttons = make(document, 'div', 'panel-group-body');
    buttons.append(...this.commandButtons.map(([, button]) => button));
    this.note = make(document, 'p', 'file-note');
    this.note.id = 'presets-note';
    this.list = make(document, 'ul', 'file-list');
    section.append(buttons, this.note, this.list);
    for (const [, button] of this.commandButtons) {
      button.disabled = !hostPresent;
      if (!hostPresent) button.setAttribute('aria-describedby', this.note.id);
    }
    this.setLanguage(language);
  }

  /** Shows `presets` (newest first). */
  show(presets: readonly PresetSummary[]): void {
    this.presets = presets;
    this.render();
  }

  setLanguage(language: Language): void {
    this.language = language;
    const text = strings(language).files;
    this.heading.textContent = text.presetsGroup;
    this.list.setAttribute('aria-label', text.presetList);
    for (const [command, button] of this.commandButtons) {
      labelCommandButton(button, command, language);
    }
    this.render();
  }

  dispose(): void {
    this.element.remove();
  }

  private render(): void {
    const text = strings(this.language).files;
    this.note.textContent = !this.hostPresent
      ? text.presetsNeedDesktop
      : this.presets.length === 0
        ? text.presetsEmpty
        : '';
    this.note.hidden = this.note.textContent === '';
    this.items = placeItems(
      this.list,
      this.items,
      this.presets,
      (preset) => preset.id,
      (preset) =>
        new PresetItem(this.document, preset, text, (action, current) =>
          this.handlers.onItem(action, current),
        ),
      text,
    );
  }
}
