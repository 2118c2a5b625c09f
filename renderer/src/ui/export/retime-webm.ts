/**
 * Gives the video frames of a WebM file made by MediaRecorder exact times: frame `i` at
 * `i / fps` seconds, and the segment's Duration `frames / fps`.
 *
 * MediaRecorder stamps each frame with the wall-clock time it arrived, so a clip whose frames
 * were drawn slower than real time (a slow graphics driver, a busy machine) would play slowed
 * down. The recorder draws frame `i` no earlier than `i / fps` after the start, so every stamp
 * written is at or after the exact time and the new values fit in the bytes of the old ones:
 * the file is rewritten in place, its size and layout unchanged. Elements: the Matroska
 * specification (RFC 9559); MediaRecorder's "live" files have Segments and Clusters of
 * unknown size, which the walk steps into like any container.
 */

const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMESTAMP_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const CLUSTER = 0x1f43b675;
const CLUSTER_TIMESTAMP = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_NUMBER = 0xd7;
const TRACK_TYPE = 0x83;
const EBML = 0x1a45dfa3;
const CONTAINERS = new Set([EBML, SEGMENT, INFO, TRACKS, TRACK_ENTRY, CLUSTER, BLOCK_GROUP]);
const VIDEO_TRACK_TYPE = 1;

/** A file this cannot retime (not a WebM as MediaRecorder writes it). */
export class WebmRetimeError extends Error {
  override name = 'WebmRetimeError';
}

/** What was rewritten. */
export interface RetimedWebm {
  /** Video frames found (and stamped). */
  readonly frames: number;
}

/**
 * Restamps the video frames of `bytes` (changed in place) at `fps`. Throws a
 * {@link WebmRetimeError} when the file is not laid out as expected or a new stamp does not
 * fit where the old one was.
 */
export function retimeWebm(bytes: Uint8Array, fps: number): RetimedWebm {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const blocks: { at: number; track: number; cluster: number }[] = [];
  const clusters: { start: number; end: number }[] = [];
  const tracks: { number: number; type: number }[] = [];
  let duration: { start: number; end: number } | undefined;
  let scale = 1_000_000;
  let offset = 0;
  while (offset < bytes.length) {
    const id = readVint(bytes, offset, true) as { value: number; length: number };
    const size = readVint(bytes, offset + id.length, false);
    const body = offset + id.length + size.length;
    const end = size.value === null ? bytes.length : body + size.value;
    if (end > bytes.length)
      throw new WebmRetimeError(`an element at byte ${offset} runs past the end`);
    if (CONTAINERS.has(id.value)) {
      if (id.value === TRACK_ENTRY) tracks.push({ number: 0, type: 0 });
      offset = body;
      continue;
    }
    const track = tracks[tracks.length - 1];
    if (id.value === TIMESTAMP_SCALE) scale = readUint(bytes, body, end);
    else if (id.value === DURATION) duration = { start: body, end };
    else if (id.value === TRACK_NUMBER && track) track.number = readUint(bytes, body, end);
    else if (id.value === TRACK_TYPE && track) track.type = readUint(bytes, body, end);
    else if (id.value === CLUSTER_TIMESTAMP) clusters.push({ start: body, end });
    else if (id.value === SIMPLE_BLOCK || id.value === BLOCK) {
      const number = readVint(bytes, body, false);
      blocks.push({
        at: body + number.length,
        track: number.value ?? 0,
        cluster: clusters.length - 1,
      });
    }
    offset = end;
  }
  const video = tracks.find((t) => t.type === VIDEO_TRACK_TYPE);
  if (!video) throw new WebmRetimeError('the file has no video track');
  const frames = blocks.filter((block) => block.track === video.number);
  if (frames.some((frame) => frame.cluster < 0))
    throw new WebmRetimeError('a frame comes before any cluster timestamp');
  const ticksPerSecond = 1e9 / scale;
  const timeOf = (index: number): number => Math.round((index * ticksPerSecond) / fps);
  // Each cluster starts at the exact time of its first frame.
  const clusterTimes = clusters.map(() => -1);
  frames.forEach((frame, index) => {
    if (clusterTimes[frame.cluster] === -1) clusterTimes[frame.cluster] = timeOf(index);
  });
  clusters.forEach((cluster, c) => {
    const old = readUint(bytes, cluster.start, cluster.end);
    const time = clusterTimes[c] === -1 ? old : clusterTimes[c]!;
    writeUint(bytes, cluster.start, cluster.end, time);
  });
  frames.forEach((frame, index) => {
    const relative = timeOf(index) - clusterTimes[frame.cluster]!;
    if (relative > 0x7fff) throw new WebmRetimeError('a cluster spans more than 32 s');
    view.setInt16(frame.at, relative);
  });
  if (duration) {
    const total = (frames.length * ticksPerSecond) / fps;
    if (duration.end - duration.start === 4) view.setFloat32(duration.start, total);
    else view.setFloat64(duration.start, total);
  }
  return { frames: frames.length };
}

/** An EBML variable-length number: an id keeps its marker bits; a size of all ones is null. */
function readVint(
  bytes: Uint8Array,
  offset: number,
  isId: boolean,
): { value: number | null; length: number } {
  const first = bytes[offset];
  if (first === undefined) throw new WebmRetimeError(`the file is cut off at byte ${offset}`);
  const length = Math.clz32(first) - 23;
  if (length < 1 || length > (isId ? 4 : 8))
    throw new WebmRetimeError(`byte ${offset} starts no element`);
  let value = isId ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[offset + i] ?? 0;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value: !isId && allOnes ? null : value, length };
}

function readUint(bytes: Uint8Array, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) value = value * 256 + bytes[i]!;
  return value;
}

/** Writes `value` big-endian into exactly the bytes [start, end). */
function writeUint(bytes: Uint8Array, start: number, end: number, value: number): void {
  if (value >= 256 ** (end - start))
    throw new WebmRetimeError('a new timestamp does not fit where the old one was');
  let rest = value;
  for (let i = end - 1; i >= start; i--) {
    bytes[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
}
