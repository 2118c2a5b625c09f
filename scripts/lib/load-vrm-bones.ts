/**
 * Loads a VRM file's rest-pose skeleton in Node for the simulator, the tests and the benchmark:
 * the same three.js GLTFLoader + three-vrm VRMLoaderPlugin parse the app uses, then the raw
 * humanoid bones' world positions. Node-only (it may import three and @pixiv/three-vrm).
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Object3D } from 'three';
import { Vector3 } from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { VRM } from '@pixiv/three-vrm';
import type * as ThreeVrm from '@pixiv/three-vrm';
import type { Vec3 } from '../../renderer/src/physics/vector-math';
import { GlbError, readGlb } from './glb-container';
import type { VrmFormat } from './vrm-humanoid-json';
import { checkBoneTransforms, readDeclaredHumanoid } from './vrm-humanoid-json';

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

/** A file that is not a usable VRM; the message names the file and the problem. */
export class VrmLoadError extends Error {
  override name = 'VrmLoadError';
}

type ThreeVrmModule = typeof ThreeVrm;
let threeVrm: Promise<ThreeVrmModule> | undefined;

/**
 * three-vrm reads `self` when its module loads (a browser global); Node has none, so it is
 * pointed at globalThis first (GUIDE §3), and the module is imported only after that.
 */
function loadThreeVrm(): Promise<ThreeVrmModule> {
  const global = globalThis as { self?: unknown };
  global.self ??= globalThis;
  threeVrm ??= import('@pixiv/three-vrm');
  return threeVrm;
}

/** The bare three-vrm parse of a VRM's bytes (what the app does), no checks of ours. */
export async function parseVrm(bytes: Uint8Array): Promise<VRM | undefined> {
  const { VRMLoaderPlugin } = await loadThreeVrm();
  const loader = new GLTFLoader();
  loader.register((parser) => new VRMLoaderPlugin(parser));
  // GLTFLoader.parse wants an ArrayBuffer holding exactly the file.
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const gltf = await new Promise<GLTF>((resolve, reject) =>
    loader.parse(buffer as ArrayBuffer, '', resolve, reject),
  );
  return gltf.userData.vrm as VRM | undefined;
}

function readMeta(vrm: VRM): LoadedVrmBones['meta'] {
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

/**
 * Parses a VRM (0.x or 1.0) from its bytes and reads its rest-pose skeleton. VRM 0.x models are
 * turned to face +Z (`VRMUtils.rotateVRM0`) like the app does. Throws a {@link VrmLoadError}
 * naming `fileName` and the problem for anything that is not a usable VRM: too short, wrong
 * signature, truncated, damaged JSON, not a VRM, no humanoid, a required bone missing, a bone
 * at a non-finite position, or a parse failure inside three.js.
 */
export async function loadVrmBones(bytes: Uint8Array, fileName: string): Promise<LoadedVrmBones> {
  let format: VrmFormat;
  let imageCount: number;
  try {
    const { json } = readGlb(bytes, fileName);
    const humanoid = readDeclaredHumanoid(json, fileName);
    checkBoneTransforms(json, humanoid, fileName);
    format = humanoid.format;
    imageCount = Array.isArray(json.images) ? json.images.length : 0;
  } catch (error) {
    if (error instanceof GlbError) throw new VrmLoadError(error.message);
    throw error;
  }
  let vrm: VRM | undefined;
  try {
    vrm = await parseVrm(bytes);
  } catch (error) {
    throw new VrmLoadError(`${fileName}: three-vrm could not read it: ${(error as Error).message}`);
  }
  if (!vrm) throw new VrmLoadError(`${fileName}: three-vrm found no VRM in it`);
  const { VRMUtils } = await loadThreeVrm();
  if (vrm.meta.metaVersion === '0') VRMUtils.rotateVRM0(vrm);
  const bones = readBonePositions(vrm, fileName);
  const warnings: string[] = [];
  if (imageCount > 0) {
    warnings.push(
      `${fileName}: ${imageCount} embedded image(s) were not decoded (Node has no image decoder); ` +
        'the skeleton, which is all the physics uses, is unaffected',
    );
  }
  const detached = countDetachedMeshes(vrm);
  if (detached > 0) {
    warnings.push(
      `${fileName}: ${detached} mesh(es) are neither skinned nor attached to a humanoid bone, ` +
        'so they will not follow the ragdoll',
    );
  }
  VRMUtils.deepDispose(vrm.scene);
  return { format, bones, meta: readMeta(vrm), warnings };
}

/** Reads and loads a .vrm file from disk; see {@link loadVrmBones}. */
export async function loadVrmFile(path: string): Promise<LoadedVrmBones> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new VrmLoadError(
      `${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  return loadVrmBones(bytes, basename(path));
}
