/**
 * What the physics layer asks the audio side to play: a short ring of sound requests,
 * preallocated, filled by {@link ImpactSounds} during physics steps and emptied by the page's
 * player once a frame. Plain numbers only, so the physics layer needs no Web Audio and the
 * ring runs the same in Node.
 */

/** The sounds there are: what was hit, or a BLAST. */
export const SOUND_KINDS = ['body', 'ball', 'box', 'stage', 'blast'] as const;

/** One of {@link SOUND_KINDS}. */
export type SoundKind = (typeof SOUND_KINDS)[number];

/** Index of each kind in {@link SOUND_KINDS}, as stored in the ring. */
export const SOUND_KIND_CODE: Readonly<Record<SoundKind, number>> = {
  body: 0,
  ball: 1,
  box: 2,
  stage: 3,
  blast: 4,
};

/** One request, copied out of the ring into a caller-owned object (see {@link SoundRequestRing.shift}). */
export interface SoundRequest {
  kind: SoundKind;
  /** Simulated time of the step that made it, seconds since the sandbox was made. */
  time: number;
  /** Loudness, 0..1 (before VOLUME). */
  gain: number;
  /** How bright the sound is, 0 (dull thud) .. 1 (sharp crack). */
  brightness: number;
  /** Where it happened, world metres. */
  x: number;
  y: number;
  z: number;
}

/** A fresh request object to copy into (made once by the consumer, reused). */
export function soundRequest(): SoundRequest {
  return { kind: 'body', time: 0, gain: 0, brightness: 0, x: 0, y: 0, z: 0 };
}

/** Requests the ring keeps by default: far more than the voices a frame can start. */
export const SOUND_RING_CAPACITY = 128;

/**
 * A fixed-size ring of sound requests. When full, a new request replaces the oldest one (a
 * consumer that stopped reading loses old sounds, never memory). Allocates nothing after
 * construction.
 */
export class SoundRequestRing {
  private readonly kinds: Uint8Array;
  private readonly numbers: Float64Array;
  private written = 0;
  private read = 0;

  /** @param capacity how many requests it holds before the oldest is overwritten. */
  constructor(readonly capacity = SOUND_RING_CAPACITY) {
    this.kinds = new Uint8Array(capacity);
    this.numbers = new Float64Array(capacity * FIELDS);
  }

  /** Requests waiting to be read. */
  get size(): number {
    return this.written - this.read;
  }

  /** Requests ever pushed (overwritten ones included). */
  get total(): number {
    return this.written;
  }

  /** Adds a request; see {@link SoundRequest} for the units. */
  push(
    kind: SoundKind,
    time: number,
    gain: number,
    brightness: number,
    x: number,
    y: number,
    z: number,
  ): void {
    const slot = this.written % this.capacity;
    this.kinds[slot] = SOUND_KIND_CODE[kind];
    const at = slot * FIELDS;
    const numbers = this.numbers;
    numbers[at] = time;
    numbers[at + 1] = gain;
    numbers[at + 2] = brightness;
    numbers[at + 3] = x;
    numbers[at + 4] = y;
    numbers[at + 5] = z;
    this.written++;
    if (this.written - this.read > this.capacity) this.read = this.written - this.capacity;
  }

  /** Copies the oldest waiting request into `out` and removes it; false when none waits. */
  shift(out: SoundRequest): boolean {
    if (this.read === this.written) return false;
    const slot = this.read % this.capacity;
    out.kind = SOUND_KINDS[this.kinds[slot]!]!;
    const at = slot * FIELDS;
    const numbers = this.numbers;
    out.time = numbers[at]!;
    out.gain = numbers[at + 1]!;
    out.brightness = numbers[at + 2]!;
    out.x = numbers[at + 3]!;
    out.y = numbers[at + 4]!;
    out.z = numbers[at + 5]!;
    this.read++;
    return true;
  }

  /** Forgets every waiting request. */
  clear(): void {
    this.read = this.written;
  }
}

/** Numbers per request: time, gain, brightness, x, y, z. */
const FIELDS = 6;
