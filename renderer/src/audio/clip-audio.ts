import { FIXED_STEP } from '../physics/sandbox';
import { makeNoise, playImpact } from './impact-synth';
import type { RecordedSounds } from './recorded-sounds';

/** The clip's sound: 48 kHz stereo, what Opus encodes natively. */
export const CLIP_SAMPLE_RATE = 48_000;
const CLIP_CHANNELS = 2;
/**
 * The level everything is mixed at: the default VOLUME, leaving headroom for a loud song and
 * a BLAST together. The person's VOLUME and mute are how loud this computer plays, not the clip.
 */
const CLIP_LEVEL = 0.8;

/** What a clip's sound is made of. */
export interface ClipAudioJob {
  /** The recording's clock at the clip's first frame, sandbox steps. */
  readonly startStep: number;
  /** The clip's length, seconds (its frames ÷ fps). */
  readonly seconds: number;
  /** What was heard, on the recording's clock. */
  readonly sounds: RecordedSounds;
  /** The song and its number in {@link RecordedSounds}, or null (none, or Music off). */
  readonly song: { readonly buffer: AudioBuffer; readonly number: number } | null;
  /** Whether the impact and blast sounds go in (Impacts on). */
  readonly impacts: boolean;
  /** Makes the offline context (tests may count what is made). Default: the page's own. */
  readonly createContext?: (channels: number, length: number, rate: number) => OfflineAudioContext;
}

/**
 * Renders a clip's sound offline: the song where the motion's clock had it at each moment of
 * the clip, and every impact and blast sound at the simulated time it was asked for, made by
 * the same synthesis the live sounds use. A clip plays simulated time, so the song in it plays
 * at its own speed beside the dance whatever TIME was while it was recorded (live, at TIME 0.5,
 * both went at half speed). Returns the rendered buffer.
 */
export async function renderClipAudio(job: ClipAudioJob): Promise<AudioBuffer> {
  const length = Math.max(1, Math.round(job.seconds * CLIP_SAMPLE_RATE));
  const context =
    job.createContext?.(CLIP_CHANNELS, length, CLIP_SAMPLE_RATE) ??
    new OfflineAudioContext(CLIP_CHANNELS, length, CLIP_SAMPLE_RATE);
  const master = context.createGain();
  master.gain.value = CLIP_LEVEL;
  master.connect(context.destination);
  const endStep = job.startStep + Math.ceil(job.seconds / FIXED_STEP);
  if (job.song) scheduleSong(context, master, job, job.song, endStep);
  if (job.impacts) scheduleImpacts(context, master, job, endStep);
  return context.startRendering();
}

/** Seconds into the clip at the recording's step `step`. */
function clipSeconds(job: ClipAudioJob, step: number): number {
  return (step - job.startStep) * FIXED_STEP;
}

function scheduleSong(
  context: OfflineAudioContext,
  destination: AudioNode,
  job: ClipAudioJob,
  song: NonNullable<ClipAudioJob['song']>,
  endStep: number,
): void {
  for (const piece of job.sounds.songPieces(song.number, job.startStep, endStep)) {
    let when = clipSeconds(job, piece.startStep);
    const stop = clipSeconds(job, piece.endStep);
    let position = piece.position;
    // A song that starts later than the motion (a negative place) waits until it reaches 0.
    if (position < 0) {
      when -= position;
      position = 0;
    }
    if (when >= stop || position >= song.buffer.duration) continue;
    const source = context.createBufferSource();
    source.buffer = song.buffer;
    source.connect(destination);
    source.start(when, position);
    source.stop(stop);
  }
}

function scheduleImpacts(
  context: OfflineAudioContext,
  destination: AudioNode,
  job: ClipAudioJob,
  endStep: number,
): void {
  const impacts = job.sounds.impactsBetween(job.startStep, endStep);
  if (impacts.length === 0) return;
  const noise = makeNoise(context);
  for (const impact of impacts)
    playImpact(context, destination, noise, impact, clipSeconds(job, impact.step));
}
