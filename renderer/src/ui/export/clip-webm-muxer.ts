import {
  AudioBufferSource,
  BufferTarget,
  EncodedPacket,
  EncodedVideoPacketSource,
  Output,
  QUALITY_HIGH,
  VideoSample,
  VideoSampleSource,
  WebMOutputFormat,
} from 'mediabunny';

type WebmOutput = Output<WebMOutputFormat, BufferTarget>;

/**
 * Starts a WebM file in memory with `video` as its track at `fps` frames per second and, given
 * `audio`, an Opus track of that sound, handed over whole before the first frame (see
 * {@link ClipWebmMuxer.open}).
 */
async function startWebm(
  video: EncodedVideoPacketSource | VideoSampleSource,
  fps: number,
  audio: AudioBuffer | null,
): Promise<WebmOutput> {
  const output = new Output({ format: new WebMOutputFormat(), target: new BufferTarget() });
  output.addVideoTrack(video, { frameRate: fps });
  const sound = audio ? new AudioBufferSource({ codec: 'opus', quality: QUALITY_HIGH }) : null;
  if (sound) output.addAudioTrack(sound);
  await output.start();
  if (sound && audio) {
    await sound.add(audio);
    sound.close();
  }
  return output;
}

/** Ends the file (its video source already closed) and returns its bytes. */
async function finishWebm(output: WebmOutput): Promise<Uint8Array> {
  await output.finalize();
  const buffer = output.target.buffer;
  if (!buffer) throw new Error('the WebM writer produced no bytes.');
  return new Uint8Array(buffer);
}

/**
 * Puts encoded video frames into a WebM file in memory, with mediabunny (pure TypeScript,
 * the maintained successor of webm-muxer). This module is loaded only when a clip is
 * exported (see ui/lazy/clip-webm-muxer.ts), so the muxer is not in the start bundle.
 */
export class ClipWebmMuxer {
  /** Packets are handed over one after another, in the order the encoder made them. */
  private queue: Promise<void> = Promise.resolve();
  private packets = 0;

  private constructor(
    private readonly output: WebmOutput,
    private readonly source: EncodedVideoPacketSource,
  ) {}

  /**
   * Starts a WebM file with one video track and, given `audio`, an Opus track of it.
   *
   * @param codec - what the frames are encoded with
   * @param fps - the clip's frames per second (written as the track's frame rate)
   * @param audio - the clip's sound from its first frame on, or null for a silent file. It is
   *   encoded with WebCodecs' `AudioEncoder` (mediabunny's `AudioBufferSource`) and handed
   *   over whole before the first frame: the file's blocks are interleaved by time, so the
   *   frames then go out as they come instead of waiting for the sound.
   */
  static async open(
    codec: 'vp8' | 'vp9',
    fps: number,
    audio: AudioBuffer | null = null,
  ): Promise<ClipWebmMuxer> {
    const source = new EncodedVideoPacketSource(codec);
    return new ClipWebmMuxer(await startWebm(source, fps, audio), source);
  }

  /** How many frames were handed over so far. */
  get frames(): number {
    return this.packets;
  }

  /** Adds one encoded frame (call from the encoder's output callback, in its order). */
  add(chunk: EncodedVideoChunk, meta: EncodedVideoChunkMetadata | undefined): void {
    const packet = EncodedPacket.fromEncodedChunk(chunk);
    this.packets++;
    this.queue = this.queue.then(() => this.source.add(packet, meta));
  }

  /** Ends the file and returns its bytes (throws when a frame could not be added). */
  async finish(): Promise<Uint8Array> {
    await this.queue;
    this.source.close();
    return finishWebm(this.output);
  }

  /** Throws the unfinished file away. */
  async cancel(): Promise<void> {
    await this.queue.catch(() => undefined);
    await this.output.cancel();
  }
}

/**
 * A WebM file whose video keeps the frames' alpha channel, for a clip on a transparent
 * background, and its sound as Opus beside it. WebCodecs' VP8 and VP9 encoders drop alpha, so
 * mediabunny encodes each frame twice: its colour, and its alpha as a grey picture in a second
 * encoder, stored as the colour frame's WebM BlockAdditional (the layout Chromium and ffmpeg's
 * libvpx decoders read as "alpha mode"). The sound is an ordinary second track, as in
 * {@link ClipWebmMuxer}: alpha lives in the video's blocks and does not touch it.
 */
export class ClipAlphaWebmWriter {
  private added = 0;

  private constructor(
    private readonly output: WebmOutput,
    private readonly source: VideoSampleSource,
  ) {}

  /**
   * Starts the file.
   *
   * @param codec - what the frames are encoded with
   * @param fps - the clip's frames per second
   * @param bitsPerSecond - asked of each encoder
   * @param keyFrameSeconds - a key frame at least this often, seconds
   * @param audio - the clip's sound from its first frame on, or null (see {@link ClipWebmMuxer.open})
   */
  static async open(
    codec: 'vp8' | 'vp9',
    fps: number,
    bitsPerSecond: number,
    keyFrameSeconds: number,
    audio: AudioBuffer | null = null,
  ): Promise<ClipAlphaWebmWriter> {
    const source = new VideoSampleSource({
      codec,
      bitrate: bitsPerSecond,
      keyFrameInterval: keyFrameSeconds,
      alpha: 'keep',
    });
    return new ClipAlphaWebmWriter(await startWebm(source, fps, audio), source);
  }

  /** How many frames were encoded so far. */
  get frames(): number {
    return this.added;
  }

  /**
   * Encodes `frame` (its timestamp and duration as stamped) and closes it; resolves when
   * the encoders are ready for the next one.
   */
  async add(frame: VideoFrame): Promise<void> {
    const sample = new VideoSample(frame);
    try {
      await this.source.add(sample);
      this.added++;
    } finally {
      sample.close();
    }
  }

  /** Ends the file and returns its bytes. */
  async finish(): Promise<Uint8Array> {
    this.source.close();
    return finishWebm(this.output);
  }

  /** Throws the unfinished file away. */
  async cancel(): Promise<void> {
    await this.output.cancel();
  }
}
