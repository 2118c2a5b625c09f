import type { PresetSummary } from '../../../../shared/host-contract';
import type { AppCommand } from '../../../../shared/commands';
import '../files/file-panels.css';
import { labelCommandButton, make, makeCommandButton } from '../files/file-list-dom';
import { FileListSection, itemsById } from '../files/file-list-section';
import type { Language } from '../i18n';
import type { PresetItemAction } from './preset-item';
import { PresetItem } from './preset-item';

/** What the panel reports; it changes nothing itself. */
export interface PresetPanelHandlers {
  /** Save Preset… or Import Preset… was pressed. */
  onCommand(command: AppCommand): void;
  onItem(action: PresetItemAction, preset: PresetSummary): void;
}

const PRESET_COMMANDS: readonly AppCommand[] = ['save-preset', 'import-preset'];

/** The section's heading, list name and notes: their keys in the file strings. */
const WORDS = ['presetsGroup', 'presetList', 'presetsNeedDesktop', 'presetsEmpty'] as const;

/**
 * The Presets section of the left panel: Save Preset… and Import Preset… (with their keys),
 * then the saved presets, newest first, each with its thumbnail, name, what it holds, and
 * Load, Rename…, Overwrite…, Duplicate, Delete… and Export… buttons named for that preset.
 * Without the desktop host the buttons are disabled and a line says why.
 */
export class PresetPanel {
  readonly element: HTMLElement;
  private readonly section: FileListSection<PresetSummary, PresetItem>;
  private readonly commandButtons: readonly [AppCommand, HTMLButtonElement][];

  constructor(
    document: Document,
    language: Language,
    hostPresent: boolean,
    handlers: PresetPanelHandlers,
  ) {
    this.commandButtons = PRESET_COMMANDS.map((command) => [
      command,
      makeCommandButton(document, command, () => handlers.onCommand(command)),
    ]);
    const buttons = make(document, 'div', 'panel-group-body');
    buttons.append(...this.commandButtons.map(([, button]) => button));
    const kind = itemsById(document, 'presets', PresetItem, handlers, WORDS);
    this.section = new FileListSection(document, language, hostPresent, kind, [buttons]);
    this.element = this.section.element;
    for (const [, button] of this.commandButtons) {
      button.disabled = !hostPresent;
      if (!hostPresent) button.setAttribute('aria-describedby', this.section.note.id);
    }
    this.setLanguage(language);
  }

  /** Shows `presets` (newest first). */
  show(presets: readonly PresetSummary[]): void {
    this.section.show(presets);
  }

  setLanguage(language: Language): void {
    for (const [command, button] of this.commandButtons) {
      labelCommandButton(button, command, language);
    }
    this.section.setLanguage(language);
  }

  dispose(): void {
    this.section.dispose();
  }
}
