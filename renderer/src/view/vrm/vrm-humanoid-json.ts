import { describeMissingBones } from '../../rig/check-bones';
import { REQUIRED_BONES } from '../../rig/humanoid-bones';
import { GlbError } from './glb-container';

/** Which VRM a file's JSON says it is. */
export type VrmFormat = 'vrm0' | 'vrm1';

/** The humanoid as the file's JSON declares it: format and bone name → node index. */
export interface DeclaredHumanoid {
  readonly format: VrmFormat;
  readonly boneNodes: ReadonlyMap<string, number>;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** VRM 0.x: `extensions.VRM.humanoid.humanBones` is an array of `{ bone, node }`. */
function vrm0Bones(vrm: Json): Map<string, number> | undefined {
  const humanoid = vrm.humanoid;
  if (!isObject(humanoid) || !Array.isArray(humanoid.humanBones)) return undefined;
  const bones = new Map<string, number>();
  for (const entry of humanoid.humanBones as unknown[]) {
    if (isObject(entry) && typeof entry.bone === 'string' && typeof entry.node === 'number') {
      bones.set(entry.bone, entry.node);
    }
  }
  return bones;
}

/** VRM 1.0: `extensions.VRMC_vrm.humanoid.humanBones` is an object `{ name: { node } }`. */
function vrm1Bones(vrm: Json): Map<string, number> | undefined {
  const humanoid = vrm.humanoid;
  if (!isObject(humanoid) || !isObject(humanoid.humanBones)) return undefined;
  const bones = new Map<string, number>();
  for (const [name, entry] of Object.entries(humanoid.humanBones)) {
    if (isObject(entry) && typeof entry.node === 'number') bones.set(name, entry.node);
  }
  return bones;
}

/**
 * Reads the humanoid a VRM file declares, before three-vrm parses it, so that a file without
 * one, or without the bones a ragdoll needs, is refused with a message naming the file and the
 * bones. Throws a {@link GlbError}.
 */
export function readDeclaredHumanoid(json: Json, fileName: string): DeclaredHumanoid {
  const extensions = isObject(json.extensions) ? json.extensions : {};
  const nodeCount = Array.isArray(json.nodes) ? json.nodes.length : 0;
  let format: VrmFormat;
  let bones: Map<string, number> | undefined;
  if (isObject(extensions.VRMC_vrm)) {
    format = 'vrm1';
    bones = vrm1Bones(extensions.VRMC_vrm);
  } else if (isObject(extensions.VRM)) {
    format = 'vrm0';
    bones = vrm0Bones(extensions.VRM);
  } else {
    throw new GlbError(
      `${fileName}: is a glTF model but not a VRM (no VRMC_vrm or VRM extension), so it has no humanoid skeleton`,
    );
  }
  if (!bones || bones.size === 0) {
    throw new GlbError(`${fileName}: is a VRM without a humanoid (no humanBones)`);
  }
  for (const [name, node] of bones) {
    if (!Number.isInteger(node) || node < 0 || node >= nodeCount) {
      throw new GlbError(
        `${fileName}: humanoid bone ${name} points at node ${node}, which does not exist`,
      );
    }
  }
  const missing = REQUIRED_BONES.filter((name) => !bones.has(name));
  if (missing.length > 0) throw new GlbError(`${fileName}: ${describeMissingBones(missing)}`);
  return { format, boneNodes: bones };
}

/**
 * Refuses a humanoid bone whose node transform holds a number that is not finite. JSON cannot
 * spell NaN, but an overflowing literal such as 1e999 parses to Infinity and turns the bone's
 * world position into NaN; a damaged exporter writes exactly that.
 */
export function checkBoneTransforms(
  json: Json,
  humanoid: DeclaredHumanoid,
  fileName: string,
): void {
  const nodes = Array.isArray(json.nodes) ? (json.nodes as unknown[]) : [];
  for (const [name, index] of humanoid.boneNodes) {
    const node = nodes[index];
    if (!isObject(node)) continue;
    for (const key of ['translation', 'rotation', 'scale', 'matrix'] as const) {
      const value = node[key];
      if (
        Array.isArray(value) &&
        !value.every((n) => typeof n === 'number' && Number.isFinite(n))
      ) {
        throw new GlbError(
          `${fileName}: humanoid bone ${name} (node ${index}) has a ${key} that is not a finite number (${value.join(', ')})`,
        );
      }
    }
  }
}
