import { AUDIO_EXTENSIONS } from '../../../../shared/audio-files';
import type {
  HostApi,
  HostProblem,
  MotionFile,
  MotionNote,
} from '../../../../shared/host-contract';
import type { PresetMusicRef } from '../../../../shared/preset-schema';
import type { AudioOutput } from '../../audio/audio-output';
import { MusicError, MusicPlayer } from '../../audio/music-player';
import type { MotionClock } from '../../audio/music-sync';
import type { RecordedSounds } from '../../audio/recorded-sounds';
import { StallWatch, clampOffset, musicTarget } from '../../audio/music-sync';
import type { Sandbox } from '../../physics/sandbox';
import type { YesNoQuestion } from '../shell/ask-dialog';
import type { SoundStrings } from './sound-strings';

/** What the music follows and where it reports. */
export interface MusicControlsOptions {
  readonly window: Window;
  readonly host: HostApi | undefined;
  readonly output: AudioOutput;
  /** The motion's clock: the first figure playing a motion, TIME, Play/Pause. */
  readonly sandbox: Pick<Sandbox, 'figureTable' | 'motion' | 'timeScale'>;
  /** Whether simulated time runs (not paused) and recorded frames are not being replayed. */
  readonly timeline: { readonly live: boolean; readonly playing: boolean };
  readonly strings: () => SoundStrings;
  readonly problemText: (problem: HostProblem) => string;
  readonly say: (message: string) => void;
  readonly alert: (message: string) => void;
  /** The song or offset changed (the panel shows them). */
  readonly onChanged: () => void;
  /** Asks a yes/no question in the page (the app's own dialog); resolves to the answer. */
  readonly confirm?: (question: YesNoQuestion) => Promise<boolean>;
  /** A song the host read was opened (the host lists it in the recent library). */
  readonly onSongRead?: () => void;
  /** Where the song's place is kept on the recording's clock, for clips; null: nowhere. */
  readonly recorded: RecordedSounds | null;
}

/**
 * The song for the motion: Open Music…, the offset, and once a frame the song kept where the
 * motion's clock says (see `audio/music-sync.ts`): from the motion's start, paused with the
 * motion or the timeline, at the TIME speed, back to the start when the motion loops; silent
 * while the timeline is scrubbed or replays, and in place again on Resume.
 */
export class MusicControls {
  private player: MusicPlayer | null = null;
  /** Numbers each song opened, so a clip plays only the stretches of the song it has now. */
  private songNumber = 0;
  /** Where the song came from, when the host read it (a preset can name it then). */
  private source: Omit<PresetMusicRef, 'offset'> | null = null;
  private offsetValue = 0;
  private readonly stall = new StallWatch();
  private frame = 0;
  private disposed = false;
  private loading: Promise<void> | null = null;
  private readonly tick = (): void => {
    if (this.disposed) return;
    this.sync();
    this.frame = this.options.window.requestAnimationFrame(this.tick);
  };

  constructor(private readonly options: MusicControlsOptions) {
    this.frame = options.window.requestAnimationFrame(this.tick);
  }

  /** The open song's file name, or null. */
  get songName(): string | null {
    return this.player?.fileName ?? null;
  }

  /** Seconds added to the motion's time to find the song's place (±5 s). */
  get offset(): number {
    return this.offsetValue;
  }

  /** The song's playback position, seconds, or null without a song. */
  get musicTime(): number | null {
    return this.player?.position ?? null;
  }

  /** Whether the song is playing now. */
  get playing(): boolean {
    return this.player?.playing ?? false;
  }

  /** The song's playback speed, or null without a song. */
  get rate(): number | null {
    return this.player?.rate ?? null;
  }

  setOffset(seconds: number): void {
    this.offsetValue = clampOffset(seconds);
    this.options.onChanged();
  }

  /** Open Music…: the host's dialog (or, in a plain web page, the browser's file picker). */
  openMusic(): Promise<void> {
    this.loading ??= this.open().finally(() => (this.loading = null));
    return this.loading;
  }

  /**
   * Plays `bytes` (a file called `fileName`) as the song from now on. The format the host
   * found is not needed: the decoder reads the bytes' own signature.
   */
  async useSong(
    bytes: Uint8Array,
    fileName: string,
    source: Omit<PresetMusicRef, 'offset'> | null = null,
  ): Promise<boolean> {
    const text = this.options.strings();
    let player: MusicPlayer;
    try {
      player = await MusicPlayer.load(this.options.output, bytes, fileName);
    } catch (error) {
      if (!(error instanceof MusicError)) throw error;
      this.options.alert(text.musicFailed(error.message.replace(/\.$/u, '')));
      return false;
    }
    this.player?.dispose();
    this.player = player;
    this.songNumber++;
    this.source = source;
    this.options.say(text.musicOpened(fileName, player.duration));
    this.options.onChanged();
    if (source) this.options.onSongRead?.();
    return true;
  }

  /** The song now and its number in the recorded sounds, for a clip; null without one. */
  clipSong(): { readonly buffer: AudioBuffer; readonly number: number } | null {
    return this.player ? { buffer: this.player.audio, number: this.songNumber } : null;
  }

  /**
   * A motion file was opened: when it is a VMD with a song of its name beside it (the host
   * found it and lets it be read), asks whether to play that song, and plays it on yes.
   * Nothing is asked when that song already plays. Resolves to whether it plays now.
   */
  async offerSongBeside(motion: MotionFile): Promise<boolean> {
    const path = motion.songBeside;
    const { host, confirm } = this.options;
    if (path === undefined || !host || !confirm || this.source?.path === path) return false;
    const text = this.options.strings();
    const song = path.split(/[\\/]/).pop() ?? path;
    const yes = await confirm({
      question: text.songBesideQuestion(song, motion.fileName),
      confirm: text.songBesideYes,
      cancel: text.songBesideNo,
    });
    if (!yes) return false;
    const outcome = await host.readMusic(path);
    if (!outcome.ok) {
      this.options.alert(text.musicFailed(this.options.problemText(outcome.problem)));
      return false;
    }
    const { size, sha256, fileName, format, bytes } = outcome.value;
    return this.useSong(bytes, fileName, { path, size, sha256, fileName, format });
  }

  /** The song and offset for a preset; undefined without a song the host read. */
  presetMusic(): PresetMusicRef | undefined {
    return this.source ? { ...this.source, offset: this.offsetValue } : undefined;
  }

  /**
   * After a preset loaded: its song (read again through the host, which checked it) at its
   * offset, or no song. Returns a sentence when the song could not come back (`note`: the
   * host found it moved or changed), else null.
   */
  async restorePreset(
    music: PresetMusicRef | undefined,
    note: MotionNote | undefined,
  ): Promise<string | null> {
    this.player?.dispose();
    this.player = null;
    this.source = null;
    this.offsetValue = music ? clampOffset(music.offset) : 0;
    this.options.onChanged();
    if (note) return note.message;
    const host = this.options.host;
    if (!music || !host) return null;
    const outcome = await host.readMusic(music.path);
    if (!outcome.ok) return this.options.problemText(outcome.problem);
    const { path, size, sha256, fileName, format } = outcome.value;
    await this.useSong(outcome.value.bytes, fileName, { path, size, sha256, fileName, format });
    return null;
  }

  dispose(): void {
    this.disposed = true;
    this.options.window.cancelAnimationFrame(this.frame);
    this.player?.dispose();
    this.player = null;
  }

  private async open(): Promise<void> {
    const host = this.options.host;
    if (!host) {
      await this.pickInPage();
      return;
    }
    const outcome = await host.openMusicDialog();
    if (!outcome.ok) {
      if (outcome.problem.code !== 'canceled')
        this.options.alert(
          this.options.strings().musicFailed(this.options.problemText(outcome.problem)),
        );
      return;
    }
    const { path, size, sha256, fileName, format, bytes } = outcome.value;
    await this.useSong(bytes, fileName, { path, size, sha256, fileName, format });
  }

  /** Without a host: the browser's own file picker. */
  private pickInPage(): Promise<void> {
    const input = this.options.window.document.createElement('input');
    input.type = 'file';
    input.accept = AUDIO_EXTENSIONS.map((extension) => `.${extension}`).join(',');
    return new Promise((done) => {
      input.addEventListener(
        'change',
        () => {
          const file = input.files?.[0];
          if (!file) return done();
          void file
            .arrayBuffer()
            .then((buffer) => this.useSong(new Uint8Array(buffer), file.name))
            .finally(done);
        },
        { once: true },
      );
      input.click();
    });
  }

  /** Once a frame: the song where the motion's clock says. */
  private sync(): void {
    const player = this.player;
    if (!player) return;
    const clock = this.clock();
    player.sync(musicTarget(clock, this.offsetValue, player.duration));
    const { timeline, sandbox } = this.options;
    // Kept while the scene runs live: what a clip of this stretch will play. The stall watch
    // is left out: a clock that stands still takes no steps, so nothing is recorded meanwhile.
    this.options.recorded?.noteSong(
      this.songNumber,
      clock.time === null ? null : clock.time + this.offsetValue,
      timeline.live && !timeline.playing && sandbox.motion.playing,
    );
  }

  private clock(): MotionClock {
    const { sandbox, timeline } = this.options;
    let time: number | null = null;
    const figures = sandbox.figureTable.figures;
    for (let i = 0; i < figures.length; i++) {
      const id = figures[i]!.id;
      if (sandbox.motion.of(id)) {
        time = sandbox.motion.time(id);
        break;
      }
    }
    const moving = this.stall.moving(time, performance.now());
    return {
      time,
      running: timeline.live && !timeline.playing && sandbox.motion.playing && moving,
      timeScale: sandbox.timeScale,
    };
  }
}
