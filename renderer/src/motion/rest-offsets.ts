import type { DollSpec } from '../physics/doll-spec';
import type { Quat, Vec3 } from '../physics/vector-math';
import { FORWARD } from '../rig/hinge-axis';
import { cross, length, normalize, sub } from '../rig/tuple-math';
import type { MotionRest } from './motion-clip';
import { mmdArmRestOffset } from './mmd-a-pose';
import { limbOf } from './part-bones';
import { IDENTITY_QUAT, conjugateQuat, multiplyQuats, quatBetweenFrames } from './quat-tuple';

/** Which kind of figure a motion is played on. */
export type FigureKind = 'box' | 'vrm' | 'mmd';

/** Where each limb's upper part points in the T-pose: arms out to their side (left at +X), legs down. */
const TPOSE_DIRECTION: Readonly<Record<string, Vec3>> = {
  armL: [1, 0, 0],
  armR: [-1, 0, 0],
  legL: [0, -1, 0],
  legR: [0, -1, 0],
};

function anchorOfJointInto(spec: DollSpec, child: string): Vec3 | undefined {
  return spec.joints.find((joint) => joint.child === child)?.anchor;
}

/**
 * The direction a limb's upper part points at rest in this figure: from the joint into it
 * (shoulder, hip) to the joint out of it (elbow, knee), falling back to the part's centre.
 */
function restLimbDirection(spec: DollSpec, limb: string): Vec3 | undefined {
  const upper = `${limb}_up`;
  const root = anchorOfJointInto(spec, upper);
  if (!root) return undefined;
  const tip =
    anchorOfJointInto(spec, `${limb}_lo`) ?? spec.parts.find((p) => p.name === upper)?.center;
  return tip ? sub(tip, root) : undefined;
}

/**
 * The rotation O from a limb's T-pose to this figure's rest: it turns the T-pose direction of
 * the limb's upper part onto the figure's, and the T-pose's hinge line onto the figure's (a
 * near-shortest turn, exact on the hinge). One O serves the whole limb (upper
 * part, lower part, hand or foot), so the elbow, knee, wrist and ankle keep the motion's
 * own bends and only the shoulder or hip takes up the difference.
 */
function figureRestOffset(spec: DollSpec, limb: string): Quat {
  const direction = restLimbDirection(spec, limb);
  if (!direction) return IDENTITY_QUAT;
  const tpose = TPOSE_DIRECTION[limb]!;
  const figure = normalize(direction);
  return quatBetweenFrames(tpose, hingeLine(tpose), figure, hingeLine(figure));
}

/**
 * The line an elbow or knee hinges about for a limb along `direction`: across the limb and
 * the forward axis, as the rig builds it (`hingeAxis`), before its sign is chosen. Matching
 * these lines, not just the directions, puts a T-pose bend exactly on the figure's hinge.
 */
function hingeLine(direction: Vec3): Vec3 {
  const raw = cross(FORWARD, direction);
  return length(raw) < 0.1 ? [1, 0, 0] : normalize(raw);
}

/**
 * How a part's rotation is made from the clip: part = W_a · L · W_a⁻¹ · W · R, where W is the
 * world rotation of the part's bone away from the clip's rest and W_a that of the bone of the
 * part the limb hangs from (the pelvis for legs).
 */
export interface PartCorrection {
  /** Turns the limb's motion into the figure's limb frame (identity for all but legs). */
  readonly left: Quat;
  /** Takes the clip's rest to the figure's (identity for all but arms). */
  readonly right: Quat;
}

const NONE: PartCorrection = { left: IDENTITY_QUAT, right: IDENTITY_QUAT };

/**
 * For each part (in `spec.parts` order), how its rotation follows the clip.
 *
 * - A clip made on an MMD model, played on an MMD model: the rotations as they are (the
 *   figure's rest is the pose the motion is relative to).
 * - Arms differ in rest *pose* between conventions: T-pose (VRM), 30-40° down (MMD), hanging
 *   (box dummy). Their parts get part = W · A · O⁻¹: A takes the clip's rest to the T-pose
 *   (MMD's A-pose offset for VMD clips, else identity), O the T-pose to the figure's rest
 *   (see {@link figureRestOffset}). The motion's arm is W · A · (T-pose frame), the figure's
 *   rest arm is O · (T-pose frame), so the part's rotation away from it is W · A · O⁻¹: a
 *   T-pose clip at rest lifts the box dummy's arms level.
 * - Legs stand straight down in every convention and a figure's few degrees of splay or lean
 *   is its own way of standing, so a clip at rest must leave them there; but the knee hinge
 *   follows the figure's own leg line. So the motion's leg rotation, taken relative to the
 *   pelvis, is expressed in the figure's leg frame: part = W_a · O · (W_a⁻¹ · W) · O⁻¹, which
 *   is the rest for a clip at rest and turns a T-pose knee bend about the figure's knee axis.
 * - Pelvis, torso and head stand upright everywhere and follow W as it is (their parts'
 *   centres do not lie along their bones, e.g. a head sits ahead of the neck, so no
 *   direction could be measured for them anyway).
 */
export function partRestCorrections(
  spec: DollSpec,
  rest: MotionRest,
  figureKind: FigureKind,
): PartCorrection[] {
  if (rest === 'mmd' && figureKind === 'mmd') return spec.parts.map(() => NONE);
  const offsets = new Map<string, Quat>();
  const offsetOf = (limb: string): Quat => {
    let offset = offsets.get(limb);
    if (!offset) {
      offset = figureRestOffset(spec, limb);
      offsets.set(limb, offset);
    }
    return offset;
  };
  return spec.parts.map((part): PartCorrection => {
    const limb = limbOf(part.name);
    if (!limb) return NONE;
    const offset = offsetOf(`${limb.limb}${limb.side}`);
    if (limb.limb === 'leg') return { left: offset, right: conjugateQuat(offset) };
    const clip = rest === 'mmd' ? mmdArmRestOffset(limb.side) : IDENTITY_QUAT;
    return { left: IDENTITY_QUAT, right: multiplyQuats(clip, conjugateQuat(offset)) };
  });
}
