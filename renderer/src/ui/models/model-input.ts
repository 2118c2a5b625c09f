import { isMotionFileName } from '../../../../shared/file-types';
import { isAudioFileName } from '../../../../shared/audio-files';
import { READ_PROGRESS_MIN_BYTES } from '../../../../shared/host-contract';
import { makeHiddenFileInput, openFileChooser } from '../files/file-input';
import { readFileWithProgress } from '../files/read-file-progress';
import type { Vec3Like } from '../../physics/vector-math';
import type {
  DroppedFileResult,
  HostApi,
  HostOutcome,
  HostProblem,
  LoadedPreset,
  ModelFile,
  MotionFile,
  MusicFile,
  ReadProgress,
  StageFileRead,
} from '../../../../shared/host-contract';

/** A model file's bytes, wherever they came from. */
export interface ModelBytes {
  readonly bytes: Uint8Array;
  readonly fileName: string;
  /** The host's reading of the format; undefined when the page read the file itself. */
  readonly format?: string;
  /** The host's record of the file (path, size, hash), when the host read it: presets keep it. */
  readonly source?: ModelFile;
  /** True to add a figure of it beside the others (Add Model…, a drop with Shift held). */
  readonly adding?: boolean;
  /**
   * Where on the stage the file was dropped, metres, when it was dropped on the stage: a model
   * that becomes a prop stands there. Undefined for a drop elsewhere and for Open Model….
   */
  readonly droppedAt?: Vec3Like | undefined;
  /** True for a file dropped on the window that the host read: it is kept once it loads. */
  readonly dropped?: boolean;
}

/** What the input reports (and asks); it changes nothing itself. */
export interface ModelInputHandlers {
  onModel(model: ModelBytes): void;
  /**
   * Where on the stage a drop at the page point (`clientX`, `clientY`, CSS pixels) lands,
   * metres; undefined when it lands on no stage (the sky, the panel). Asked when the file is
   * dropped, since the camera may move while it is read. Without it, drops carry no point.
   */
  stagePointAt?(clientX: number, clientY: number): Vec3Like | undefined;
  /** What is wrong with a file, naming it (from the host, or the page's own read), to show as an alert. */
  onProblem(problem: HostProblem): void;
  /** A preset file was dropped or opened by the OS; the host has imported and read it. */
  onPreset(loaded: LoadedPreset): void;
  /**
   * A motion file (`.vrma`, `.vmd`) was dropped or opened by the OS; the host has read it.
   * `dropped`: it was dropped on the window, so the host keeps it only once it loads.
   */
  onMotion(motion: MotionFile, dropped: boolean): void;
  /** A motion file dropped on a plain web page (no host): its bytes, read by the page. */
  onMotionBytes(bytes: Uint8Array, fileName: string): void;
  /** A music file was dropped or opened by the OS; the host has read it. */
  onMusic?(music: MusicFile): void;
  /**
   * A file dropped as a stage (see {@link isStageDrop}); the desktop app only. Without it,
   * such drops go the model's way.
   */
  onStageDrop?(file: File): void;
  /** A stage the host read for File > Open Recent. */
  onStage?(stage: StageFileRead): void;
  /** A music file dropped on a plain web page (no host): its bytes, read by the page. */
  onMusicBytes?(bytes: Uint8Array, fileName: string): void;
  /** The host refused a dropped or OS-opened file as not a motion (its message names it). */
  onMotionProblem(problem: HostProblem): void;
  /** How far a big model file has been read (by the host, or by the page itself). */
  onReadProgress(progress: ReadProgress): void;
}

/**
 * Where model files come in: Open Model… (the host's native dialog in the desktop app, a
 * plain `<input type=file accept=".vrm,.pmx,.pmd">` in a web page), a file dropped on the window, and
 * files the host opens by itself (File menu, the OS). Dropped or OS-opened motion files
 * (`.vrma`, `.vmd`) and presets are passed on to their own handlers. The page reads dropped and chosen files
 * in memory; nothing is uploaded. Dragover and drop defaults are cancelled everywhere, or
 * the browser (and Electron) would navigate to the dropped file.
 */
export class ModelInput {
  private readonly input: HTMLInputElement;
  private readonly unsubscribe: (() => void) | undefined;
  private readonly unsubscribeProgress: (() => void) | undefined;
  /** Whether the browser's file chooser was opened by Add Model… (it answers later). */
  private chooserAdds = false;

  constructor(
    private readonly window: Window,
    private readonly host: HostApi | undefined,
    private readonly handlers: ModelInputHandlers,
  ) {
    const document = window.document;
    this.input = makeHiddenFileInput(
      document,
      '.vrm,.pmx,.pmd',
      'model-file-input',
      this.onInputChange,
    );
    window.addEventListener('dragover', this.onDragOver);
    window.addEventListener('drop', this.onDrop);
    this.unsubscribe = host?.onFileOpened((outcome) => this.takeDropped(outcome));
    this.unsubscribeProgress = host?.onReadProgress((progress) =>
      this.handlers.onReadProgress(progress),
    );
  }

  /** Names the hidden file input for assistive technology (it is reachable by tests, too). */
  setLabel(label: string): void {
    this.input.setAttribute('aria-label', label);
  }

  /**
   * Open Model… (or Add Model… when `adding`): the host's dialog, or the browser's file
   * chooser.
   */
  choose(adding = false): void {
    if (!this.host) {
      this.chooserAdds = adding;
      openFileChooser(this.input);
      return;
    }
    this.host.openModelDialog().then(
      (outcome) => this.takeModel(outcome, adding),
      (error: unknown) => this.handlers.onProblem(unreadable(describe(error))),
    );
  }

  dispose(): void {
    this.unsubscribe?.();
    this.unsubscribeProgress?.();
    this.window.removeEventListener('dragover', this.onDragOver);
    this.window.removeEventListener('drop', this.onDrop);
    this.input.removeEventListener('change', this.onInputChange);
    this.input.remove();
  }

  private readonly onInputChange = (): void => {
    const file = this.input.files?.[0];
    if (file) this.readFile(file, this.chooserAdds);
  };

  private readonly onDragOver = (event: DragEvent): void => {
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
  };

  private readonly onDrop = (event: DragEvent): void => {
    event.preventDefault();
    const file = event.dataTransfer?.files[0];
    if (!file) return;
    if (this.host && this.handlers.onStageDrop && isStageDrop(file.name, event)) {
      this.handlers.onStageDrop(file);
      return;
    }
    // Shift held while dropping adds the model beside the figures instead of replacing them.
    const adding = event.shiftKey;
    const droppedAt = this.handlers.stagePointAt?.(event.clientX, event.clientY);
    if (!this.host) {
      this.readFile(file, adding, droppedAt);
      return;
    }
    // The desktop app reads the file itself (and records it in the library); the preload
    // turns the File into its path.
    this.host.openDroppedFile(file).then(
      (outcome) => this.takeDropped(outcome, adding, droppedAt, true),
      (error: unknown) => this.handlers.onProblem(unreadable(describe(error))),
    );
  };

  private readFile(file: File, adding: boolean, droppedAt?: Vec3Like): void {
    const read =
      file.size >= READ_PROGRESS_MIN_BYTES
        ? readFileWithProgress(file, (bytesRead, totalBytes) =>
            this.handlers.onReadProgress({ fileName: file.name, bytesRead, totalBytes }),
          )
        : file.arrayBuffer().then((buffer) => new Uint8Array(buffer));
    read.then(
      (bytes) =>
        isMotionFileName(file.name)
          ? this.handlers.onMotionBytes(bytes, file.name)
          : isAudioFileName(file.name)
            ? this.handlers.onMusicBytes?.(bytes, file.name)
            : this.handlers.onModel({ bytes, fileName: file.name, adding, droppedAt }),
      (error: unknown) => this.handlers.onProblem(unreadable(`${file.name}: ${describe(error)}`)),
    );
  }

  private takeModel(
    outcome: HostOutcome<ModelFile>,
    adding = false,
    droppedAt?: Vec3Like,
    dropped = false,
  ): void {
    if (!outcome.ok) {
      if (outcome.problem.code !== 'canceled') this.handlers.onProblem(outcome.problem);
      return;
    }
    const model = outcome.value;
    this.handlers.onModel({
      bytes: model.bytes,
      fileName: model.fileName,
      format: model.format,
      source: model,
      adding,
      droppedAt,
      dropped,
    });
  }

  private takeDropped(
    outcome: HostOutcome<DroppedFileResult>,
    adding = false,
    droppedAt?: Vec3Like,
    dropped = false,
  ): void {
    if (!outcome.ok) {
      if (outcome.problem.code === 'not-a-motion') this.handlers.onMotionProblem(outcome.problem);
      else this.takeModel(outcome);
      return;
    }
    const result = outcome.value;
    if (result.kind === 'model')
      this.takeModel({ ok: true, value: result.model }, adding, droppedAt, dropped);
    else if (result.kind === 'motion') this.handlers.onMotion(result.motion, dropped);
    else if (result.kind === 'music') this.handlers.onMusic?.(result.music);
    else if (result.kind === 'stage') this.handlers.onStage?.(result.stage);
    else this.handlers.onPreset(result.loaded);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A file the page could not read itself (or a host call that failed), as a problem to show. */
function unreadable(message: string): HostProblem {
  return { code: 'unreadable', message };
}

/**
 * Whether a drop opens a stage: a glTF (`.glb`, `.gltf`: never a model) with Shift held or
 * not, or a PMX/PMD with Shift and Alt held (Shift alone adds a model beside the figures).
 */
export function isStageDrop(
  fileName: string,
  keys: { readonly shiftKey: boolean; readonly altKey: boolean },
): boolean {
  if (/\.(glb|gltf)$/i.test(fileName)) return true;
  return keys.shiftKey && keys.altKey && /\.(pmx|pmd)$/i.test(fileName);
}
