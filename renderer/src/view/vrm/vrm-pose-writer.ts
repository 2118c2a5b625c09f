import { Matrix4, Quaternion, Vector3 } from 'three';
import type { Object3D } from 'three';
import type { VRM } from '@pixiv/three-vrm';
import type { Vec3 } from '../../physics/vector-math';
import type { BodySource } from '../body-meshes';

/** What the writer needs from the rig (`HumanoidRig` fits). */
export interface PoseRig {
  /** Which part each humanoid bone follows. */
  readonly boneOwners: ReadonlyMap<string, string>;
  /** The hips bone relative to the pelvis part's centre at rest, metres. */
  readonly hipsOffset: Vec3;
  /** The part the hips position comes from. */
  readonly rootPart: string;
}

// Per-frame scratch: the writer runs every frame for every avatar and allocates nothing.
const partPosition = { x: 0, y: 0, z: 0 };
const partRotation = { x: 0, y: 0, z: 0, w: 1 };
const inverseParent = new Quaternion();
const hipsWorld = new Vector3();
const toParentLocal = new Matrix4();

function depthOf(node: Object3D): number {
  let depth = 0;
  for (let parent = node.parent; parent; parent = parent.parent) depth++;
  return depth;
}

/**
 * Writes the physics back onto a VRM (as the original design describes it): each normalized humanoid
 * bone that has a part takes world rotation = part rotation × R0, turned into a local rotation
 * against its parent's world rotation, parents first; bones without a part keep their local
 * rotation and so follow their parent. Only the hips get a position: the pelvis position plus
 * the pelvis rotation applied to the rest offset from pelvis centre to hips.
 *
 * R0 is the normalized root's world rotation, read when the writer is made (identity for VRM
 * 1.0, half a turn about Y for VRM 0.x after `rotateVRM0`), so both share one formula. The
 * avatar's scene must sit at the world origin unrotated (apart from `rotateVRM0`'s turn).
 *
 * Everything is precomputed here; {@link write} allocates nothing.
 */
export class VrmPoseWriter {
  private readonly nodes: Object3D[] = [];
  /** Body handle of each bone's part, or -1 for a bone that follows its parent. */
  private readonly handles: number[] = [];
  /** Index of the nearest humanoid ancestor in these arrays, or -1 for the normalized root. */
  private readonly parents: number[] = [];
  /** The world rotation each bone gets this frame. */
  private readonly worldRotations: Quaternion[] = [];
  private readonly rootRotation = new Quaternion();
  private readonly hipsOffset = new Vector3();
  private readonly hips: Object3D | undefined;
  private readonly pelvisHandle: number;

  /**
   * @param partHandles body handle of each part, by part name (the figure's parts).
   * @param source where part transforms are read after each physics step.
   */
  constructor(
    vrm: VRM,
    rig: PoseRig,
    partHandles: ReadonlyMap<string, number>,
    private readonly source: BodySource,
  ) {
    vrm.scene.updateMatrixWorld(true);
    vrm.humanoid.normalizedHumanBonesRoot.getWorldQuaternion(this.rootRotation);
    const bones = Object.keys(vrm.humanoid.humanBones)
      .map((name) => ({ name, node: vrm.humanoid.getNormalizedBoneNode(name as never) }))
      .filter((bone): bone is { name: string; node: Object3D } => bone.node !== null)
      .sort((a, b) => depthOf(a.node) - depthOf(b.node));
    const indexOf = new Map<Object3D, number>();
    for (const { name, node } of bones) {
      const owner = rig.boneOwners.get(name);
      indexOf.set(node, this.nodes.length);
      this.nodes.push(node);
      this.handles.push(owner === undefined ? -1 : (partHandles.get(owner) ?? -1));
      this.parents.push(nearestIndexed(node, indexOf));
      this.worldRotations.push(new Quaternion());
    }
    this.hips = vrm.humanoid.getNormalizedBoneNode('hips') ?? undefined;
    this.hipsOffset.set(...rig.hipsOffset);
    this.pelvisHandle = partHandles.get(rig.rootPart) ?? -1;
  }

  /** Poses the normalized bones from the parts' current transforms. Allocates nothing. */
  write(): void {
    const count = this.nodes.length;
    for (let i = 0; i < count; i++) {
      const node = this.nodes[i]!;
      const world = this.worldRotations[i]!;
      const parentIndex = this.parents[i]!;
      const parentWorld = parentIndex < 0 ? this.rootRotation : this.worldRotations[parentIndex]!;
      const handle = this.handles[i]!;
      if (handle >= 0 && this.source.readTransform(handle, partPosition, partRotation)) {
        world
          .set(partRotation.x, partRotation.y, partRotation.z, partRotation.w)
          .multiply(this.rootRotation);
        node.quaternion.copy(inverseParent.copy(parentWorld).invert()).multiply(world);
      } else {
        world.copy(parentWorld).multiply(node.quaternion);
      }
    }
    this.writeHipsPosition();
  }

  private writeHipsPosition(): void {
    const hips = this.hips;
    const parent = hips?.parent;
    if (!hips || !parent || this.pelvisHandle < 0) return;
    if (!this.source.readTransform(this.pelvisHandle, partPosition, partRotation)) return;
    hipsWorld
      .copy(this.hipsOffset)
      .applyQuaternion(
        inverseParent.set(partRotation.x, partRotation.y, partRotation.z, partRotation.w),
      );
    hipsWorld.x += partPosition.x;
    hipsWorld.y += partPosition.y;
    hipsWorld.z += partPosition.z;
    parent.updateWorldMatrix(true, false);
    hips.position.copy(hipsWorld.applyMatrix4(toParentLocal.copy(parent.matrixWorld).invert()));
  }
}

/** The index of the nearest ancestor already in `indexOf`, or -1. */
function nearestIndexed(node: Object3D, indexOf: ReadonlyMap<Object3D, number>): number {
  for (let parent = node.parent; parent; parent = parent.parent) {
    const index = indexOf.get(parent);
    if (index !== undefined) return index;
  }
  return -1;
}
