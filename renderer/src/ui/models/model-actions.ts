import type {
  HostApi,
  LoadedPreset,
  ModelFile,
  MotionFile,
} from '../../../../shared/host-contract';
import type { PresetModelRef } from '../../../../shared/preset-schema';
import { MAX_FIGURES, SandboxError } from '../../physics/sandbox';
import { MmdLoadError } from '../../view/mmd/mmd-load-error';
import { MmdNotHumanoidError } from '../../view/mmd/mmd-not-humanoid-error';
import { VrmLoadError } from '../../view/vrm/vrm-load-error';
import type { AvatarView, ModelSandbox, OpenedModel } from '../../models/figure-models';
import { FigureModels } from '../../models/figure-models';
import type { UiStrings } from '../i18n';
import type { ModelBytes, ModelInputHandlers } from './model-input';
import { ModelInput } from './model-input';
import type { PropSandbox } from '../../models/prop-models';
import { PropModels } from '../../models/prop-models';
import type { ThumbnailRequest } from '../../models/thumbnail-request';
import type { StatusArea } from '../status/status';
import { warningText } from './warning-strings';
import type { Vec3Like } from '../../physics/vector-math';

/** Where model actions live and what they talk to. */
export interface ModelActionsOptions {
  readonly window: Window;
  /** Marked `aria-busy` while a file is parsed. */
  readonly busyElement: HTMLElement;
  readonly host: HostApi | undefined;
  readonly sandbox: ModelSandbox & PropSandbox;
  readonly view: AvatarView;
  readonly status: StatusArea;
  /** The strings of the current language, read at use time. */
  readonly strings: () => UiStrings;
  /** A preset file was dropped or opened by the OS (without it, the person is told to use the list). */
  readonly onPreset?: (loaded: LoadedPreset) => void;
  /**
   * The host read a model file (and recorded it in the recent-model library); the answer, if
   * any, asks for a picture of the model at rest for its entry.
   */
  readonly onModelRead?: (file: ModelFile) => ThumbnailRequest | undefined;
  /**
   * A model file dropped on the window has loaded (as figures or a prop): the host keeps a
   * drop in the recent-model library only from then on.
   */
  readonly onDroppedLoaded?: (file: ModelFile) => void;
  /** Figures were added or replaced (a model opened, ADD with a model): they need the motion. */
  readonly onFiguresChanged?: () => void;
  /**
   * Motion, song and stage files dropped on the window or opened by the OS go here (see
   * `ModelInputHandlers`).
   */
  readonly motionInput: Pick<
    ModelInputHandlers,
    | 'onMotion'
    | 'onMotionBytes'
    | 'onMotionProblem'
    | 'onMusic'
    | 'onMusicBytes'
    | 'onStageDrop'
    | 'onStage'
  >;
  /**
   * Where on the stage a drop at a page point lands (see `ModelInputHandlers.stagePointAt`):
   * a dropped model that becomes a prop stands there. Without it, props stand at their spots.
   */
  readonly stagePointAt?: (clientX: number, clientY: number) => Vec3Like | undefined;
}

/**
 * The avatar commands as the person meets them: Open Model…, Add Model…, dropping a file
 * (with Shift held: adding it), ADD with a model open, and Box Dummy. Says what is happening (a busy state and a status line while a
 * file is parsed), what came of it, and every problem as an alert naming the file.
 */
export class ModelActions {
  readonly models: FigureModels;
  /** Models without a humanoid skeleton, opened as props. */
  readonly props: PropModels;
  private readonly input: ModelInput;

  constructor(private readonly options: ModelActionsOptions) {
    this.models = new FigureModels(options.sandbox, options.view, options.host);
    this.props = new PropModels(options.sandbox, options.view, options.host);
    this.input = new ModelInput(options.window, options.host, {
      onModel: (model) => void this.open(model),
      onProblem: (problem) =>
        options.status.alert(this.text.modelFailed(this.text.problem(problem))),
      onPreset: (loaded) => {
        if (options.onPreset) options.onPreset(loaded);
        else options.status.alert(this.text.presetDropped(loaded.preset.name));
      },
      onMotion: (motion: MotionFile, dropped) => options.motionInput.onMotion(motion, dropped),
      onMotionBytes: (bytes, fileName) => options.motionInput.onMotionBytes(bytes, fileName),
      onMotionProblem: (problem) => options.motionInput.onMotionProblem(problem),
      onMusic: (music) => options.motionInput.onMusic?.(music),
      onMusicBytes: (bytes, fileName) => options.motionInput.onMusicBytes?.(bytes, fileName),
      onStageDrop: (file) => options.motionInput.onStageDrop?.(file),
      onStage: (stage) => options.motionInput.onStage?.(stage),
      stagePointAt: (clientX, clientY) => options.stagePointAt?.(clientX, clientY),
      onReadProgress: ({ fileName, bytesRead, totalBytes }) =>
        options.status.progress(
          this.text.cast.modelReading(fileName, bytesRead / 1e6, totalBytes / 1e6),
          bytesRead / totalBytes,
        ),
    });
    this.relabel();
  }

  private get text(): UiStrings {
    return this.options.strings();
  }

  /** Relabels what this owns in the current language. */
  relabel(): void {
    this.input.setLabel(this.text.modelFileInput);
  }

  /** Open Model…: asks for a file; the rest happens when one arrives. */
  openModel(): void {
    if (this.refuseWhileBusy()) return;
    this.input.choose();
  }

  /**
   * Add Model…: asks for a file; when one arrives, a figure of it joins the others. The
   * caller has checked that a figure slot is free (the arrival checks again).
   */
  addModel(): void {
    if (this.refuseWhileBusy()) return;
    this.input.choose(true);
  }

  /** Adds a figure of the open model; false when the box dummy is in use. */
  addFigure(): boolean {
    if (this.models.modelFileName === undefined) return false;
    if (this.refuseWhileBusy()) return true;
    void this.run(this.models.modelFileName, 0, async () => {
      await this.models.addFigure();
      this.options.onFiguresChanged?.();
      const count = this.options.sandbox.figureTable.figures.length;
      this.options.status.say(this.text.figureAdded(count, MAX_FIGURES));
    });
    return true;
  }

  /** Opens a model the host has read (e.g. from the recent-model library). */
  openFile(file: ModelFile): void {
    void this.open({
      bytes: file.bytes,
      fileName: file.fileName,
      format: file.format,
      source: file,
    });
  }

  /**
   * Adds a figure of a model the host has read (from the recent-model library) beside the
   * others, as Add Model… does; says so when every figure slot is taken.
   */
  addFile(file: ModelFile): void {
    void this.open({
      bytes: file.bytes,
      fileName: file.fileName,
      format: file.format,
      source: file,
      adding: true,
    });
  }

  /** Back to one box dummy. */
  useBoxDummy(): void {
    this.models.useBoxDummy();
  }

  dispose(): void {
    this.input.dispose();
  }

  private async open(model: ModelBytes): Promise<void> {
    const thumbnail = model.source ? this.options.onModelRead?.(model.source) : undefined;
    if (this.refuseWhileBusy()) return;
    if (model.adding) {
      await this.add(model, thumbnail);
      return;
    }
    const ok = await this.run(model.fileName, model.bytes.byteLength, async () => {
      const opened = await this.placeFigure(model, thumbnail, 'open-model');
      if (!opened) return;
      this.options.status.say(this.openedMessage(opened));
      this.options.onFiguresChanged?.();
    });
    this.loaded(model, ok);
  }

  /**
   * Opens `model` as the only figure or adds it beside the others; a model that is not a
   * humanoid joins the scene as a prop instead (the figures stay), and the answer is null.
   */
  private async placeFigure(
    model: ModelBytes,
    thumbnail: ThumbnailRequest | undefined,
    change: 'open-model' | 'add-model',
  ): Promise<OpenedModel | null> {
    const request = { ...model, ref: modelRef(model.source), thumbnail };
    try {
      if (change === 'open-model') return await this.models.open(request);
      return await this.models.addModel(request);
    } catch (error) {
      if (!(error instanceof MmdNotHumanoidError)) throw error;
      await this.openProp(error, model, change);
      return null;
    }
  }

  /** Adds a figure of `model` beside the others, or says why not (every slot taken). */
  private async add(model: ModelBytes, thumbnail?: ThumbnailRequest): Promise<void> {
    const sandbox = this.options.sandbox;
    if (sandbox.figureTable.figures.length >= MAX_FIGURES) {
      this.options.status.alert(this.text.cast.castFull(MAX_FIGURES));
      return;
    }
    const ok = await this.run(model.fileName, model.bytes.byteLength, async () => {
      const opened = await this.placeFigure(model, thumbnail, 'add-model');
      if (!opened) return;
      const added = this.text.cast.modelAdded(
        opened.title,
        opened.fileName,
        sandbox.figureTable.figures.length,
        MAX_FIGURES,
      );
      this.options.status.say(this.openedMessage(opened, added));
      this.options.onFiguresChanged?.();
    });
    this.loaded(model, ok);
  }

  /**
   * Adds a model without a humanoid skeleton as a prop (standing where its file was dropped,
   * when it was dropped on the stage) and says so.
   */
  private async openProp(
    refused: MmdNotHumanoidError,
    model: ModelBytes,
    change: 'open-model' | 'add-model',
  ): Promise<void> {
    const prop = await this.props.open(refused.model, model.fileName, modelRef(model.source), {
      fileBytes: model.bytes.byteLength,
      change,
      at: model.droppedAt,
    });
    this.options.status.say(
      this.openedMessage(prop, this.text.propOpened(prop.title, prop.fileName)),
    );
  }

  /** One status line: what opened, then each thing the person should know about it. */
  private openedMessage(
    opened: OpenedModel,
    headline = this.text.modelOpened(opened.title, opened.fileName),
  ): string {
    const text = this.text;
    const parts = [headline];
    if (opened.detachedMeshes > 0) {
      parts.push(text.modelDetached(opened.fileName, opened.detachedMeshes));
    }
    if (opened.faceMissing && opened.faceMissing.length > 0) {
      parts.push(text.face.missing(opened.fileName, opened.faceMissing));
    }
    if (opened.texturesNeedApp) parts.push(text.modelTexturesNeedApp(opened.fileName));
    if (opened.textures && opened.textures.missing.length > 0) {
      parts.push(text.modelTexturesMissing(opened.fileName, opened.textures.missing));
    }
    if (opened.textures && opened.textures.broken.length > 0) {
      parts.push(text.modelTexturesBroken(opened.fileName, opened.textures.broken));
    }
    if (opened.warnings.length > 0) {
      const sentences = opened.warnings.map((warning) => warningText(text.warnings, warning));
      parts.push(text.modelWarnings(opened.fileName, sentences));
    }
    return parts.join(' ');
  }

  /** Runs a load with the busy state shown, and turns its failure into an alert. */
  /** @returns whether the load finished without a failure */
  private async run(fileName: string, size: number, load: () => Promise<void>): Promise<boolean> {
    const busy = this.options.busyElement;
    busy.setAttribute('aria-busy', 'true');
    if (size > 0) this.options.status.say(this.text.modelOpening(fileName, size / 1e6));
    try {
      // Let the page paint the busy state before the parse holds the main thread.
      await new Promise((resolve) => setTimeout(resolve, 0));
      await load();
      return true;
    } catch (error) {
      if (error instanceof VrmLoadError || error instanceof MmdLoadError) {
        this.options.status.alert(this.text.modelFailed(error.message));
      } else if (error instanceof SandboxError) {
        this.options.status.alert(this.text.commandFailed(error.message));
      } else {
        console.error(`[ui] opening ${fileName} failed:`, error);
        this.options.status.alert(
          this.text.modelFailed(
            `${fileName}: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
      }
    } finally {
      busy.removeAttribute('aria-busy');
    }
    return false;
  }

  /** A dropped file the page has now loaded: the host may keep it in the library. */
  private loaded(model: ModelBytes, ok: boolean): void {
    if (ok && model.dropped === true && model.source) this.options.onDroppedLoaded?.(model.source);
  }

  private refuseWhileBusy(): boolean {
    if (!this.models.busy) return false;
    this.options.status.alert(this.text.modelBusy);
    return true;
  }
}

/** How a preset names a model the host read; none for a file the page read itself. */
function modelRef(source: ModelFile | undefined): PresetModelRef | undefined {
  if (!source) return undefined;
  const { path, size, sha256, title, format } = source;
  return { kind: 'file', path, size, sha256, title, format };
}
