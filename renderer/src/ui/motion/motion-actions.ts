import type { HostApi, MotionFile, MotionNote } from '../../../../shared/host-contract';
import type { FigureBones } from '../../motion/figure-bones';
import { motionBoneReport } from '../../motion/motion-bone-report';
import type { PresetMotionRef, PresetMotionSettings } from '../../../../shared/preset-schema';
import { PRESET_MOTION_TIME_MAX } from '../../../../shared/preset-limits';
import type { FigureEntry } from '../../physics/sandbox';
import type { CommandOutcome } from '../shell/command-actions';
import { makeHiddenFileInput, openFileChooser } from '../files/file-input';
import type { UiStrings } from '../i18n';
import type { MotionChoice } from './motion-choices';
import {
  builtinChoice,
  choiceTarget,
  FILE_MOTION,
  LIVE_MOTION,
  motionChoices,
  NO_MOTION,
  nextChoice,
} from './motion-choices';
import type {
  FigureKind,
  FigureMotion,
  FigureMotionState,
  MotionClip,
  MotionSandbox,
  MotionToolkit,
} from './motion-ports';
import type { MotionStrings } from './motion-strings';
import type { StatusArea } from '../status/status';
import type { LiveVmcMotion } from '../../motion/live-vmc-motion';

/** Where the motion actions live and what they talk to. */
export interface MotionActionsOptions {
  readonly window: Window;
  readonly host: HostApi | undefined;
  readonly sandbox: MotionSandbox;
  readonly toolkit: MotionToolkit;
  /** What each figure is drawn as: it decides how a motion is retargeted onto it. */
  readonly kindOf: (figureId: number) => FigureKind;
  /** A figure's own bones, when its drawn model can take a motion's other bones (MMD). */
  readonly bonesOf?: (figureId: number) => FigureBones | undefined;
  readonly status: Pick<StatusArea, 'say' | 'alert' | 'note'>;
  /** The strings of the current language, read at use time. */
  readonly strings: () => UiStrings;
  /** The host read a motion file (and recorded it in the recent-file library). */
  readonly onMotionRead?: (file: MotionFile) => void;
  /** The motion or one of its settings changed: the panel follows. */
  readonly onChanged: () => void;
  /** Called just before another motion is played on the figures (undo captures the scene). */
  readonly beforeChange?: () => void;
}

/** What the figures play and the file in the list, as undo keeps it (opaque elsewhere). */
export interface MotionMemo {
  readonly playing: Playing;
  readonly file: OpenedFile | undefined;
}

/** The motion file opened last: its clip, and where it came from (presets keep that). */
interface OpenedFile {
  readonly fileName: string;
  readonly clip: MotionClip;
  /** Undefined when the page read the file itself (no host): a preset cannot name it. */
  readonly ref: Extract<PresetMotionRef, { kind: 'file' }> | undefined;
}

/** What the figures play from a clip or not at all. */
type ClipPlaying =
  | { readonly kind: 'none' }
  | { readonly kind: 'builtin'; readonly name: string; readonly clip: MotionClip }
  | { readonly kind: 'file'; readonly file: OpenedFile };

/**
 * What the figures play: a clip, nothing, or the live VMC stream (which remembers what played
 * before, to go back to when the stream stops).
 */
type Playing = ClipPlaying | { readonly kind: 'live'; readonly previous: ClipPlaying };

/** A preset's motion, read and parsed before the scene is replaced (see {@link MotionActions.prepareRestore}). */
export interface PreparedMotion {
  readonly playing: Playing;
  /** Sentences about a motion that could not come back (the figures then play none). */
  readonly notes: readonly string[];
}

const NONE: Playing = { kind: 'none' };
/** The outcome of a choice that has already been told (status or alert). */
const TOLD: CommandOutcome = { kind: 'none', message: '' };

/**
 * Motions as the person meets them: Open Motion… (the host's dialog, or the browser's file
 * chooser in a web page), motion files dropped or opened by the OS, the motion list (None,
 * the built-ins, the file), Play/Pause, MUSCLE and GET UP. The chosen motion is retargeted
 * onto every figure, and figures added later (ADD, a new model, a preset) get it too. A
 * motion that cannot be read or fitted is refused with a message naming the file and the
 * problem, and the figures keep playing what they played. Bones the motion moves that a
 * ragdoll does not follow, and bones a model lacks, are noted once per motion in Message
 * History.
 */
export class MotionActions {
  private playingNow: Playing = NONE;
  private file: OpenedFile | undefined;
  /** The figures that have the current motion (by id): the others get it at the next sync. */
  private readonly applied = new Set<number>();
  /** Bones already named for the current motion. */
  private readonly reportedBones = new Set<string>();
  /** Motions bound to a box dummy: the bones it lacks are never named. */
  private readonly unreported = new WeakSet<FigureMotion>();
  /** Each motion's figure, for what its model does with the bones the ragdoll does not follow. */
  private readonly figureOfMotion = new WeakMap<FigureMotion, FigureEntry>();
  private readonly input: HTMLInputElement;
  /** The live motions the figures play now (fed each frame by the VMC controls). */
  private readonly live = new Set<LiveVmcMotion>();
  /** Whether VMC receiving is on, so Live (VMC) is offered. */
  private liveOffered = false;

  constructor(private readonly options: MotionActionsOptions) {
    const document = options.window.document;
    this.input = makeHiddenFileInput(
      document,
      '.vrma,.vmd',
      'motion-file-input',
      this.onInputChange,
    );
    this.relabel();
  }

  private get text(): MotionStrings {
    return this.options.strings().motion;
  }

  /** Relabels what this owns in the current language. */
  relabel(): void {
    this.input.setAttribute('aria-label', this.text.fileInput);
  }

  /** The motion list as it stands: None, the built-ins, the file opened last. */
  get choices(): MotionChoice[] {
    return motionChoices(
      this.options.toolkit.builtinNames,
      this.file?.fileName,
      this.text,
      this.liveOffered && this.options.toolkit.live !== undefined,
    );
  }

  /** The live VMC motions the figures play now (none unless Live (VMC) is chosen). */
  get liveMotions(): ReadonlySet<LiveVmcMotion> {
    return this.live;
  }

  /** VMC receiving turned on or off: Live (VMC) is offered, or leaves (back to what played). */
  setLiveOffered(on: boolean): void {
    if (on === this.liveOffered) return;
    this.liveOffered = on;
    if (!on && this.playingNow.kind === 'live') this.play(this.playingNow.previous);
    this.options.onChanged();
  }

  /** The live stream stopped (5 s without data): back to what played before, said so. */
  endLive(): void {
    const now = this.playingNow;
    if (now.kind !== 'live') return;
    this.play(now.previous);
    this.options.status.say(this.text.liveEnded(this.currentName));
  }

  /** The list value of what the figures play. */
  get selected(): string {
    const now = this.playingNow;
    if (now.kind === 'builtin') return builtinChoice(now.name);
    if (now.kind === 'live') return LIVE_MOTION;
    return now.kind === 'file' ? FILE_MOTION : NO_MOTION;
  }

  /** The name of what the figures play, as the list shows it. */
  get currentName(): string {
    const now = this.playingNow;
    if (now.kind === 'builtin') return this.text.builtin(now.name);
    if (now.kind === 'live') return this.text.live;
    return now.kind === 'file' ? now.file.fileName : this.text.none;
  }

  get playing(): boolean {
    return this.options.sandbox.motion.playing;
  }

  get muscle(): number {
    return this.options.sandbox.motion.muscle;
  }

  get getUp(): boolean {
    return this.options.sandbox.motion.getUpEnabled;
  }

  /**
   * Plays the list entry `value` on every figure (the list, or Next Motion) and says so in
   * the status line (or why not, as an alert); the outcome is already told.
   */
  choose(value: string): CommandOutcome {
    const target = choiceTarget(value, this.options.toolkit.builtinNames);
    if (target === undefined) return TOLD;
    if (target.kind === 'none') this.play(NONE);
    else if (target.kind === 'live') {
      const now = this.playingNow;
      if (this.liveOffered && now.kind !== 'live') this.play({ kind: 'live', previous: now });
    } else if (target.kind === 'file') {
      if (this.file !== undefined) this.play({ kind: 'file', file: this.file });
    } else {
      this.play({
        kind: 'builtin',
        name: target.name,
        clip: this.options.toolkit.builtin(target.name),
      });
    }
    return TOLD;
  }

  /** Next Motion: the entry after the current one, wrapping round. */
  next(): CommandOutcome {
    return this.choose(nextChoice(this.choices, this.selected).value);
  }

  /** Open Motion…: the host's dialog, or the browser's file chooser in a web page. */
  openMotion(): void {
    const host = this.options.host;
    if (!host) {
      openFileChooser(this.input);
      return;
    }
    host.openMotionDialog().then(
      (outcome) => {
        if (outcome.ok) void this.openFile(outcome.value);
        else if (outcome.problem.code !== 'canceled')
          this.refuse(this.options.strings().problem(outcome.problem));
      },
      (error: unknown) => this.refuse(describe(error)),
    );
  }

  /**
   * Plays a motion file the host has read (dialog, drop, the OS, the library).
   *
   * @returns whether it loaded and plays
   */
  openFile(file: MotionFile): Promise<boolean> {
    this.options.onMotionRead?.(file);
    const { path, size, sha256, fileName, format } = file;
    return this.openBytes(file.bytes, fileName, {
      kind: 'file',
      path,
      size,
      sha256,
      fileName,
      format,
    });
  }

  /**
   * Reads a motion from its bytes and plays it on every figure; a file that is not a usable
   * motion is refused with an alert and changes nothing.
   *
   * @param ref - where the host read it from; undefined when the page read the file itself
   */
  async openBytes(bytes: Uint8Array, fileName: string, ref?: OpenedFile['ref']): Promise<boolean> {
    this.options.status.say(this.text.opening(fileName));
    let clip: MotionClip;
    try {
      clip = await this.options.toolkit.load(arrayBufferOf(bytes), fileName);
    } catch (error) {
      if (!this.options.toolkit.isMotionFileError(error))
        console.error(`[motion] ${fileName}:`, error);
      this.refuse(describe(error));
      return false;
    }
    const previous = this.file;
    const opened: OpenedFile = { fileName, clip, ref };
    this.file = opened;
    // A file that fits no figure is not kept in the list either.
    const played = this.play({ kind: 'file', file: opened });
    if (!played) this.file = previous;
    this.options.onChanged();
    return played;
  }

  /** Play/Pause. */
  setPlaying(playing: boolean): CommandOutcome {
    this.options.sandbox.motion.setPlaying(playing);
    this.options.onChanged();
    return { kind: 'status', message: this.text.playingSet(this.playing) };
  }

  /** MUSCLE, 0..100. */
  setMuscle(value: number): CommandOutcome {
    this.options.sandbox.motion.setMuscle(value);
    this.options.onChanged();
    return { kind: 'status', message: this.text.muscleSet(Math.round(this.muscle)) };
  }

  /** GET UP on or off. */
  setGetUp(on: boolean): CommandOutcome {
    this.options.sandbox.motion.setGetUpEnabled(on);
    this.options.onChanged();
    return { kind: 'status', message: this.text.getUpSet(this.getUp) };
  }

  /**
   * Gives the current motion to figures that do not have it yet (added by ADD, a new model
   * or a preset) and forgets removed ones. Cheap when nothing changed; call after anything
   * that may add figures.
   */
  syncFigures(): void {
    const present = new Set<number>();
    const fresh: FigureEntry[] = [];
    for (const figure of this.options.sandbox.figureTable.figures) {
      present.add(figure.id);
      if (!this.applied.has(figure.id)) fresh.push(figure);
    }
    for (const id of [...this.applied]) if (!present.has(id)) this.applied.delete(id);
    for (const motion of [...this.live])
      if (!present.has(this.figureOfMotion.get(motion)?.id ?? -1)) this.live.delete(motion);
    if (fresh.length === 0) return;
    const now = this.playingNow;
    const motions: FigureMotion[] = [];
    for (const figure of fresh) {
      this.applied.add(figure.id);
      if (now.kind === 'none') continue;
      try {
        const motion = this.motionFor(now, figure);
        this.options.sandbox.motion.set(figure.id, motion, 0);
        motions.push(motion);
      } catch (error) {
        // This figure cannot play it (e.g. its model lacks every animated bone): it stays passive.
        this.options.sandbox.motion.set(figure.id, null);
        this.options.status.alert(this.text.failed(describe(error), this.currentName));
      }
    }
    this.noteBones(motions);
  }

  /** The scene's motion settings, for a preset. */
  presetSettings(): PresetMotionSettings {
    // A preset cannot bring a live stream back: it keeps what played before it.
    const now = this.playingNow.kind === 'live' ? this.playingNow.previous : this.playingNow;
    const motion: PresetMotionRef =
      now.kind === 'builtin'
        ? { kind: 'builtin', name: now.name }
        : now.kind === 'file' && now.file.ref !== undefined
          ? now.file.ref
          : { kind: 'none' };
    return { motion, playing: this.playing, muscle: this.muscle, getUp: this.getUp };
  }

  /** What the figure with this id is doing with the motion (following it, knocked down, getting up). */
  stateOf(figureId: number): FigureMotionState {
    return this.options.sandbox.motion.state(figureId);
  }

  /** Seconds into the motion for the figure with this id, for a preset (0 without a motion). */
  timeOf(figureId: number): number {
    if (this.playingNow.kind === 'none') return 0;
    const time = this.options.sandbox.motion.time(figureId);
    return Number.isFinite(time) ? Math.min(Math.max(time, 0), PRESET_MOTION_TIME_MAX) : 0;
  }

  /**
   * Reads and parses a preset's motion before the scene is replaced. A file the host could
   * not verify (`note`), cannot read or that is not a usable motion, or a built-in this app
   * does not have, becomes no motion and a sentence saying which and why.
   */
  async prepareRestore(
    settings: PresetMotionSettings,
    note: MotionNote | undefined,
  ): Promise<PreparedMotion> {
    const ref = settings.motion;
    if (ref.kind === 'none') return { playing: NONE, notes: [] };
    if (ref.kind === 'builtin') {
      if (!this.options.toolkit.builtinNames.includes(ref.name)) {
        return { playing: NONE, notes: [this.text.unknownBuiltin(ref.name)] };
      }
      return {
        playing: { kind: 'builtin', name: ref.name, clip: this.options.toolkit.builtin(ref.name) },
        notes: [],
      };
    }
    if (note !== undefined) return { playing: NONE, notes: [note.message] };
    const notPlayed = (why: string): PreparedMotion => ({
      playing: NONE,
      notes: [this.text.presetFileNotPlayed(ref.fileName, why)],
    });
    const host = this.options.host;
    if (!host) return notPlayed(this.options.strings().hostAbsent);
    const read = await host.readMotion(ref.path);
    if (!read.ok) return notPlayed(this.options.strings().problem(read.problem));
    if (read.value.sha256 !== ref.sha256)
      return notPlayed(this.options.strings().files.modelChanged(ref.path));
    try {
      const clip = await this.options.toolkit.load(arrayBufferOf(read.value.bytes), ref.fileName);
      return { playing: { kind: 'file', file: { fileName: ref.fileName, clip, ref } }, notes: [] };
    } catch (error) {
      return notPlayed(describe(error));
    }
  }

  /**
   * After a preset replaced the figures: its motion settings, and its motion on every figure
   * from that figure's saved time.
   *
   * @param times - seconds into the motion, one per figure in the sandbox's order
   * @returns sentences about what could not come back as saved
   */
  finishRestore(
    prepared: PreparedMotion,
    settings: PresetMotionSettings,
    times: readonly number[],
  ): readonly string[] {
    const sandbox = this.options.sandbox;
    sandbox.motion.setMuscle(settings.muscle);
    sandbox.motion.setGetUpEnabled(settings.getUp);
    sandbox.motion.setPlaying(settings.playing);
    if (prepared.playing.kind === 'file') this.file = prepared.playing.file;
    const notes = [...prepared.notes];
    try {
      this.noteBones(this.applyToAll(prepared.playing, times));
    } catch (error) {
      this.applyToAll(NONE, []);
      notes.push(this.text.failed(describe(error), this.text.none));
    }
    this.options.onChanged();
    return notes;
  }

  /** What the figures play now, for undo. */
  undoMemo(): MotionMemo {
    return { playing: this.playingNow, file: this.file };
  }

  /**
   * Undo: plays `memo`'s motion again (from its start) if the figures play another one now,
   * else gives it to figures made again; MUSCLE, GET UP and Play/Pause come with the scene.
   */
  restoreUndoMemo(memo: MotionMemo): void {
    this.file = memo.file;
    if (memo.playing === this.playingNow) {
      this.syncFigures();
    } else {
      try {
        this.applyToAll(memo.playing, []);
      } catch (error) {
        this.applyToAll(NONE, []);
        this.refuse(describe(error));
      }
    }
    this.options.onChanged();
  }

  dispose(): void {
    this.input.removeEventListener('change', this.onInputChange);
    this.input.remove();
  }

  /**
   * Plays `next` on every figure and says so (noting the bones it cannot follow), or
   * refuses it with an alert and keeps what played.
   *
   * @returns whether it plays
   */
  private play(next: Playing): boolean {
    this.options.beforeChange?.();
    let motions: readonly FigureMotion[];
    try {
      motions = this.applyToAll(next, []);
    } catch (error) {
      this.refuse(describe(error));
      this.options.onChanged();
      return false;
    }
    this.options.onChanged();
    const figures = this.options.sandbox.figureTable.figures.length;
    this.options.status.say(
      next.kind === 'none' ? this.text.chosenNone : this.text.chosen(this.currentName, figures),
    );
    this.noteBones(motions);
    return true;
  }

  /**
   * Retargets `next` onto every figure first (so a failure changes nothing), then gives each
   * figure its motion from `times[i]` seconds (0 when absent).
   *
   * @returns the figures' motions (none for `NONE`)
   */
  private applyToAll(next: Playing, times: readonly number[]): readonly FigureMotion[] {
    const figures = this.options.sandbox.figureTable.figures;
    const motions =
      next.kind === 'none' ? [] : figures.map((figure) => this.motionFor(next, figure));
    this.playingNow = next;
    this.live.clear();
    if (next.kind === 'live') for (const motion of motions) this.live.add(motion as LiveVmcMotion);
    this.applied.clear();
    this.reportedBones.clear();
    figures.forEach((figure, index) => {
      this.applied.add(figure.id);
      this.options.sandbox.motion.set(figure.id, motions[index] ?? null, times[index] ?? 0);
    });
    return motions;
  }

  /** `playing`'s motion bound to `figure` (a live one joins the fed set). */
  private motionFor(
    playing: Exclude<Playing, { kind: 'none' }>,
    figure: FigureEntry,
  ): FigureMotion {
    if (playing.kind !== 'live') return this.retarget(clipOf(playing), figure);
    const live = this.options.toolkit.live;
    if (!live) throw new Error('Live (VMC) needs the desktop app.');
    const figureKind = this.options.kindOf(figure.id);
    const motion = live(figure.spec, { figureKind });
    this.unreported.add(motion);
    this.figureOfMotion.set(motion, figure);
    this.live.add(motion);
    return motion;
  }

  private retarget(clip: MotionClip, figure: FigureEntry): FigureMotion {
    const figureKind = this.options.kindOf(figure.id);
    const motion = this.options.toolkit.retarget(clip, figure.spec, { figureKind });
    // The box dummy has no hands, feet or fingers by design: naming them each time a motion
    // is chosen would tell nobody anything.
    if (figureKind === 'box') this.unreported.add(motion);
    this.figureOfMotion.set(motion, figure);
    return motion;
  }

  /**
   * Notes in Message History, once per motion, the bones these motions move that the ragdoll
   * does not follow (and which of them the model turns anyway), and apart from them the bones
   * a model does not have. Not an alert: nothing is wrong, and the motion plays.
   */
  private noteBones(motions: readonly FigureMotion[]): void {
    const drawn: string[] = [];
    const still: string[] = [];
    const missing: string[] = [];
    for (const motion of motions) {
      if (this.unreported.has(motion)) continue;
      const figure = this.figureOfMotion.get(motion);
      const report = motionBoneReport(motion, figure && this.options.bonesOf?.(figure.id));
      this.takeFresh(report.drawn, drawn);
      this.takeFresh(report.still, still);
      this.takeFresh(report.missing, missing);
    }
    const status = this.options.status;
    if (drawn.length > 0 || still.length > 0)
      status.note(this.text.unfollowedBones(this.currentName, drawn, still));
    if (missing.length > 0) status.note(this.text.missingBones(this.currentName, missing));
  }

  /** Adds to `into` the bones not named yet for the current motion. */
  private takeFresh(bones: readonly string[], into: string[]): void {
    for (const bone of bones) {
      if (this.reportedBones.has(bone)) continue;
      this.reportedBones.add(bone);
      into.push(bone);
    }
  }

  private refuse(detail: string): void {
    this.options.status.alert(this.text.failed(detail, this.currentName));
  }

  private readonly onInputChange = (): void => {
    const file = this.input.files?.[0];
    if (!file) return;
    file.arrayBuffer().then(
      (buffer) => this.openBytes(new Uint8Array(buffer), file.name),
      (error: unknown) => this.refuse(`${file.name}: ${describe(error)}`),
    );
  };
}

function clipOf(playing: Exclude<ClipPlaying, { kind: 'none' }>): MotionClip {
  return playing.kind === 'file' ? playing.file.clip : playing.clip;
}

/** The bytes as an ArrayBuffer of their own (a view may share a larger buffer). */
function arrayBufferOf(bytes: Uint8Array): ArrayBuffer {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy.buffer;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
