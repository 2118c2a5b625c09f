import type { AudioOutput } from './audio-output';
import type { MusicTarget } from './music-sync';
import { needsSeek } from './music-sync';

/** Why a song could not be played; the message names the file. */
export class MusicError extends Error {
  override readonly name = 'MusicError';
}

/**
 * One song, decoded whole into an `AudioBuffer` and played through the output's music bus (so
 * VOLUME, mute and Music on/off apply), kept where {@link sync} says. A buffer source is
 * started afresh at each place and speed, so the song's place is known to the sample from the
 * context's clock. TIME changes its speed and with it its pitch (as a record played slower):
 * pitch is not preserved. Owns its nodes.
 */
export class MusicPlayer {
  private source: AudioBufferSourceNode | null = null;
  /** Context time the playing source started, and the song's place and speed then. */
  private startedAt = 0;
  private startedFrom = 0;
  private rateValue = 1;
  /** The song's place while not playing, seconds. */
  private pausedAt = 0;

  private constructor(
    private readonly output: AudioOutput,
    private readonly buffer: AudioBuffer,
    readonly fileName: string,
  ) {}

  /**
   * Decodes `bytes` (the whole file called `fileName`). Decoding needs no running audio, so a
   * song opens before the page may make sound.
   *
   * @throws MusicError naming the file when the page cannot decode it
   */
  static async load(
    output: AudioOutput,
    bytes: Uint8Array,
    fileName: string,
  ): Promise<MusicPlayer> {
    const copy = new Uint8Array(bytes.byteLength);
    copy.set(bytes);
    try {
      const decoder = new OfflineAudioContext(1, 1, 44_100);
      const buffer = await decoder.decodeAudioData(copy.buffer);
      if (!(buffer.duration > 0)) throw new Error('it holds no sound');
      return new MusicPlayer(output, buffer, fileName);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new MusicError(`${fileName} could not be decoded (${reason})`, { cause: error });
    }
  }

  /** The decoded song (a clip's sound plays it again offline). */
  get audio(): AudioBuffer {
    return this.buffer;
  }

  /** The song's length, seconds. */
  get duration(): number {
    return this.buffer.duration;
  }

  /** Seconds into the song now. */
  get position(): number {
    const context = this.output.audioContext;
    if (!this.source || !context) return this.pausedAt;
    const played = this.startedFrom + (context.currentTime - this.startedAt) * this.rateValue;
    return Math.min(played, this.buffer.duration);
  }

  /** Whether the song is playing now (started, and not past its end). */
  get playing(): boolean {
    return this.source !== null && this.position < this.buffer.duration;
  }

  /** The speed it plays at (TIME). */
  get rate(): number {
    return this.rateValue;
  }

  /**
   * Moves the song toward `target`: stopped where it should stop, started where it should
   * play, and started again when its place is off by more than the tolerance or its speed
   * changed. Nothing plays before the page may make sound (no running context).
   */
  sync(target: MusicTarget): void {
    const context = this.output.audioContext;
    const bus = this.output.musicBus;
    const canPlay = context !== null && bus !== null && context.state === 'running';
    const now = this.position;
    if (this.source && (!target.play || !canPlay)) this.stop(now);
    if (!this.source) {
      // A song starting takes the motion's place exactly: the tolerance is for a song already
      // playing (not to restart it for a few ms), and a start from a place within it would
      // stay that far off for the whole stretch.
      if (needsSeek(this.pausedAt, target) || (target.play && canPlay))
        this.pausedAt = target.position;
      this.rateValue = target.rate;
      if (target.play && canPlay) this.start(context, bus, this.pausedAt);
      return;
    }
    if (this.rateValue !== target.rate || needsSeek(now, target)) {
      this.stop(now);
      this.rateValue = target.rate;
      this.start(context!, bus!, needsSeek(now, target) ? target.position : now);
    }
  }

  /** Stops the song and drops its nodes. */
  dispose(): void {
    this.stop(this.pausedAt);
  }

  private start(context: AudioContext, bus: AudioNode, from: number): void {
    const source = context.createBufferSource();
    source.buffer = this.buffer;
    source.playbackRate.value = this.rateValue;
    source.connect(bus);
    source.start(0, Math.min(from, this.buffer.duration));
    this.source = source;
    this.startedAt = context.currentTime;
    this.startedFrom = from;
  }

  private stop(at: number): void {
    const source = this.source;
    if (!source) return;
    this.source = null;
    this.pausedAt = at;
    try {
      source.stop();
    } catch (error) {
      // Already ended by itself at the song's end: nothing to stop.
      console.debug('[sound] the song had already ended:', error);
    }
    source.disconnect();
  }
}
