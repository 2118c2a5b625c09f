/**
 * Loads a VRM file's rest-pose skeleton in Node for the simulator, the tests and the benchmark,
 * through the same loader the app uses (renderer/src/view/vrm/load-vrm.ts), then frees the
 * model: Node needs the bones, not the meshes.
 */
import { basename } from 'node:path';
import type { Vec3 } from '../../renderer/src/physics/vector-math';
import type { VrmFormat } from '../../renderer/src/view/vrm/load-vrm';
import {
  VrmLoadError,
  loadThreeVrm,
  loadVrm,
  parseVrm,
} from '../../renderer/src/view/vrm/load-vrm';
import { readModelFile } from './read-model-file';

export { VrmLoadError, loadThreeVrm, loadVrm, parseVrm };

// three-vrm reads `self` when its module loads (a browser global); Node has none, so it is
// pointed at globalThis before the loader's first (lazy) import of three-vrm, whose module reads `self` at load time.
(globalThis as { self?: unknown }).self ??= globalThis;

/** A VRM's skeleton as the ragdoll builder needs it. */
export interface LoadedVrmBones {
  readonly format: VrmFormat;
  /** Rest-pose world positions of the raw humanoid bones, metres, facing +Z. */
  readonly bones: Readonly<Record<string, Vec3>>;
  readonly meta: { readonly title: string; readonly author: string };
  /**
   * Things that did not stop the load but that a user may want to know, each said once:
   * embedded images Node cannot decode, meshes that cannot follow the ragdoll.
   */
  readonly warnings: readonly string[];
}

/**
 * Parses a VRM (0.x or 1.0) from its bytes and reads its rest-pose skeleton; see `loadVrm`.
 * Throws a {@link VrmLoadError} naming `fileName` and the problem.
 */
export async function loadVrmBones(bytes: Uint8Array, fileName: string): Promise<LoadedVrmBones> {
  const loaded = await loadVrm(bytes, fileName);
  const warnings: string[] = [];
  if (loaded.imageCount > 0) {
    warnings.push(
      `${fileName}: ${loaded.imageCount} embedded image(s) were not decoded (Node has no image decoder); ` +
        'the skeleton, which is all the physics uses, is unaffected',
    );
  }
  if (loaded.detachedMeshes > 0) {
    warnings.push(
      `${fileName}: ${loaded.detachedMeshes} mesh(es) are neither skinned nor attached to a humanoid bone, ` +
        'so they will not follow the ragdoll',
    );
  }
  const { VRMUtils } = await loadThreeVrm();
  VRMUtils.deepDispose(loaded.vrm.scene);
  return { format: loaded.format, bones: loaded.bones, meta: loaded.meta, warnings };
}

/** Reads and loads a .vrm file from disk; see {@link loadVrmBones}. */
export async function loadVrmFile(path: string): Promise<LoadedVrmBones> {
  const bytes = await readModelFile(path, (message) => new VrmLoadError(message));
  return loadVrmBones(bytes, basename(path));
}
