import type { MmdModel } from '../../formats/mmd/mmd-model';
import type { MmdPhysicsSpec } from '../../physics/mmd/mmd-physics-spec';
import type { Vec3 } from '../../physics/vector-math';
import type { HumanoidBonePositions } from '../humanoid-bones';
import { RigError } from '../rig-error';
import type { HumanoidRig } from '../spec-from-humanoid-bones';
import { specFromHumanoidBones } from '../spec-from-humanoid-bones';
import { sub } from '../tuple-math';
import type { MmdBoneDriver } from './bone-drivers';
import { boneDrivers } from './bone-drivers';
import { resolveBoneParts } from './bone-parts';
import { convertBodies } from './convert-bodies';
import { convertJoints } from './convert-joints';
import { findStandardBones } from './find-standard-bones';
import { MMD_UNIT_METRES, mmdToModelPosition } from './mmd-coordinates';
import { partGroups } from './part-groups';
import { partsApart } from './parts-apart';
import { weldLockedToFollowers } from './locked-followers';
import type { MmdRigWarning } from './rig-warnings';
import { WarningList } from './rig-warnings';

/** Options for {@link mmdRig}. */
export interface MmdRigOptions {
  /** The ragdoll's name in messages (default: the model's name, else "MMD model"). */
  readonly name?: string;
  /** Metres per MMD unit (default {@link MMD_UNIT_METRES}, 0.08). */
  readonly unitMetres?: number;
  /**
   * How the ragdoll's parts meet the model's moving bodies (hair, skirts):
   * - `authored` (default): as the masks say, with each part in the group of the model's
   *   follow bodies on its bones (see `partGroups`). Safe since the physics carries follow
   *   bodies as massless colliders on the parts and scales the model's masses to a share of
   *   the ragdoll's: a part squeezed against the floor yields instead of being flung
   *   (docs/physics.md);
   * - `apart`: not at all; the parts join one group no moving body collides with, and only the
   *   model's own follow colliders keep hair and skirts off the body (see `partsApart`).
   */
  readonly partCollisions?: 'apart' | 'authored';
  /**
   * How far from its part's centre (metres) a body welded to a follow body by fully locked
   * joints is still carried by the part (see `weldLockedToFollowers`); default unlimited.
   */
  readonly weldReach?: number;
}

/** An MMD model as a ragdoll plus its own physics, and how to pose its bones from both. */
export interface MmdRig {
  /** The 15-part ragdoll built from the standard bones (see `specFromHumanoidBones`). */
  readonly rig: HumanoidRig;
  /**
   * The model's own bodies and joints in doll space, with `partGroups`: the MMD collision group
   * (0..15) of each ragdoll part, so the model's bodies meet the ragdoll as they would the
   * model's own body colliders (see `partGroups` in `part-groups.ts`).
   */
  readonly physics: MmdPhysicsSpec & { readonly partGroups: Readonly<Record<string, number>> };
  /** One per MMD bone, by bone index (see {@link MmdBoneDriver}). */
  readonly boneDrivers: readonly MmdBoneDriver[];
  /** Every bone index once, parents before children: the order to pose bones in. */
  readonly boneOrder: readonly number[];
  /** Metres per MMD unit used. Model space = (x, y, −z) × this; doll space = that − `rig.origin`. */
  readonly unitMetres: number;
  /** Optional standard bones the model lacks (Japanese names, e.g. センター, 左つま先). */
  readonly bonesMissing: readonly string[];
  /** The parser's warnings, then the rig's: one per kind. */
  readonly warnings: readonly MmdRigWarning[];
}

const REQUIRED_SENTENCE =
  'a ragdoll needs 下半身 (lower body), 上半身 (upper body), 頭 (head) and, on both sides, ' +
  '腕 (arm), ひじ (elbow), 手首 (wrist), 足 (leg), ひざ (knee) and 足首 (ankle)';

/**
 * Builds the ragdoll and the physics input of an MMD model (`mmd-coordinates.ts` for the conversions):
 * the standard bones become a humanoid skeleton for `specFromHumanoidBones`; the model's rigid
 * bodies and joints are converted to doll space; each body follows the ragdoll part its bone
 * moves with, bodies on bones the ragdoll moves always follow it, and moving bodies welded to a
 * follow body by fully locked joints follow too (see `weldLockedToFollowers`). Bad bodies and joints
 * are left out with one warning per kind. Throws a `RigError` naming every missing required
 * bone in Japanese with its meaning, e.g. "Missing bones: 左ひじ (left elbow), 頭 (head)".
 */
export function mmdRig(model: MmdModel, options: MmdRigOptions = {}): MmdRig {
  const unitMetres = options.unitMetres ?? MMD_UNIT_METRES;
  const standard = findStandardBones(model.bones);
  if (standard.missingRequired.length > 0) {
    throw new RigError(
      `Missing bones: ${standard.missingRequired.join(', ')}; ${REQUIRED_SENTENCE}`,
    );
  }
  const modelPositions = model.bones.map((b) => mmdToModelPosition(b.position, unitMetres));
  const humanoid: Record<string, Vec3> = {};
  for (const [name, index] of standard.byHumanoid) humanoid[name] = modelPositions[index]!;
  const rig = specFromHumanoidBones(humanoid as HumanoidBonePositions, {
    name: options.name ?? (model.name || 'MMD model'),
  });

  const directOwners = new Map<number, string>();
  for (const [name, index] of standard.byHumanoid) {
    const part = rig.boneOwners.get(name);
    if (part !== undefined) directOwners.set(index, part);
  }
  const rootPart = rig.spec.rootPart;
  const parts = resolveBoneParts(model.bones, directOwners, rootPart);
  const warnings = new WarningList();
  const { bodies: converted, bodyOfSource } = convertBodies(
    model.rigidBodies,
    {
      parts,
      boneCount: model.bones.length,
      origin: rig.origin,
      unitMetres,
      partCenters: rig.spec.parts,
    },
    warnings,
  );
  const joints = convertJoints(model.joints, bodyOfSource, rig.origin, unitMetres, warnings);
  const bodies = weldLockedToFollowers(converted, joints, rig.spec.parts, options.weldReach);
  const { groups, narrowedMasks } =
    (options.partCollisions ?? 'authored') === 'apart'
      ? partsApart(rig.spec.parts, bodies)
      : partGroups(rig.spec.parts, model.rigidBodies, bodies, parts, warnings);
  for (const [index, collisionMask] of narrowedMasks) {
    bodies[index] = { ...bodies[index]!, collisionMask };
  }
  const restPositions = modelPositions.map((p) => sub(p, rig.origin));
  const partCenter = (name: string): Vec3 =>
    rig.spec.parts.find((p) => p.name === name)?.center ?? [0, 0, 0];
  return {
    rig,
    physics: {
      bodies,
      joints,
      partGroups: groups,
    },
    boneDrivers: boneDrivers({
      bones: model.bones,
      parts,
      restPositions,
      partCenter,
      bodies,
      boneOfBody: (body) => model.rigidBodies[body.sourceIndex]?.boneIndex ?? -1,
      hips: standard.byHumanoid.get('hips')!,
      spine: standard.byHumanoid.get('spine')!,
      rootPart,
    }),
    boneOrder: parts.order,
    unitMetres,
    bonesMissing: standard.missingOptional,
    warnings: [...model.warnings, ...warnings.list()],
  };
}
