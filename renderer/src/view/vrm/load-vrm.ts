/**
 * Loads a VRM (0.x or 1.0) from its bytes, the one way the app, the simulator, the tests and
 * the benchmark all do it: the file's container is checked first, then three.js's GLTFLoader
 * with three-vrm's VRMLoaderPlugin parses it in memory (nothing leaves the machine), the
 * declared humanoid is checked on the JSON the parser already read (the JSON chunk is parsed
 * once), VRM 0.x is turned to face +Z, and the raw humanoid bones' rest-pose world positions
 * are read. A broken file gets a message naming it and the problem either way: when the parser
 * fails, our checks run on the file's JSON to say what is wrong before its error is passed on.
 *
 * Runs in the browser and in Node. three-vrm is imported lazily: the page does not pay for it
 * until a model is opened, and Node callers can give it the `self` global it reads on import
 * (three-vrm's module touches `self` at load time) before the first load.
 */
import type { Object3D } from 'three';
import { Vector3 } from 'three';
import type { GLTF } from 'three/addons/loaders/GLTFLoader.js';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import type { VRM } from '@pixiv/three-vrm';
import type * as ThreeVrm from '@pixiv/three-vrm';
import type { Vec3 } from '../../physics/vector-math';
import { GlbError, checkGlbContainer, checkGltfObject, readGlb } from './glb-container';
import { declaredLayoutCheck, wholeFileBuffer } from './gltf-loading';
import type { VrmFormat } from './vrm-humanoid-json';
import { checkBoneTransforms, readDeclaredHumanoid } from './vrm-humanoid-json';

import { VrmLoadError } from './vrm-load-error';

export type { VrmFormat } from './vrm-humanoid-json';
export { VrmLoadError } from './vrm-load-error';

/** A parsed VRM and its rest-pose skeleton. The caller owns `vrm` (dispose with `deepDispose`). */
export interface LoadedVrm {
  readonly vrm: VRM;
  readonly format: VrmFormat;
  /**
   * Rest-pose world positions of the raw humanoid bones, metres, facing +Z (the scene root at
   * the origin; VRM 0.x already turned).
   */
  readonly bones: Readonly<Record<string, Vec3>>;
  readonly meta: { readonly title: string; readonly author: string };
  /** Meshes neither skinned nor under a humanoid bone: they stay put while the doll moves. */
  readonly detachedMeshes: number;
  /** Images embedded in the file (Node cannot decode them; the browser can). */
  readonly imageCount: number;
}

type ThreeVrmModule = typeof ThreeVrm;
let threeVrm: Promise<ThreeVrmModule> | undefined;

/** three-vrm, imported on first use (see the module comment). */
export function loadThreeVrm(): Promise<ThreeVrmModule> {
  threeVrm ??= import('@pixiv/three-vrm');
  return threeVrm;
}

/**
 * three.js's GLTFLoader with three-vrm's plugin on a VRM's bytes; the VRM is in `userData.vrm`.
 * With `check`, the references and sizes the JSON declares are checked on the parser's own JSON before it
 * builds anything (a plugin's `beforeRoot`), so the chunk is still parsed only once.
 */
async function parseGltf(bytes: Uint8Array, check?: { fileName: string }): Promise<GLTF> {
  const { VRMLoaderPlugin } = await loadThreeVrm();
  const loader = new GLTFLoader();
  if (check !== undefined) {
    loader.register(
      declaredLayoutCheck(bytes, check.fileName, (message) => new VrmLoadError(message)),
    );
  }
  loader.register((parser) => new VRMLoaderPlugin(parser));
  return new Promise<GLTF>((resolve, reject) =>
    loader.parse(wholeFileBuffer(bytes), '', resolve, reject),
  );
}

/** The bare three-vrm parse of a VRM's bytes, no checks of ours (the benchmark's baseline). */
export async function parseVrm(bytes: Uint8Array): Promise<VRM | undefined> {
  const gltf = await parseGltf(bytes);
  return gltf.userData['vrm'] as VRM | undefined;
}

function readMeta(vrm: VRM): LoadedVrm['meta'] {
  const meta = vrm.meta;
  if (meta.metaVersion === '0') return { title: meta.title ?? '', author: meta.author ?? '' };
  return { title: meta.name, author: meta.authors.join(', ') };
}

/** Meshes that are neither skinned nor under a humanoid bone stay put while the doll moves. */
function countDetachedMeshes(vrm: VRM): number {
  const boneNodes = new Set<Object3D>();
  for (const bone of Object.values(vrm.humanoid.humanBones)) if (bone) boneNodes.add(bone.node);
  let detached = 0;
  vrm.scene.traverse((object) => {
    const mesh = object as Object3D & { isMesh?: boolean; isSkinnedMesh?: boolean };
    if (!mesh.isMesh || mesh.isSkinnedMesh) return;
    let ancestor: Object3D | null = object;
    while (ancestor && !boneNodes.has(ancestor)) ancestor = ancestor.parent;
    if (!ancestor) detached++;
  });
  return detached;
}

function readBonePositions(vrm: VRM, fileName: string): Record<string, Vec3> {
  // One pass over the tree; each bone's matrixWorld is then current (getWorldPosition would
  // recompute every bone's ancestors again).
  vrm.scene.updateMatrixWorld(true);
  const bones: Record<string, Vec3> = {};
  const position = new Vector3();
  for (const name of Object.keys(vrm.humanoid.humanBones)) {
    const node = vrm.humanoid.getRawBoneNode(name as never);
    if (!node) continue;
    position.setFromMatrixPosition(node.matrixWorld);
    const p: Vec3 = [position.x, position.y, position.z];
    if (!p.every(Number.isFinite)) {
      throw new VrmLoadError(
        `${fileName}: humanoid bone ${name} has a rest position that is not a finite number (${p.join(', ')})`,
      );
    }
    bones[name] = p;
  }
  return bones;
}

/** Our checks' GlbError becomes the loader's VrmLoadError, with the same message. */
function asLoadError(error: unknown): unknown {
  return error instanceof GlbError ? new VrmLoadError(error.message) : error;
}

/** Checks the declared humanoid in a file's parsed JSON; returns what the load reports. */
function checkJson(json: unknown, fileName: string): { format: VrmFormat; imageCount: number } {
  try {
    const gltf = checkGltfObject(json, fileName);
    const humanoid = readDeclaredHumanoid(gltf, fileName);
    checkBoneTransforms(gltf, humanoid, fileName);
    const imageCount = Array.isArray(gltf['images']) ? gltf['images'].length : 0;
    return { format: humanoid.format, imageCount };
  } catch (error) {
    throw asLoadError(error);
  }
}

/**
 * Why a file the parser refused is not a usable VRM, in our words when our checks find the
 * problem (damaged JSON, no humanoid, missing bones…), else in the parser's. Runs only on this
 * failure path, so the second read of the JSON costs nothing on a good file.
 */
function parseFailure(bytes: Uint8Array, fileName: string, error: unknown): VrmLoadError {
  try {
    checkJson(readGlb(bytes, fileName).json, fileName);
  } catch (ours) {
    const load = asLoadError(ours);
    if (load instanceof VrmLoadError) return load;
  }
  return new VrmLoadError(`${fileName}: three-vrm could not read it: ${(error as Error).message}`);
}

/**
 * Parses a VRM (0.x or 1.0) from its bytes and reads its rest-pose skeleton. VRM 0.x models are
 * turned to face +Z (`VRMUtils.rotateVRM0`). Throws a {@link VrmLoadError} naming `fileName` and
 * the problem for anything that is not a usable VRM: too short, wrong signature, truncated,
 * damaged JSON, not a VRM, no humanoid, a required bone missing, a bone at a non-finite
 * position, or a parse failure inside three.js. Nothing is left allocated when it throws.
 */
export async function loadVrm(bytes: Uint8Array, fileName: string): Promise<LoadedVrm> {
  try {
    checkGlbContainer(bytes, fileName);
  } catch (error) {
    throw asLoadError(error);
  }
  let gltf: GLTF;
  try {
    gltf = await parseGltf(bytes, { fileName });
  } catch (error) {
    if (error instanceof VrmLoadError) throw error;
    throw parseFailure(bytes, fileName, error);
  }
  const { VRMUtils } = await loadThreeVrm();
  try {
    // The parser's own JSON (GLTFParser.json): the file's JSON chunk is parsed only once.
    const { format, imageCount } = checkJson(gltf.parser.json, fileName);
    const vrm = gltf.userData['vrm'] as VRM | undefined;
    if (!vrm) throw new VrmLoadError(`${fileName}: three-vrm found no VRM in it`);
    if (vrm.meta.metaVersion === '0') VRMUtils.rotateVRM0(vrm);
    const bones = readBonePositions(vrm, fileName);
    return {
      vrm,
      format,
      bones,
      meta: readMeta(vrm),
      detachedMeshes: countDetachedMeshes(vrm),
      imageCount,
    };
  } catch (error) {
    // Every scene the parser built (a file without a scene has none to free).
    for (const scene of gltf.scenes) VRMUtils.deepDispose(scene);
    throw error;
  }
}
