import type { AppCommand } from '../../../../shared/commands';
import type { HostApi } from '../../../../shared/host-contract';
import type { Backdrop } from '../../view/backdrop';
import type { CommandOutcome } from '../shell/command-actions';
import type { Language, UiStrings } from '../i18n';
import { strings } from '../i18n';
import { CapturePanel } from './capture-panel';
import type { BackgroundChoice, CapturePreferences } from './capture-preferences';
import { backdropFor, loadCapturePreferences, saveCapturePreferences } from './capture-preferences';
import { CleanView } from './clean-view';

/** The view as the capture settings change it (`RagdollView` fits). */
export interface CaptureView {
  backdrop: Backdrop;
  stageShown: boolean;
  pinHeadsShown: boolean;
}

export interface CaptureControlsOptions {
  /** The page's root: the clean view hides everything in it but the 3D view. */
  readonly root: HTMLElement;
  /** The element the 3D view's canvas is in (shows a checkerboard while transparent). */
  readonly viewport: HTMLElement | undefined;
  readonly view: CaptureView;
  readonly storage: Storage | undefined;
  readonly language: Language;
  readonly onCommand: (command: AppCommand) => void;
  /** Tells the person what changed. */
  readonly say: (message: string) => void;
  /**
   * The desktop host, which keeps the window on top (ALWAYS ON TOP); without it (a plain web
   * page) the switch is not offered.
   */
  readonly host?: Pick<HostApi, 'alwaysOnTop' | 'onAlwaysOnTop'> | undefined;
}

/**
 * The capture view: CLEAN VIEW (the scene alone, for OBS or a screen recorder), BACKGROUND
 * (sky, a chroma-key colour or transparent), STAGE on or off, and in the desktop app ALWAYS ON
 * TOP (the host keeps and remembers it; the View menu switches the same setting). The settings
 * are applied to the view at once and remembered; the clean view is not (the app always opens
 * with its panel).
 */
export class CaptureControls {
  readonly panel: CapturePanel;
  private readonly cleanView: CleanView;
  private preferences: CapturePreferences;
  private language: Language;
  private stopWatchingOnTop: () => void = () => undefined;

  constructor(private readonly options: CaptureControlsOptions) {
    const document = options.root.ownerDocument;
    this.language = options.language;
    this.preferences = loadCapturePreferences(options.storage);
    this.cleanView = new CleanView(options.root);
    this.panel = new CapturePanel(document, options.language, {
      onCommand: options.onCommand,
      onBackground: (choice) => this.setBackground(choice),
      onColour: (rgb) => this.change({ background: 'custom', customColour: rgb }),
      onStage: (shown) => {
        this.change({ stageShown: shown });
        options.say(this.text.stageSet(shown));
      },
      onAlwaysOnTop: (on) => void this.setAlwaysOnTop(on),
    });
    this.apply();
    this.watchAlwaysOnTop();
  }

  /** Switches ALWAYS ON TOP in the host (which remembers it) and says what it is now. */
  async setAlwaysOnTop(on: boolean): Promise<void> {
    const host = this.options.host;
    if (host === undefined) return;
    try {
      const state = await host.alwaysOnTop(on);
      this.panel.showAlwaysOnTop(state.on);
      this.options.say(this.text.alwaysOnTopSet(state.on));
    } catch (error) {
      console.error('[capture] Always on Top could not be switched:', error);
      this.options.say(this.text.alwaysOnTopFailed);
    }
  }

  /** Shows the host's state, now and whenever the menu switches it. */
  private watchAlwaysOnTop(): void {
    const host = this.options.host;
    this.panel.offerAlwaysOnTop(host !== undefined);
    if (host === undefined) return;
    this.stopWatchingOnTop = host.onAlwaysOnTop((state) => this.panel.showAlwaysOnTop(state.on));
    host
      .alwaysOnTop(null)
      .then((state) => this.panel.showAlwaysOnTop(state.on))
      .catch((error: unknown) =>
        console.error('[capture] Always on Top could not be read:', error),
      );
  }

  /** True while only the scene is shown. */
  get cleanViewActive(): boolean {
    return this.cleanView.active;
  }

  /** Whether the view draws nothing behind the scene (pictures and clips get alpha 0 there). */
  get transparent(): boolean {
    return this.preferences.background === 'transparent';
  }

  /** Clean View's key, button and menu item: into the clean view, or back to the panel. */
  toggleCleanView(): CommandOutcome {
    if (this.cleanView.active) return this.leaveCleanView();
    this.cleanView.enter(this.text.cleanHint);
    this.options.view.pinHeadsShown = false;
    // Nothing for the status line, which is hidden now: the hint (a status region) says it.
    return { kind: 'none', message: '' };
  }

  /** Esc: back to the panel; false when the clean view was not on. */
  leaveCleanViewByEscape(): boolean {
    if (!this.cleanView.active) return false;
    this.options.say(this.leaveCleanView().message);
    return true;
  }

  /** BACKGROUND set to `choice` (remembered), and said. */
  setBackground(choice: BackgroundChoice): void {
    this.change({ background: choice });
    this.options.say(this.text.backgroundSet(this.text.choices[choice]));
  }

  setLanguage(language: Language): void {
    this.language = language;
    this.panel.setLanguage(language);
  }

  dispose(): void {
    this.stopWatchingOnTop();
    this.cleanView.dispose();
    this.panel.dispose();
  }

  private leaveCleanView(): CommandOutcome {
    this.cleanView.leave();
    this.options.view.pinHeadsShown = true;
    return { kind: 'status', message: this.text.cleanOff };
  }

  private change(patch: Partial<CapturePreferences>): void {
    this.preferences = { ...this.preferences, ...patch };
    saveCapturePreferences(this.options.storage, this.preferences);
    this.apply();
  }

  private apply(): void {
    const view = this.options.view;
    view.backdrop = backdropFor(this.preferences);
    view.stageShown = this.preferences.stageShown;
    this.options.viewport?.classList.toggle('backdrop-transparent', this.transparent);
    this.panel.show(this.preferences);
  }

  private get text(): UiStrings['capture'] {
    return strings(this.language).capture;
  }
}
