import { Rewind } from '../../physics/recording/rewind';
import { RECORD_RATE_HZ, SceneRecorder } from '../../physics/recording/scene-recorder';
import type { Sandbox } from '../../physics/sandbox';
import type { ExportRange, ExportRecording } from './export-ports';

/** Seconds exported when no range is chosen: the newest 10 s. */
export const DEFAULT_EXPORT_SECONDS = 10;

/**
 * The scene's always-on recording for exports while the app has no timeline of its own: a
 * {@link SceneRecorder} told of every step, a {@link Rewind} over it, and the newest
 * {@link DEFAULT_EXPORT_SECONDS} as the export range. {@link dispose} detaches it.
 */
export class StandaloneRecording implements ExportRecording {
  readonly recorder: SceneRecorder;
  readonly rewind: Rewind;

  constructor(private readonly sandbox: Sandbox) {
    this.recorder = new SceneRecorder(sandbox);
    this.rewind = new Rewind(sandbox, this.recorder);
    sandbox.setStepObserver(this.recorder.afterStep);
  }

  exportRange(): ExportRange | null {
    const recorder = this.recorder;
    if (recorder.frameCount === 0) return null;
    const lastFrame = recorder.lastFrame;
    const firstFrame = Math.max(
      recorder.firstFrame,
      lastFrame - Math.round(DEFAULT_EXPORT_SECONDS * RECORD_RATE_HZ),
    );
    return {
      firstFrame,
      lastFrame,
      startSeconds: recorder.timeAt(firstFrame),
      endSeconds: recorder.timeAt(lastFrame),
    };
  }

  dispose(): void {
    this.sandbox.setStepObserver(null);
  }
}
