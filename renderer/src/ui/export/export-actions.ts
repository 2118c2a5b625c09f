import type { AppCommand } from '../../../../shared/commands';
import type { HostApi } from '../../../../shared/host-contract';
import type { ExportedFigure } from '../../motion/export/export-figure-motion';
import { RecordingRangeError } from '../../physics/recording/recorded-figure-motion';
import { RECORD_RATE_HZ } from '../../physics/recording/scene-recorder';
import type { Figure, FigureTable, Prop } from '../../physics/sandbox';
import type { UiStrings } from '../i18n';
import type { StatusArea } from '../status/status';
import {
  ClipAlphaUnsupportedError,
  ClipCanceledError,
  ClipUnsupportedError,
  encodeClip,
} from './clip-encoder';
import type { EncodedClip } from './clip-encoder';
import { ClipFrameSchedule } from './clip-frame-schedule';
import { ClipReplay } from './clip-replay';
import type { ExportRange, ExportRecording, ExportView } from './export-ports';
import type { ExportPanel } from './export-panel';
import type { ExportProgress } from './export-progress';
import { figureMotionFile, figureToExport } from './figure-motion-file';
import type { SaveOutcome } from './save-export';
import { exportFileStem, saveExport } from './save-export';

/** The sandbox as exports read it (the `Sandbox` class fits). */
export interface ExportSandbox {
  /** The figures a motion export chooses from. */
  readonly figureTable: FigureTable;
  /**
   * The live figures, for a clip's replay only: it snapshots every body at full precision and
   * puts it back afterwards (`SceneBodiesSnapshot`).
   */
  readonly figures: readonly Figure[];
  readonly props: readonly Prop[];
  /** Steps taken since the sandbox was made. */
  readonly steps: number;
  /** After a clip put bodies back asleep (see `SandboxCapture.noteBodiesPutToSleep`). */
  readonly capture: { noteBodiesPutToSleep(): void };
}

export interface ExportActionsOptions {
  readonly window: Window & typeof globalThis;
  /** `window.host`, or undefined in a plain web page (exports then download). */
  readonly host: HostApi | undefined;
  readonly sandbox: ExportSandbox;
  readonly view: ExportView;
  /** The app's recording, or undefined when the scene is not recorded. */
  readonly recording: () => ExportRecording | undefined;
  /**
   * The sound of a clip `seconds` long from the recording's step `startStep` (the song and the
   * impact sounds heard then), or null for none. Absent: clips are silent.
   */
  readonly clipAudio?: (startStep: number, seconds: number) => Promise<AudioBuffer> | null;
  /** What a motion export needs to know of a figure (VRM rig, MMD or box). */
  readonly exportedFigureOf: (figureId: number) => ExportedFigure;
  readonly panel: ExportPanel;
  readonly progress: ExportProgress;
  readonly status: StatusArea;
  readonly strings: () => UiStrings;
  /** Set while a clip records (the page marks itself busy; the view ignores the mouse). */
  readonly busyElement: HTMLElement;
  /** A clock for file names. Default: now. */
  readonly now?: () => Date;
  /** Whether the view has a transparent background: a clip then keeps alpha. Default: no. */
  readonly transparent?: () => boolean;
  /**
   * A transparent clip this browser cannot encode (`reason` says why): asks whether to make it
   * on a chroma-key background instead, and switches to one when the answer is yes. Default:
   * the reason is told and nothing more.
   */
  readonly offerChroma?: (reason: string) => Promise<boolean>;
}

/**
 * Export Motion…, Save Picture… and Export Clip…: each makes its file from the scene or the
 * recording, then saves it through the host's Save dialog (or as a browser download in a plain
 * web page) and says where it went. A clip replays the chosen range through the recording
 * while it is captured, then puts every body back as it was. One export runs at a time.
 */
export class ExportActions {
  private running = false;
  private clipAbort: AbortController | null = null;

  constructor(private readonly options: ExportActionsOptions) {}

  /** True while an export (a clip above all) is being made or saved. */
  get busy(): boolean {
    return this.running;
  }

  /** True while a clip records (Cancel and Esc stop it). */
  get recordingClip(): boolean {
    return this.clipAbort !== null;
  }

  /** Runs one export command; it carries on by itself and reports its outcome. */
  run(command: AppCommand): void {
    this.start(
      command,
      command === 'export-motion'
        ? () => this.exportMotion()
        : command === 'save-picture'
          ? () => this.savePicture()
          : () => this.exportClip(),
    );
  }

  /**
   * Export Motion… for the figure `figureId` (the body menu's entry), whichever figure the
   * camera orbits.
   */
  exportMotionOf(figureId: number): void {
    this.start('export-motion', () => this.exportMotion(figureId));
  }

  private start(command: AppCommand, work: () => Promise<void>): void {
    if (this.running) {
      this.options.status.alert(this.text.busy);
      return;
    }
    this.running = true;
    void work()
      .catch((error: unknown) => {
        console.error(`[exports] ${command} failed:`, error);
        this.options.status.alert(this.text.failed(describe(error)));
      })
      .finally(() => {
        this.running = false;
      });
  }

  /** Stops a clip being recorded (Cancel, Esc); true when there was one. */
  cancelClip(): boolean {
    if (!this.clipAbort) return false;
    this.clipAbort.abort();
    return true;
  }

  private get text(): UiStrings['exports'] {
    return this.options.strings().exports;
  }

  private async exportMotion(figureId = this.options.view.focusedFigure): Promise<void> {
    const figure = figureToExport(this.options.sandbox.figureTable, figureId);
    if (!figure) return this.options.status.alert(this.text.noFigure);
    const found = this.rangeToExport();
    if (!found) return;
    const exported = this.options.exportedFigureOf(figure.id);
    const stem = exportFileStem(
      exported.kind === 'box' ? 'box-dummy-motion' : 'motion',
      this.now(),
    );
    let file;
    try {
      file = figureMotionFile(found.recording.recorder, found.range, figure, exported, stem);
    } catch (error) {
      if (!(error instanceof RecordingRangeError)) throw error;
      return this.options.status.alert(this.text.failed(error.message));
    }
    const outcome = await this.save(file.format, `${stem}.${file.format}`, file.bytes);
    if (outcome)
      this.options.status.say(this.text.motionDone(outcome, file.frames, file.bones.length));
  }

  private async savePicture(): Promise<void> {
    // The 3D view as it is on screen (CSS pixels), as a clip takes it: never the panel.
    const canvas = this.options.view.canvas;
    const scale = this.options.panel.doubleSize ? 2 : 1;
    const width = Math.round(canvas.clientWidth * scale);
    const height = Math.round(canvas.clientHeight * scale);
    const blob = await this.options.view.picture(width, height);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const outcome = await this.save('png', `${exportFileStem('picture', this.now())}.png`, bytes);
    if (outcome) this.options.status.say(this.text.pictureDone(outcome, width, height));
  }

  private async exportClip(): Promise<void> {
    const found = this.rangeToExport();
    if (!found) return;
    const fps = this.options.panel.clipRate;
    const abort = new AbortController();
    this.clipAbort = abort;
    this.showBusy(true);
    // A refused transparent clip is kept as the outcome, to offer a chroma key once not busy.
    let clip: EncodedClip | ClipAlphaUnsupportedError;
    try {
      const alpha = this.options.transparent?.() ?? false;
      clip = await this.recordRange(found.recording, found.range, fps, abort.signal, alpha);
    } catch (error) {
      if (error instanceof ClipCanceledError)
        return this.options.status.say(this.text.clipCanceled);
      if (error instanceof ClipUnsupportedError)
        return this.options.status.alert(this.text.clipUnsupported(error.message));
      if (!(error instanceof ClipAlphaUnsupportedError)) throw error;
      clip = error;
    } finally {
      this.clipAbort = null;
      this.showBusy(false);
    }
    if (clip instanceof ClipAlphaUnsupportedError) return this.offerChroma(clip.message);
    const outcome = await this.save(
      'webm',
      `${exportFileStem('clip', this.now())}.webm`,
      clip.bytes,
    );
    if (!outcome) return;
    const seconds = (found.range.lastFrame - found.range.firstFrame) / RECORD_RATE_HZ;
    this.options.status.say(
      this.text.clipDone(outcome, seconds, clip.frames, this.soundWords(clip.audio)),
    );
  }

  /** What the status says of a clip's sound. */
  private soundWords(audio: EncodedClip['audio']): string {
    if (!audio) return '';
    return 'written' in audio ? this.text.clipWithSound : this.text.clipVideoOnly(audio.missing);
  }

  /** A transparent clip could not be made: offers a chroma-key one, and makes it if wanted. */
  private async offerChroma(reason: string): Promise<void> {
    const offer = this.options.offerChroma;
    if (!offer) return this.options.status.alert(this.text.clipUnsupported(reason));
    if (await offer(reason)) await this.exportClip();
  }

  /**
   * Replays `range` through the recording frame by frame, each drawn and encoded offline,
   * with the view's frame loop stopped, then leaves the scene exactly as it found it: every
   * body back at full precision, the timeline live or paused where it was.
   */
  private async recordRange(
    recording: ExportRecording,
    range: ExportRange,
    fps: number,
    signal: AbortSignal,
    alpha: boolean,
  ): Promise<EncodedClip> {
    const { view, sandbox } = this.options;
    const schedule = new ClipFrameSchedule(range.firstFrame, range.lastFrame, RECORD_RATE_HZ, fps);
    // Rendered before the first frame: it reads the recording as the person heard it.
    const audio = await this.options.clipAudio?.(
      recording.recorder.stepAt(range.firstFrame),
      schedule.seconds,
    );
    // The percentages of this clip are one history entry that updates.
    const progressTopic = Symbol('clip progress');
    view.stop();
    const replay = new ClipReplay(sandbox, recording.recorder, recording.rewind);
    try {
      return await encodeClip({
        canvas: view.canvas,
        schedule,
        window: this.options.window,
        signal,
        audio: audio ?? null,
        alpha,
        drawFrame: (index) => {
          replay.show(schedule.recordedFrame(index));
          view.drawFrame(1 / fps);
        },
        onProgress: (share) => {
          this.options.progress.set(share);
          this.options.status.sayProgress(
            this.text.clipRecording(Math.round(share * 100)),
            progressTopic,
          );
        },
      });
    } finally {
      replay.finish();
      view.drawFrame(0);
      view.start();
    }
  }

  /** The recording and its range to export, or undefined after telling the person why not. */
  private rangeToExport(): { recording: ExportRecording; range: ExportRange } | undefined {
    const recording = this.options.recording();
    if (!recording) {
      this.options.status.alert(this.text.recordingMissing);
      return undefined;
    }
    const chosen = recording.exportRange();
    // Frames before a figure came or went cannot be shown or exported with today's figures.
    const first = Math.max(chosen?.firstFrame ?? 0, recording.recorder.firstFrameWithSameFigures);
    if (!chosen || first >= chosen.lastFrame) {
      this.options.status.alert(this.text.nothingRecorded);
      return undefined;
    }
    const range: ExportRange =
      first === chosen.firstFrame
        ? chosen
        : { ...chosen, firstFrame: first, startSeconds: recording.recorder.timeAt(first) };
    return { recording, range };
  }

  /** Saves `bytes`; returns the words for where they went, or undefined (canceled, failed: said). */
  private async save(
    format: 'vrma' | 'vmd' | 'png' | 'webm',
    fileName: string,
    bytes: Uint8Array,
  ): Promise<string | undefined> {
    const outcome: SaveOutcome = await saveExport(
      this.options.host,
      this.options.window.document,
      format,
      fileName,
      bytes,
    );
    switch (outcome.kind) {
      case 'saved':
        return this.text.saved(outcome.path);
      case 'downloaded':
        return this.text.downloaded(outcome.fileName);
      case 'canceled':
        return undefined;
      case 'failed':
        this.options.status.alert(
          this.text.failed(this.options.strings().problem(outcome.problem)),
        );
        return undefined;
    }
  }

  private showBusy(busy: boolean): void {
    const { panel, progress, busyElement } = this.options;
    panel.setBusy(busy);
    busyElement.classList.toggle('exporting-clip', busy);
    if (busy) {
      busyElement.setAttribute('aria-busy', 'true');
      progress.show(this.text.clipProgressLabel, this.text.cancel);
    } else {
      busyElement.removeAttribute('aria-busy');
      progress.hide();
    }
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
