import type { Rewind } from '../../physics/recording/rewind';
import type { SceneRecorder } from '../../physics/recording/scene-recorder';
import type { SnapshotScene } from '../../physics/scene-bodies-snapshot';
import { SceneBodiesSnapshot } from '../../physics/scene-bodies-snapshot';
import type { Sandbox } from '../../physics/sandbox';

/** The scene a clip replays: its bodies, and the sandbox's note that some were put to sleep. */
export type ClipScene = SnapshotScene & {
  readonly capture: Pick<Sandbox['capture'], 'noteBodiesPutToSleep'>;
};

/**
 * The scene's side of a clip export: shows recorded frames one by one, then leaves the scene
 * exactly as it found it. Every moving body is snapshotted at full precision first; a prop
 * that a shown frame did not yet hold is parked rather than removed (see
 * `Rewind.beginTracelessLook`), so it keeps its body and gets its exact state back; the
 * timeline ends live, or paused where it was. No DOM: the drawing is the caller's.
 */
export class ClipReplay {
  private readonly wasInPast: boolean;
  private readonly wasPaused: boolean;
  private readonly original: number;
  private readonly snapshot: SceneBodiesSnapshot;
  private finished = false;

  /** Pauses the scene (recording the newest moment first when live) and snapshots it. */
  constructor(
    private readonly scene: ClipScene,
    recorder: SceneRecorder,
    private readonly rewind: Rewind,
  ) {
    this.wasInPast = rewind.inPast;
    this.wasPaused = rewind.paused;
    // Live, the newest frame becomes this very step, so going back to it loses no prop.
    if (!this.wasPaused && recorder.stepAt(recorder.lastFrame) !== recorder.currentStep)
      recorder.recordNow();
    rewind.beginTracelessLook();
    this.original = rewind.frame!;
    this.snapshot = new SceneBodiesSnapshot(scene);
  }

  /** Puts recorder frame `frame`'s bodies into the world, for drawing. */
  show(frame: number): void {
    this.rewind.show(frame);
  }

  /** Puts everything back as it was; returns how many bodies were restored. Call once. */
  finish(): number {
    if (this.finished) return 0;
    this.finished = true;
    const { rewind } = this;
    rewind.show(this.original);
    rewind.endTracelessLook();
    const restored = this.snapshot.restore(this.scene);
    // Those it put back asleep would wake in the next step (the poses were written).
    this.scene.capture.noteBodiesPutToSleep();
    if (!this.wasInPast) {
      rewind.leaveUnchanged();
      if (this.wasPaused) rewind.pause();
    }
    return restored;
  }
}
