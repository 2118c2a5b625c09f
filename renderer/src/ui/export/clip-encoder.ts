import { openAlphaClipWriter, openClipMuxer } from '../lazy/clip-webm-muxer';
import type { ClipFrameSchedule } from './clip-frame-schedule';

/** A browser that cannot encode a WebM clip (no WebCodecs, or neither VP9 nor VP8). */
export class ClipUnsupportedError extends Error {
  override name = 'ClipUnsupportedError';
}

/**
 * A clip asked for with its alpha channel (a transparent background) that this browser
 * cannot encode with one; the message says why, as a reason to put in a sentence.
 */
export class ClipAlphaUnsupportedError extends Error {
  override name = 'ClipAlphaUnsupportedError';
}

/** The clip was canceled (its frames are thrown away). */
export class ClipCanceledError extends Error {
  override name = 'ClipCanceledError';
}

/** The codecs tried, best first: the WebM name, WebCodecs' codec string, and a name to say. */
const CLIP_CODECS = [
  { webm: 'vp9', webCodecs: 'vp09.00.10.08', label: 'VP9' },
  { webm: 'vp8', webCodecs: 'vp8', label: 'VP8' },
] as const;

/** Bits per second of video asked of the encoder: crisp at 1080p, a few MB a minute. */
const CLIP_BITS_PER_SECOND = 8_000_000;
/** A key frame every this many seconds, so players can seek. */
const KEY_FRAME_SECONDS = 2;
/** Frames waiting in the encoder before drawing waits for it (bounds memory on a slow machine). */
const MAX_ENCODE_QUEUE = 4;

/** What encoding a clip needs. */
export interface ClipJob {
  /** The canvas the frames are drawn on; each frame is taken from it right after drawing. */
  readonly canvas: HTMLCanvasElement;
  /** Which frames, and when each plays. */
  readonly schedule: ClipFrameSchedule;
  /** Draws clip frame `index` (0-based) on the canvas, now. */
  drawFrame(index: number): void;
  /** Told after each frame, with the share done (0..1). */
  onProgress?(share: number): void;
  /** Aborting stops the encoding and rejects with a {@link ClipCanceledError}. */
  readonly signal?: AbortSignal;
  /** The window whose WebCodecs are used. */
  readonly window: Window & typeof globalThis;
  /**
   * The clip's sound from its first frame (48 kHz), or null for none. Written as Opus when
   * this browser's `AudioEncoder` encodes it, else left out (see {@link EncodedClip.audio}).
   */
  readonly audio?: AudioBuffer | null;
  /**
   * Keep the canvas's alpha channel (a transparent background): the WebM then holds alpha
   * beside each frame, or a {@link ClipAlphaUnsupportedError} says why it cannot.
   */
  readonly alpha?: boolean;
}

/** An encoded clip. */
export interface EncodedClip {
  /** The WebM file. */
  readonly bytes: Uint8Array;
  /** "VP9" or "VP8". */
  readonly codec: string;
  /** Frames in the file. */
  readonly frames: number;
  /**
   * The sound: `written` ("Opus"), or why there is none (`missing`: this browser cannot
   * encode Opus), or neither when the job had no sound to write.
   */
  readonly audio: { readonly written: 'Opus' } | { readonly missing: string } | null;
}

/**
 * Encodes a clip offline: each frame is drawn, taken from the canvas as a `VideoFrame` in the
 * same task, stamped at exactly its scheduled time, encoded with WebCodecs' `VideoEncoder`
 * (VP9, else VP8) and muxed into WebM. Nothing depends on the wall clock or the compositor:
 * a slow machine takes longer and the file is the same. Call it with the view's own frame
 * loop stopped.
 */
export async function encodeClip(job: ClipJob): Promise<EncodedClip> {
  const { canvas, schedule, window: win } = job;
  const codec = await chooseCodec(win, canvas.width, canvas.height, schedule.fps);
  const audioProblem = job.audio ? await opusProblem(win, job.audio) : null;
  const audio = job.audio && audioProblem === null ? job.audio : null;
  const said = audio
    ? { written: 'Opus' as const }
    : audioProblem === null
      ? null
      : { missing: audioProblem };
  throwIfCanceled(job.signal);
  // A clip with alpha is made by its own path (mediabunny encodes colour and alpha).
  if (job.alpha === true) return encodeAlphaClip(job, codec, audio, said);
  const muxer = await openClipMuxer(codec.webm, schedule.fps, audio);
  let failure: Error | undefined;
  const encoder = new win.VideoEncoder({
    output: (chunk, meta) => muxer.add(chunk, meta),
    error: (error) => {
      failure = new Error(`the ${codec.label} encoder failed: ${error.message}`);
    },
  });
  try {
    encoder.configure(encoderConfig(codec.webCodecs, canvas.width, canvas.height, schedule.fps));
    const keyEvery = Math.max(1, Math.round(KEY_FRAME_SECONDS * schedule.fps));
    await eachClipFrame(job, false, async (frame, index) => {
      try {
        encoder.encode(frame, { keyFrame: index % keyEvery === 0 });
      } finally {
        frame.close();
      }
      // Lets the encoder catch up.
      while (encoder.encodeQueueSize > MAX_ENCODE_QUEUE && !failure) await nextTask(win);
      if (failure) throw failure;
    });
    await encoder.flush();
    if (failure) throw failure;
    const frames = muxer.frames;
    return { bytes: await muxer.finish(), codec: codec.label, frames, audio: said };
  } catch (error) {
    await muxer.cancel().catch(() => undefined);
    throw failure ?? error;
  } finally {
    if (encoder.state !== 'closed') encoder.close();
  }
}

/**
 * The frame loop both kinds of clip share: each frame of `job`'s schedule is drawn, taken from
 * the canvas as a `VideoFrame` in the same task (keeping its alpha with `alpha`), stamped at
 * exactly its scheduled time and handed to `take` (which closes it); then the progress, and
 * a task's breath for the page to paint it and hear Cancel.
 */
async function eachClipFrame(
  job: ClipJob,
  alpha: boolean,
  take: (frame: VideoFrame, index: number) => Promise<void>,
): Promise<void> {
  const { canvas, schedule, window: win } = job;
  for (let index = 0; index < schedule.frames; index++) {
    throwIfCanceled(job.signal);
    job.drawFrame(index);
    const stamp = { timestamp: schedule.timestampUs(index), duration: schedule.durationUs(index) };
    await take(new win.VideoFrame(canvas, alpha ? { ...stamp, alpha: 'keep' } : stamp), index);
    job.onProgress?.((index + 1) / schedule.frames);
    await nextTask(win);
  }
}

/**
 * {@link encodeClip} keeping alpha: each frame is handed to mediabunny, which encodes its
 * colour and its alpha with two encoders of `codec` (see `ClipAlphaWebmWriter`); the sound, when
 * there is one, goes beside it as Opus, as in any clip.
 */
async function encodeAlphaClip(
  job: ClipJob,
  codec: (typeof CLIP_CODECS)[number],
  audio: AudioBuffer | null,
  said: EncodedClip['audio'],
): Promise<EncodedClip> {
  const { canvas, schedule, window: win } = job;
  checkAlphaFrames(win, canvas);
  const writer = await openAlphaClipWriter(
    codec.webm,
    schedule.fps,
    CLIP_BITS_PER_SECOND,
    KEY_FRAME_SECONDS,
    audio,
  );
  try {
    await eachClipFrame(job, true, (frame) => writer.add(frame));
    const frames = writer.frames;
    return {
      bytes: await writer.finish(),
      codec: `${codec.label} with alpha`,
      frames,
      audio: said,
    };
  } catch (error) {
    await writer.cancel().catch(() => undefined);
    throw error;
  }
}

/**
 * Throws a {@link ClipAlphaUnsupportedError} unless a frame taken from `canvas` carries alpha
 * in a pixel format the alpha encoding can read, and workers run (mediabunny splits colour
 * from alpha in one). Without this check a frame without alpha would be encoded opaque, silently.
 */
function checkAlphaFrames(win: Window & typeof globalThis, canvas: HTMLCanvasElement): void {
  if (typeof win.Worker !== 'function')
    throw new ClipAlphaUnsupportedError('it runs no web workers');
  const probe = new win.VideoFrame(canvas, { timestamp: 0, alpha: 'keep' });
  const format = probe.format;
  probe.close();
  if (format === null || !ALPHA_FORMATS.has(format))
    throw new ClipAlphaUnsupportedError(
      `its frames of the view come as ${format ?? 'an unknown pixel format'}, without alpha`,
    );
}

/** Pixel formats with alpha that the colour/alpha split reads (8 bits per sample). */
const ALPHA_FORMATS: ReadonlySet<string> = new Set(['RGBA', 'BGRA', 'I420A', 'I422A', 'I444A']);

/** The first of {@link CLIP_CODECS} this browser encodes at this size, or a {@link ClipUnsupportedError}. */
async function chooseCodec(
  win: Window & typeof globalThis,
  width: number,
  height: number,
  fps: number,
): Promise<(typeof CLIP_CODECS)[number]> {
  if (typeof win.VideoEncoder !== 'function' || typeof win.VideoFrame !== 'function')
    throw new ClipUnsupportedError('it has no WebCodecs VideoEncoder.');
  for (const codec of CLIP_CODECS) {
    const config = encoderConfig(codec.webCodecs, width, height, fps);
    const support = await win.VideoEncoder.isConfigSupported(config).catch(() => undefined);
    if (support?.supported) return codec;
  }
  const names = CLIP_CODECS.map((codec) => codec.label).join(' nor ');
  throw new ClipUnsupportedError(
    `its VideoEncoder encodes neither ${names} at ${width}×${height}.`,
  );
}

/** Opus at the clip sound's rate and channels, as the muxer asks for it. */
const OPUS_BITS_PER_SECOND = 128_000;

/** Why this browser cannot encode `audio` as Opus, or null when it can. */
async function opusProblem(
  win: Window & typeof globalThis,
  audio: AudioBuffer,
): Promise<string | null> {
  if (typeof win.AudioEncoder !== 'function') return 'it has no WebCodecs AudioEncoder';
  const support = await win.AudioEncoder.isConfigSupported({
    codec: 'opus',
    sampleRate: audio.sampleRate,
    numberOfChannels: audio.numberOfChannels,
    bitrate: OPUS_BITS_PER_SECOND,
  }).catch(() => undefined);
  return support?.supported
    ? null
    : `its AudioEncoder does not encode Opus at ${audio.sampleRate / 1000} kHz`;
}

function encoderConfig(
  codec: string,
  width: number,
  height: number,
  fps: number,
): VideoEncoderConfig {
  return { codec, width, height, bitrate: CLIP_BITS_PER_SECOND, framerate: fps };
}

function throwIfCanceled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ClipCanceledError('The clip was canceled.');
}

/** Resolves in a later task of the page's event loop. */
function nextTask(win: Window): Promise<void> {
  return new Promise((resolve) => win.setTimeout(resolve, 0));
}
