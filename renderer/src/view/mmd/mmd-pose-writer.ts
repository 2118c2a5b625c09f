import { Quaternion, Vector3 } from 'three';
import type { Bone } from 'three';
import type { MmdBodySpec } from '../../physics/mmd/mmd-physics-spec';
import type { Vec3 } from '../../physics/vector-math';
import type { MmdBoneDriver } from '../../rig/mmd/bone-drivers';
import type { MmdBone } from '../../formats/mmd/mmd-model';
import { MmdBoneFinisher } from './mmd-bone-finisher';
import type { BodySource } from '../body-meshes';

/** Reads the pose of one of a figure's MMD bodies after a step (`MmdBodies` fits). */
export interface MmdBodyReader {
  /** Doll-world position (metres) and rotation of `physics.bodies[index]`; false if unknown. */
  readBody(
    index: number,
    position: { x: number; y: number; z: number },
    rotation: { x: number; y: number; z: number; w: number },
  ): boolean;
}

/** What the writer needs to know about the model's bones. */
export interface MmdPoseBones {
  /** The three.js bones, by MMD bone index; roots sit under a group at the world origin. */
  readonly bones: readonly Bone[];
  /** Each bone's parent index as built into the hierarchy, −1 for a root. */
  readonly parents: readonly number[];
  /** Every bone index once, each parent before its children (the skeleton's `order`). */
  readonly order: readonly number[];
  /** Rest positions in doll space (model space minus the rig's origin), metres. */
  readonly restDoll: readonly Vec3[];
  /** One per bone (see `MmdBoneDriver`). */
  readonly drivers: readonly MmdBoneDriver[];
  /** The model's bodies at rest (doll space), for `body` drivers. */
  readonly bodies: readonly MmdBodySpec[];
  /** The model's bones as the file has them, for their inheritance (付与) and IK chains. */
  readonly source: readonly MmdBone[];
}

// Per-frame scratch: shared by every writer, which runs to completion before the next one.
const readPosition = { x: 0, y: 0, z: 0 };
const readRotation = { x: 0, y: 0, z: 0, w: 1 };
const scratch = new Vector3();
const inverse = new Quaternion();
const drawnLocal = new Quaternion();

/** How one bone is driven, resolved to handles and rest data once. */
interface BoneSlot {
  readonly bone: Bone;
  readonly parent: number;
  /** Rest offset from the parent (or from the origin for a root), metres. */
  readonly restLocal: Vector3;
  /** `part`: the part's body handle; −1 when the bone follows its parent. */
  readonly handle: number;
  /** `body`: index into the figure's MMD bodies; −1 otherwise. */
  readonly body: number;
  readonly writesPosition: boolean;
  /** From the part's or body's centre to the bone at rest, doll space, metres. */
  readonly offset: Vector3;
  /** `body`: the inverse of the body's rest rotation. */
  readonly inverseRest: Quaternion;
  /** Driver kind `parent`: no physics owns it, so a motion may turn it. */
  readonly followsParent: boolean;
}

/**
 * Poses an MMD model's bones from its ragdoll parts and its own rigid bodies each frame
 * (see `MmdBoneDriver`): parents first, each bone's world rotation and position are worked
 * out in doll-world space; then the bones the physics does not own are finished as MMD does
 * (inheritance and IK, see `MmdBoneFinisher`); last every bone's world pose is turned into
 * its local transform against its parent's. Bones whose part or body cannot be read this
 * frame follow their parent. Allocates nothing per frame.
 */
export class MmdPoseWriter {
  private readonly slots: BoneSlot[] = [];
  /** Bone indices, every parent before its children. */
  private readonly order: readonly number[];
  private readonly worldPositions: Vector3[];
  private readonly worldRotations: Quaternion[];
  /**
   * Local rotations (4 numbers per bone, by bone index) for the bones that follow their parent:
   * a motion's fingers and eyes (see `DrawnBonePose`); null leaves them at rest. Bones a part
   * or body drives never read it.
   */
  drawnRotations: Float64Array | null = null;
  private readonly finisher: MmdBoneFinisher;

  /**
   * @param partHandles - body handle of each ragdoll part, by part name
   * @param source - where part transforms are read after each physics step
   * @param bodies - the figure's MMD bodies, or null when it has none
   */
  constructor(
    bones: MmdPoseBones,
    partHandles: ReadonlyMap<string, number>,
    private readonly source: BodySource,
    private readonly bodies: MmdBodyReader | null,
  ) {
    const count = bones.bones.length;
    for (let i = 0; i < count; i++) this.slots.push(slotOf(bones, i, partHandles));
    this.order = bones.order;
    this.worldPositions = Array.from({ length: count }, () => new Vector3());
    this.worldRotations = Array.from({ length: count }, () => new Quaternion());
    const owned = bones.drivers.map((driver) => driver.kind !== 'parent');
    this.finisher = new MmdBoneFinisher(
      bones.source,
      bones.parents,
      bones.restDoll,
      owned,
      this.worldPositions,
      this.worldRotations,
    );
  }

  /** Writes every bone's local position and rotation. Allocates nothing. */
  write(): void {
    for (let k = 0; k < this.order.length; k++) this.poseBone(this.order[k]!);
    this.finisher.finish();
    for (let k = 0; k < this.order.length; k++) this.writeLocal(this.order[k]!);
  }

  /** A bone's world position as last written (metres), for tests and diagnostics. */
  worldPosition(index: number): Vector3 | undefined {
    return this.worldPositions[index];
  }

  /** A bone's world rotation as last written, for the eyes' gaze, tests and diagnostics. */
  worldRotation(index: number): Quaternion | undefined {
    return this.worldRotations[index];
  }

  private poseBone(index: number): void {
    const slot = this.slots[index]!;
    const position = this.worldPositions[index]!;
    const rotation = this.worldRotations[index]!;
    const parentPosition = slot.parent < 0 ? null : this.worldPositions[slot.parent]!;
    const parentRotation = slot.parent < 0 ? null : this.worldRotations[slot.parent]!;
    let positioned = false;
    if (slot.handle >= 0 && this.source.readTransform(slot.handle, readPosition, readRotation)) {
      rotation.set(readRotation.x, readRotation.y, readRotation.z, readRotation.w);
      positioned = slot.writesPosition;
      if (positioned) fromPose(position, slot.offset, rotation);
    } else if (slot.body >= 0 && this.bodies?.readBody(slot.body, readPosition, readRotation)) {
      rotation.set(readRotation.x, readRotation.y, readRotation.z, readRotation.w);
      rotation.multiply(slot.inverseRest);
      positioned = slot.writesPosition;
      if (positioned) fromPose(position, slot.offset, rotation);
    } else if (parentRotation) {
      rotation.copy(parentRotation);
      if (this.drawnRotations && slot.followsParent)
        rotation.multiply(drawnLocal.fromArray(this.drawnRotations, 4 * index));
    } else {
      rotation.identity();
    }
    if (!positioned) {
      position.copy(slot.restLocal);
      if (parentRotation && parentPosition) {
        position.applyQuaternion(parentRotation).add(parentPosition);
      }
    }
  }

  private writeLocal(index: number): void {
    const slot = this.slots[index]!;
    const position = this.worldPositions[index]!;
    const rotation = this.worldRotations[index]!;
    const parentPosition = slot.parent < 0 ? null : this.worldPositions[slot.parent]!;
    const parentRotation = slot.parent < 0 ? null : this.worldRotations[slot.parent]!;
    const bone = slot.bone;
    if (!parentRotation || !parentPosition) {
      bone.quaternion.copy(rotation);
      bone.position.copy(position);
      return;
    }
    inverse.copy(parentRotation).invert();
    bone.quaternion.copy(inverse).multiply(rotation);
    bone.position.copy(position).sub(parentPosition).applyQuaternion(inverse);
  }
}

/** `out` = the read position + `rotation` × `offset`. */
function fromPose(out: Vector3, offset: Vector3, rotation: Quaternion): void {
  scratch.copy(offset).applyQuaternion(rotation);
  out.set(readPosition.x + scratch.x, readPosition.y + scratch.y, readPosition.z + scratch.z);
}

function slotOf(
  bones: MmdPoseBones,
  index: number,
  partHandles: ReadonlyMap<string, number>,
): BoneSlot {
  const parent = bones.parents[index]!;
  const rest = bones.restDoll[index]!;
  const restLocal = new Vector3(...rest);
  // Roots hang under a group at the world origin: their rest offset is their model position.
  if (parent >= 0) restLocal.sub(new Vector3(...bones.restDoll[parent]!));
  const driver = bones.drivers[index] ?? { kind: 'parent' };
  const slot = {
    bone: bones.bones[index]!,
    parent,
    restLocal,
    handle: -1,
    body: -1,
    writesPosition: false,
    offset: new Vector3(),
    inverseRest: new Quaternion(),
    followsParent: driver.kind === 'parent',
  };
  if (driver.kind === 'part') {
    slot.handle = partHandles.get(driver.part) ?? -1;
    slot.writesPosition = driver.position;
    slot.offset.set(...driver.offset);
  } else if (driver.kind === 'body') {
    const body = bones.bodies[driver.body];
    if (body) {
      slot.body = driver.body;
      slot.writesPosition = driver.position;
      slot.inverseRest.set(...body.rotation).invert();
      // World rotation is body × rest⁻¹, the identity at rest: the plain rest offset fits it.
      slot.offset.set(
        rest[0] - body.position[0],
        rest[1] - body.position[1],
        rest[2] - body.position[2],
      );
    }
  }
  return slot;
}
