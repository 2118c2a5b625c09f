import { labelCommandButton, makeCommandButton, makeSection } from '../files/file-list-dom';
import { makeLabelledField } from '../shell/labelled-controls';
import type { Language } from '../i18n';
import type { LinkSettings } from '../../physics/links/link-geometry';
import type { LinkToolChoice } from './link-tool-choice';
import { linkStrings } from './link-strings';
import './links.css';

/** What the Links section reports: the tool button pressed, a setting typed. */
export interface LinkPanelHandlers {
  /** The tool button: the next choice, as `/` does. */
  onCycle(): void;
  /** A setting field changed: its text as typed (checked by the tools). */
  onSetting(field: keyof LinkSettings, text: string): void;
}

/**
 * The Links section of the left panel: the tool button (ROPE, WELD, SPRING, HINGE or off; the
 * `/` key), the spring's stiffness and damping and the break force of the links made next.
 */
export class LinkPanel {
  readonly element: HTMLElement;
  private readonly heading: HTMLElement;
  private readonly button: HTMLButtonElement;
  private readonly fields: Record<
    keyof LinkSettings,
    { input: HTMLInputElement; label: HTMLLabelElement }
  >;
  private language: Language;
  private choice: LinkToolChoice = 'off';

  constructor(document: Document, language: Language, handlers: LinkPanelHandlers) {
    this.language = language;
    const { section, heading } = makeSection(document, 'links');
    this.element = section;
    this.heading = heading;
    this.button = makeCommandButton(document, 'link-tool', () => handlers.onCycle());
    const field = (name: keyof LinkSettings) => {
      const made = makeLabelledField(
        document,
        'input',
        `link-${name}`,
        { input: `link-setting link-${name}`, label: 'link-setting-label', row: 'link-row' },
        (text) => handlers.onSetting(name, text),
      );
      made.input.inputMode = 'decimal';
      return made;
    };
    const stiffness = field('stiffness');
    const damping = field('damping');
    const breakForce = field('breakForce');
    this.fields = { stiffness, damping, breakForce };
    section.append(this.button, stiffness.row, damping.row, breakForce.row);
    this.setLanguage(language);
  }

  /** Shows the tool's choice and the settings for new links. */
  show(choice: LinkToolChoice, settings: LinkSettings): void {
    this.choice = choice;
    this.label();
    this.button.setAttribute('aria-pressed', String(choice !== 'off'));
    this.showValue('stiffness', String(settings.stiffness));
    this.showValue('damping', String(settings.damping));
    this.showValue('breakForce', settings.breakForce === null ? '' : String(settings.breakForce));
  }

  setLanguage(language: Language): void {
    this.language = language;
    const text = linkStrings(language);
    this.heading.textContent = text.group;
    this.fields.stiffness.label.textContent = text.stiffness;
    this.fields.damping.label.textContent = text.damping;
    this.fields.breakForce.label.textContent = text.breakForce;
    this.fields.breakForce.input.placeholder = text.breakForceHint;
    this.label();
  }

  dispose(): void {
    this.element.remove();
  }

  private label(): void {
    labelCommandButton(this.button, 'link-tool', this.language);
    const name = linkStrings(this.language).choices[this.choice];
    const label = this.button.querySelector('.panel-button-label');
    if (label) label.textContent = `${label.textContent}: ${name}`;
  }

  /** A field being typed in keeps its text. */
  private showValue(name: keyof LinkSettings, value: string): void {
    const input = this.fields[name].input;
    if (input.ownerDocument.activeElement !== input) input.value = value;
  }
}
