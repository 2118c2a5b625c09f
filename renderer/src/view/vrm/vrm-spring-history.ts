import type { VRMSpringBoneJoint } from '@pixiv/three-vrm';
import type { Object3D, Vector3 } from 'three';
import type { SpringStateRingOptions } from '../../physics/recording/spring-state-ring';
import { SpringStateRing } from '../../physics/recording/spring-state-ring';
import { SPRING_STATE_LENGTH } from '../../physics/recording/spring-state-codec';
import type { RecordedFrames } from '../recorded-frames';
import { CaptureFloor } from '../recorded-frames';

/**
 * The verlet state three-vrm keeps in each joint besides the bone's rotation: the tail now and
 * one update ago, in the joint's center space. Private in three-vrm's types; the vectors are
 * made once per joint and only ever copied into, so holding them is safe.
 */
interface JointTails {
  readonly _currentTail: Vector3;
  readonly _prevTail: Vector3;
}

/**
 * One VRM model's spring bones (hair, skirts) beside the scene's recording: after each live
 * frame {@link capture} stores every joint's state (the bone's local rotation, the joint's
 * current and previous tail) as the frames recorded since; {@link show} puts a recorded
 * frame's state back, so a scrubbed frame shows the hair exactly as it was and resuming
 * continues its swing from there. Allocates nothing after it is made.
 */
export class VrmSpringHistory {
  private readonly bones: readonly Object3D[];
  private readonly tails: readonly JointTails[];
  private readonly ring: SpringStateRing;
  private readonly scratch: Float64Array;
  /** The state at the last {@link capture}, at full precision (see {@link restoreLive}). */
  private readonly live: Float64Array;
  /** The oldest frame whose state this model can have: none before it existed. */
  private readonly floor = new CaptureFloor();

  constructor(joints: Iterable<VRMSpringBoneJoint>, options?: SpringStateRingOptions) {
    const list = [...joints];
    this.bones = list.map((joint) => joint.bone);
    this.tails = list.map((joint) => joint as unknown as JointTails);
    this.ring = new SpringStateRing(list.length, options);
    this.scratch = new Float64Array(list.length * SPRING_STATE_LENGTH);
    this.live = new Float64Array(list.length * SPRING_STATE_LENGTH);
  }

  /** How many spring joints the model has. */
  get jointCount(): number {
    return this.bones.length;
  }

  /** Bytes held by the history's arrays (fixed once made). */
  get byteLength(): number {
    return this.ring.byteLength;
  }

  /** Frames held at most (60 s worth unless the model has very many joints). */
  get frameCapacity(): number {
    return this.ring.frameCapacity;
  }

  /**
   * Call after the springs ran on a live frame: stores their state as every frame recorded
   * since the last capture (several when a drawn frame took more than two physics steps).
   */
  capture(recording: RecordedFrames): void {
    if (this.bones.length === 0) return;
    this.readJoints(this.live);
    const last = recording.lastRecordedFrame;
    if (last < recording.firstRecordedFrame) return;
    const oldest = this.floor.oldestFrame(recording, this.ring.frameCapacity);
    for (let frame = last; frame >= oldest; frame--) {
      const serial = recording.serialAt(frame);
      if (this.ring.holds(frame, serial)) break;
      this.ring.write(frame, serial, this.live);
    }
  }

  /** Whether the state at `frame` is held (recorded while this model was shown). */
  holds(frame: number, recording: RecordedFrames): boolean {
    return (
      this.bones.length > 0 &&
      frame >= recording.firstRecordedFrame &&
      frame <= recording.lastRecordedFrame &&
      this.ring.holds(frame, recording.serialAt(frame))
    );
  }

  /**
   * Puts every joint back as recorded at `frame` (see {@link holds}): each bone's local
   * rotation and local matrix, and the joint's tails. World matrices are the caller's.
   */
  show(frame: number, recording: RecordedFrames): void {
    this.ring.read(frame, recording.serialAt(frame), this.scratch);
    this.apply(this.scratch);
  }

  /**
   * Puts every joint back as at the last {@link capture}, at full precision: for a scene left
   * as it was before recorded frames were shown. World matrices are the caller's.
   */
  restoreLive(): void {
    this.apply(this.live);
  }

  private apply(s: Float64Array): void {
    // Read from the array by offset: numbers passed one by one to a call V8 does not inline
    // would each be boxed on the heap.
    for (let j = 0; j < this.bones.length; j++) {
      const o = j * SPRING_STATE_LENGTH;
      const bone = this.bones[j]!;
      bone.quaternion.fromArray(s, o);
      bone.updateMatrix();
      const tails = this.tails[j]!;
      tails._currentTail.fromArray(s, o + 4);
      tails._prevTail.fromArray(s, o + 7);
    }
  }

  private readJoints(s: Float64Array): void {
    for (let j = 0; j < this.bones.length; j++) {
      const o = j * SPRING_STATE_LENGTH;
      const q = this.bones[j]!.quaternion;
      s[o] = q.x;
      s[o + 1] = q.y;
      s[o + 2] = q.z;
      s[o + 3] = q.w;
      const { _currentTail: current, _prevTail: previous } = this.tails[j]!;
      s[o + 4] = current.x;
      s[o + 5] = current.y;
      s[o + 6] = current.z;
      s[o + 7] = previous.x;
      s[o + 8] = previous.y;
      s[o + 9] = previous.z;
    }
  }
}
