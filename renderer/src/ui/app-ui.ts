import type { AppCommand } from '../../../shared/commands';
import type { HostApi } from '../../../shared/host-contract';
import type { Sandbox, SimBody } from '../physics/sandbox';
import type { ViewRay } from '../view/ragdoll-view';
import { AskDialog } from './shell/ask-dialog';
import { CollapsibleSections } from './shell/collapsible-sections';
import { ViewPointer } from './body/view-pointer';
import { BodyActions } from './body/body-actions';
import { BodyMenu } from './body/body-menu';
import { DropTarget } from './models/drop-target';
import { LibraryActions } from './library/library-actions';
import { PresetActions } from './presets/preset-actions';
import { SceneRecovery } from './presets/scene-recovery';
import type { PresetView } from './presets/preset-restore';
import type { CommandOutcome, CommandSandbox, CommandUi } from './shell/command-actions';
import { performCommand } from './shell/command-actions';
import { HelpOverlay } from './shell/help-overlay';
import { HostLink } from './files/host-link';
import type { Language, UiStrings } from './i18n';
import { languageForTag, otherLanguage, strings } from './i18n';
import type { AvatarView, ModelSandbox } from '../models/figure-models';
import { ModelActions } from './models/model-actions';
import { MotionActions } from './motion/motion-actions';
import type { MotionSandbox, MotionToolkit } from './motion/motion-ports';
import { KeyboardShortcuts } from './shell/keyboard';
import { initialLanguage, saveLanguage } from './shell/language-preference';
import { saveFaceReactions, savedFaceReactions } from './face/face-reactions-preference';
import { Panel } from './shell/panel';
import { SceneUndo } from './undo/scene-undo';
import { StatusArea, statusLabels } from './status/status';
import { ExportActions } from './export/export-actions';
import { ExportPanel } from './export/export-panel';
import type { ExportRecording } from './export/export-ports';
import { ExportProgress } from './export/export-progress';
import { SceneTimeline } from './timeline/scene-timeline';
import { TimelineActions } from './timeline/timeline-actions';
import { TimelineBar } from './timeline/timeline-bar';
import { SoundControls } from './sound/sound-controls';
import { ReleaseUi } from './release/release-ui';
import type { CaptureView } from './capture/capture-controls';
import { CaptureControls } from './capture/capture-controls';
import { VmcControls } from './vmc/vmc-controls';
import { StageController, type StageView } from './stage/stage-controller';

/** What the UI toggles on the view, and where avatars go. */
export interface UiView extends AvatarView, PresetView, CaptureView, StageView {
  showBodies: boolean;
  /** Follow: the camera keeps the figures framed. */
  following: boolean;
  /** Orbits around figure `figureId` (null: all); turns Follow on. */
  focusFigure(figureId: number | null): void;
  /** Home: the camera back at its start. */
  resetCamera(): void;
  /** The canvas the scene is drawn on (double-click, right-click; captured for a clip). */
  readonly canvas: HTMLCanvasElement;
  /** The figure the camera orbits, or null. */
  readonly focusedFigure: number | null;
  /** The view at `width`×`height` pixels as PNG (Save Picture…). */
  picture(width: number, height: number): Promise<Blob>;
  /** Stops the frame loop until {@link start} (a clip export draws its frames itself). */
  stop(): void;
  start(): void;
  /** Draws one frame as after `seconds`, without stepping the physics. */
  drawFrame(seconds: number): void;
  /** The body drawn under a page point, if any. */
  bodyAt(clientX: number, clientY: number): SimBody | undefined;
  /** The ray from the camera through a page point; undefined where the view does not show. */
  rayAt(clientX: number, clientY: number): ViewRay | undefined;
  /** Figures were put somewhere new (DROP, RESET). */
  figuresReplaced(): void;
  /** Called just before a mouse grab starts (undo captures the scene). */
  beforeGrab: (() => void) | null;
  /** Where a world point (metres) is across the view: −1 at the left edge, 1 at the right. */
  screenX(x: number, y: number, z: number): number;
}

/** Where the UI lives and what it talks to. */
export interface AppUiOptions {
  /** Element the panel and overlays go in. */
  readonly root: HTMLElement;
  readonly sandbox: CommandSandbox & ModelSandbox & Sandbox;
  readonly view: UiView;
  /** `window.host`, or undefined when running as a plain web page. */
  readonly host: HostApi | undefined;
  readonly storage: Storage | undefined;
  /** The system language tag, e.g. `navigator.language`. */
  readonly systemLanguage: string | undefined;
  /** The sandbox's motion controls (the `Sandbox` itself) and the motion readers. */
  readonly motion: { readonly sandbox: MotionSandbox; readonly toolkit: MotionToolkit };
}

/**
 * The whole interface: panel, status, help, shortcuts, language and native-menu commands.
 * Buttons, keys and menu items all end in {@link run}, so they can never disagree.
 */
export class AppUi {
  readonly panel: Panel;
  readonly status: StatusArea;
  readonly help: HelpOverlay;
  /** Open Model…, dropped files, ADD with a model, Box Dummy. */
  readonly models: ModelActions;
  /** Save Preset…, the preset list, Import…; presets dropped or opened by the OS. */
  readonly presets: PresetActions;
  /** The crash-recovery copy of the scene (desktop app only). */
  private readonly recovery: SceneRecovery | undefined;
  /** The recent-model library. */
  readonly library: LibraryActions;
  /** Open Motion…, the motion list, Play/Pause, MUSCLE, GET UP. */
  readonly motions: MotionActions;
  /** Export Motion…, Save Picture…, Export Clip… and their panel section. */
  readonly exports: ExportActions;
  private readonly exportPanel: ExportPanel;
  private readonly exportProgress: ExportProgress;
  /**
   * The always-on recording of the last 60 s, pause, scrub, play back and resume, and the
   * export range (`timeline.exportRange()`). The view's frame loop runs time through it.
   */
  readonly timeline: SceneTimeline;
  private readonly timelineActions: TimelineActions;
  /** The timeline bar along the bottom of the view. */
  private readonly timelineBar: TimelineBar;
  private readonly ask: AskDialog;
  /** Folds the panel's sections and remembers which are folded. */
  private readonly sections: CollapsibleSections;
  /** Double-click to focus a figure; a pan turns Follow off. */
  private readonly viewPointer: ViewPointer;
  /** Pin here, Unpin, Delete, Focus on one body, and the right-click menu that offers them. */
  private readonly bodyActions: BodyActions;
  private readonly bodyMenu: BodyMenu;
  /** Shows what dropping does while a file is dragged over the window. */
  private readonly dropTarget: DropTarget;
  private readonly keyboard: KeyboardShortcuts;
  private readonly hostLink: HostLink;
  private languageValue: Language;
  /** True once the person picked a language; until then it follows the system. */
  private languageChosen: boolean;
  private readonly commandUi: CommandUi;
  /** Undo / Redo of every scene change. */
  private readonly sceneUndo: SceneUndo;
  /** VOLUME, mute, impacts and music on/off, and the impact sounds themselves. */
  readonly sound: SoundControls;
  /** Help > About, the update notice and the first-run welcome. */
  readonly release: ReleaseUi;
  /** Clean View, BACKGROUND and STAGE. */
  readonly capture: CaptureControls;
  /** VMC in (Live (VMC) in the motion list) and out, and their panel section. */
  readonly vmc: VmcControls;
  /** Open Stage…, a stage dropped, Built-in Stage. */
  readonly stage: StageController;

  constructor(private readonly options: AppUiOptions) {
    const document = options.root.ownerDocument;
    const start = initialLanguage(options.storage, options.systemLanguage);
    this.timeline = new SceneTimeline(options.sandbox);
    this.timelineActions = new TimelineActions(this.timeline, () => this.strings.timeline);
    this.languageValue = start.language;
    this.languageChosen = start.chosen;
    this.status = new StatusArea(document, statusLabels(this.languageValue));
    this.stage = new StageController({
      host: options.host,
      scenery: options.sandbox.scenery,
      view: options.view,
      status: this.status,
      language: () => this.languageValue,
      beforeSwap: () => this.timeline.resumeForChange(),
      dropFigures: () => (options.sandbox.drop(), options.view.figuresReplaced()),
    });
    this.sceneUndo = new SceneUndo({
      sandbox: options.sandbox,
      models: () => this.models.models,
      props: () => this.models.props,
      motions: () => this.motions,
      figuresReplaced: () => options.view.figuresReplaced(),
      strings: () => this.strings,
      language: () => this.languageValue,
      now: () => performance.now(),
      onChanged: () => this.refresh(),
      beforeCapture: () => void this.timeline.resumeForChange(),
    });
    this.panel = new Panel(document, this.languageValue, {
      onCommand: (command) => this.run(command),
      onStiffness: (value, final) => this.setStiffness(value, final),
      onTimeScale: (value, final) => this.setTimeScale(value, final),
      onMotionChoice: (value) => {
        this.timeline.resumeForChange();
        this.sceneUndo.change('motion-choice', () => this.motions.choose(value));
        this.refresh();
      },
      onMuscle: (value, final) => this.setMuscle(value, final),
      onGravity: (value, final) => this.setGravity(value, final),
    });
    this.panel.setFoot(this.status.element);
    this.help = new HelpOverlay(document, this.languageValue);
    options.root.prepend(this.panel.element);
    this.timelineBar = new TimelineBar(document, this.languageValue, {
      timeline: this.timeline,
      actions: this.timelineActions,
      onCommand: (command) => this.run(command),
      report: (outcome) => this.report(outcome),
    });
    options.root.append(this.timelineBar.element, this.help.element);
    this.keyboard = new KeyboardShortcuts(document.defaultView ?? window, {
      onCommand: (command) => this.runKey(command),
      onEscape: () =>
        this.closeHelp() ||
        this.release.closeOverlay() ||
        this.exports.cancelClip() ||
        this.capture.leaveCleanViewByEscape(),
    });
    this.motions = new MotionActions({
      window: document.defaultView ?? window,
      host: options.host,
      sandbox: options.motion.sandbox,
      toolkit: options.motion.toolkit,
      kindOf: (figure) => this.models.models.kindOf(figure),
      bonesOf: (figure) => this.models.models.bonesOf(figure),
      status: this.status,
      strings: () => this.strings,
      onMotionRead: (file) => {
        void this.library.refresh();
        void this.sound.music.offerSongBeside(file);
      },
      onChanged: () => this.refresh(),
      beforeChange: () => this.sceneUndo.beforeChange('motion-choice'),
    });
    this.models = new ModelActions({
      window: document.defaultView ?? window,
      busyElement: options.root,
      host: options.host,
      sandbox: options.sandbox,
      view: options.view,
      status: this.status,
      strings: () => this.strings,
      onPreset: (loaded) => this.presets.loadArrived(loaded),
      onModelRead: (file) => this.library.modelRead(file),
      onDroppedLoaded: (file) => void this.library.keepDropped(file.path),
      onFiguresChanged: () => this.motions.syncFigures(),
      stagePointAt: (clientX, clientY) => {
        const ray = options.view.rayAt(clientX, clientY);
        return ray && options.sandbox.stagePointAt(ray.origin, ray.direction);
      },
      motionInput: {
        onMotion: (file, dropped) =>
          void this.motions.openFile(file).then((played) => {
            if (played && dropped) void this.library.keepDropped(file.path);
          }),
        onMotionBytes: (bytes, fileName) => void this.motions.openBytes(bytes, fileName),
        onMusic: ({ path, size, sha256, fileName, format, bytes }) =>
          void this.sound.music.useSong(bytes, fileName, { path, size, sha256, fileName, format }),
        onMusicBytes: (bytes, fileName) => void this.sound.music.useSong(bytes, fileName),
        onStageDrop: (file) => this.stage.openDropped(file),
        onMotionProblem: (problem) =>
          this.status.alert(
            this.strings.motion.failed(this.strings.problem(problem), this.motions.currentName),
          ),
      },
    });
    this.models.models.faceReactions = savedFaceReactions(options.storage);
    this.models.models.onBeforeChange = (change) => {
      this.timeline.resumeForChange();
      this.sceneUndo.beforeChange(change);
    };
    this.models.props.onBeforeChange = (change) => {
      this.timeline.resumeForChange();
      this.sceneUndo.beforeChange(change);
    };
    this.ask = new AskDialog(document);
    this.presets = new PresetActions({
      document,
      language: () => this.languageValue,
      host: options.host,
      sandbox: options.sandbox,
      view: options.view,
      models: () => this.models.models,
      propModels: () => this.models.props,
      motions: () => this.motions,
      status: this.status,
      ask: this.ask,
      onRestored: () => this.refresh(),
      music: {
        presetMusic: () => this.sound.music.presetMusic(),
        restorePreset: (music, note) => this.sound.music.restorePreset(music, note),
      },
      stage: this.stage,
      beforeRestore: () => {
        this.timeline.resumeForChange();
        this.sceneUndo.beforeChange('load-preset');
      },
    });
    this.recovery = this.startRecovery(options.host);
    this.library = new LibraryActions({
      document,
      language: () => this.languageValue,
      host: options.host,
      status: this.status,
      ask: this.ask,
      openModel: (file) => this.models.openFile(file),
      addModel: (file) => this.models.addFile(file),
      openMotion: (file) => this.motions.openFile(file),
      openMusic: ({ path, size, sha256, fileName, format, bytes }) =>
        void this.sound.music.useSong(bytes, fileName, { path, size, sha256, fileName, format }),
    });
    this.panel.addSection(this.presets.panel.element);
    this.panel.addSection(this.library.panel.element);
    this.exportPanel = new ExportPanel(document, this.languageValue, (command) =>
      this.run(command),
    );
    this.panel.addSection(this.exportPanel.element);
    this.capture = new CaptureControls({
      root: options.root,
      viewport: options.view.canvas.parentElement ?? undefined,
      view: options.view,
      storage: options.storage,
      language: this.languageValue,
      onCommand: (command) => this.run(command),
      say: (message) => this.status.say(message),
    });
    this.panel.addSection(this.capture.panel.element);
    this.sound = new SoundControls({
      window: document.defaultView ?? window,
      storage: options.storage,
      language: this.languageValue,
      requests: options.sandbox.soundRequests,
      screenX: (x, y, z) => options.view.screenX(x, y, z),
      recording: { clock: this.timeline.recorder, steps: () => options.sandbox.steps },
      music: {
        host: options.host,
        sandbox: options.sandbox,
        timeline: this.timeline,
        problemText: (problem) => this.strings.problem(problem),
        say: (message) => this.status.say(message),
        alert: (message) => this.status.alert(message),
        onSongRead: () => void this.library.refresh(),
        confirm: (question) => this.ask.confirm(question),
      },
    });
    this.panel.addSection(this.sound.panel.element);
    this.vmc = new VmcControls({
      window: document.defaultView ?? window,
      host: options.host,
      storage: options.storage,
      language: this.languageValue,
      sandbox: options.sandbox,
      motions: this.motions,
      focusedFigure: () => options.view.focusedFigure,
      figureInfo: (figure) => {
        const exported = this.models.models.exportedFigureOf(figure);
        return exported.vrm
          ? {
              kind: 'vrm',
              boneOwners: exported.vrm.boneOwners,
              hipsOffset: exported.vrm.hipsOffset,
            }
          : { kind: exported.kind };
      },
    });
    this.panel.addSection(this.vmc.panel.element);
    this.exportProgress = new ExportProgress(document, this.strings.exports.cancel, () =>
      this.exports.cancelClip(),
    );
    this.status.element.append(this.exportProgress.element);
    this.exports = new ExportActions({
      window: document.defaultView ?? window,
      host: options.host,
      sandbox: options.sandbox,
      view: options.view,
      recording: () => this.recordingForExports(),
      clipAudio: (startStep, seconds) => this.sound.clipAudio(startStep, seconds),
      exportedFigureOf: (figure) => this.models.models.exportedFigureOf(figure),
      panel: this.exportPanel,
      progress: this.exportProgress,
      status: this.status,
      strings: () => this.strings,
      busyElement: options.root,
      transparent: () => this.capture.transparent,
      offerChroma: async (reason) => {
        const text = this.strings.capture;
        const yes = await this.ask.confirm({
          question: text.alphaClipQuestion(reason),
          confirm: text.alphaClipUseGreen,
          cancel: text.alphaClipCancel,
        });
        if (yes) this.capture.setBackground('green');
        return yes;
      },
    });
    this.sections = new CollapsibleSections(this.panel.element, options.storage);
    this.bodyActions = new BodyActions({
      sandbox: options.sandbox,
      removeFigure: (figure) => {
        this.models.models.removeFigure(figure);
        this.motions.syncFigures();
      },
      removeModelProp: (prop) => this.models.props.remove(prop),
      focusFigure: (figureId) => options.view.focusFigure(figureId),
      exportFigureMotion: (figureId) => this.exports.exportMotionOf(figureId),
      strings: () => this.strings,
      beforeChange: (change) => {
        // Paused in the past, a pin or a delete acts on the moment shown: carry on from it first.
        this.timeline.resumeForChange();
        this.sceneUndo.beforeChange(change);
      },
    });
    options.view.beforeGrab = () => this.sceneUndo.beforeChange('throw');
    this.bodyMenu = new BodyMenu(document);
    options.root.append(this.bodyMenu.element);
    this.dropTarget = new DropTarget(document.defaultView ?? window, this.strings.cast);
    options.root.append(this.dropTarget.element);
    this.viewPointer = new ViewPointer(options.view, {
      onBodyMenu: (body, x, y) =>
        this.bodyMenu.open(
          x,
          y,
          this.strings.bodyMenuLabel,
          this.bodyActions.menuFor(body, (outcome) => this.report(outcome)),
        ),
      onShiftRelease: () => {
        const handle = options.sandbox.grabbedHandle;
        if (handle !== null) this.report(this.bodyActions.pinHandle(handle));
      },
      onFocused: (figureId) => {
        const index = options.sandbox.figures.findIndex((figure) => figure.id === figureId);
        this.status.say(this.strings.focused(index + 1));
        this.refresh();
      },
      onFollowStopped: () => {
        this.status.say(this.strings.followOff);
        this.refresh();
      },
    });
    this.release = new ReleaseUi({
      document,
      root: options.root,
      statusElement: this.status.element,
      host: options.host,
      storage: options.storage,
      strings: () => this.strings.release,
      fallback: { name: this.strings.appTitle, version: '—' },
      keepScene: () => this.recovery?.saveNow() ?? Promise.resolve(),
      say: (message) => this.status.say(message),
      alert: (message) => this.status.alert(message),
      note: (message) => this.status.note(message),
    });
    this.commandUi = this.createCommandUi();
    this.hostLink = new HostLink(options.host);
    this.hostLink.listen((command) => this.run(command));
    this.applyLanguage();
  }

  /** The interface language. */
  get language(): Language {
    return this.languageValue;
  }

  /** The strings of the current language. */
  get strings(): UiStrings {
    return strings(this.languageValue);
  }

  /** Runs one command (from a button, a key or the native menu) and reports the outcome. */
  run(command: AppCommand): void {
    // While a clip records, the scene must stay as the replay leaves it.
    if (this.exports.recordingClip && command !== 'help' && command !== 'toggle-language') {
      this.status.alert(this.strings.exports.busy);
      return;
    }
    try {
      const outcome = this.sceneUndo.command(command, () =>
        performCommand(command, this.options.sandbox, this.commandUi),
      );
      if (outcome.kind === 'status') this.status.say(outcome.message);
      else if (outcome.kind === 'alert') this.status.alert(outcome.message);
      // ADD, RESET, Box Dummy… may have made figures: they play the scene's motion too.
      this.motions.syncFigures();
    } catch (error) {
      // An unexpected failure still reaches the person, not only the console.
      console.error(`[ui] command "${command}" failed:`, error);
      this.status.alert(
        this.strings.commandFailed(error instanceof Error ? error.message : String(error)),
      );
    }
    this.refresh();
  }

  /**
   * A shortcut key. While the help dialog is open it is modal: only F1 (help) and the
   * language switch act, so a stray key does not change the scene behind it.
   */
  private runKey(command: AppCommand): void {
    const modal = this.help.isOpen || this.release.modalOpen;
    if (modal && command !== 'help' && command !== 'toggle-language') return;
    this.run(command);
  }

  /** Tells the person a tool's outcome and shows the panel as it now is. */
  private report(outcome: CommandOutcome): void {
    if (outcome.kind === 'status') this.status.say(outcome.message);
    else if (outcome.kind === 'alert') this.status.alert(outcome.message);
    this.refresh();
  }

  /** The scene's recording for exports, once the app records (see `ExportRecording`). */
  private recordingForExports(): ExportRecording | undefined {
    return this.timeline;
  }

  /** Shows a message in the status line. */
  say(message: string): void {
    this.status.say(message);
  }

  /**
   * Offers the scene a crashed session left, then keeps the scene for recovery every 10 s.
   * Without a host (a plain web page) there is nowhere to keep it.
   */
  private startRecovery(host: HostApi | undefined): SceneRecovery | undefined {
    if (host === undefined) return undefined;
    const recovery = new SceneRecovery({
      host,
      capture: () => this.presets.sceneForRecovery(),
      offer: () =>
        this.ask.confirm({
          question: this.strings.files.recoveryQuestion,
          confirm: this.strings.files.recoveryRestore,
          cancel: this.strings.files.recoveryDiscard,
        }),
      restore: (loaded) => this.presets.loadArrived(loaded),
      report: (message) => this.status.alert(message),
      problemText: (problem) => this.strings.problem(problem),
      notSaved: (detail) => this.strings.files.recoveryNotSaved(detail),
    });
    void recovery.start();
    return recovery;
  }

  /** Undo or Redo, told in the status line once the scene is back. */
  private async travel(direction: 'undo' | 'redo'): Promise<void> {
    try {
      const undo = this.sceneUndo;
      this.report(await (direction === 'undo' ? undo.undo() : undo.redo()));
    } catch (error) {
      console.error(`[ui] ${direction} failed:`, error);
      this.status.alert(
        this.strings.commandFailed(error instanceof Error ? error.message : String(error)),
      );
    }
  }

  /** Removes the interface and its listeners. */
  dispose(): void {
    this.exports.cancelClip();
    this.exportProgress.dispose();
    this.exportPanel.dispose();
    this.capture.dispose();
    this.sound.dispose();
    this.vmc.dispose();
    this.stage.dispose();
    this.options.view.beforeGrab = null;
    this.viewPointer.dispose();
    this.bodyMenu.dispose();
    this.dropTarget.dispose();
    this.sections.dispose();
    this.recovery?.dispose();
    this.presets.dispose();
    this.library.dispose();
    this.ask.dispose();
    this.models.dispose();
    this.motions.dispose();
    this.keyboard.dispose();
    this.hostLink.dispose();
    this.release.dispose();
    this.help.dispose();
    this.status.dispose();
    this.panel.dispose();
    this.timelineBar.dispose();
    this.timeline.dispose();
  }

  private createCommandUi(): CommandUi {
    const view = this.options.view;
    const models = this.models;
    const currentStrings = (): UiStrings => this.strings;
    return {
      get showBodies(): boolean {
        return view.showBodies;
      },
      set showBodies(visible: boolean) {
        view.showBodies = visible;
      },
      get following(): boolean {
        return view.following;
      },
      set following(on: boolean) {
        view.following = on;
      },
      toggleFaceReactions: () => this.toggleFaceReactions(),
      resetView: () => view.resetCamera(),
      togglePinUnderPointer: () => this.bodyActions.togglePin(this.viewPointer.bodyUnderPointer()),
      toggleHelp: () => {
        // Help is part of the page the clean view hides: asked for, the panel comes back too.
        if (this.capture.cleanViewActive) this.capture.toggleCleanView();
        this.help.toggle();
      },
      toggleCleanView: () => {
        this.help.close();
        return this.capture.toggleCleanView();
      },
      toggleLanguage: () => this.setLanguage(otherLanguage(this.languageValue)),
      openModel: () => models.openModel(),
      useBoxDummy: () => models.useBoxDummy(),
      addModelFigure: () => models.addFigure(),
      addModel: () => models.addModel(),
      toggleStatusHistory: () => this.status.toggleHistory(),
      figuresReplaced: () => view.figuresReplaced(),
      savePreset: () => this.presets.save(),
      importPreset: () => this.presets.importPreset(),
      runExport: (command) => this.exports.run(command),
      togglePictureDouble: () => this.exportPanel.toggleDoubleSize(),
      motions: this.motions,
      timeline: this.timelineActions,
      undo: () => void this.travel('undo'),
      redo: () => void this.travel('redo'),
      sound: this.sound.commands(() => this.languageValue),
      stage: this.stage,
      // Read at use time: after a language switch the outcome is told in the new language.
      get strings(): UiStrings {
        return currentStrings();
      },
    };
  }

  /** FACE REACTIONS flipped, remembered, and said. */
  private toggleFaceReactions(): CommandOutcome {
    const figures = this.models.models;
    figures.faceReactions = !figures.faceReactions;
    saveFaceReactions(this.options.storage, figures.faceReactions);
    return { kind: 'status', message: this.strings.face.reactionsSet(figures.faceReactions) };
  }

  private setLanguage(language: Language): void {
    this.languageValue = language;
    this.languageChosen = true;
    saveLanguage(this.options.storage, language);
    this.applyLanguage();
  }

  private applyLanguage(): void {
    const document = this.options.root.ownerDocument;
    document.documentElement.lang = this.languageValue;
    document.title = this.strings.appTitle;
    this.panel.setLanguage(this.languageValue);
    this.help.setLanguage(this.languageValue);
    this.timelineBar.setLanguage(this.languageValue);
    this.status.setLabels(statusLabels(this.languageValue));
    this.dropTarget.setLabels(this.strings.cast);
    this.models.relabel();
    this.motions.relabel();
    this.presets.relabel();
    this.library.relabel();
    this.exportPanel.setLanguage(this.languageValue);
    this.capture.setLanguage(this.languageValue);
    this.sound.setLanguage(this.languageValue);
    this.vmc.setLanguage(this.languageValue);
    this.exportProgress.setLanguage(this.strings.exports.cancel);
    this.release.relabel();
    this.hostLink.setMenuLanguage(this.languageValue);
    this.refresh();
    void this.describeHost();
  }

  private refresh(): void {
    const sandbox = this.options.sandbox;
    this.panel.show({
      stiffness: sandbox.stiffness,
      timeScale: sandbox.timeScale,
      gravity: sandbox.gravityScale,
      showBodies: this.options.view.showBodies,
      following: this.options.view.following,
      faceReactions: this.models.models.faceReactions,
      motion: {
        choices: this.motions.choices,
        selected: this.motions.selected,
        playing: this.motions.playing,
        muscle: this.motions.muscle,
        getUp: this.motions.getUp,
      },
      history: { canUndo: this.sceneUndo.canUndo, canRedo: this.sceneUndo.canRedo },
    });
  }

  private setMuscle(value: number, final: boolean): void {
    const outcome = this.slide('muscle', final, () => this.motions.setMuscle(value));
    if (final) this.status.say(outcome.message);
    this.refresh();
  }

  private setStiffness(value: number, final: boolean): void {
    this.slide('stiffness', final, () => this.options.sandbox.setStiffness(value));
    if (final) this.status.say(this.strings.stiffnessSet(this.options.sandbox.stiffness));
    this.refresh();
  }

  private setTimeScale(value: number, final: boolean): void {
    this.slide('time', final, () => this.options.sandbox.setTimeScale(value));
    if (final) this.status.say(this.strings.timeSet(this.options.sandbox.timeScale));
    this.refresh();
  }

  private setGravity(value: number, final: boolean): void {
    this.slide('gravity', final, () => this.options.sandbox.setGravityScale(value));
    if (final) this.status.say(this.strings.gravitySet(this.options.sandbox.gravityScale));
    this.refresh();
  }

  /** One slider change; a whole drag (until it is let go, `final`) is one undo step. */
  private slide<T>(
    slider: 'stiffness' | 'time' | 'gravity' | 'muscle',
    final: boolean,
    change: () => T,
  ): T {
    const result = this.sceneUndo.change(slider, change, slider);
    if (final) this.sceneUndo.endGroup();
    return result;
  }

  private closeHelp(): boolean {
    if (!this.help.isOpen) return false;
    this.help.close();
    return true;
  }

  private async describeHost(): Promise<void> {
    const text = this.strings;
    if (!this.hostLink.present) {
      this.help.setHostLine(text.hostAbsent);
      return;
    }
    const info = await this.hostLink.appInfo();
    if (!info) {
      this.help.setHostLine(text.hostAbsent);
      return;
    }
    // The host knows the system language better than the page (it reads the OS setting).
    const systemLanguage = languageForTag(info.locale);
    if (!this.languageChosen && systemLanguage !== this.languageValue) {
      this.languageValue = systemLanguage;
      this.applyLanguage();
      return;
    }
    this.help.setHostLine(this.strings.hostPresent(info.version, info.platform));
  }
}
