import type { QuatLike, Vec3Like } from './vector-math';

/** Numbers per body in {@link BodyTransforms.data}: position x, y, z (metres), rotation x, y, z, w. */
export const TRANSFORM_FLOATS = 7;

/** Bodies the buffer first makes room for; it doubles when a scene has more. */
const INITIAL_CAPACITY = 128;

/** Reads one body's transform from a packed set: what a drawn frame reads every body through. */
export interface TransformReader {
  /**
   * Copies body `handle`'s transform into `position` (metres) and `rotation`; false when the
   * set has no such body. Allocates nothing.
   */
  read(handle: number, position: Vec3Like, rotation: QuatLike): boolean;
}

/** What a {@link BodyTransforms} is filled from: the bodies that can be read, and reading one. */
export interface TransformSource {
  /** The handle of every body that can be read (drawn or not), in a stable order. */
  readonly readableHandles: readonly number[];
  /** Changes whenever {@link readableHandles} does. */
  readonly readableVersion: number;
  readTransform(handle: number, position: Vec3Like, rotation: QuatLike): boolean;
}

/**
 * Every readable body's transform at one moment, packed into one `Float64Array` of
 * {@link TRANSFORM_FLOATS} numbers per body, in the order of {@link handles}. It is what a
 * drawn frame reads instead of asking the physics body by body (each of Rapier's reads
 * allocates in its WebAssembly glue and crosses into WebAssembly), and the shape in which a
 * physics thread hands its state to the page: one buffer per step set, not a message per body.
 *
 * Numbers are the physics' own, copied exactly (Rapier's are 32-bit floats; an MMD body that
 * follows its part is computed in doubles). Filling allocates nothing unless the bodies changed
 * since the last fill, and the buffer only grows when a scene holds more bodies than ever before.
 */
export class BodyTransforms implements TransformReader {
  /** The transforms, {@link TRANSFORM_FLOATS} per body in {@link handles} order. */
  data: Float64Array<ArrayBuffer>;
  /** Body handle at each slot; the first {@link count} are in use. */
  handles: number[] = [];
  /** The source's {@link TransformSource.readableVersion} the slots follow (-1: never filled). */
  version = -1;
  private readonly slotOf = new Map<number, number>();

  /** @param capacity bodies to make room for at first (the buffer doubles when it must). */
  constructor(capacity = INITIAL_CAPACITY) {
    this.data = new Float64Array(capacity * TRANSFORM_FLOATS);
  }

  /** Bodies in the set. */
  get count(): number {
    return this.handles.length;
  }

  /**
   * Reads every body of `source` now. A body the source cannot read keeps its slot, marked
   * missing, and {@link read} answers false for it.
   */
  fill(source: TransformSource): void {
    if (source.readableVersion !== this.version) {
      this.layOut(source.readableHandles);
      const needed = this.handles.length * TRANSFORM_FLOATS;
      if (needed > this.data.length) {
        this.data = new Float64Array(Math.max(needed, this.data.length * 2));
      }
    }
    this.version = source.readableVersion;
    const handles = this.handles;
    for (let slot = 0; slot < handles.length; slot++) {
      if (!source.readTransform(handles[slot]!, scratchPosition, scratchRotation)) {
        this.writeSlot(slot, ORIGIN, NO_TRANSFORM);
        continue;
      }
      this.writeSlot(slot, scratchPosition, scratchRotation);
    }
  }

  read(handle: number, position: Vec3Like, rotation: QuatLike): boolean {
    const slot = this.slotOf.get(handle);
    if (slot === undefined) return false;
    const at = slot * TRANSFORM_FLOATS;
    if (this.data[at + 6] === MISSING_W) return false;
    readPackedTransform(this.data, at, position, rotation);
    return true;
  }

  /**
   * Takes a set packed elsewhere (another thread's {@link fill}, sent as its {@link data}) as
   * this one's: `handles` must come with every change of `version`, and may be left out while
   * it stays the same. The buffer is used as it is, not copied.
   */
  adopt(data: Float64Array<ArrayBuffer>, version: number, handles?: readonly number[]): void {
    if (version !== this.version) {
      if (!handles) throw new RangeError(`Transforms of layout ${version} came without handles.`);
      this.layOut(handles);
    }
    if (data.length < this.handles.length * TRANSFORM_FLOATS)
      throw new RangeError(`${data.length} numbers cannot hold ${this.handles.length} bodies.`);
    this.version = version;
    this.data = data;
  }

  /** Gives each handle a slot. */
  private layOut(handles: readonly number[]): void {
    this.handles.length = 0;
    this.slotOf.clear();
    for (let slot = 0; slot < handles.length; slot++) {
      this.handles.push(handles[slot]!);
      this.slotOf.set(handles[slot]!, slot);
    }
  }

  private writeSlot(slot: number, position: Vec3Like, rotation: QuatLike): void {
    writePackedTransform(this.data, slot * TRANSFORM_FLOATS, position, rotation);
  }
}

/**
 * Packs `position` and `rotation` into `data` at `at` (position x, y, z, then rotation x, y, z,
 * w: {@link TRANSFORM_FLOATS} numbers), the layout {@link readPackedTransform} reads back.
 * Allocates nothing.
 */
export function writePackedTransform(
  data: Float64Array | Float32Array,
  at: number,
  position: Vec3Like,
  rotation: QuatLike,
): void {
  data[at] = position.x;
  data[at + 1] = position.y;
  data[at + 2] = position.z;
  data[at + 3] = rotation.x;
  data[at + 4] = rotation.y;
  data[at + 5] = rotation.z;
  data[at + 6] = rotation.w;
}

/**
 * Copies the transform packed at `at` in `data` (position x, y, z, then rotation x, y, z, w:
 * {@link TRANSFORM_FLOATS} numbers) into `position` and `rotation`. Allocates nothing.
 */
export function readPackedTransform(
  data: ArrayLike<number>,
  at: number,
  position: Vec3Like,
  rotation: QuatLike,
): void {
  position.x = data[at]!;
  position.y = data[at + 1]!;
  position.z = data[at + 2]!;
  rotation.x = data[at + 3]!;
  rotation.y = data[at + 4]!;
  rotation.z = data[at + 5]!;
  rotation.w = data[at + 6]!;
}

/**
 * The `w` written for a body that could not be read. No unit quaternion has a `w` outside
 * [-1, 1], so it cannot be mistaken for a rotation.
 */
const MISSING_W = 2;
const ORIGIN: Vec3Like = { x: 0, y: 0, z: 0 };
const NO_TRANSFORM: QuatLike = { x: 0, y: 0, z: 0, w: MISSING_W };
const scratchPosition: Vec3Like = { x: 0, y: 0, z: 0 };
const scratchRotation: QuatLike = { x: 0, y: 0, z: 0, w: 1 };
