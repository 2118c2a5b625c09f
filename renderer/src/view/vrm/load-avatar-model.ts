import type * as ThreeVrm from '@pixiv/three-vrm';
import { DollSpecError } from '../../physics/doll-spec';
import { RigError } from '../../rig/rig-error';
import type { HumanoidRig } from '../../rig/spec-from-humanoid-bones';
import { specFromHumanoidBones } from '../../rig/spec-from-humanoid-bones';
import type { LoadedVrm } from './load-vrm';
import { VrmLoadError, loadThreeVrm, loadVrm } from './load-vrm';

/** A parsed VRM and the ragdoll built from its skeleton, ready to become a figure. */
export interface AvatarModel {
  readonly fileName: string;
  readonly loaded: LoadedVrm;
  readonly rig: HumanoidRig;
  /** The three-vrm module, for the classes and utilities the avatar needs. */
  readonly threeVrm: typeof ThreeVrm;
}

/**
 * Parses a VRM from its bytes and builds its ragdoll spec. Every failure, in the file or in
 * the skeleton it holds, becomes a {@link VrmLoadError} whose message starts with the file
 * name; nothing stays allocated when it throws. The caller owns the returned model's VRM.
 */
export async function loadAvatarModel(bytes: Uint8Array, fileName: string): Promise<AvatarModel> {
  const loaded = await loadVrm(bytes, fileName);
  const threeVrm = await loadThreeVrm();
  try {
    const rig = specFromHumanoidBones(loaded.bones, { name: loaded.meta.title || fileName });
    return { fileName, loaded, rig, threeVrm };
  } catch (error) {
    threeVrm.VRMUtils.deepDispose(loaded.vrm.scene);
    if (error instanceof RigError || error instanceof DollSpecError) {
      throw new VrmLoadError(`${fileName}: ${error.message}`);
    }
    throw error;
  }
}
