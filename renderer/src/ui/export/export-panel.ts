import { keyText, type AppCommand } from '../../../../shared/commands';
import { labelCommandButton, make, makeCommandButton, makeSection } from '../files/file-list-dom';
import { makeCheckbox } from '../shell/labelled-controls';
import type { Language } from '../i18n';
import { strings } from '../i18n';
import './exports.css';

/** The commands the Export section holds, in order. */
export const EXPORT_COMMANDS: readonly AppCommand[] = [
  'export-motion',
  'save-picture',
  'export-clip',
];

/** Frame rates a clip can be recorded at. */
export const CLIP_RATES: readonly number[] = [30, 60];

/**
 * The Export section of the left panel: Export Motion…, Save Picture… and Export Clip… (with
 * their keys), whether a picture is taken at twice the window's size, and the clip's frame rate.
 */
export class ExportPanel {
  readonly element: HTMLElement;
  private readonly heading: HTMLElement;
  private readonly buttons: readonly [AppCommand, HTMLButtonElement][];
  private readonly double: HTMLInputElement;
  private readonly doubleLabel: HTMLLabelElement;
  private readonly rate: HTMLSelectElement;
  private readonly rateLabel: HTMLLabelElement;

  constructor(document: Document, language: Language, onCommand: (command: AppCommand) => void) {
    const { section, heading } = makeSection(document, 'exports');
    this.element = section;
    this.heading = heading;
    this.buttons = EXPORT_COMMANDS.map((command) => [
      command,
      makeCommandButton(document, command, () => onCommand(command)),
    ]);
    const double = makeCheckbox(document, 'export-double', {
      input: 'export-double',
      label: 'export-option',
      text: 'export-option-text',
    });
    this.double = double.input;
    this.double.setAttribute('aria-keyshortcuts', keyText('toggle-picture-double'));
    this.doubleLabel = double.label;
    this.rate = make(document, 'select', 'panel-select export-rate');
    this.rate.id = 'export-rate';
    for (const fps of CLIP_RATES) {
      const option = make(document, 'option', '', `${fps}`);
      option.value = String(fps);
      this.rate.append(option);
    }
    this.rateLabel = make(document, 'label', 'export-option');
    this.rateLabel.htmlFor = this.rate.id;
    const rateRow = make(document, 'div', 'export-option');
    rateRow.append(this.rateLabel, this.rate);
    const body = make(document, 'div', 'panel-group-body');
    body.append(...this.buttons.map(([, button]) => button), this.doubleLabel, rateRow);
    section.append(body);
    this.setLanguage(language);
  }

  /** Whether Save Picture… takes the picture at twice the window's size. */
  get doubleSize(): boolean {
    return this.double.checked;
  }

  /** Picture 2x on or off (its key). */
  toggleDoubleSize(): void {
    this.double.checked = !this.double.checked;
  }

  /** The clip's frames per second. */
  get clipRate(): number {
    return Number(this.rate.value);
  }

  /** Disables the export buttons (while a clip records). */
  setBusy(busy: boolean): void {
    for (const [, button] of this.buttons) button.disabled = busy;
    this.rate.disabled = busy;
  }

  setLanguage(language: Language): void {
    const text = strings(language).exports;
    this.heading.textContent = text.group;
    for (const [command, button] of this.buttons) labelCommandButton(button, command, language);
    this.doubleLabel.querySelector('.export-option-text')!.textContent = text.pictureDouble;
    this.rateLabel.textContent = text.clipRate;
  }

  dispose(): void {
    this.element.remove();
  }
}
