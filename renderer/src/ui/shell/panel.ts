import type { AppCommand } from '../../../../shared/commands';
import { ariaKeyShortcuts } from '../../../../shared/commands';
import {
  GRAVITY_SCALE_MAX,
  GRAVITY_SCALE_MIN,
  TIME_SCALE_MAX,
  TIME_SCALE_MIN,
} from '../../physics/sandbox';
import { STIFFNESS_MAX, STIFFNESS_MIN } from '../../physics/stiffness';
import type { Language } from '../i18n';
import { otherLanguage, strings } from '../i18n';
import type { MotionChoice } from '../motion/motion-choices';
import { labelCommandButton, make, makeCommandButton, makeSection } from '../files/file-list-dom';
import type { Slider } from './slider';
import { labelSlider, listenToSlider, makeSlider, showSliderText } from './slider';

/** The panel's buttons, in the order they appear, grouped as on screen. */
const SCENE_BUTTONS: readonly AppCommand[] = [
  'drop',
  'add-figure',
  'blast',
  'reset',
  'undo',
  'redo',
];
const PROP_BUTTONS: readonly AppCommand[] = ['add-ball', 'add-box', 'clear-props'];
const MODEL_BUTTONS: readonly AppCommand[] = ['open-model', 'add-model', 'box-dummy'];

type GroupKey = 'sceneGroup' | 'modelGroup' | 'motionGroup' | 'propsGroup' | 'settingsGroup';

/** What the panel reports back; it changes nothing itself. */
export interface PanelHandlers {
  onCommand(command: AppCommand): void;
  /** A slider moved: STIFFNESS 0..100. `final` is true when the drag ends. */
  onStiffness(value: number, final: boolean): void;
  /** A slider moved: TIME 0.1..1. */
  onTimeScale(value: number, final: boolean): void;
  /** An entry of the motion list was picked (its value, see motion-choices.ts). */
  onMotionChoice(value: string): void;
  /** A slider moved: MUSCLE 0..100. */
  onMuscle(value: number, final: boolean): void;
  /** A slider moved: GRAVITY 0..2 g. */
  onGravity(value: number, final: boolean): void;
}

/** What the motion controls show. */
export interface PanelMotionState {
  readonly choices: readonly MotionChoice[];
  /** The value of the entry being played. */
  readonly selected: string;
  readonly playing: boolean;
  readonly muscle: number;
  readonly getUp: boolean;
}

/** What the panel shows. */
export interface PanelState {
  readonly stiffness: number;
  readonly timeScale: number;
  /** GRAVITY, g. */
  readonly gravity: number;
  readonly showBodies: boolean;
  /** Follow Camera. */
  readonly following: boolean;
  /** FACE REACTIONS (shown as on when not given). */
  readonly faceReactions?: boolean;
  readonly motion: PanelMotionState;
  /** Whether Undo and Redo have a step to take (their buttons are disabled when not). */
  readonly history?: { readonly canUndo: boolean; readonly canRedo: boolean };
}

/**
 * The left panel: DROP, ADD, BLAST, RESET, Open Model…, Box Dummy, the motion controls (Open
 * Motion…, the motion list, Play/Pause, MUSCLE, GET UP), BALL, BOX, CLEAR, STIFFNESS, TIME,
 * BODIES, the language switch and help. Every control carries its accessible name and its shortcut
 * (`aria-keyshortcuts`); labels come from the shared command table and the i18n strings.
 */
export class Panel {
  /** Put this in the page. */
  readonly element: HTMLElement;
  /**
   * The part that scrolls: the header and every section. The foot (see {@link setFoot})
   * sits below it, so a long message takes room from the sections instead of covering them.
   */
  private readonly body: HTMLElement;
  private readonly buttons = new Map<AppCommand, HTMLButtonElement>();
  private readonly headings: {
    element: HTMLElement;
    key: GroupKey;
  }[] = [];
  private readonly title: HTMLElement;
  private readonly stiffness: Slider;
  private readonly time: Slider;
  private readonly muscle: Slider;
  private readonly gravity: Slider;
  private readonly motionList: HTMLSelectElement;
  private readonly motionListLabel: HTMLLabelElement;
  /** The list's entries as last shown, to rebuild the options only when they change. */
  private shownChoices = '';
  private language: Language;

  constructor(
    private readonly document: Document,
    language: Language,
    private readonly handlers: PanelHandlers,
  ) {
    this.language = language;
    this.element = document.createElement('aside');
    this.element.className = 'panel';
    this.body = this.make('div', 'panel-body');
    this.element.append(this.body);
    this.title = this.make('h1', 'panel-title');
    this.body.append(this.createHeader());
    this.body.append(
      this.createGroup(
        'sceneGroup',
        SCENE_BUTTONS.map((c) => this.createButton(c)),
      ),
    );
    this.body.append(
      this.createGroup(
        'modelGroup',
        MODEL_BUTTONS.map((c) => this.createButton(c)),
      ),
    );
    this.motionList = document.createElement('select');
    this.motionList.id = 'motion-list';
    this.motionList.className = 'panel-select motion-list';
    // The list is reached by Tab and changed with the arrow keys; N (Next Motion) cycles it.
    this.motionList.setAttribute('aria-keyshortcuts', ariaKeyShortcuts('next-motion'));
    this.motionListLabel = document.createElement('label');
    this.motionListLabel.htmlFor = this.motionList.id;
    this.motionListLabel.className = 'motion-list-label';
    this.muscle = makeSlider(document, 'muscle', {
      min: 0,
      max: 100,
      step: 1,
      down: 'muscle-down',
      up: 'muscle-up',
    });
    this.body.append(
      this.createGroup('motionGroup', [
        this.createButton('open-motion'),
        this.motionListLabel,
        this.motionList,
        this.createButton('toggle-motion'),
        this.muscle.row,
        this.createButton('toggle-get-up'),
      ]),
    );
    this.body.append(
      this.createGroup(
        'propsGroup',
        PROP_BUTTONS.map((c) => this.createButton(c)),
      ),
    );
    this.stiffness = makeSlider(document, 'stiffness', {
      min: STIFFNESS_MIN,
      max: STIFFNESS_MAX,
      step: 1,
      down: 'stiffness-down',
      up: 'stiffness-up',
    });
    this.time = makeSlider(document, 'time', {
      min: TIME_SCALE_MIN,
      max: TIME_SCALE_MAX,
      step: 0.05,
      down: 'time-down',
      up: 'time-up',
    });
    this.gravity = makeSlider(document, 'gravity', {
      min: GRAVITY_SCALE_MIN,
      max: GRAVITY_SCALE_MAX,
      step: 0.05,
      down: 'gravity-down',
      up: 'gravity-up',
    });
    this.body.append(
      this.createGroup('settingsGroup', [
        this.stiffness.row,
        this.time.row,
        this.gravity.row,
        this.createButton('toggle-bodies'),
        this.createButton('toggle-follow'),
        this.createButton('toggle-face-reactions'),
        this.createButton('reset-view'),
      ]),
    );
    this.listenToSliders();
    this.setLanguage(language);
  }

  /** Adds a section of another owner (presets, recent models, exports) after the panel's own. */
  addSection(section: HTMLElement): void {
    this.body.append(section);
  }

  /**
   * Puts `foot` (the status area) at the panel's foot, below the part that scrolls: it is
   * always in sight and never drawn over a button.
   */
  setFoot(foot: HTMLElement): void {
    this.element.append(foot);
  }

  /** Relabels everything in `language`. */
  setLanguage(language: Language): void {
    this.language = language;
    const text = strings(language);
    this.element.setAttribute('aria-label', text.panelLabel);
    this.title.textContent = text.appTitle;
    for (const heading of this.headings) heading.element.textContent = text[heading.key];
    for (const [command, button] of this.buttons) this.labelButton(button, command);
    labelSlider(this.stiffness, text.stiffness, text.stiffnessHint);
    labelSlider(this.time, text.time, text.timeHint);
    labelSlider(this.muscle, text.motion.muscle, text.motion.muscleHint);
    labelSlider(this.gravity, text.gravity, text.gravityHint);
    this.motionListLabel.textContent = text.motion.listLabel;
    // The entries' labels are in the language too: rebuild them at the next show().
    this.shownChoices = '';
  }

  /** Shows the current settings (after a shortcut or menu command changed them). */
  show(state: PanelState): void {
    this.stiffness.input.value = String(state.stiffness);
    showSliderText(this.stiffness, String(Math.round(state.stiffness)));
    this.time.input.value = String(state.timeScale);
    showSliderText(this.time, `×${state.timeScale.toFixed(2).replace(/0$/, '')}`);
    this.gravity.input.value = String(state.gravity);
    showSliderText(this.gravity, `${state.gravity.toFixed(2).replace(/0$/, '')} g`);
    this.buttons.get('toggle-bodies')?.setAttribute('aria-pressed', String(state.showBodies));
    this.buttons.get('toggle-follow')?.setAttribute('aria-pressed', String(state.following));
    this.buttons
      .get('toggle-face-reactions')
      ?.setAttribute('aria-pressed', String(state.faceReactions ?? true));
    this.showMotion(state.motion);
    if (state.history) {
      const { canUndo, canRedo } = state.history;
      this.buttons.get('undo')?.toggleAttribute('disabled', !canUndo);
      this.buttons.get('redo')?.toggleAttribute('disabled', !canRedo);
    }
  }

  private showMotion(motion: PanelMotionState): void {
    const key = JSON.stringify(motion.choices);
    if (key !== this.shownChoices) {
      this.shownChoices = key;
      this.motionList.replaceChildren(
        ...motion.choices.map((choice) => {
          const option = this.document.createElement('option');
          option.value = choice.value;
          option.textContent = choice.label;
          return option;
        }),
      );
    }
    this.motionList.value = motion.selected;
    this.muscle.input.value = String(motion.muscle);
    showSliderText(this.muscle, String(Math.round(motion.muscle)));
    this.buttons.get('toggle-motion')?.setAttribute('aria-pressed', String(motion.playing));
    this.buttons.get('toggle-get-up')?.setAttribute('aria-pressed', String(motion.getUp));
  }

  /** Removes the panel; its listeners go with its elements. */
  dispose(): void {
    this.element.remove();
    this.buttons.clear();
  }

  private createHeader(): HTMLElement {
    const header = this.make('header', 'panel-header');
    const tools = this.make('div', 'panel-tools');
    tools.append(this.createButton('toggle-language'), this.createButton('help'));
    header.append(this.title, tools);
    return header;
  }

  private createGroup(key: GroupKey, children: HTMLElement[]): HTMLElement {
    const { section, heading } = makeSection(this.document, key);
    section.classList.add(`panel-group-${key}`);
    this.headings.push({ element: heading, key });
    const body = this.make('div', 'panel-group-body');
    body.append(...children);
    section.append(body);
    return section;
  }

  private createButton(command: AppCommand): HTMLButtonElement {
    const button = makeCommandButton(this.document, command, () =>
      this.handlers.onCommand(command),
    );
    if (
      command === 'toggle-bodies' ||
      command === 'toggle-follow' ||
      command === 'toggle-face-reactions' ||
      command === 'toggle-motion' ||
      command === 'toggle-get-up'
    )
      button.setAttribute('aria-pressed', 'false');
    this.buttons.set(command, button);
    return button;
  }

  private labelButton(button: HTMLButtonElement, command: AppCommand): void {
    labelCommandButton(button, command, this.language);
    // The language switch names the other language in that language.
    if (command === 'toggle-language') {
      const label = button.querySelector<HTMLElement>('.panel-button-label');
      if (label) label.lang = otherLanguage(this.language);
    }
  }

  private listenToSliders(): void {
    const handlers = this.handlers;
    listenToSlider(this.stiffness, (value, final) => handlers.onStiffness(value, final));
    listenToSlider(this.time, (value, final) => handlers.onTimeScale(value, final));
    listenToSlider(this.muscle, (value, final) => handlers.onMuscle(value, final));
    listenToSlider(this.gravity, (value, final) => handlers.onGravity(value, final));
    this.motionList.addEventListener('change', () =>
      this.handlers.onMotionChoice(this.motionList.value),
    );
  }

  private make<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    className: string,
  ): HTMLElementTagNameMap[K] {
    return make(this.document, tag, className);
  }
}
