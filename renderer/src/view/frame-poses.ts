import type { SimBody } from '../physics/body-registry';
import type { TransformReader } from '../physics/body-transforms';
import type { BodySource } from './body-meshes';

type Position = { x: number; y: number; z: number };
type Rotation = { x: number; y: number; z: number; w: number };

/** A body source that can also hand over every body's transform at once, for a drawn frame. */
export interface PosedBodySource extends BodySource {
  /**
   * The newest transforms of every body, packed (the sandbox's `latestTransforms`). Called
   * once per frame; the reader stays valid until the next call.
   */
  latestTransforms(): TransformReader;
}

/**
 * The bodies' transforms as one drawn frame reads them: {@link begin} takes the newest packed
 * transforms from the physics once, and until {@link end} every reader (the body meshes, the
 * avatars' pose writers and stillness checks, the follow camera, the pin markers) reads from
 * them, however many ask about the same body. Each read of Rapier's body transform allocates
 * in its WebAssembly glue and crosses into WebAssembly; with six avatars the view asked about
 * three times per body. It is also the seam where transforms from another thread come in.
 *
 * Outside a frame every read goes straight to the physics, so nothing that moves bodies
 * between frames (steps, grabs, rewinds, presets) can be answered from an older copy. The
 * values are the physics' own numbers, copied exactly. Allocates nothing per read.
 */
export class FramePoses implements BodySource {
  private frame: TransformReader | null = null;

  constructor(private readonly source: PosedBodySource) {}

  get bodies(): readonly SimBody[] {
    return this.source.bodies;
  }

  get bodiesVersion(): number {
    return this.source.bodiesVersion;
  }

  /** Starts a drawn frame: from now until {@link end}, the bodies do not move. */
  begin(): void {
    this.frame = this.source.latestTransforms();
  }

  /** Ends the frame: reads go to the physics again. */
  end(): void {
    this.frame = null;
  }

  /**
   * Copies body `handle`'s transform into `position` (metres) and `rotation`, as the physics
   * has it; false when there is no such body.
   */
  readTransform(handle: number, position: Position, rotation: Rotation): boolean {
    if (this.frame === null) return this.source.readTransform(handle, position, rotation);
    return this.frame.read(handle, position, rotation);
  }
}
