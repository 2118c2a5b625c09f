import type { SimBody } from '../physics/body-registry';
import type { BodySource } from './body-meshes';

/** Bodies the table first makes room for; it doubles when a scene has more. */
const INITIAL_CAPACITY = 128;

type Position = { x: number; y: number; z: number };
type Rotation = { x: number; y: number; z: number; w: number };

/**
 * The bodies' transforms as one drawn frame reads them: between {@link begin} and {@link end}
 * each body is read from the physics once, however many readers ask (the body meshes, the
 * avatars' pose writers and stillness checks, the follow camera, the pin markers each read
 * the same parts). Every read of Rapier's body transform allocates in its WebAssembly glue
 * and crosses into WebAssembly; with six avatars the view asked about three times per body.
 *
 * Outside a frame every read goes straight to the physics, so nothing that moves bodies
 * between frames (steps, grabs, rewinds, presets) can be answered from an older copy. The
 * values are the physics' own numbers, copied exactly. Allocates nothing per read; the table
 * grows only when the scene holds more bodies than ever before.
 */
export class FramePoses implements BodySource {
  private readonly slotOf = new Map<number, number>();
  private positions: Float64Array<ArrayBuffer>;
  private rotations: Float64Array<ArrayBuffer>;
  /** The frame each slot was last read in (0: never). */
  private readFrame: Float64Array<ArrayBuffer>;
  private frame = 0;
  private inFrame = false;
  private seenVersion = -1;
  private readonly position: Position = { x: 0, y: 0, z: 0 };
  private readonly rotation: Rotation = { x: 0, y: 0, z: 0, w: 1 };

  /** @param capacity bodies to make room for at first (the table doubles when it must). */
  constructor(
    private readonly source: BodySource,
    capacity = INITIAL_CAPACITY,
  ) {
    this.positions = new Float64Array(capacity * 3);
    this.rotations = new Float64Array(capacity * 4);
    this.readFrame = new Float64Array(capacity);
  }

  get bodies(): readonly SimBody[] {
    return this.source.bodies;
  }

  get bodiesVersion(): number {
    return this.source.bodiesVersion;
  }

  /** Starts a drawn frame: from now until {@link end}, the bodies do not move. */
  begin(): void {
    this.frame++;
    this.inFrame = true;
    // Handles of removed bodies are forgotten when the body list changes.
    const version = this.source.bodiesVersion;
    if (version !== this.seenVersion) {
      this.seenVersion = version;
      this.slotOf.clear();
    }
  }

  /** Ends the frame: reads go to the physics again. */
  end(): void {
    this.inFrame = false;
  }

  /**
   * Copies body `handle`'s transform into `position` (metres) and `rotation`, as the physics
   * has it; false when there is no such body.
   */
  readTransform(handle: number, position: Position, rotation: Rotation): boolean {
    if (!this.inFrame) {
      return this.source.readTransform(handle, position, rotation);
    }
    let slot = this.slotOf.get(handle);
    if (slot === undefined) {
      slot = this.slotOf.size;
      this.ensureCapacity(slot + 1);
      this.slotOf.set(handle, slot);
      this.readFrame[slot] = 0;
    }
    const p = this.positions;
    const q = this.rotations;
    if (this.readFrame[slot] !== this.frame) {
      if (!this.source.readTransform(handle, this.position, this.rotation)) return false;
      p[slot * 3] = this.position.x;
      p[slot * 3 + 1] = this.position.y;
      p[slot * 3 + 2] = this.position.z;
      q[slot * 4] = this.rotation.x;
      q[slot * 4 + 1] = this.rotation.y;
      q[slot * 4 + 2] = this.rotation.z;
      q[slot * 4 + 3] = this.rotation.w;
      this.readFrame[slot] = this.frame;
    }
    position.x = p[slot * 3]!;
    position.y = p[slot * 3 + 1]!;
    position.z = p[slot * 3 + 2]!;
    rotation.x = q[slot * 4]!;
    rotation.y = q[slot * 4 + 1]!;
    rotation.z = q[slot * 4 + 2]!;
    rotation.w = q[slot * 4 + 3]!;
    return true;
  }

  private ensureCapacity(slots: number): void {
    if (slots <= this.readFrame.length) return;
    const capacity = Math.max(slots, this.readFrame.length * 2);
    const grow = (from: Float64Array, size: number): Float64Array<ArrayBuffer> => {
      const to = new Float64Array(capacity * size);
      to.set(from);
      return to;
    };
    this.positions = grow(this.positions, 3);
    this.rotations = grow(this.rotations, 4);
    this.readFrame = grow(this.readFrame, 1);
  }
}
