import { RECORD_RATE_HZ, RECORD_SECONDS } from './scene-recorder';
import type { EncodedSprings } from './spring-state-codec';
import {
  ENCODED_SPRING_BYTES,
  SPRING_OFFSETS,
  SPRING_STATE_LENGTH,
  SPRING_WORDS,
  decodeSpringState,
  encodeSpringState,
} from './spring-state-codec';

/**
 * Most bytes one model's spring history holds (8 MiB): a full minute for up to 105 joints;
 * a model with more keeps a shorter history. Six avatars stay within 48 MiB besides the
 * bodies' recording.
 */
export const SPRING_MAX_BYTES = 8 * 1024 * 1024;

export interface SpringStateRingOptions {
  /** Seconds of history (default the recorder's). */
  readonly seconds?: number;
  /** Most bytes held (default {@link SPRING_MAX_BYTES}). */
  readonly maxBytes?: number;
}

/**
 * The recorded states of one model's spring joints, beside the {@link SceneRecorder}'s frames:
 * a ring of preallocated typed arrays in the compact form of `spring-state-codec.ts`, indexed
 * by the recorder's frame numbers. Each entry carries the recorder's serial for its frame
 * (`SceneRecorder.serialAt`), so an entry of a future forgotten by resuming from the past is
 * never taken for the frame recorded again in its place. Plain numbers: the view fills it.
 * Allocates only when made.
 */
export class SpringStateRing {
  /** Frames held at most. */
  readonly frameCapacity: number;
  private readonly states: EncodedSprings;
  /** The recorder's serial (≥ 1) of the frame each entry holds; 0 while empty. */
  private readonly serials: Int32Array;

  /** @param jointCount how many joints each frame holds */
  constructor(
    readonly jointCount: number,
    options: SpringStateRingOptions = {},
  ) {
    const wanted = Math.round((options.seconds ?? RECORD_SECONDS) * RECORD_RATE_HZ);
    const perFrame = jointCount * ENCODED_SPRING_BYTES + 4;
    this.frameCapacity = Math.max(
      1,
      Math.min(wanted, Math.floor((options.maxBytes ?? SPRING_MAX_BYTES) / perFrame)),
    );
    const slots = this.frameCapacity * jointCount;
    this.states = {
      words: new Uint32Array(slots * SPRING_WORDS),
      offsets: new Int16Array(slots * SPRING_OFFSETS),
    };
    this.serials = new Int32Array(this.frameCapacity);
  }

  /** Bytes held by the ring's arrays. */
  get byteLength(): number {
    return this.states.words.byteLength + this.states.offsets.byteLength + this.serials.byteLength;
  }

  /** Whether the entry for `frame` holds the recording of it numbered `serial`. */
  holds(frame: number, serial: number): boolean {
    return frame >= 0 && serial !== 0 && this.serials[frame % this.frameCapacity] === serial;
  }

  /**
   * Stores the states of every joint (10 numbers each, joint after joint, from `source`) as
   * frame `frame`, recorded as `serial`. Allocates nothing.
   */
  write(frame: number, serial: number, source: Float64Array): void {
    const index = frame % this.frameCapacity;
    const base = index * this.jointCount;
    for (let j = 0; j < this.jointCount; j++)
      encodeSpringState(source, j * SPRING_STATE_LENGTH, this.states, base + j);
    this.serials[index] = serial;
  }

  /**
   * Copies a held frame's joint states into `target` (10 numbers a joint). Throws a RangeError
   * unless the frame is held as `serial`. Allocates nothing when it is.
   */
  read(frame: number, serial: number, target: Float64Array): void {
    if (!this.holds(frame, serial))
      throw new RangeError(`Spring states of frame ${frame} are not recorded.`);
    const base = (frame % this.frameCapacity) * this.jointCount;
    for (let j = 0; j < this.jointCount; j++)
      decodeSpringState(this.states, base + j, target, j * SPRING_STATE_LENGTH);
  }
}
