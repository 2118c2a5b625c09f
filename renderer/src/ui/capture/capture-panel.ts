import type { AppCommand } from '../../../../shared/commands';
import { labelCommandButton, make, makeCommandButton, makeSection } from '../files/file-list-dom';
import { makeCheckbox } from '../shell/labelled-controls';
import type { Language } from '../i18n';
import { strings } from '../i18n';
import type { BackgroundChoice, CapturePreferences } from './capture-preferences';
import { BACKGROUND_CHOICES, hexColour, parseHexColour } from './capture-preferences';
import './capture.css';

/** What the Capture section reports; it changes nothing itself. */
export interface CapturePanelHandlers {
  onCommand(command: AppCommand): void;
  /** A BACKGROUND entry was picked. */
  onBackground(choice: BackgroundChoice): void;
  /** A colour was picked (0xRRGGBB): the background becomes that colour. */
  onColour(rgb: number): void;
  /** STAGE on or off. */
  onStage(shown: boolean): void;
  /** ALWAYS ON TOP on or off (desktop app only). */
  onAlwaysOnTop(on: boolean): void;
}

/**
 * The Capture section of the left panel: Clean View (with its key), the BACKGROUND list
 * (sky, chroma-key presets, a picked colour, transparent), a colour picker, STAGE and, in the
 * desktop app, ALWAYS ON TOP.
 */
export class CapturePanel {
  readonly element: HTMLElement;
  private readonly heading: HTMLElement;
  private readonly cleanButton: HTMLButtonElement;
  private readonly background: HTMLSelectElement;
  private readonly backgroundLabel: HTMLLabelElement;
  private readonly colour: HTMLInputElement;
  private readonly stage: HTMLInputElement;
  private readonly stageText: HTMLElement;
  private readonly onTop: HTMLInputElement;
  private readonly onTopText: HTMLElement;
  private readonly onTopLabel: HTMLLabelElement;

  constructor(document: Document, language: Language, handlers: CapturePanelHandlers) {
    const { section, heading } = makeSection(document, 'capture');
    this.element = section;
    this.heading = heading;
    this.cleanButton = makeCommandButton(document, 'clean-view', () =>
      handlers.onCommand('clean-view'),
    );
    this.background = make(document, 'select', 'panel-select capture-background');
    this.background.id = 'capture-background';
    for (const choice of BACKGROUND_CHOICES) {
      const option = make(document, 'option', '');
      option.value = choice;
      this.background.append(option);
    }
    this.background.addEventListener('change', () => {
      const choice = BACKGROUND_CHOICES.find((entry) => entry === this.background.value);
      if (choice) handlers.onBackground(choice);
    });
    this.backgroundLabel = make(document, 'label', 'capture-label');
    this.backgroundLabel.htmlFor = this.background.id;
    this.colour = make(document, 'input', 'capture-colour');
    this.colour.type = 'color';
    this.colour.id = 'capture-colour';
    // `input` fires while the picker is open, so the view follows the colour live.
    this.colour.addEventListener('input', () => {
      const rgb = parseHexColour(this.colour.value);
      if (rgb !== undefined) handlers.onColour(rgb);
    });
    const backgroundRow = make(document, 'div', 'capture-row');
    backgroundRow.append(this.background, this.colour);
    const option = (id: string, onChange: (checked: boolean) => void) =>
      makeCheckbox(
        document,
        id,
        { input: id, label: 'capture-option', text: 'capture-option-text' },
        onChange,
      );
    const stage = option('capture-stage', (on) => handlers.onStage(on));
    this.stage = stage.input;
    this.stageText = stage.text;
    const onTop = option('capture-on-top', (on) => handlers.onAlwaysOnTop(on));
    this.onTop = onTop.input;
    this.onTopText = onTop.text;
    this.onTopLabel = onTop.label;
    this.onTopLabel.hidden = true;
    const body = make(document, 'div', 'panel-group-body');
    body.append(
      this.cleanButton,
      this.backgroundLabel,
      backgroundRow,
      stage.label,
      this.onTopLabel,
    );
    section.append(body);
    this.setLanguage(language);
  }

  /** Shows the settings as they are now. */
  show(preferences: CapturePreferences): void {
    this.background.value = preferences.background;
    this.colour.value = hexColour(preferences.customColour);
    this.stage.checked = preferences.stageShown;
  }

  /** Shows ALWAYS ON TOP only where a desktop host keeps the window (not in a web page). */
  offerAlwaysOnTop(offered: boolean): void {
    this.onTopLabel.hidden = !offered;
  }

  /** Shows ALWAYS ON TOP as the host has it now. */
  showAlwaysOnTop(on: boolean): void {
    this.onTop.checked = on;
  }

  setLanguage(language: Language): void {
    const text = strings(language).capture;
    this.heading.textContent = text.group;
    labelCommandButton(this.cleanButton, 'clean-view', language);
    this.backgroundLabel.textContent = text.background;
    for (const option of this.background.options) {
      const choice = BACKGROUND_CHOICES.find((entry) => entry === option.value);
      if (choice) option.textContent = text.choices[choice];
    }
    this.colour.setAttribute('aria-label', text.colour);
    this.colour.title = text.colour;
    this.stageText.textContent = text.stage;
    this.onTopText.textContent = text.alwaysOnTop;
  }

  dispose(): void {
    this.element.remove();
  }
}
