import type { SimBody } from '../physics/body-registry';
import { readPackedTransform } from '../physics/body-transforms';
import type { TransformReader } from '../physics/body-transforms';
import { stageLayout, type StageLayout } from '../physics/stage';
import type { ViewSandbox } from '../view/ragdoll-view';
import { STREAM_FLOATS_PER_BODY, type BodyStream } from './body-stream';

/**
 * A {@link ViewSandbox} that steps no physics: each frame it shows the next frame of a
 * recorded {@link BodyStream} (looping), so the view, the avatars' pose writing and their
 * spring bones do the work they do in the app while nothing is simulated. Grabbing does
 * nothing; nothing is pinned. Test build only (the bare avatar page).
 */
export class ReplaySandbox implements ViewSandbox, TransformReader {
  readonly stage: StageLayout = stageLayout();
  readonly timeScale = 1;
  readonly bodiesVersion = 1;
  /** Nothing can be held: the bodies follow the recording. */
  readonly grab = {
    handle: null,
    start: (): boolean => false,
    moveTo: (): void => undefined,
    release: (): void => undefined,
  };
  readonly pins = { handles: [] as readonly number[] };
  readonly recording = null;
  readonly bodies: readonly SimBody[];
  private readonly transforms: Float32Array;
  /** Body handle → its index in the stream's frames. */
  private readonly indexOf = new Map<number, number>();
  private frame = 0;

  constructor(private readonly stream: BodyStream) {
    this.bodies = stream.bodies;
    this.transforms = Float32Array.from(stream.transforms);
    stream.bodies.forEach((body, index) => this.indexOf.set(body.handle, index));
  }

  /** Moves to the stream's next frame (the first again after the last); no physics steps. */
  advance(): number {
    this.frame = (this.frame + 1) % this.stream.frameCount;
    return 0;
  }

  /** The stream's current frame is already packed: the sandbox reads it as it is. */
  latestTransforms(): TransformReader {
    return this;
  }

  /** The body's transform in the stream's current frame (the {@link TransformReader} read). */
  read(
    handle: number,
    position: { x: number; y: number; z: number },
    rotation: { x: number; y: number; z: number; w: number },
  ): boolean {
    return this.readTransform(handle, position, rotation);
  }

  readTransform(
    handle: number,
    position: { x: number; y: number; z: number },
    rotation: { x: number; y: number; z: number; w: number },
  ): boolean {
    const index = this.indexOf.get(handle);
    if (index === undefined) return false;
    const at = (this.frame * this.bodies.length + index) * STREAM_FLOATS_PER_BODY;
    readPackedTransform(this.transforms, at, position, rotation);
    return true;
  }
}
