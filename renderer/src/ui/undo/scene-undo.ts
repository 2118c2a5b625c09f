import type { AppCommand } from '../../../../shared/commands';
import { COMMANDS } from '../../../../shared/commands';
import { sameElements } from '../../../../shared/same-elements';
import type { ModelProp } from '../../physics/model-prop';
import type { Figure, Sandbox } from '../../physics/sandbox';
import type { SceneSnapshot, SnapshotPin, SnapshotSandbox } from '../../physics/scene-snapshot';
import {
  SnapshotIds,
  restoreSceneSnapshot,
  sceneSnapshotBytes,
  takeSceneSnapshot,
} from '../../physics/scene-snapshot';
import { sameLinkRecords } from '../../physics/links/link-places';
import type { PresetStageRef } from '../../../../shared/preset-schema';
import type { CommandOutcome } from '../shell/command-actions';
import type { FigureSource, PreparedFigure } from '../../models/figure-models';
import { figureSourceData } from '../../models/figure-models';
import type { Language, UiStrings } from '../i18n';
import { commandLabel } from '../i18n';
import type { MotionMemo } from '../motion/motion-actions';
import type { PreparedProp, PropSource } from '../../models/prop-models';
import { propSourceData } from '../../models/prop-models';
import type { SharedData } from './undo-history';
import { UndoHistory } from './undo-history';

/** Undo steps kept (the oldest go first). */
export const MAX_UNDO_STEPS = 100;
/**
 * Bytes undo keeps, body states and model data together (see `UndoHistory`): 100 steps of six
 * MMD figures take a few MB of body states; the rest leaves room for models no longer in the
 * scene that older steps would make again.
 */
export const MAX_UNDO_BYTES = 512 * 1024 * 1024;
/** Changes of one slider closer together than this (ms) are one step (a drag, a held key). */
export const UNDO_GROUP_WINDOW_MS = 1000;

/** What a step undoes: a command, or a change made some other way. */
export type UndoLabel =
  | AppCommand
  | 'throw'
  | 'pin'
  | 'link'
  | 'delete'
  | 'load-preset'
  | 'motion-choice'
  | 'stiffness'
  | 'time'
  | 'gravity'
  | 'muscle';

/** Slider commands whose presses close together are one step. */
const SLIDER_GROUPS: Readonly<Partial<Record<AppCommand, UndoLabel>>> = {
  'stiffness-down': 'stiffness',
  'stiffness-up': 'stiffness',
  'time-down': 'time',
  'time-up': 'time',
  'gravity-down': 'gravity',
  'gravity-up': 'gravity',
  'muscle-down': 'muscle',
  'muscle-up': 'muscle',
};

/**
 * The sandbox as undo captures and restores it (the `Sandbox` class fits): what snapshots
 * need, and the figures and model props undo makes again itself.
 */
export type UndoSandbox = SnapshotSandbox &
  Pick<Sandbox, 'figureTable' | 'modelProps' | 'addFigure' | 'addModelProp' | 'removeModelProp'>;

/** The figure models as undo uses them (`FigureModels` fits). */
export interface UndoModels {
  readonly busy: boolean;
  openSource: FigureSource | undefined;
  sourceOf(figureId: number): FigureSource | undefined;
  prepareSource(source: FigureSource): Promise<PreparedFigure>;
  placeSource(prepared: PreparedFigure, source: FigureSource): Figure;
  removeFigure(figureId: number): void;
}

/** The model props as undo uses them (`PropModels` fits). */
export interface UndoProps {
  sourceOf(prop: ModelProp): PropSource | undefined;
  prepareSource(source: PropSource): Promise<PreparedProp>;
  placeSource(prepared: PreparedProp, source: PropSource): ModelProp;
  remove(prop: ModelProp): void;
}

/** The motions as undo uses them (`MotionActions` fits). */
export interface UndoMotions {
  undoMemo(): MotionMemo;
  restoreUndoMemo(memo: MotionMemo): void;
}

/** The stage as undo keeps it (`StageController` fits). */
export interface UndoStage {
  /** The stage in use: the built-in one, or a file's (its path, size and hash). */
  current(): PresetStageRef;
  /**
   * Puts `stage` back (reading a file stage again, without dropping the figures); reports its
   * own problems and keeps the stage in use when it cannot.
   */
  restore(stage: PresetStageRef): Promise<void>;
}

/** What undo works on. */
export interface SceneUndoDeps {
  readonly sandbox: UndoSandbox;
  /** Read at use time. */
  readonly models: () => UndoModels;
  /** Without it, model props are made again from their physics alone (no drawing). */
  readonly props?: () => UndoProps;
  readonly motions: () => UndoMotions;
  /** Without it, a step keeps no stage and undo leaves the stage as it is. */
  readonly stage?: UndoStage;
  /** Figures were put somewhere new: avatars restart their spring bones. */
  readonly figuresReplaced: () => void;
  readonly strings: () => UiStrings;
  readonly language: () => Language;
  /** A steady clock in milliseconds (`performance.now`), for grouping slider changes. */
  readonly now: () => number;
  /** A step was recorded, undone or redone (the Undo and Redo buttons follow). */
  readonly onChanged?: () => void;
  /**
   * Called before the scene is captured for a change, an undo or a redo: the rewind timeline
   * resumes there when paused, so the change (and the capture) acts on the frame shown.
   */
  readonly beforeCapture?: () => void;
}

/** The scene as one undo step keeps it. */
interface UndoState {
  readonly scene: SceneSnapshot;
  /** Each figure's model (undefined: a box figure), in the snapshot's figure order. */
  readonly sources: readonly (FigureSource | undefined)[];
  /** Each model prop's model (undefined: not known), in the snapshot's model prop order. */
  readonly propSources: readonly (PropSource | undefined)[];
  /** What ADD makes figures of. */
  readonly open: FigureSource | undefined;
  readonly motion: MotionMemo;
  /** The stage in use; undefined when undo keeps no stage. */
  readonly stage: PresetStageRef | undefined;
}

/**
 * Undo and Redo of every change a person makes to the scene. Changes are recorded by
 * wrapping them ({@link change}: commands, sliders) or by a hook called just before them
 * ({@link beforeChange}: a grab, a pin, a model or preset replacing the figures); either way the
 * whole scene is captured once per change, never per frame. Undo puts every body back exactly;
 * figures that were removed are made again from the model data kept in memory (no file is
 * read), with their avatars. The history itself is `UndoHistory`.
 */
export class SceneUndo {
  private readonly history = new UndoHistory<UndoState, UndoLabel>({
    maxSteps: MAX_UNDO_STEPS,
    maxBytes: MAX_UNDO_BYTES,
    groupWindowMs: UNDO_GROUP_WINDOW_MS,
    sizeOf: (state) => sceneSnapshotBytes(state.scene),
    sharedOf: sharedDataOf,
  });
  private readonly ids = new SnapshotIds();
  /** True while a step is being put back: changes then are not recorded. */
  private restoring = false;
  /** True inside {@link change}: the hooks its change calls record nothing more. */
  private changing = false;
  /** True once this task has recorded: one change calling several hooks is one step. */
  private recordedThisTask = false;
  /** Undo and redo run one after another: a key pressed twice quickly goes back two steps. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: SceneUndoDeps) {}

  get canUndo(): boolean {
    return this.history.canUndo;
  }

  get canRedo(): boolean {
    return this.history.canRedo;
  }

  /** Undo steps kept now. */
  get steps(): number {
    return this.history.undoCount;
  }

  /** Bytes the history holds now. */
  get bytes(): number {
    return this.history.bytes;
  }

  /**
   * Runs a command, recording the scene before it as one step if the command changed it (a
   * refused command, or one that only opens a dialog, records nothing).
   */
  command<T>(command: AppCommand, run: () => T): T {
    if (COMMANDS[command].sceneUnchanged) return run();
    const group = SLIDER_GROUPS[command];
    return this.change(group ?? command, run, group);
  }

  /**
   * Runs `run`, recording the scene before it as a step labelled `label` when it changed
   * anything. With a `group` (a slider's name), changes close together join one step.
   */
  change<T>(label: UndoLabel, run: () => T, group?: string): T {
    if (this.restoring || this.changing) return run();
    this.deps.beforeCapture?.();
    const now = this.deps.now();
    if (this.history.joins(group, now)) {
      this.history.record(() => this.capture(), { label, now, ...(group ? { group } : {}) });
      return run();
    }
    const before = this.capture();
    this.changing = true;
    let result: T;
    try {
      result = run();
    } finally {
      this.changing = false;
    }
    if (!sameState(before, this.capture())) {
      this.history.record(() => before, { label, now, ...(group ? { group } : {}) });
      this.deps.onChanged?.();
    }
    return result;
  }

  /** Ends a slider drag: the next change is a step of its own. */
  endGroup(): void {
    this.history.endGroup();
  }

  /** Records the scene as it is, just before a change that is about to happen. */
  beforeChange(label: UndoLabel): void {
    if (this.restoring || this.changing || this.recordedThisTask) return;
    this.deps.beforeCapture?.();
    this.history.record(() => this.capture(), { label });
    this.deps.onChanged?.();
    this.recordedThisTask = true;
    queueMicrotask(() => {
      this.recordedThisTask = false;
    });
  }

  /** Undo: the scene before the last change. Says what was undone (or why not). */
  undo(): Promise<CommandOutcome> {
    return this.enqueue('undo');
  }

  /** Redo: the change undone last, again. */
  redo(): Promise<CommandOutcome> {
    return this.enqueue('redo');
  }

  private enqueue(direction: 'undo' | 'redo'): Promise<CommandOutcome> {
    const next = this.queue.then(() => this.travel(direction));
    // A failure is reported by its own caller; the queue goes on.
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async travel(direction: 'undo' | 'redo'): Promise<CommandOutcome> {
    const text = this.deps.strings();
    if (this.deps.models().busy) return { kind: 'alert', message: text.modelBusy };
    this.deps.beforeCapture?.();
    const current = (): UndoState => this.capture();
    const step = direction === 'undo' ? this.history.undo(current) : this.history.redo(current);
    if (!step) {
      const nothing = direction === 'undo' ? text.undo.nothingToUndo : text.undo.nothingToRedo;
      return { kind: 'status', message: nothing };
    }
    this.restoring = true;
    try {
      await this.restore(step.state);
    } catch (error) {
      // Nothing changed (see restore): the step goes back where it was.
      const back = (): UndoState => step.state;
      if (direction === 'undo') this.history.redo(back);
      else this.history.undo(back);
      console.error(`[undo] ${direction} failed:`, error);
      const detail = error instanceof Error ? error.message : String(error);
      return { kind: 'alert', message: text.undo.failed(detail) };
    } finally {
      this.restoring = false;
      this.deps.onChanged?.();
    }
    const what = this.labelText(step.label);
    const message = direction === 'undo' ? text.undo.undone(what) : text.undo.redone(what);
    return { kind: 'status', message };
  }

  private capture(): UndoState {
    const models = this.deps.models();
    const sandbox = this.deps.sandbox;
    return {
      scene: takeSceneSnapshot(sandbox),
      sources: sandbox.figureTable.figures.map((figure) => models.sourceOf(figure.id)),
      propSources: sandbox.modelProps.map((prop) => this.deps.props?.().sourceOf(prop)),
      open: models.openSource,
      motion: this.deps.motions().undoMemo(),
      stage: this.deps.stage?.current(),
    };
  }

  /**
   * Puts `state` back. Figures to make again are parsed or drawn first (the only step that
   * waits, and the only one that may fail): a failure there changes nothing.
   */
  private async restore(state: UndoState): Promise<void> {
    const { sandbox } = this.deps;
    const models = this.deps.models();
    const props = this.deps.props?.();
    const prepared = await prepareMissing(
      state.scene.figures,
      state.sources,
      sandbox.figureTable.figures,
      this.ids,
      (source) => models.prepareSource(source),
    );
    let preparedProps = new Map<number, PreparedProp>();
    try {
      if (props)
        preparedProps = await prepareMissing(
          state.scene.modelProps,
          state.propSources,
          sandbox.modelProps,
          this.ids,
          (source) => props.prepareSource(source),
        );
    } catch (error) {
      for (const unused of prepared.values()) unused.discard();
      throw error;
    }
    const stage = this.deps.stage;
    try {
      // The stage first: the bodies are then put back onto the floor they stood on.
      if (stage && state.stage && !sameStage(stage.current(), state.stage))
        await stage.restore(state.stage);
      restoreSceneSnapshot(sandbox, state.scene, this.ids, {
        remove: (figure) => models.removeFigure(figure.id),
        create: (figure, index) => {
          const ready = prepared.get(index);
          const source = state.sources[index];
          if (ready && source) {
            prepared.delete(index);
            return models.placeSource(ready, source);
          }
          return sandbox.addFigure(figure.spec, figure.mmd ? { mmd: figure.mmd } : {});
        },
        removeModelProp: (prop) => (props ? props.remove(prop) : sandbox.removeModelProp(prop)),
        createModelProp: (prop, index) => {
          const ready = preparedProps.get(index);
          const source = state.propSources[index];
          if (ready && source && props) {
            preparedProps.delete(index);
            return props.placeSource(ready, source);
          }
          return sandbox.addModelProp(prop.spec);
        },
      });
    } finally {
      for (const unused of prepared.values()) unused.discard();
      for (const unused of preparedProps.values()) unused.discard();
    }
    models.openSource = state.open;
    this.deps.motions().restoreUndoMemo(state.motion);
    this.deps.figuresReplaced();
  }

  private labelText(label: UndoLabel): string {
    const text = this.deps.strings();
    switch (label) {
      case 'throw':
        return text.undo.throwing;
      case 'pin':
        return text.undo.pin;
      case 'link':
        return text.undo.link;
      case 'delete':
        return text.undo.deleting;
      case 'load-preset':
        return text.undo.loadPreset;
      case 'motion-choice':
        return text.undo.motionChoice;
      case 'stiffness':
        return text.stiffness;
      case 'time':
        return text.time;
      case 'gravity':
        return text.gravity;
      case 'muscle':
        return text.motion.muscle;
      default:
        // "Open Model…" reads "Open Model" in a sentence.
        return commandLabel(label, this.deps.language()).replace(/…$/, '');
    }
  }
}

/**
 * What each of `saved` (a step's figures, or its model props) that the scene no longer has
 * (none of `live` has its id now) needs to be made again, prepared from its source at the same
 * index (avatars, or prop drawings), by that index. If one fails, those already prepared are
 * discarded and the error is thrown.
 */
async function prepareMissing<Source, Prepared extends { discard(): void }>(
  saved: readonly { readonly id: number }[],
  sources: readonly (Source | undefined)[],
  live: readonly { readonly id: number }[],
  ids: SnapshotIds,
  prepare: (source: Source) => Promise<Prepared>,
): Promise<Map<number, Prepared>> {
  const liveIds = new Set(live.map((item) => item.id));
  const prepared = new Map<number, Prepared>();
  try {
    for (const [index, item] of saved.entries()) {
      const source = sources[index];
      if (source && !liveIds.has(ids.current(item.id))) prepared.set(index, await prepare(source));
    }
  } catch (error) {
    for (const made of prepared.values()) made.discard();
    throw error;
  }
  return prepared;
}

/** The model data a step keeps alive, each model once. */
function sharedDataOf(state: UndoState): SharedData[] {
  const sources = new Set<FigureSource>();
  for (const source of [...state.sources, state.open]) if (source) sources.add(source);
  const propSources = new Set<PropSource>();
  for (const source of state.propSources) if (source) propSources.add(source);
  return [...[...sources].map(figureSourceData), ...[...propSources].map(propSourceData)];
}

/** Whether nothing in the scene differs between two captures (no step passed between them). */
/** Whether two stage references name the same stage (the same file, unchanged). */
function sameStage(a: PresetStageRef | undefined, b: PresetStageRef | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.id !== 'file' || b.id !== 'file') return a.id === b.id;
  return a.path === b.path && a.sha256 === b.sha256;
}

function sameState(a: UndoState, b: UndoState): boolean {
  return (
    a.open === b.open &&
    sameStage(a.stage, b.stage) &&
    a.motion.playing === b.motion.playing &&
    a.motion.file === b.motion.file &&
    a.sources.length === b.sources.length &&
    a.sources.every((source, index) => source === b.sources[index]) &&
    a.propSources.length === b.propSources.length &&
    a.propSources.every((source, index) => source === b.propSources[index]) &&
    sameScene(a.scene, b.scene)
  );
}

function sameScene(a: SceneSnapshot, b: SceneSnapshot): boolean {
  return (
    a.stiffness === b.stiffness &&
    a.timeScale === b.timeScale &&
    a.gravityScale === b.gravityScale &&
    a.muscle === b.muscle &&
    a.getUp === b.getUp &&
    a.motionPlaying === b.motionPlaying &&
    a.pins.length === b.pins.length &&
    a.pins.every((pin, i) => samePin(pin, b.pins[i]!)) &&
    sameLinkRecords(a.links, b.links) &&
    a.figures.length === b.figures.length &&
    a.figures.every(
      (figure, i) =>
        figure.id === b.figures[i]!.id && sameElements(figure.states, b.figures[i]!.states),
    ) &&
    a.modelProps.length === b.modelProps.length &&
    a.modelProps.every(
      (prop, i) =>
        prop.id === b.modelProps[i]!.id && sameElements(prop.states, b.modelProps[i]!.states),
    ) &&
    a.props.length === b.props.length &&
    a.props.every(
      (prop, i) => prop.id === b.props[i]!.id && sameElements(prop.state, b.props[i]!.state),
    )
  );
}

function samePin(a: SnapshotPin, b: SnapshotPin): boolean {
  if (a.kind === 'part') return b.kind === 'part' && a.figure === b.figure && a.part === b.part;
  if (a.kind === 'prop') return b.kind === 'prop' && a.prop === b.prop;
  return b.kind === 'model-prop' && a.modelProp === b.modelProp;
}
