import type { SceneRecorder } from '../physics/recording/scene-recorder';
import { FIXED_STEP } from '../physics/sandbox';
import type { SoundKind } from '../physics/sound/sound-requests';
import { SOUND_KINDS, SOUND_KIND_CODE } from '../physics/sound/sound-requests';

/** The recording's clock as the sound history reads it (the `SceneRecorder` fits). */
export type SoundRecordingClock = Pick<
  SceneRecorder,
  'currentStep' | 'truncations' | 'firstFrame' | 'lastFrame' | 'holds' | 'serialAt' | 'stepAt'
>;

/** Impact and blast sounds remembered (a minute of a busy BLAST scene is far fewer). */
export const RECORDED_IMPACTS = 8192;
/** Song states remembered: only changes are kept (start, stop, loop, offset, seek). */
export const RECORDED_SONG_STATES = 4096;
/**
 * A song state this close (seconds) to where the previous one says the song would be is no
 * change and is not kept: the motion's clock moves exactly one step per step, so anything
 * further off is a loop, an offset change or a jump.
 */
const SONG_JUMP_SECONDS = 0.02;

/** One remembered impact or blast sound, on the recording's clock. */
export interface RecordedImpact {
  /** When it started, the recording's clock in sandbox steps. */
  step: number;
  kind: SoundKind;
  gain: number;
  brightness: number;
  /** Stereo place, −1 left .. 1 right, as it was heard. */
  pan: number;
}

/** A stretch of the song that played: from `startStep` to `endStep` at `position` onwards. */
export interface SongPiece {
  /** Where it starts and stops, the recording's clock in sandbox steps. */
  readonly startStep: number;
  readonly endStep: number;
  /** The song's place at `startStep`, seconds (may be negative: the song starts later). */
  readonly position: number;
}

/**
 * What was heard, kept on the recording's clock so Export Clip… can play it again beside the
 * recorded frames: every impact and blast sound the physics asked for (heard or not: muted,
 * a clip still carries them), and each change of the song's state (its place from the
 * motion's clock, playing or not, which song). A resume from the past forgets what was heard
 * in the future it drops, as the recorder forgets its frames.
 *
 * Preallocated rings; noting a sound or a song state allocates nothing.
 */
export class RecordedSounds {
  private readonly impactNumbers = new Float64Array(RECORDED_IMPACTS * 4);
  private readonly impactKinds = new Uint8Array(RECORDED_IMPACTS);
  private impactsWritten = 0;
  private impactsHeld = 0;
  /** Per song state: step, position, playing (1/0), song number. */
  private readonly songNumbers = new Float64Array(RECORDED_SONG_STATES * 4);
  private songsWritten = 0;
  private songsHeld = 0;
  private seenTruncations: number;
  private seenSerial: number;

  /**
   * @param clock the recording's clock
   * @param sandboxSteps steps the sandbox took since it was made (what impact times count)
   */
  constructor(
    private readonly clock: SoundRecordingClock,
    private readonly sandboxSteps: () => number,
  ) {
    this.seenTruncations = clock.truncations;
    this.seenSerial = this.newestSerial();
  }

  /**
   * Notes an impact or blast sound asked for at `seconds` of the sandbox's own time
   * (`SoundRequest.time`).
   */
  noteImpact(
    seconds: number,
    kind: SoundKind,
    gain: number,
    brightness: number,
    pan: number,
  ): void {
    this.forgetDroppedFuture();
    const forgotten = this.sandboxSteps() - this.clock.currentStep;
    const slot = this.impactsWritten % RECORDED_IMPACTS;
    const at = slot * 4;
    this.impactNumbers[at] = Math.round(seconds / FIXED_STEP) - forgotten;
    this.impactNumbers[at + 1] = gain;
    this.impactNumbers[at + 2] = brightness;
    this.impactNumbers[at + 3] = pan;
    this.impactKinds[slot] = SOUND_KIND_CODE[kind];
    this.impactsWritten++;
    this.impactsHeld = Math.min(RECORDED_IMPACTS, this.impactsHeld + 1);
  }

  /**
   * Notes the song's state now: `song` numbers the song (another song, another number),
   * `position` is the motion's time plus the offset (seconds; null without a motion) and
   * `playing` whether the motion's clock runs. Kept only when it differs from what the last
   * state kept says.
   */
  noteSong(song: number, position: number | null, playing: boolean): void {
    this.forgetDroppedFuture();
    const step = this.clock.currentStep;
    const place = position ?? Number.NaN;
    const on = playing && position !== null;
    if (this.songsHeld > 0) {
      const at = ((this.songsWritten - 1) % RECORDED_SONG_STATES) * 4;
      const n = this.songNumbers;
      const wasOn = n[at + 2] === 1;
      const expected = wasOn ? n[at + 1]! + (step - n[at]!) * FIXED_STEP : n[at + 1]!;
      const same =
        n[at + 3] === song &&
        wasOn === on &&
        (Number.isNaN(place)
          ? Number.isNaN(n[at + 1]!)
          : Math.abs(place - expected) < SONG_JUMP_SECONDS);
      if (same) return;
    }
    const at = (this.songsWritten % RECORDED_SONG_STATES) * 4;
    this.songNumbers[at] = step;
    this.songNumbers[at + 1] = place;
    this.songNumbers[at + 2] = on ? 1 : 0;
    this.songNumbers[at + 3] = song;
    this.songsWritten++;
    this.songsHeld = Math.min(RECORDED_SONG_STATES, this.songsHeld + 1);
  }

  /**
   * The impact and blast sounds that started in `[fromStep, toStep)` (the recording's clock),
   * oldest first. Allocates the list (an export's, not a frame's).
   */
  impactsBetween(fromStep: number, toStep: number): RecordedImpact[] {
    this.forgetDroppedFuture();
    const found: RecordedImpact[] = [];
    for (let i = this.impactsWritten - this.impactsHeld; i < this.impactsWritten; i++) {
      const slot = i % RECORDED_IMPACTS;
      const at = slot * 4;
      const step = this.impactNumbers[at]!;
      if (step < fromStep || step >= toStep) continue;
      found.push({
        step,
        kind: SOUND_KINDS[this.impactKinds[slot]!]!,
        gain: this.impactNumbers[at + 1]!,
        brightness: this.impactNumbers[at + 2]!,
        pan: this.impactNumbers[at + 3]!,
      });
    }
    return found;
  }

  /**
   * The stretches song number `song` played within `[fromStep, toStep)`, oldest first, each
   * cut to that window. A stretch runs from a kept playing state to the next kept state (or
   * now); one that ended because the motion stopped ends where the motion's time stopped.
   */
  songPieces(song: number, fromStep: number, toStep: number): SongPiece[] {
    this.forgetDroppedFuture();
    const pieces: SongPiece[] = [];
    const n = this.songNumbers;
    const first = this.songsWritten - this.songsHeld;
    for (let i = first; i < this.songsWritten; i++) {
      const at = (i % RECORDED_SONG_STATES) * 4;
      if (n[at + 2] !== 1 || n[at + 3] !== song) continue;
      const start = n[at]!;
      const position = n[at + 1]!;
      let end = Math.max(start, this.clock.currentStep);
      if (i + 1 < this.songsWritten) {
        const next = ((i + 1) % RECORDED_SONG_STATES) * 4;
        end = n[next]!;
        const nextPlace = n[next + 1]!;
        // Stopped (not a jump): the motion's time stood at where the song stopped.
        if (n[next + 2] !== 1 && n[next + 3] === song && nextPlace >= position)
          end = Math.min(end, start + Math.round((nextPlace - position) / FIXED_STEP));
      }
      const from = Math.max(start, fromStep);
      const to = Math.min(end, toStep);
      if (to <= from) continue;
      pieces.push({
        startStep: from,
        endStep: to,
        position: position + (from - start) * FIXED_STEP,
      });
    }
    return pieces;
  }

  /**
   * After a resume from the past (the recorder forgot the frames after the one resumed from),
   * forgets the sounds and song states after that frame too. Both rings are in time order,
   * so what goes is at their newest end.
   */
  private forgetDroppedFuture(): void {
    const truncations = this.clock.truncations;
    if (truncations === this.seenTruncations) {
      this.seenSerial = this.newestSerial();
      return;
    }
    this.seenTruncations = truncations;
    const keptStep = this.resumedStep();
    this.seenSerial = this.newestSerial();
    while (this.impactsHeld > 0) {
      const at = ((this.impactsWritten - 1) % RECORDED_IMPACTS) * 4;
      if (this.impactNumbers[at]! <= keptStep) break;
      this.impactsWritten--;
      this.impactsHeld--;
    }
    while (this.songsHeld > 0) {
      const at = ((this.songsWritten - 1) % RECORDED_SONG_STATES) * 4;
      if (this.songNumbers[at]! <= keptStep) break;
      this.songsWritten--;
      this.songsHeld--;
    }
  }

  /**
   * The step of the frame the scene resumed from: the newest held frame recorded before the
   * last look (frames recorded since carry newer serials).
   */
  private resumedStep(): number {
    const clock = this.clock;
    for (let frame = clock.lastFrame; frame >= clock.firstFrame; frame--)
      if (clock.serialAt(frame) <= this.seenSerial) return clock.stepAt(frame);
    return clock.holds(clock.firstFrame) ? clock.stepAt(clock.firstFrame) : clock.currentStep;
  }

  private newestSerial(): number {
    const clock = this.clock;
    return clock.holds(clock.lastFrame) ? clock.serialAt(clock.lastFrame) : 0;
  }
}
