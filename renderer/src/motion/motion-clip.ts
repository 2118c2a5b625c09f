import type { HumanoidBoneName } from '../rig/humanoid-bones';
import type { RotationTrack, TranslationTrack } from './motion-track';
import type { FaceTrack, LookAtTrack } from './face-tracks';

/**
 * What a clip's rotations are relative to.
 * - `tpose`: VRM's normalized humanoid: a T-pose (arms straight out along ±X, legs down, facing
 *   +Z) whose bone frames all line up with the world axes. VRMA files and the built-in motions.
 * - `mmd`: an MMD model's rest, also with world-aligned bone frames but with the arms in MMD's
 *   A-pose (see `MMD_A_POSE_ARM_ANGLE`). VMD files.
 *
 * In both, a bone's rotation away from rest in the world is the product of the local rotations
 * from the root down to it, which is what retargeting composes.
 */
export type MotionRest = 'tpose' | 'mmd';

/**
 * One bone of the skeleton a clip animates: a humanoid bone, or a bone of the motion's own
 * skeleton that has none (MMD's センター, グルーブ, 腕捩 …) and whose rotation is folded into
 * the humanoid bones below it by composition.
 */
export interface ClipBone {
  /** The motion's own name for the bone (a VRM humanoid name, or e.g. "センター"). */
  readonly name: string;
  /** The VRM 1.0 humanoid bone it is, or null for an in-between bone. */
  readonly humanoid: HumanoidBoneName | null;
  /** Index of the parent in `MotionClip.bones` (always smaller), or −1 for a root. */
  readonly parent: number;
  /** Local rotation relative to the rest (see {@link MotionRest}); null = stays at rest. */
  readonly rotation: RotationTrack | null;
  /**
   * Displacement from the rest position, metres, in the parent's rest frame (which is the world
   * frame: every rest frame is world-aligned). Only the hips and the bones above them may move;
   * null = none.
   */
  readonly translation: TranslationTrack | null;
}

/**
 * An MMD leg-IK target (足ＩＫ): where a foot should be and how it should turn. MMD solves the
 * leg (足, ひざ) to put the ankle there; retargeting does the same on the figure's own leg.
 */
export interface FootTarget {
  readonly side: 'left' | 'right';
  /** The motion's name for it, for messages. */
  readonly name: string;
  /** Index of the clip bone it hangs from (MMD: 全ての親), or −1. */
  readonly parent: number;
  /** The ankle's displacement from its rest position, metres, in the parent's rest frame. */
  readonly translation: TranslationTrack;
  /** The foot's rotation away from rest, relative to the parent. */
  readonly rotation: RotationTrack;
}

/**
 * A bone a motion turns that no ragdoll part follows (fingers, eyes, MMD helper bones): a drawn
 * model can still turn it where no physics owns it.
 */
export interface DrawnBoneTrack {
  /** The motion's name for the bone (as the file spells it, or an MMD skeleton name). */
  readonly name: string;
  /** Its local rotation away from rest, relative to its parent (MMD rests are world-aligned). */
  readonly rotation: RotationTrack;
}

/**
 * A motion in humanoid-bone space, independent of any figure: the bones it animates (parents
 * before children, humanoid ones by their VRM 1.0 names), each with a rotation track and
 * possibly a translation track, and what is needed to fit its root motion to a figure.
 * Coordinates: metres, Y up, the figure facing +Z with its left at +X.
 */
export interface MotionClip {
  /** A built-in's name, or the file's name. */
  readonly name: string;
  /** Length of one loop, seconds (> 0). */
  readonly duration: number;
  /** What the rotations are relative to. */
  readonly rest: MotionRest;
  /** The skeleton, parents first; exactly one bone has `humanoid: 'hips'`. */
  readonly bones: readonly ClipBone[];
  /**
   * Height of the hips above the floor in the skeleton the motion was made for (metres): root
   * motion is scaled by the figure's hip height over this.
   */
  readonly restHipsHeight: number;
  /**
   * Bones the file animates that no figure can use (IK targets, bones with no humanoid meaning,
   * a hair bone …), by the file's names; retargeting adds those the figure lacks.
   */
  readonly unusedBones: readonly string[];
  /**
   * Leg-IK targets (MMD motions made with 足ＩＫ): when present, that leg is solved to reach
   * its target instead of following its bones' rotations.
   */
  readonly footTargets?: readonly FootTarget[];
  /**
   * Bones outside {@link bones} that the file turns (MMD motions: fingers, 両目 …), for models
   * that draw them; each is also in {@link unusedBones}.
   */
  readonly drawnBones?: readonly DrawnBoneTrack[];
  /** The face's weight tracks by the file's names (VRMA expressions, VMD morphs); none if absent. */
  readonly face?: readonly FaceTrack[];
  /** The eyes' gaze (a VRM Animation's look-at); none if absent. */
  readonly lookAt?: LookAtTrack;
}

/** The index of the clip's hips bone. */
export function hipsIndex(clip: MotionClip): number {
  const index = clip.bones.findIndex((bone) => bone.humanoid === 'hips');
  if (index < 0) throw new Error(`MotionClip "${clip.name}" has no hips bone`);
  return index;
}
