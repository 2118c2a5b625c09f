import type { MmdModel } from '../../formats/mmd/mmd-model';
import type { DollSpec } from '../../physics/doll-spec';
import type { MmdPhysicsSpec } from '../../physics/mmd/mmd-physics-spec';
import type { Vec3 } from '../../physics/vector-math';
import type { MmdBoneDriver } from './bone-drivers';
import { boneHierarchy } from './bone-order';
import { convertBodies } from './convert-bodies';
import { convertJoints } from './convert-joints';
import { findStandardBones } from './find-standard-bones';
import { weldLockedToFollowers } from './locked-followers';
import { MMD_UNIT_METRES, mmdToModelPosition } from './mmd-coordinates';
import { PROP_PART, propCarrier } from './prop-carrier';
import { propBoneDrivers } from './prop-bone-drivers';
import type { MmdRigWarning } from './rig-warnings';
import { WarningList } from './rig-warnings';

export { PROP_PART } from './prop-carrier';

/** Whether an MMD model becomes a ragdoll figure or a prop (see {@link mmdModelKind}). */
export type MmdModelKind = 'figure' | 'prop';

/**
 * `figure` when the model has the torso every ragdoll is built on (下半身 and 上半身): it is a
 * humanoid, and one missing an arm or leg bone is refused by `mmdRig` naming the bones.
 * `prop` when it lacks either (an accessory, a ribbon, a hair or skirt test piece) but has at
 * least one bone to draw it on. A model with no bones at all is a `figure`, so it is refused
 * with the missing bones named, as before props existed.
 */
export function mmdModelKind(model: MmdModel): MmdModelKind {
  if (model.bones.length === 0) return 'figure';
  const standard = findStandardBones(model.bones).byName;
  return standard.has('下半身') && standard.has('上半身') ? 'figure' : 'prop';
}

/** An MMD model as a prop: one rigid carrier, its own bodies and joints, and how to pose its bones. */
export interface MmdPropRig {
  /** The carrier as a one-part doll; doll space is model space (`origin` 0), metres. */
  readonly rig: { readonly spec: DollSpec; readonly origin: Vec3 };
  /** The model's bodies and joints in doll space, each riding or placed from the carrier. */
  readonly physics: MmdPhysicsSpec;
  /** True when the carrier's box is the prop's collider (no bone-following bodies). */
  readonly carrierCollides: boolean;
  /** One per MMD bone, by bone index (see `propBoneDrivers`). */
  readonly boneDrivers: readonly MmdBoneDriver[];
  /** Every bone index once, parents before children. */
  readonly boneOrder: readonly number[];
  /** Metres per MMD unit used. */
  readonly unitMetres: number;
  /** The parser's warnings, then the rig's: one per kind. */
  readonly warnings: readonly MmdRigWarning[];
}

/** Options for {@link mmdPropRig}. */
export interface MmdPropRigOptions {
  /** The prop's name in messages (default: the model's name, else "MMD prop"). */
  readonly name?: string;
  /** Metres per MMD unit (default {@link MMD_UNIT_METRES}, 0.08). */
  readonly unitMetres?: number;
}

/**
 * Builds a prop from an MMD model without a humanoid skeleton: its bone-following (type 0)
 * bodies ride one rigid carrier part (see `propCarrier`), its moving bodies (types 1 and 2) and
 * joints are converted as for a figure (see `mmdRig`) and swing from it, and every bone is posed
 * from the carrier or the body it hangs on (see `propBoneDrivers`). Bad bodies and joints are
 * left out with one warning per kind. Throws nothing of its own.
 */
export function mmdPropRig(model: MmdModel, options: MmdPropRigOptions = {}): MmdPropRig {
  const unitMetres = options.unitMetres ?? MMD_UNIT_METRES;
  const origin: Vec3 = [0, 0, 0];
  const { order } = boneHierarchy(model.bones);
  const warnings = new WarningList();
  const { bodies: converted, bodyOfSource } = convertBodies(
    model.rigidBodies,
    {
      parts: {
        owned: model.bones.map(() => undefined),
        carried: model.bones.map(() => PROP_PART),
        order,
      },
      boneCount: model.bones.length,
      origin,
      unitMetres,
      partCenters: [{ name: PROP_PART, center: origin }],
    },
    warnings,
  );
  const joints = convertJoints(model.joints, bodyOfSource, origin, unitMetres, warnings);
  const restPositions = model.bones.map((bone) => mmdToModelPosition(bone.position, unitMetres));
  const placed = propCarrier(converted, fallbackPoints(model, restPositions, unitMetres));
  const bodies = weldLockedToFollowers(converted, joints, [placed.part]);
  const carrier = propCarrier(bodies, fallbackPoints(model, restPositions, unitMetres));
  return {
    rig: {
      spec: {
        name: options.name ?? (model.name || 'MMD prop'),
        parts: [carrier.part],
        joints: [],
        rootPart: PROP_PART,
      },
      origin,
    },
    physics: { bodies, joints },
    carrierCollides: carrier.collides,
    boneDrivers: propBoneDrivers({
      bones: model.bones,
      restPositions,
      bodies,
      boneOfBody: (body) => model.rigidBodies[body.sourceIndex]?.boneIndex ?? -1,
      part: PROP_PART,
      partCenter: carrier.part.center,
    }),
    boneOrder: order,
    unitMetres,
    warnings: [...model.warnings, ...warnings.list()],
  };
}

/** The mesh's vertices in doll space (metres), else the bones' rest positions. */
function fallbackPoints(model: MmdModel, bones: readonly Vec3[], unitMetres: number): Float32Array {
  const source = model.mesh.positions;
  if (source.length >= 3) {
    const points = new Float32Array(source.length);
    for (let i = 0; i + 2 < source.length; i += 3) {
      points[i] = source[i]! * unitMetres;
      points[i + 1] = source[i + 1]! * unitMetres;
      points[i + 2] = -source[i + 2]! * unitMetres;
    }
    return points;
  }
  return new Float32Array(bones.flatMap((p) => [...p]));
}
