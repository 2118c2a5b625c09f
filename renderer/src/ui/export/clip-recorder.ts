import { retimeWebm } from './retime-webm';

/** The WebM types tried, best first; the first the browser's MediaRecorder takes is used. */
export const CLIP_MIME_TYPES: readonly string[] = [
  'video/webm;codecs=vp9',
  'video/webm;codecs=vp8',
  'video/webm',
];

/** Bits per second of video asked of the encoder: crisp at 1080p, a few MB a minute. */
const CLIP_BITS_PER_SECOND = 8_000_000;

/** How often MediaRecorder hands over what it has encoded, ms. */
const DATA_SLICE_MS = 250;
/** Output quiet this long after the last frame means the encoder has caught up, ms. */
const ENCODER_QUIET_MS = 1500;

/** Extra wait before each frame, ms, so no arrival stamp falls before its exact time. */
const PACING_MARGIN_MS = 2;

/** A browser without canvas capture or a WebM MediaRecorder. */
export class ClipUnsupportedError extends Error {
  override name = 'ClipUnsupportedError';
}

/** The clip was canceled (its frames are thrown away). */
export class ClipCanceledError extends Error {
  override name = 'ClipCanceledError';
}

/** What a clip recording needs. */
export interface ClipJob {
  /** The canvas the frames are drawn on; it is captured. */
  readonly canvas: HTMLCanvasElement;
  /** Frames per second of the clip (30 or 60). */
  readonly fps: number;
  /** How many frames the clip holds; it lasts `frames / fps` seconds. */
  readonly frames: number;
  /** Draws frame `index` (0-based) on the canvas. */
  drawFrame(index: number): void;
  /** Told after each frame, with the share done (0..1). */
  onProgress?(share: number): void;
  /** Aborting stops the recording and rejects with a {@link ClipCanceledError}. */
  readonly signal?: AbortSignal;
  /** The window whose clock and MediaRecorder are used. Default: the canvas's. */
  readonly window?: Window & typeof globalThis;
}

/** A recorded clip. */
export interface RecordedClip {
  readonly bytes: Uint8Array;
  readonly mimeType: string;
  /** Frames drawn. */
  readonly framesDrawn: number;
  /** Frames the file holds (fewer than drawn when the encoder dropped some). */
  readonly framesInFile: number;
}

/**
 * Records a WebM clip of a canvas with MediaRecorder: every frame is drawn, captured from the
 * canvas in the same task, and then stamped at exactly `index / fps` seconds.
 *
 * Capture: where the browser has `MediaStreamTrackGenerator` (Chromium, so the desktop app),
 * each drawn canvas is copied into main memory (a 2D canvas read back) and written to that
 * track as a `VideoFrame` of plain RGBA bytes; elsewhere `canvas.captureStream(0)` with
 * `requestFrame()`, waiting two animation frames after each draw. Measured in Debian's
 * Chromium with SwiftShader on a busy machine: captureStream delivered frames only when the
 * compositor drew (once in 3 s at worst), and MediaRecorder kept 1 to 4 of 30 `VideoFrame`s
 * made straight from the WebGL canvas (GPU-backed) but all 30 made from bytes.
 *
 * Timing: MediaRecorder stamps frames with the wall-clock time they arrive, so frame `i` is
 * captured no earlier than `i / fps` after the start (a fast machine records in real time; a
 * slow one takes longer and drops nothing), and the finished file is restamped exactly
 * (`retimeWebm`). Call it with the view's own frame loop stopped.
 */
export async function recordClip(job: ClipJob): Promise<RecordedClip> {
  const win = job.window ?? (job.canvas.ownerDocument.defaultView as Window & typeof globalThis);
  const mimeType = supportedClipType(win);
  const source = frameSource(job.canvas, win);
  const recorder = new win.MediaRecorder(source.stream, {
    mimeType,
    videoBitsPerSecond: CLIP_BITS_PER_SECOND,
  });
  const chunks: Blob[] = [];
  let lastData = 0;
  recorder.ondataavailable = (event) => {
    if (event.data.size === 0) return;
    chunks.push(event.data);
    lastData = win.performance.now();
  };
  const stopped = new Promise<void>((resolve, reject) => {
    recorder.onstop = () => resolve();
    recorder.onerror = (event) =>
      reject(new Error(`MediaRecorder failed: ${describeRecorderError(event)}`));
  });
  try {
    recorder.start(DATA_SLICE_MS);
    const frameMs = 1000 / job.fps;
    // Paced from the first frame's capture, which MediaRecorder counts from, with a little to
    // spare: each arrival stamp then lies at or after the exact time.
    let start = 0;
    for (let index = 0; index < job.frames; index++) {
      throwIfCanceled(job.signal);
      if (index > 0) await waitUntil(win, start + index * frameMs + PACING_MARGIN_MS);
      job.drawFrame(index);
      await source.capture((index * 1e6) / job.fps);
      if (index === 0) start = win.performance.now();
      job.onProgress?.((index + 1) / job.frames);
    }
    throwIfCanceled(job.signal);
    await waitUntil(win, start + job.frames * frameMs);
    // The encoder runs behind the drawing (far behind on a slow machine), and stop() drops
    // what it has not encoded: wait until its output has been quiet for a while.
    const drainStart = win.performance.now();
    const quietSince = (): number => Math.max(lastData, drainStart);
    while (win.performance.now() - quietSince() < ENCODER_QUIET_MS) {
      throwIfCanceled(job.signal);
      await waitUntil(win, quietSince() + ENCODER_QUIET_MS);
    }
    recorder.stop();
    await stopped;
  } finally {
    if (recorder.state !== 'inactive') recorder.stop();
    source.close();
  }
  const bytes = new Uint8Array(await new Blob(chunks, { type: mimeType }).arrayBuffer());
  const { frames } = retimeWebm(bytes, job.fps);
  return { bytes, mimeType, framesDrawn: job.frames, framesInFile: frames };
}

/** Where frames go: a stream for MediaRecorder, fed one captured canvas at a time. */
interface FrameSource {
  readonly stream: MediaStream;
  /** Captures the canvas as drawn now (call in the task that drew it); `timestamp` in µs. */
  capture(timestamp: number): Promise<void>;
  close(): void;
}

/** Chromium's track generator when there is one, else the canvas's own capture stream. */
function frameSource(canvas: HTMLCanvasElement, win: Window & typeof globalThis): FrameSource {
  const Generator = (win as unknown as { MediaStreamTrackGenerator?: TrackGeneratorClass })
    .MediaStreamTrackGenerator;
  const copy = win.document.createElement('canvas');
  copy.width = canvas.width;
  copy.height = canvas.height;
  // A canvas kept in main memory: its pixels go to the encoder as plain bytes.
  const copier = copy.getContext('2d', { willReadFrequently: true });
  if (typeof Generator === 'function' && typeof win.VideoFrame === 'function' && copier) {
    const track = new Generator({ kind: 'video' });
    const writer = track.writable.getWriter();
    return {
      stream: new win.MediaStream([track]),
      capture: (timestamp) => {
        copier.drawImage(canvas, 0, 0, copy.width, copy.height);
        const pixels = copier.getImageData(0, 0, copy.width, copy.height).data;
        const frame = new win.VideoFrame(pixels, {
          format: 'RGBA',
          codedWidth: copy.width,
          codedHeight: copy.height,
          timestamp,
        });
        return writer.write(frame);
      },
      close: () => {
        void writer.close().catch(() => undefined);
        track.stop();
      },
    };
  }
  if (typeof canvas.captureStream !== 'function')
    throw new ClipUnsupportedError('the canvas cannot be captured (no captureStream).');
  const stream = canvas.captureStream(0);
  const track = stream.getVideoTracks()[0] as CanvasCaptureMediaStreamTrack | undefined;
  if (!track) throw new ClipUnsupportedError('capturing the canvas gave no video track.');
  return {
    stream,
    capture: async () => {
      track.requestFrame();
      // The frame is taken when the page is next drawn.
      await nextAnimationFrame(win);
      await nextAnimationFrame(win);
    },
    close: () => track.stop(),
  };
}

/** Chromium's `MediaStreamTrackGenerator` (not in TypeScript's DOM types). */
type TrackGeneratorClass = new (init: { kind: 'video' }) => MediaStreamTrack & {
  readonly writable: WritableStream<VideoFrame>;
};

function nextAnimationFrame(win: Window): Promise<void> {
  return new Promise((resolve) => win.requestAnimationFrame(() => resolve()));
}

/** The first of {@link CLIP_MIME_TYPES} this browser records, or a {@link ClipUnsupportedError}. */
export function supportedClipType(win: Window & typeof globalThis): string {
  if (typeof win.MediaRecorder !== 'function')
    throw new ClipUnsupportedError('MediaRecorder is not available.');
  const type = CLIP_MIME_TYPES.find((candidate) => win.MediaRecorder.isTypeSupported(candidate));
  if (type === undefined)
    throw new ClipUnsupportedError(`MediaRecorder records none of ${CLIP_MIME_TYPES.join(', ')}.`);
  return type;
}

function throwIfCanceled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ClipCanceledError('The clip was canceled.');
}

/** Resolves at `time` on the page's clock (ms), or at once when it has passed. */
function waitUntil(win: Window, time: number): Promise<void> {
  const delay = time - win.performance.now();
  if (delay <= 0) return Promise.resolve();
  return new Promise((resolve) => win.setTimeout(resolve, delay));
}

function describeRecorderError(event: Event): string {
  const error = (event as Event & { error?: unknown }).error;
  return error instanceof Error ? error.message : String(error ?? event.type);
}
