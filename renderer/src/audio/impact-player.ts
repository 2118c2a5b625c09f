import type { SoundRequest, SoundRequestRing } from '../physics/sound/sound-requests';
import { soundRequest } from '../physics/sound/sound-requests';
import type { AudioOutput } from './audio-output';
import { makeNoise, playImpact } from './impact-synth';
import type { RecordedSounds } from './recorded-sounds';
import type { SoundLogEntry } from './sound-log';
import { SOUND_LOG_LIMIT } from './sound-log';

/**
 * Impact sounds playing at once at most (BLAST always plays). The physics side already keeps
 * to four at a time in simulated time; in slow motion their sounds overlap more in wall time.
 */
const MAX_PLAYING = 6;

/**
 * The audio side of impact sounds: once a frame it empties the sandbox's sound requests and
 * plays each through the output's impact bus, panned by where the hit is in the view.
 *
 * What is not heard is not played and not logged: while muted, with impacts off, at VOLUME 0,
 * or before the person's first click or key press lets the page make sound, requests are
 * dropped (never queued for later: a late thud would belong to nothing on screen). Every
 * request, heard or not, is kept in the recorded sounds when there are some, for clips.
 */
export class ImpactPlayer {
  private readonly entries: SoundLogEntry[] = [];
  private readonly request = soundRequest();
  /** When each playing voice ends, context seconds. */
  private readonly ends = new Float64Array(MAX_PLAYING);
  private noise: AudioBuffer | null = null;
  private noiseContext: BaseAudioContext | null = null;
  private frame = 0;
  private disposed = false;
  private readonly tick = (): void => {
    if (this.disposed) return;
    this.poll();
    this.frame = requestAnimationFrame(this.tick);
  };

  /**
   * @param output the page's audio graph
   * @param requests the sandbox's sound requests (null: the sandbox makes none)
   * @param screenX where a world point (metres) is across the view, −1 left .. 1 right
   * @param now the page's clock, ms (for the log)
   * @param recorded where every request is kept for clips (null: nowhere)
   */
  constructor(
    private readonly output: AudioOutput,
    private readonly requests: SoundRequestRing | null,
    private readonly screenX: (x: number, y: number, z: number) => number,
    private readonly now: () => number = () => performance.now(),
    private readonly recorded: RecordedSounds | null = null,
  ) {}

  /** Polls once every animation frame until {@link dispose}. */
  start(): void {
    if (this.frame === 0 && !this.disposed) this.frame = requestAnimationFrame(this.tick);
  }

  /** Impact and blast sounds started so far (the newest {@link SOUND_LOG_LIMIT}). */
  get log(): readonly SoundLogEntry[] {
    return this.entries;
  }

  /** Plays every waiting request that can be heard, and drops the rest. */
  poll(): void {
    const ring = this.requests;
    if (!ring || ring.size === 0) return;
    const context = this.output.audioContext;
    const bus = this.output.impactBus;
    if (!context || !bus || context.state !== 'running' || !this.output.impactsAudible) {
      this.keepUnheard(ring);
      return;
    }
    if (this.noiseContext !== context) {
      this.noise = makeNoise(context);
      this.noiseContext = context;
    }
    const request = this.request;
    const when = context.currentTime;
    while (ring.shift(request)) {
      const pan = this.keep(request);
      const voice = request.kind === 'blast' ? 0 : this.freeVoice(when);
      if (voice < 0) continue;
      try {
        const end = playImpact(
          context,
          bus,
          this.noise!,
          { kind: request.kind, gain: request.gain, brightness: request.brightness, pan },
          when,
        );
        if (request.kind !== 'blast') this.ends[voice] = end;
      } catch (error) {
        // A context closed under us: this sound is lost, the next frame tries again.
        console.warn('[sound] an impact sound could not be played:', error);
        continue;
      }
      this.entries.push({ time: this.now(), kind: request.kind, gain: request.gain });
      if (this.entries.length > SOUND_LOG_LIMIT) this.entries.shift();
    }
  }

  /** Stops polling and drops the noise buffer. */
  dispose(): void {
    this.disposed = true;
    cancelAnimationFrame(this.frame);
    this.noise = null;
    this.noiseContext = null;
  }

  /** Keeps `request` in the recorded sounds; returns its stereo place. */
  private keep(request: SoundRequest): number {
    const pan = 0.8 * this.screenX(request.x, request.y, request.z);
    this.recorded?.noteImpact(request.time, request.kind, request.gain, request.brightness, pan);
    return pan;
  }

  /** Empties the ring without a sound, keeping each request for clips. */
  private keepUnheard(ring: SoundRequestRing): void {
    if (!this.recorded) return ring.clear();
    while (ring.shift(this.request)) this.keep(this.request);
  }

  private freeVoice(now: number): number {
    for (let v = 0; v < this.ends.length; v++) if (this.ends[v]! <= now) return v;
    return -1;
  }
}
