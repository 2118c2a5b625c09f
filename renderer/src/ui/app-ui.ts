import type { AppCommand } from '../../../shared/commands';
import type { HostApi } from '../../../shared/host-contract';
import type { Sandbox } from '../physics/sandbox';
import { AskDialog } from './shell/ask-dialog';
import { CollapsibleSections } from './shell/collapsible-sections';
import { ViewPointer } from './body/view-pointer';
import { BodyActions } from './body/body-actions';
import { BodyMenu } from './body/body-menu';
import { LinkTools } from './links/link-tools';
import { DropTarget } from './models/drop-target';
import { LibraryActions } from './library/library-actions';
import { PresetActions } from './presets/preset-actions';
import { SceneRecovery } from './presets/scene-recovery';
import type { CommandOutcome, CommandSandbox, CommandUi } from './shell/command-actions';
import { performCommand } from './shell/command-actions';
import { HelpOverlay } from './shell/help-overlay';
import { HostLink } from './files/host-link';
import type { Language, UiStrings } from './i18n';
import { languageForTag, otherLanguage, strings } from './i18n';
import type { ModelSandbox } from '../models/figure-models';
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
import { CaptureControls } from './capture/capture-controls';
import { VmcControls } from './vmc/vmc-controls';
import { UiParts } from './shell/ui-parts';
import type { UndoLabel } from './undo/scene-undo';

import type { UiView } from './ui-view';

export type { UiView } from './ui-view';
import { StageController } from './stage/stage-controller';

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
  /** Double-click to focus a figure; a pan turns Follow off. */
  private readonly viewPointer: ViewPointer;
  /** Pin here, Unpin, Delete, Focus on one body, and the right-click menu that offers them. */
  private readonly bodyActions: BodyActions;
  private readonly bodyMenu: BodyMenu;
  /** ROPE, WELD, SPRING, HINGE: the constraint tools, their panel section and menu entries. */
  private readonly links: LinkTools;
  /** Shows what dropping does while a file is dragged over the window. */
  private readonly dropTarget: DropTarget;
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
  /** Every part, with how it takes a new language and how it is taken down. */
  private readonly parts = new UiParts();
  /** Open Stage…, a stage dropped, Built-in Stage. */
  readonly stage: StageController;

  constructor(private readonly options: AppUiOptions) {
    const document = options.root.ownerDocument;
    const start = initialLanguage(options.storage, options.systemLanguage);
    const parts = this.parts;
    const sandbox = options.sandbox;
    this.timeline = parts.add(new SceneTimeline(options.sandbox));
    this.timelineActions = new TimelineActions(this.timeline, () => this.strings.timeline);
    this.languageValue = start.language;
    this.languageChosen = start.chosen;
    this.status = parts.add(
      new StatusArea(document, statusLabels(this.languageValue)),
      (language) => this.status.setLabels(statusLabels(language)),
    );
    this.stage = parts.add(
      new StageController({
        host: options.host,
        scenery: options.sandbox.scenery,
        view: options.view,
        status: this.status,
        language: () => this.languageValue,
        beforeSwap: () => this.timeline.resumeForChange(),
        dropFigures: () => (options.sandbox.drop(), options.view.figuresReplaced()),
        onRead: () => void this.library.refresh(),
        beforePersonSwap: (label) => this.sceneUndo.beforeChange(label),
      }),
    );
    this.sceneUndo = new SceneUndo({
      sandbox: options.sandbox,
      models: () => this.models.models,
      props: () => this.models.props,
      motions: () => this.motions,
      stage: {
        current: () => this.stage.presetStage(),
        restore: (stage) => this.stage.restorePreset(stage),
      },
      figuresReplaced: () => options.view.figuresReplaced(),
      strings: () => this.strings,
      language: () => this.languageValue,
      now: () => performance.now(),
      onChanged: () => this.refresh(),
      beforeCapture: () => void this.timeline.resumeForChange(),
    });
    this.panel = new Panel(document, this.languageValue, {
      onCommand: (command) => this.run(command),
      onStiffness: (value, final) =>
        this.slider(
          'stiffness',
          final,
          () => sandbox.setStiffness(value),
          () => this.strings.stiffnessSet(sandbox.stiffness),
        ),
      onTimeScale: (value, final) =>
        this.slider(
          'time',
          final,
          () => sandbox.setTimeScale(value),
          () => this.strings.timeSet(sandbox.timeScale),
        ),
      onMotionChoice: (value) => {
        this.timeline.resumeForChange();
        this.sceneUndo.change('motion-choice', () => this.motions.choose(value));
        this.refresh();
      },
      onMuscle: (value, final) => {
        let told = '';
        this.slider(
          'muscle',
          final,
          () => (told = this.motions.setMuscle(value).message),
          () => told,
        );
      },
      onGravity: (value, final) =>
        this.slider(
          'gravity',
          final,
          () => sandbox.setGravityScale(value),
          () => this.strings.gravitySet(sandbox.gravityScale),
        ),
    });
    parts.add(this.panel, (language) => this.panel.setLanguage(language));
    this.panel.setFoot(this.status.element);
    this.help = parts.add(new HelpOverlay(document, this.languageValue), (language) =>
      this.help.setLanguage(language),
    );
    options.root.prepend(this.panel.element);
    this.timelineBar = new TimelineBar(document, this.languageValue, {
      timeline: this.timeline,
      actions: this.timelineActions,
      onCommand: (command) => this.run(command),
      report: (outcome) => this.report(outcome),
    });
    parts.add(this.timelineBar, (language) => this.timelineBar.setLanguage(language));
    options.root.append(this.timelineBar.element, this.help.element);
    // Keys and the panel's folds are wired by being made; they are only ever taken down.
    const keyboard = new KeyboardShortcuts(document.defaultView ?? window, {
      onCommand: (command) => this.runKey(command),
      onEscape: () =>
        this.links.cancel() ||
        this.closeHelp() ||
        this.release.closeOverlay() ||
        this.exports.cancelClip() ||
        this.capture.leaveCleanViewByEscape(),
    });
    parts.add(keyboard);
    this.motions = new MotionActions({
      window: document.defaultView ?? window,
      host: options.host,
      sandbox: options.motion.sandbox,
      toolkit: options.motion.toolkit,
      kindOf: (figureId) => this.models.models.kindOf(figureId),
      bonesOf: (figureId) => this.models.models.bonesOf(figureId),
      status: this.status,
      strings: () => this.strings,
      onMotionRead: (file) => {
        void this.library.refresh();
        void this.sound.music.offerSongBeside(file);
      },
      onChanged: () => this.refresh(),
      beforeChange: () => this.sceneUndo.beforeChange('motion-choice'),
    });
    parts.add(this.motions, () => this.motions.relabel());
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
        onStage: (stage) => this.stage.openRead(stage),
        onMotionProblem: (problem) =>
          this.status.alert(
            this.strings.motion.failed(this.strings.problem(problem), this.motions.currentName),
          ),
      },
    });
    parts.add(this.models, () => this.models.relabel());
    this.models.models.faceReactions = savedFaceReactions(options.storage);
    this.models.models.onBeforeChange = (change) => this.beforeSceneChange(change);
    this.models.props.onBeforeChange = (change) => this.beforeSceneChange(change);
    this.ask = parts.add(new AskDialog(document));
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
      beforeRestore: () => this.beforeSceneChange('load-preset'),
    });
    parts.add(this.presets, () => this.presets.relabel());
    this.recovery = this.startRecovery(options.host);
    if (this.recovery) parts.add(this.recovery);
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
      openStage: (path) => this.stage.openPath(path),
    });
    parts.add(this.library, () => this.library.relabel());
    this.panel.addSection(this.presets.panel.element);
    this.panel.addSection(this.library.panel.element);
    this.exportPanel = new ExportPanel(document, this.languageValue, (command) =>
      this.run(command),
    );
    parts.add(this.exportPanel, (language) => this.exportPanel.setLanguage(language));
    this.panel.addSection(this.exportPanel.element);
    this.capture = new CaptureControls({
      root: options.root,
      viewport: options.view.canvas.parentElement ?? undefined,
      view: options.view,
      storage: options.storage,
      language: this.languageValue,
      onCommand: (command) => this.run(command),
      say: (message) => this.status.say(message),
      host: options.host,
    });
    parts.add(this.capture, (language) => this.capture.setLanguage(language));
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
    parts.add(this.sound, (language) => this.sound.setLanguage(language));
    this.panel.addSection(this.sound.panel.element);
    this.vmc = new VmcControls({
      window: document.defaultView ?? window,
      host: options.host,
      storage: options.storage,
      language: this.languageValue,
      sandbox: options.sandbox,
      motions: this.motions,
      focusedFigure: () => options.view.focusedFigure,
      figureInfo: (figureId) => {
        const exported = this.models.models.exportedFigureOf(figureId);
        return exported.vrm
          ? {
              kind: 'vrm',
              boneOwners: exported.vrm.boneOwners,
              hipsOffset: exported.vrm.hipsOffset,
            }
          : { kind: exported.kind };
      },
      figureFace: (figureId) => this.models.models.vmcFaceOf(figureId),
    });
    parts.add(this.vmc, (language) => this.vmc.setLanguage(language));
    this.panel.addSection(this.vmc.panel.element);
    this.exportProgress = new ExportProgress(document, this.strings.exports.cancel, () =>
      this.exports.cancelClip(),
    );
    parts.add(this.exportProgress, () =>
      this.exportProgress.setLanguage(this.strings.exports.cancel),
    );
    this.status.element.append(this.exportProgress.element);
    this.exports = new ExportActions({
      window: document.defaultView ?? window,
      host: options.host,
      sandbox: options.sandbox,
      view: options.view,
      recording: () => this.recordingForExports(),
      clipAudio: (startStep, seconds) => this.sound.clipAudio(startStep, seconds),
      exportedFigureOf: (figureId) => this.models.models.exportedFigureOf(figureId),
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
    parts.onDispose(() => this.exports.cancelClip());
    parts.add(new CollapsibleSections(this.panel.element, options.storage));
    this.bodyActions = new BodyActions({
      sandbox: options.sandbox,
      removeFigure: (figureId) => {
        this.models.models.removeFigure(figureId);
        this.motions.syncFigures();
      },
      removeModelProp: (prop) => this.models.props.remove(prop),
      focusFigure: (figureId) => options.view.focusFigure(figureId),
      exportFigureMotion: (figureId) => this.exports.exportMotionOf(figureId),
      strings: () => this.strings,
      beforeChange: (change) => this.beforeSceneChange(change),
    });
    this.links = parts.add(
      new LinkTools({
        document,
        language: this.languageValue,
        links: options.sandbox.links,
        canvas: options.view.canvas,
        bodyAt: (x, y) => options.view.bodyAt(x, y),
        rayAt: (x, y) => options.view.rayAt(x, y),
        stagePointAt: (origin, direction) => options.sandbox.stagePointAt(origin, direction),
        nameOf: (body) =>
          options.sandbox.bodies.find((simBody) => simBody.handle === body.handle)?.name ?? '?',
        beforeChange: () => this.beforeSceneChange('link'),
        report: (outcome) => this.report(outcome),
      }),
      (language) => this.links.setLanguage(language),
    );
    this.panel.addSection(this.links.panel.element);
    options.view.beforeGrab = () => this.sceneUndo.beforeChange('throw');
    parts.onDispose(() => (options.view.beforeGrab = null));
    this.bodyMenu = parts.add(new BodyMenu(document));
    options.root.append(this.bodyMenu.element);
    this.dropTarget = parts.add(
      new DropTarget(document.defaultView ?? window, this.strings.cast),
      () => this.dropTarget.setLabels(this.strings.cast),
    );
    options.root.append(this.dropTarget.element);
    this.viewPointer = new ViewPointer(options.view, {
      onBodyMenu: (body, x, y) =>
        this.bodyMenu.open(x, y, this.strings.bodyMenuLabel, [
          ...this.bodyActions.menuFor(body, (outcome) => this.report(outcome)),
          ...this.links.menuFor(body),
        ]),
      onShiftRelease: () => {
        const handle = options.sandbox.grab.handle;
        if (handle !== null) this.report(this.bodyActions.pinHandle(handle));
      },
      onFocused: (figureId) => {
        const index = options.sandbox.figureTable.indexOf(figureId);
        this.status.say(this.strings.focused(index + 1));
        this.refresh();
      },
      onFollowStopped: () => {
        this.status.say(this.strings.followOff);
        this.refresh();
      },
    });
    parts.add(this.viewPointer);
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
    parts.add(this.release, () => this.release.relabel());
    this.commandUi = this.createCommandUi();
    this.hostLink = parts.add(new HostLink(options.host), (language) =>
      this.hostLink.setMenuLanguage(language),
    );
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
    this.parts.dispose();
  }

  /**
   * Before a change to the scene from outside the commands (a pin, a delete, a model or prop
   * added or removed, a preset loaded): a scene paused in the past carries on from the moment
   * shown, and the change becomes one undo step.
   */
  private beforeSceneChange(label: UndoLabel): void {
    this.timeline.resumeForChange();
    this.sceneUndo.beforeChange(label);
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
      cycleLinkTool: () => this.links.cycle(),
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
    this.parts.relabel(this.languageValue);
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

  /**
   * A slider moved: the change, told in the status line once let go (`final`), and the panel
   * shown as it now is.
   */
  private slider(
    slider: 'stiffness' | 'time' | 'gravity' | 'muscle',
    final: boolean,
    change: () => void,
    told: () => string,
  ): void {
    this.slide(slider, final, change);
    if (final) this.status.say(told());
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
