import type { AppCommand } from '../../../../shared/commands';
import type { PropKind } from '../../physics/props';
import { MAX_PROPS } from '../../physics/props';
import type { FigureTable, Prop } from '../../physics/sandbox';
import type { ModelProp } from '../../physics/model-prop';
import {
  GRAVITY_SCALE_MAX,
  GRAVITY_SCALE_MIN,
  MAX_FIGURES,
  SandboxError,
  TIME_SCALE_MAX,
  TIME_SCALE_MIN,
} from '../../physics/sandbox';
import type { UiStrings } from '../i18n';

/**
 * BLAST power: a body 0.8 m from the blast centre leaves at 14 m/s (see `Sandbox.blast`), a
 * clear throw that keeps the figures on the stage.
 */
export const BLAST_POWER = 14;
/** How far one STIFFNESS shortcut moves the slider (0..100). */
export const STIFFNESS_STEP = 10;
/** How far one TIME shortcut moves the slider (0.1..1). */
export const TIME_STEP = 0.1;
/** How far one GRAVITY shortcut moves the slider (0..2 g). */
export const GRAVITY_STEP = 0.1;
/** How far one MUSCLE shortcut moves the slider (0..100). */
export const MUSCLE_STEP = 10;

/** The sandbox as the commands use it (the `Sandbox` class fits). */
export interface CommandSandbox {
  readonly figureTable: FigureTable;
  readonly props: readonly Prop[];
  /** Models opened as props: CLEAR removes them with the balls and boxes. */
  readonly modelProps: readonly ModelProp[];
  readonly stiffness: number;
  readonly timeScale: number;
  /** GRAVITY in g (0..2). */
  readonly gravityScale: number;
  addFigure(): void;
  drop(): void;
  blast(power: number): void;
  reset(): void;
  addProp(kind: PropKind): Prop;
  clearProps(): void;
  setStiffness(stiffness: number): void;
  setTimeScale(scale: number): void;
  setGravityScale(scale: number): void;
}

/** The motion controls as the commands use them (`MotionActions` fits). */
export interface CommandMotions {
  /** Play/Pause: whether the figures' motion runs. */
  readonly playing: boolean;
  /** MUSCLE, 0..100. */
  readonly muscle: number;
  /** GET UP. */
  readonly getUp: boolean;
  /** Open Motion…: asks for a file and plays it; runs on by itself and reports its outcome. */
  openMotion(): void;
  /** Next Motion: the next entry of the motion list (None, the built-ins, the file). */
  next(): CommandOutcome;
  setPlaying(playing: boolean): CommandOutcome;
  setMuscle(value: number): CommandOutcome;
  setGetUp(on: boolean): CommandOutcome;
}

/** The timeline as the commands use it (`TimelineActions` fits). */
export interface CommandTimeline {
  /** Space: pause, play the recording back, stop, or carry on live (see `spaceAction`). */
  playPause(): CommandOutcome;
  /** ← / →: shows the frame `frames` before or after the one shown (pausing first). */
  stepFrames(frames: number): CommandOutcome;
  /** Enter: carries on live from the frame shown. */
  resumeHere(): CommandOutcome;
  /** Before a change to the scene: when paused, carries on from the frame shown first. */
  resumeForChange(): void;
}

/**
 * Commands that change the scene's bodies: run while paused, the scene first carries on from
 * the moment shown, so the change acts there (and the recording's later frames are dropped).
 */
export const SCENE_CHANGING_COMMANDS: ReadonlySet<AppCommand> = new Set<AppCommand>([
  'drop',
  'add-figure',
  'blast',
  'reset',
  'clear-props',
  'add-ball',
  'add-box',
  'toggle-pin',
  'box-dummy',
  'undo',
  'redo',
]);

/** The interface state the commands change, other than the sandbox. */
export interface CommandUi {
  showBodies: boolean;
  /** Follow: the camera keeps the figures framed. */
  following: boolean;
  /** FACE REACTIONS on or off (remembered); says which. */
  toggleFaceReactions(): CommandOutcome;
  /** Home: the camera back at its start, framing every figure. */
  resetView(): void;
  /** Clean View: only the scene, or the panel back; says which. */
  toggleCleanView(): CommandOutcome;
  /** Pins the body under the pointer, or unpins it; says what happened. */
  togglePinUnderPointer(): CommandOutcome;
  /** The link tool's next choice (off, ROPE, WELD, SPRING, HINGE); says which. */
  cycleLinkTool(): CommandOutcome;
  toggleHelp(): void;
  toggleLanguage(): void;
  /** Open Model…: asks for a file and opens it; runs on by itself and reports its outcome. */
  openModel(): void;
  /** Replaces every figure with one box dummy and forgets the open model. */
  useBoxDummy(): void;
  /**
   * Adds a figure of the open model (loading the file again, since a VRM cannot be cloned);
   * runs on by itself and reports its outcome. False when no model is open (box dummy).
   */
  addModelFigure(): boolean;
  /** Add Model…: asks for another model file and adds a figure of it beside the others. */
  addModel(): void;
  /** Shows or hides the status line's earlier messages. */
  toggleStatusHistory(): void;
  /** Figures were put somewhere new (DROP, RESET): avatars restart their spring bones. */
  figuresReplaced(): void;
  /** Save Preset…: asks for a name and saves; runs on by itself and reports its outcome. */
  savePreset(): void;
  /** Import Preset…: the host's dialog; runs on by itself and reports its outcome. */
  importPreset(): void;
  /** Export Motion…, Save Picture…, Export Clip…: runs on by itself and reports its outcome. */
  runExport(command: 'export-motion' | 'save-picture' | 'export-clip'): void;
  /** Picture 2x: whether Save Picture… takes the picture at twice the window's size. */
  togglePictureDouble(): void;
  /** The strings of the current language (read after a language switch, too). */
  readonly strings: UiStrings;
  /** The motion controls. */
  readonly motions: CommandMotions;
  /** The timeline: pause, scrub, resume. */
  readonly timeline: CommandTimeline;
  /** Undo: the scene before the last change; runs on by itself and reports its outcome. */
  undo(): void;
  /** Redo: the change undone last; runs on by itself and reports its outcome. */
  redo(): void;
  /** VOLUME, mute, the sound switches and the music (see `sound/sound-controls.ts`). */
  readonly sound: CommandSound;
  /** Open Stage… and Built-in Stage; each reports its outcome itself. */
  readonly stage: { open(): void; useBuiltIn(): void };
}

/** The sound controls as the commands use them; each returns what to tell the person. */
export interface CommandSound {
  toggleMute(): string;
  /** VOLUME up or down by `delta` (0..1 scale). */
  nudgeVolume(delta: number): string;
  toggleImpacts(): string;
  toggleMusic(): string;
  /** Open Music…: runs on by itself and reports its outcome. */
  openMusic(): void;
  /** The music offset up or down by `delta` seconds. */
  nudgeOffset(delta: number): string;
}

/** What to tell the person after a command: news for the status line, or a problem to alert. */
export interface CommandOutcome {
  readonly kind: 'status' | 'alert' | 'none';
  readonly message: string;
}

const NOTHING: CommandOutcome = { kind: 'none', message: '' };

function status(message: string): CommandOutcome {
  return { kind: 'status', message };
}

function alert(message: string): CommandOutcome {
  return { kind: 'alert', message };
}

/**
 * Carries out one app command, whether it came from a button, a key or the native menu,
 * and says what happened. Sandbox refusals become alerts rather than exceptions.
 */
export function performCommand(
  command: AppCommand,
  sandbox: CommandSandbox,
  ui: CommandUi,
): CommandOutcome {
  try {
    if (SCENE_CHANGING_COMMANDS.has(command)) ui.timeline.resumeForChange();
    return runCommand(command, sandbox, ui);
  } catch (error) {
    if (error instanceof SandboxError) return alert(ui.strings.commandFailed(error.message));
    throw error;
  }
}

function runCommand(command: AppCommand, sandbox: CommandSandbox, ui: CommandUi): CommandOutcome {
  switch (command) {
    case 'drop':
      return drop(sandbox, ui);
    case 'open-model':
      ui.openModel();
      return NOTHING;
    case 'box-dummy':
      ui.useBoxDummy();
      return status(ui.strings.boxDummyChosen);
    case 'add-figure':
      return addFigure(sandbox, ui);
    case 'toggle-history':
      ui.toggleStatusHistory();
      return NOTHING;
    case 'add-model':
      if (sandbox.figureTable.figures.length >= MAX_FIGURES)
        return alert(ui.strings.cast.castFull(MAX_FIGURES));
      ui.addModel();
      return NOTHING;
    case 'blast':
      sandbox.blast(BLAST_POWER);
      return status(ui.strings.blasted);
    case 'reset':
      sandbox.reset();
      ui.figuresReplaced();
      return status(ui.strings.resetDone);
    case 'clear-props':
      return clearProps(sandbox, ui.strings);
    case 'add-ball':
      return addProp(sandbox, ui.strings, 'ball');
    case 'add-box':
      return addProp(sandbox, ui.strings, 'box');
    case 'stiffness-down':
    case 'stiffness-up':
      return changeStiffness(sandbox, ui.strings, command === 'stiffness-up' ? 1 : -1);
    case 'time-down':
    case 'time-up':
      return changeTime(sandbox, ui.strings, command === 'time-up' ? 1 : -1);
    case 'gravity-down':
    case 'gravity-up':
      return changeGravity(sandbox, ui.strings, command === 'gravity-up' ? 1 : -1);
    case 'toggle-bodies':
      ui.showBodies = !ui.showBodies;
      return status(ui.showBodies ? ui.strings.bodiesShown : ui.strings.bodiesHidden);
    case 'toggle-follow':
      ui.following = !ui.following;
      return status(ui.following ? ui.strings.followOn : ui.strings.followOff);
    case 'toggle-face-reactions':
      return ui.toggleFaceReactions();
    case 'reset-view':
      ui.resetView();
      return status(ui.strings.viewReset);
    case 'clean-view':
      return ui.toggleCleanView();
    case 'link-tool':
      return ui.cycleLinkTool();
    case 'toggle-pin':
      return ui.togglePinUnderPointer();
    case 'toggle-mute':
      return status(ui.sound.toggleMute());
    case 'volume-down':
      return status(ui.sound.nudgeVolume(-0.1));
    case 'volume-up':
      return status(ui.sound.nudgeVolume(0.1));
    case 'toggle-impact-sounds':
      return status(ui.sound.toggleImpacts());
    case 'toggle-music':
      return status(ui.sound.toggleMusic());
    case 'open-music':
      ui.sound.openMusic();
      return NOTHING;
    case 'open-stage':
      ui.stage.open();
      return NOTHING;
    case 'builtin-stage':
      ui.stage.useBuiltIn();
      return NOTHING;
    case 'music-offset-down':
      return status(ui.sound.nudgeOffset(-0.01));
    case 'music-offset-up':
      return status(ui.sound.nudgeOffset(0.01));
    case 'toggle-language':
      ui.toggleLanguage();
      return status(ui.strings.languageSet);
    case 'help':
      ui.toggleHelp();
      return NOTHING;
    case 'save-preset':
      ui.savePreset();
      return NOTHING;
    case 'import-preset':
      ui.importPreset();
      return NOTHING;
    case 'open-motion':
      ui.motions.openMotion();
      return NOTHING;
    case 'next-motion':
      return ui.motions.next();
    case 'toggle-motion':
      return ui.motions.setPlaying(!ui.motions.playing);
    case 'muscle-down':
    case 'muscle-up': {
      const direction = command === 'muscle-up' ? 1 : -1;
      const next = snap(ui.motions.muscle + direction * MUSCLE_STEP, MUSCLE_STEP);
      return ui.motions.setMuscle(Math.min(100, Math.max(0, next)));
    }
    case 'toggle-get-up':
      return ui.motions.setGetUp(!ui.motions.getUp);
    case 'timeline-play':
      return ui.timeline.playPause();
    case 'timeline-back':
    case 'timeline-forward':
      return ui.timeline.stepFrames(command === 'timeline-forward' ? 1 : -1);
    case 'timeline-resume':
      return ui.timeline.resumeHere();
    case 'undo':
      ui.undo();
      return NOTHING;
    case 'redo':
      ui.redo();
      return NOTHING;
    case 'export-motion':
    case 'save-picture':
    case 'export-clip':
      ui.runExport(command);
      return NOTHING;
    case 'toggle-picture-double':
      ui.togglePictureDouble();
      return NOTHING;
  }
}

function drop(sandbox: CommandSandbox, ui: CommandUi): CommandOutcome {
  const text = ui.strings;
  if (sandbox.figureTable.figures.length === 0) return alert(text.noFigures);
  // DROP re-places the bodies only: an avatar keeps its loaded model.
  sandbox.drop();
  ui.figuresReplaced();
  return status(text.dropped(sandbox.figureTable.figures.length));
}

function addFigure(sandbox: CommandSandbox, ui: CommandUi): CommandOutcome {
  const text = ui.strings;
  // Checked here too so the person reads our sentence, not the sandbox's.
  if (sandbox.figureTable.figures.length >= MAX_FIGURES)
    return alert(text.figureLimit(MAX_FIGURES));
  if (ui.addModelFigure()) return NOTHING;
  sandbox.addFigure();
  return status(text.figureAdded(sandbox.figureTable.figures.length, MAX_FIGURES));
}

function clearProps(sandbox: CommandSandbox, text: UiStrings): CommandOutcome {
  const count = sandbox.props.length + sandbox.modelProps.length;
  if (count === 0) return status(text.noProps);
  sandbox.clearProps();
  return status(text.propsCleared(count));
}

function addProp(sandbox: CommandSandbox, text: UiStrings, kind: PropKind): CommandOutcome {
  const full = sandbox.props.length >= MAX_PROPS;
  sandbox.addProp(kind);
  return status(
    full
      ? text.propReplaced(kind, MAX_PROPS)
      : text.propAdded(kind, sandbox.props.length, MAX_PROPS),
  );
}

function changeStiffness(
  sandbox: CommandSandbox,
  text: UiStrings,
  direction: 1 | -1,
): CommandOutcome {
  sandbox.setStiffness(snap(sandbox.stiffness + direction * STIFFNESS_STEP, STIFFNESS_STEP));
  return status(text.stiffnessSet(sandbox.stiffness));
}

function changeTime(sandbox: CommandSandbox, text: UiStrings, direction: 1 | -1): CommandOutcome {
  const next = snap(sandbox.timeScale + direction * TIME_STEP, TIME_STEP);
  sandbox.setTimeScale(Math.min(TIME_SCALE_MAX, Math.max(TIME_SCALE_MIN, next)));
  return status(text.timeSet(sandbox.timeScale));
}

function changeGravity(
  sandbox: CommandSandbox,
  text: UiStrings,
  direction: 1 | -1,
): CommandOutcome {
  const next = snap(sandbox.gravityScale + direction * GRAVITY_STEP, GRAVITY_STEP);
  sandbox.setGravityScale(Math.min(GRAVITY_SCALE_MAX, Math.max(GRAVITY_SCALE_MIN, next)));
  return status(text.gravitySet(sandbox.gravityScale));
}

/** Rounds to a multiple of `step`, so repeated key presses land on round values (0.1 + 0.2 ≠ 0.3). */
function snap(value: number, step: number): number {
  return Number((Math.round(value / step) * step).toFixed(4));
}
