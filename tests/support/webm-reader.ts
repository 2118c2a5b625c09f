/**
 * A small WebM (Matroska/EBML) reader for the clip export's tests: the EBML header, the
 * segment's timestamp scale and duration (when written), the video track's codec and size,
 * every video frame's time, and the audio track when there is one (codec, rate, channels,
 * codec private data and each block's time and bytes). It walks the elements in file order and steps into the container
 * elements, so it also reads the "live" files MediaRecorder writes, whose Segment and Clusters
 * have an unknown size. Element ids and layout: the Matroska specification (RFC 9559).
 */

/** What a WebM file holds, as far as the tests need it. */
export interface WebmSummary {
  /** The DocType of the EBML header ("webm"). */
  readonly docType: string;
  /** Nanoseconds per timestamp tick (1,000,000 unless the file says otherwise). */
  readonly timestampScaleNs: number;
  /** The segment's Duration in seconds, when the file carries one. */
  readonly durationSeconds: number | undefined;
  /** The video track's codec id ("V_VP8", "V_VP9" …) and picture size. */
  readonly video: { readonly codec: string; readonly width: number; readonly height: number };
  /** Each video frame's presentation time, seconds, in file order. */
  readonly frameTimes: readonly number[];
  /** The audio track, or undefined when the file has none. */
  readonly audio: WebmAudio | undefined;
}

/** An audio track as written. */
export interface WebmAudio {
  /** "A_OPUS", "A_VORBIS" … */
  readonly codec: string;
  readonly sampleRate: number;
  readonly channels: number;
  /** CodecPrivate (for Opus, the `OpusHead` a decoder is configured with). */
  readonly codecPrivate: Uint8Array | undefined;
  /** CodecDelay, seconds (Opus's pre-skip), 0 when not written. */
  readonly codecDelaySeconds: number;
  /** Each block's presentation time (seconds) and payload, in file order. */
  readonly blocks: readonly { readonly time: number; readonly data: Uint8Array }[];
}

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMESTAMP_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_NUMBER = 0xd7;
const TRACK_TYPE = 0x83;
const CODEC_ID = 0x86;
const VIDEO = 0xe0;
const PIXEL_WIDTH = 0xb0;
const PIXEL_HEIGHT = 0xba;
const AUDIO = 0xe1;
const SAMPLING_FREQUENCY = 0xb5;
const CHANNELS = 0x9f;
const CODEC_PRIVATE = 0x63a2;
const CODEC_DELAY = 0x56aa;
const CLUSTER = 0x1f43b675;
const CLUSTER_TIMESTAMP = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
/** Elements whose body is more elements, which the walk steps into. */
const CONTAINERS = new Set([
  EBML,
  SEGMENT,
  INFO,
  TRACKS,
  TRACK_ENTRY,
  VIDEO,
  AUDIO,
  CLUSTER,
  BLOCK_GROUP,
]);
const VIDEO_TRACK_TYPE = 1;
const AUDIO_TRACK_TYPE = 2;

interface TrackRead {
  number: number;
  type: number;
  codec: string;
  width: number;
  height: number;
  sampleRate: number;
  channels: number;
  codecPrivate: Uint8Array | undefined;
  codecDelayNs: number;
}

/** A damaged or unexpected file: says where and what. */
export class WebmReadError extends Error {
  override name = 'WebmReadError';
}

/** Reads `bytes` as a WebM file; throws a {@link WebmReadError} when it is not one. */
export function readWebm(bytes: Uint8Array): WebmSummary {
  if (readId(bytes, 0).value !== EBML)
    throw new WebmReadError('The file does not start with the EBML header (1A 45 DF A3).');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let docType = '';
  let scale = 1_000_000;
  let duration: number | undefined;
  const tracks: TrackRead[] = [];
  let clusterTime = 0;
  const blocks: { track: number; time: number; data: Uint8Array }[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const id = readId(bytes, offset);
    const size = readSize(bytes, offset + id.length);
    const body = offset + id.length + size.length;
    const end = size.value === null ? bytes.length : body + size.value;
    if (end > bytes.length)
      throw new WebmReadError(`Element ${hex(id.value)} at ${offset} runs past the end.`);
    if (CONTAINERS.has(id.value)) {
      if (id.value === TRACK_ENTRY)
        tracks.push({
          number: 0,
          type: 0,
          codec: '',
          width: 0,
          height: 0,
          sampleRate: 0,
          channels: 1,
          codecPrivate: undefined,
          codecDelayNs: 0,
        });
      offset = body;
      continue;
    }
    const track = tracks[tracks.length - 1];
    switch (id.value) {
      case DOC_TYPE:
        docType = new TextDecoder().decode(bytes.subarray(body, end)).replace(/\0+$/, '');
        break;
      case TIMESTAMP_SCALE:
        scale = readUint(bytes, body, end);
        break;
      case DURATION:
        duration = readFloat(view, body, end);
        break;
      case TRACK_NUMBER:
        if (track) track.number = readUint(bytes, body, end);
        break;
      case TRACK_TYPE:
        if (track) track.type = readUint(bytes, body, end);
        break;
      case CODEC_ID:
        if (track) track.codec = new TextDecoder().decode(bytes.subarray(body, end));
        break;
      case PIXEL_WIDTH:
        if (track) track.width = readUint(bytes, body, end);
        break;
      case PIXEL_HEIGHT:
        if (track) track.height = readUint(bytes, body, end);
        break;
      case SAMPLING_FREQUENCY:
        if (track) track.sampleRate = readFloat(view, body, end);
        break;
      case CHANNELS:
        if (track) track.channels = readUint(bytes, body, end);
        break;
      case CODEC_PRIVATE:
        if (track) track.codecPrivate = bytes.slice(body, end);
        break;
      case CODEC_DELAY:
        if (track) track.codecDelayNs = readUint(bytes, body, end);
        break;
      case CLUSTER_TIMESTAMP:
        clusterTime = readUint(bytes, body, end);
        break;
      case SIMPLE_BLOCK:
      case BLOCK: {
        const number = readSize(bytes, body);
        const at = body + number.length;
        if ((bytes[at + 2]! & 0x06) !== 0)
          throw new WebmReadError(`The block at ${offset} uses lacing, which this reader skips.`);
        blocks.push({
          track: number.value ?? 0,
          time: clusterTime + view.getInt16(at),
          data: bytes.subarray(at + 3, end),
        });
        break;
      }
    }
    offset = end;
  }
  const video = tracks.find((t) => t.type === VIDEO_TRACK_TYPE);
  if (!video) throw new WebmReadError('The file has no video track.');
  const frames = blocks.filter((block) => block.track === video.number);
  const sound = tracks.find((t) => t.type === AUDIO_TRACK_TYPE);
  const audio: WebmAudio | undefined = sound && {
    codec: sound.codec,
    sampleRate: sound.sampleRate,
    channels: sound.channels,
    codecPrivate: sound.codecPrivate,
    codecDelaySeconds: sound.codecDelayNs / 1e9,
    blocks: blocks
      .filter((block) => block.track === sound.number)
      .map((block) => ({ time: (block.time * scale) / 1e9, data: block.data })),
  };
  return {
    docType,
    timestampScaleNs: scale,
    durationSeconds: duration === undefined ? undefined : (duration * scale) / 1e9,
    video: { codec: video.codec, width: video.width, height: video.height },
    frameTimes: frames.map((frame) => (frame.time * scale) / 1e9),
    audio,
  };
}

/**
 * How long one Opus packet plays, seconds, from its TOC byte (RFC 6716 §3.1): the frame size
 * its configuration names times the frames it holds.
 */
export function opusPacketSeconds(packet: Uint8Array): number {
  const toc = packet[0];
  if (toc === undefined) throw new WebmReadError('An Opus packet is empty.');
  const config = toc >> 3;
  const frameMs =
    config < 12
      ? [10, 20, 40, 60][config & 3]!
      : config < 16
        ? [10, 20][config & 1]!
        : [2.5, 5, 10, 20][config & 3]!;
  const code = toc & 3;
  const frames = code === 0 ? 1 : code < 3 ? 2 : (packet[1] ?? 0) & 0x3f;
  return (frameMs * frames) / 1000;
}

/** An element id: its marker bits stay in the value, as the specification writes ids. */
function readId(bytes: Uint8Array, offset: number): { value: number; length: number } {
  const first = bytes[offset];
  if (first === undefined) throw new WebmReadError(`An element id is cut off at byte ${offset}.`);
  const length = Math.clz32(first) - 23;
  if (length < 1 || length > 4) throw new WebmReadError(`Byte ${offset} starts no element id.`);
  let value = 0;
  for (let i = 0; i < length; i++) value = value * 256 + (bytes[offset + i] ?? 0);
  return { value, length };
}

/** A variable-length size (or track number); null for "unknown" (every value bit set). */
function readSize(bytes: Uint8Array, offset: number): { value: number | null; length: number } {
  const first = bytes[offset];
  if (first === undefined) throw new WebmReadError(`A size is cut off at byte ${offset}.`);
  const length = Math.clz32(first) - 23;
  if (length < 1 || length > 8) throw new WebmReadError(`Byte ${offset} starts no size.`);
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[offset + i] ?? 0;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value: allOnes ? null : value, length };
}

function readUint(bytes: Uint8Array, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) value = value * 256 + bytes[i]!;
  return value;
}

/** An EBML float: 4 or 8 bytes, big-endian. */
function readFloat(view: DataView, start: number, end: number): number {
  return end - start === 4 ? view.getFloat32(start) : view.getFloat64(start);
}

function hex(id: number): string {
  return id.toString(16).toUpperCase();
}
