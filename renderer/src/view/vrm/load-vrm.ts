/**
 * Loads a VRM (0.x or 1.0) from its bytes, the one way the app, the simulator, the tests and
 * the benchmark all do it: the file's container and humanoid are checked first (so a broken
 * file gets a message naming it and the problem), then three.js's GLTFLoader with three-vrm's
 * VRMLoaderPlugin parses it in memory (nothing leaves the machine), VRM 0.x is turned to face
 * +Z, and the raw humanoid bones' rest-pose world positions are read.
 *
 * Runs in the browser and in Node. three-vrm is imported lazily: the page does not pay for it
 * until a model is opened, and Node callers can give it the `self` global it reads on import
 * (GUIDE §3) before the first load.
 */
import type { Object3D } from 'three';
import { Vector3 } from 'three';
import type { GLTF } from 'three/addons/loaders/GLTFLoader.js';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import type { VRM } from '@pixiv/three-vrm';
import type * as ThreeVrm from '@pixiv/three-vrm';
import type { Vec3 } from '../../physics/vector-math';
import { GlbError, readGlb } from './glb-container';
import type { VrmFormat } from './vrm-humanoid-json';
import { checkBoneTransforms, readDeclaredHumanoid } from './vrm-humanoid-json';

export type { VrmFormat } from './vrm-humanoid-json';

/** A file that is not a usable VRM; the message names the file and the problem. */
export class VrmLoadError extends Error {
  override name = 'VrmLoadError';
}

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

/** The bare three-vrm parse of a VRM's bytes, no checks of ours (the benchmark's baseline). */
export async function parseVrm(bytes: Uint8Array): Promise<VRM | undefined> {
  const { VRMLoaderPlugin } = await loadThreeVrm();
  const loader = new GLTFLoader();
  loader.register((parser) => new VRMLoaderPlugin(parser));
  // GLTFLoader.parse wants an ArrayBuffer holding exactly the file.
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const gltf = await new Promise<GLTF>((resolve, reject) =>
    loader.parse(buffer as ArrayBuffer, '', resolve, reject),
  );
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
  vrm.scene.updateMatrixWorld(true);
  const bones: Record<string, Vec3> = {};
  const position = new Vector3();
  for (const name of Object.keys(vrm.humanoid.humanBones)) {
    const node = vrm.humanoid.getRawBoneNode(name as never);
    if (!node) continue;
    node.getWorldPosition(position);
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

/** Checks the container and the declared humanoid before three.js sees the bytes. */
function checkFile(bytes: Uint8Array, fileName: string): { format: VrmFormat; imageCount: number } {
  try {
    const { json } = readGlb(bytes, fileName);
    const humanoid = readDeclaredHumanoid(json, fileName);
    checkBoneTransforms(json, humanoid, fileName);
    const imageCount = Array.isArray(json['images']) ? json['images'].length : 0;
    return { format: humanoid.format, imageCount };
  } catch (error) {
    if (error instanceof GlbError) throw new VrmLoadError(error.message);
    throw error;
  }
}

/**
 * Parses a VRM (0.x or 1.0) from its bytes and reads its rest-pose skeleton. VRM 0.x models are
 * turned to face +Z (`VRMUtils.rotateVRM0`). Throws a {@link VrmLoadError} naming `fileName` and
 * the problem for anything that is not a usable VRM: too short, wrong signature, truncated,
 * damaged JSON, not a VRM, no humanoid, a required bone missing, a bone at a non-finite
 * position, or a parse failure inside three.js. Nothing is left allocated when it throws.
 */
export async function loadVrm(bytes: Uint8Array, fileName: string): Promise<LoadedVrm> {
  const { format, imageCount } = checkFile(bytes, fileName);
  let vrm: VRM | undefined;
  try {
    vrm = await parseVrm(bytes);
  } catch (error) {
    throw new VrmLoadError(`${fileName}: three-vrm could not read it: ${(error as Error).message}`);
  }
  if (!vrm) throw new VrmLoadError(`${fileName}: three-vrm found no VRM in it`);
  const { VRMUtils } = await loadThreeVrm();
  try {
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
    VRMUtils.deepDispose(vrm.scene);
    throw error;
  }
}
