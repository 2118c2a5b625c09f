import { Matrix4, Vector3 } from 'three';
import type { Object3D, Quaternion } from 'three';
import type { VRM } from '@pixiv/three-vrm';

/**
 * The parts of three-vrm's normalized humanoid rig (`VRMHumanoidRig`, private in three-vrm 3)
 * that its `update` reads: the raw rig, and per bone the rest rotations it was built from.
 */
interface NormalizedRigInternals {
  readonly original?: { getBoneNode(name: string): Object3D | null };
  readonly humanBones?: Readonly<Record<string, { node: Object3D } | undefined>>;
  readonly _parentWorldRotations?: Readonly<Record<string, Quaternion | undefined>>;
  readonly _boneRotations?: Readonly<Record<string, Quaternion | undefined>>;
}

/** One humanoid bone: its normalized and raw nodes and the rig's rest rotations. */
interface BonePair {
  readonly normalized: Object3D;
  readonly raw: Object3D;
  readonly parentWorldRotation: Quaternion;
  readonly inverseParentWorldRotation: Quaternion;
  readonly boneRotation: Quaternion;
}

// Per-frame scratch for the hips position.
const hipsWorld = new Vector3();
const toParentLocal = new Matrix4();

/**
 * Copies the normalized humanoid pose onto the raw bones, as three-vrm's
 * `vrm.humanoid.update()` does and with the same arithmetic in the same order (so the raw
 * bones get the same numbers), but from a table made once: the library looks each of its 55
 * bone names up twice in dictionaries and recomputes each bone's inverse rest rotation every
 * frame, which is most of its cost for six avatars.
 *
 * The table is read from the library's rig; a three-vrm whose rig does not have what it reads
 * gets the library's own update instead. The one difference: the library inverts the raw hips'
 * parent's world matrix in place to place the hips; this works on a copy, so that matrix stays
 * right (the next matrix pass recomputes it anyway).
 */
export class RawBoneCopy {
  private readonly pairs: BonePair[] = [];
  private readonly hips: BonePair | undefined;
  /** Null when the table could be made; else why not (the library's update runs). */
  readonly fallbackReason: string | null;

  constructor(
    private readonly vrm: VRM,
    boneNames: readonly string[],
  ) {
    const rig = (vrm.humanoid as unknown as { _normalizedHumanBones?: NormalizedRigInternals })
      ._normalizedHumanBones;
    const parents = rig?._parentWorldRotations;
    const rests = rig?._boneRotations;
    if (!rig?.original || !rig.humanBones || !parents || !rests) {
      this.fallbackReason = "three-vrm's humanoid rig does not expose its rest rotations";
      return;
    }
    for (const name of boneNames) {
      const raw = rig.original.getBoneNode(name);
      if (!raw) continue;
      const normalized = rig.humanBones[name]?.node;
      const parentWorldRotation = parents[name];
      const boneRotation = rests[name];
      if (!normalized || !parentWorldRotation || !boneRotation) {
        this.fallbackReason = `three-vrm's humanoid rig has no rest rotation for ${name}`;
        this.pairs.length = 0;
        return;
      }
      const pair = {
        normalized,
        raw,
        parentWorldRotation,
        // The library inverts a copy every frame; the rest rotation never changes.
        inverseParentWorldRotation: parentWorldRotation.clone().invert(),
        boneRotation,
      };
      this.pairs.push(pair);
      if (name === 'hips') this.hips = pair;
    }
    this.fallbackReason = null;
  }

  /** Poses the raw bones from the normalized ones. Allocates nothing. */
  copy(): void {
    if (!this.vrm.humanoid.autoUpdateHumanBones) return;
    if (this.fallbackReason !== null) {
      this.vrm.humanoid.update();
      return;
    }
    const pairs = this.pairs;
    for (let i = 0; i < pairs.length; i++) {
      const pair = pairs[i]!;
      pair.raw.quaternion
        .copy(pair.normalized.quaternion)
        .multiply(pair.parentWorldRotation)
        .premultiply(pair.inverseParentWorldRotation)
        .multiply(pair.boneRotation);
    }
    const hips = this.hips;
    const parent = hips?.raw.parent;
    if (!hips || !parent) return;
    hips.normalized.getWorldPosition(hipsWorld);
    parent.updateWorldMatrix(true, false);
    hips.raw.position.copy(hipsWorld.applyMatrix4(toParentLocal.copy(parent.matrixWorld).invert()));
  }
}
