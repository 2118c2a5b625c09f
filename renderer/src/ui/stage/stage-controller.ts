/**
 * Open Stage…, a stage dropped with Shift held, a preset's stage and Built-in Stage: reads the
 * file, builds its colliders a slice per frame (the status shows how far), then swaps it in
 * for the current stage, draws it in place of the built-in stage's mesh and drops the figures
 * onto it. A file that cannot be a stage is refused with the reason and the old stage stays.
 */

import type { Object3D } from 'three';
import type {
  DroppedFileHandle,
  HostApi,
  HostOutcome,
  StageFileRead,
} from '../../../../shared/host-contract';
import type { PresetStageRef } from '../../../../shared/preset-schema';
import { hostTextureReader } from '../../models/mmd-texture-reader';
import type { SceneStage } from '../../physics/stage/scene-stage';
import type { StageFile } from '../../rig/stage/stage-file';
import { readStageFile } from '../../rig/stage/stage-file';
import type { FileStageDrawing } from '../../view/stage/file-stage-drawing';
import { hostProblemText } from '../files/host-problem-text';
import type { Language } from '../i18n';
import { stageStrings } from './stage-strings';

/** Wall time the colliders are built for in one frame, ms: the frame keeps its pace. */
export const BUILD_SLICE_MS = 6;

/** Where the view draws a stage from a file. */
export interface StageView {
  /** Draws `root` as the stage and hides the built-in one; null brings the built-in back. */
  showFileStage(root: Object3D | null): void;
}

/** The status line as the stage uses it (`StatusArea` fits). */
export interface StageStatus {
  say(message: string): void;
  note(message: string): void;
  progress(message: string, fraction: number): void;
  alert(message: string): void;
}

export interface StageControllerOptions {
  readonly host: HostApi | undefined;
  readonly scenery: SceneStage;
  readonly view: StageView;
  readonly status: StageStatus;
  readonly language: () => Language;
  /** Drops every figure again (onto the new stage). */
  readonly dropFigures: () => void;
  /** Just before the stage is swapped (the timeline carries on live from the moment shown). */
  readonly beforeSwap?: () => void;
  /**
   * Just before a swap the person asked for (not a preset's or undo's): undo records the scene
   * with the stage it is leaving. Named by the command it undoes.
   */
  readonly beforePersonSwap?: (label: 'open-stage' | 'builtin-stage') => void;
  /** Calls `step` on the next frames until it returns false. */
  readonly eachFrame?: (step: () => boolean) => void;
  /** The host read a stage (and recorded it in the recent library). */
  readonly onRead?: (file: StageFileRead) => void;
}

/** The file stage in use: where it came from (for presets) and what draws it. */
interface FileStageInUse {
  readonly ref: Extract<PresetStageRef, { id: 'file' }>;
  readonly drawing: FileStageDrawing;
}

/** The stage feature; see the module comment. */
export class StageController {
  private current: FileStageInUse | null = null;
  /** Bumped by every open and by Built-in Stage: an older open that finishes is dropped. */
  private generation = 0;

  constructor(private readonly options: StageControllerOptions) {}

  /** The stage for a preset: the file in use, or the built-in stage. */
  presetStage(): PresetStageRef {
    return this.current?.ref ?? { id: 'default' };
  }

  /** Open Stage…: the dialog, then the chosen file; reports its outcome itself. */
  open(): void {
    const host = this.options.host;
    if (!host) return this.options.status.alert(this.strings.noHost);
    void this.openFrom(() => host.openStageDialog());
  }

  /** A file dropped with Shift held. */
  openDropped(file: DroppedFileHandle): void {
    const host = this.options.host;
    if (!host) return this.options.status.alert(this.strings.noHost);
    void this.openFrom(() => host.openDroppedStage(file));
  }

  /** A stage from the recent library, read again through the host. */
  openPath(path: string): void {
    const host = this.options.host;
    if (!host) return this.options.status.alert(this.strings.noHost);
    void this.openFrom(() => host.readStage(path));
  }

  /** A stage the host has read already (File > Open Recent). */
  openRead(file: StageFileRead): void {
    void this.openFrom(() => Promise.resolve({ ok: true, value: file }));
  }

  /**
   * A loaded preset's stage: its file opened again (the host checked it), or the built-in
   * stage. Resolves once the stage is in use or refused.
   */
  async restorePreset(stage: PresetStageRef): Promise<void> {
    const host = this.options.host;
    if (stage.id !== 'file' || !host) {
      this.useBuiltIn(false, false);
      return;
    }
    if (this.current?.ref.sha256 === stage.sha256 && this.current.ref.path === stage.path) return;
    await this.openFrom(() => host.readStage(stage.path), false);
  }

  /** Built-in Stage: brings ours back (a build under way is cancelled). */
  useBuiltIn(report = true, drop = true): void {
    this.generation++;
    const current = this.current;
    this.options.scenery.cancel();
    if (!current) {
      if (report) this.options.status.say(this.strings.alreadyBuiltIn);
      return;
    }
    if (drop) this.options.beforePersonSwap?.('builtin-stage');
    this.current = null;
    this.options.beforeSwap?.();
    this.options.scenery.useBuiltIn();
    this.options.view.showFileStage(null);
    current.drawing.dispose();
    if (drop) this.options.dropFigures();
    if (report) this.options.status.say(this.strings.builtIn);
  }

  /** Frees the drawing of the stage in use. */
  dispose(): void {
    this.generation++;
    this.current?.drawing.dispose();
    this.current = null;
  }

  private get strings(): ReturnType<typeof stageStrings> {
    return stageStrings(this.options.language());
  }

  /** Opens the stage `read` gives; `drop`: drop the figures onto it (not for a preset's). */
  private async openFrom(
    read: () => Promise<HostOutcome<StageFileRead>>,
    drop = true,
  ): Promise<void> {
    const generation = ++this.generation;
    const outcome = await read();
    if (generation !== this.generation) return;
    if (!outcome.ok) {
      if (outcome.problem.code === 'canceled') return;
      const reason = hostProblemText(outcome.problem, this.options.language());
      this.options.status.alert(this.strings.failed(reason));
      return;
    }
    this.options.onRead?.(outcome.value);
    try {
      await this.use(outcome.value, generation, drop);
    } catch (error) {
      if (generation !== this.generation) return;
      this.options.scenery.cancel();
      const reason = error instanceof Error ? error.message : String(error);
      this.options.status.alert(this.strings.failed(reason));
    }
  }

  /** Reads, draws and builds `file`, then swaps it in; throws with a reason naming the file. */
  private async use(file: StageFileRead, generation: number, drop: boolean): Promise<void> {
    const { status } = this.options;
    status.progress(this.strings.reading(file.fileName), 0);
    const beside = new Map(file.beside.map((side) => [side.uri, side.bytes]));
    const stage = await readStageFile(file.fileName, file.bytes, (uri) => {
      const bytes = beside.get(uri);
      if (bytes) return Promise.resolve(bytes);
      return Promise.reject(new Error(`${file.fileName} names ${uri}, which was not read`));
    });
    if (generation !== this.generation) return;
    const build = this.options.scenery.begin(stage.shape);
    const drawing = await this.draw(file, stage);
    if (generation !== this.generation) return drawing.dispose();
    await this.finishBuild(generation, () => {
      const done = build.advance(BUILD_SLICE_MS);
      if (!done)
        status.progress(this.strings.building(Math.floor(build.progress * 100)), build.progress);
      return done;
    });
    if (generation !== this.generation) return drawing.dispose();
    if (drop) this.options.beforePersonSwap?.('open-stage');
    this.options.beforeSwap?.();
    this.options.scenery.commit();
    const previous = this.current;
    this.current = {
      ref: {
        id: 'file',
        path: file.path,
        size: file.size,
        sha256: file.sha256,
        fileName: file.fileName,
        format: file.format,
      },
      drawing,
    };
    this.options.view.showFileStage(drawing.root);
    previous?.drawing.dispose();
    if (drop) this.options.dropFigures();
    status.say(this.strings.opened(file.fileName, build.triangles, drop));
    for (const note of [...stage.notes, ...drawing.notes]) status.note(note);
  }

  private async draw(file: StageFileRead, stage: StageFile): Promise<FileStageDrawing> {
    const drawings = await import('../../view/stage/file-stage-drawing');
    if (stage.mmd) {
      const host = this.options.host;
      const read = host ? hostTextureReader(host, file.path) : undefined;
      return drawings.drawMmdStage(file.fileName, stage.mmd, read);
    }
    return drawings.drawGltfStage(file);
  }

  /** Runs `step` once a frame until it says the build is done (or a newer open began). */
  private finishBuild(generation: number, step: () => boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      const eachFrame = this.options.eachFrame ?? animationFrames;
      eachFrame(() => {
        if (generation !== this.generation) {
          resolve();
          return false;
        }
        try {
          if (!step()) return true;
          resolve();
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
        return false;
      });
    });
  }
}

/** Calls `step` on each animation frame until it returns false. */
function animationFrames(step: () => boolean): void {
  const frame = (): void => {
    if (step()) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}
