/**
 * Stand-ins the motion controls' tests (`MotionActions`) share: a sandbox that records what
 * each figure was given, a status line that keeps what it was told, and just enough of a page
 * for the hidden file input.
 */
import type { DollMotion } from '../../renderer/src/physics/motion/doll-motion';
import type { FigureEntry, FigureTable } from '../../renderer/src/physics/sandbox';
import { figureTableOf } from '../../renderer/src/physics/figure-table';
import type {
  FigureMotionState,
  MotionControls,
  MotionSandbox,
} from '../../renderer/src/ui/motion/motion-ports';

/** A sandbox that records each figure's motion and start time (its own motion controls). */
export class RecordingMotionSandbox implements MotionSandbox, MotionControls {
  readonly motion: MotionControls = this;
  /** The figures, which a test adds to and removes from; {@link figureTable} reads them. */
  readonly figures: FigureEntry[] = [];
  private tableVersion = 0;
  /** A table of {@link figures} as they are now (a new one at each read). */
  get figureTable(): FigureTable {
    return figureTableOf(this.figures, ++this.tableVersion);
  }
  /** Per figure id, the name of the motion given last (null: none) and its start time. */
  readonly given = new Map<number, { motion: string | null; start: number }>();
  /** Per figure id, the motion given last itself. */
  readonly motions = new Map<number, DollMotion | null>();
  muscle = 100;
  getUpEnabled = true;
  playing = true;
  set(figureId: number, motion: DollMotion | null, startTime = 0): void {
    this.given.set(figureId, { motion: motion?.name ?? null, start: startTime });
    this.motions.set(figureId, motion);
  }
  setMuscle(value: number): void {
    this.muscle = value;
  }
  setGetUpEnabled(on: boolean): void {
    this.getUpEnabled = on;
  }
  setPlaying(playing: boolean): void {
    this.playing = playing;
  }
  state(figureId: number): FigureMotionState {
    return this.given.get(figureId)?.motion ? 'following' : 'passive';
  }
  time(figureId: number): number {
    return this.given.get(figureId)?.start ?? 0;
  }
}

/** What the status line, the alert line and Message History alone were told, in order. */
export class RecordingStatus {
  readonly said: string[] = [];
  readonly alerts: string[] = [];
  readonly notes: string[] = [];
  say(message: string): void {
    this.said.push(message);
  }
  note(message: string): void {
    this.notes.push(message);
  }
  alert(message: string): void {
    this.alerts.push(message);
  }
}

/** Just enough of a page for the motion controls' hidden file input. */
export const STAND_IN_PAGE = {
  document: {
    createElement: () => ({
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      setAttribute: () => undefined,
      remove: () => undefined,
    }),
    body: { append: () => undefined },
  },
} as unknown as Window;
