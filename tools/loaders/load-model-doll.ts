import { basename } from 'node:path';
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import { DollSpecError } from '../../renderer/src/physics/doll-spec';
import { RigError } from '../../renderer/src/rig/rig-error';
import type { HumanoidRig } from '../../renderer/src/rig/spec-from-humanoid-bones';
import { specFromHumanoidBones } from '../../renderer/src/rig/spec-from-humanoid-bones';
import type { LoadedVrmBones } from './load-vrm-bones';
import { VrmLoadError, loadVrmFile } from './load-vrm-bones';

/** A VRM file turned into a ragdoll spec, with what the simulator reports about it. */
export interface ModelDoll {
  readonly spec: DollSpec;
  readonly loaded: LoadedVrmBones;
  readonly rig: HumanoidRig;
}

/** What `npm run sim -- --model` adds to its JSON. */
export interface ModelReport {
  /** Always a humanoid figure (MMD models may also be props, see `tools/sim/load-mmd-prop.ts`). */
  readonly kind: 'figure';
  readonly format: 'vrm0' | 'vrm1';
  /** Number of parts (rigid bodies) per doll. */
  readonly parts: number;
  /** Number of joints per doll. */
  readonly joints: number;
  /** Optional body bones the model lacks (see REPORTED_OPTIONAL_BONES). */
  readonly bonesMissing: readonly string[];
}

/**
 * Loads a VRM file and builds its ragdoll. Every failure, in the file or in the skeleton it
 * holds, becomes a {@link VrmLoadError} whose message starts with the file name.
 */
export async function loadModelDoll(path: string): Promise<ModelDoll> {
  const loaded = await loadVrmFile(path);
  try {
    const rig = specFromHumanoidBones(loaded.bones, { name: loaded.meta.title || basename(path) });
    return { spec: rig.spec, loaded, rig };
  } catch (error) {
    if (error instanceof RigError || error instanceof DollSpecError) {
      throw new VrmLoadError(`${basename(path)}: ${error.message}`);
    }
    throw error;
  }
}

/** The simulator's extra JSON keys for a model. */
export function modelReport(model: ModelDoll): ModelReport {
  return {
    kind: 'figure',
    format: model.loaded.format,
    parts: model.spec.parts.length,
    joints: model.spec.joints.length,
    bonesMissing: model.rig.missingOptional,
  };
}
