import type { FigureBones } from './figure-bones';
import type { RetargetedMotion } from './retarget-motion';
import { POSITION_ENTRY_SUFFIX } from './vmd-clip';

/** What becomes, on one figure, of the bones a motion moves that its ragdoll does not follow. */
export interface MotionBoneReport {
  /** Bones the drawn model turns from the motion alone (no physics owns them). */
  readonly drawn: readonly string[];
  /** Bones the figure has (or may have) that stay as its physics puts them. */
  readonly still: readonly string[];
  /** Bones the motion names that the model does not have. */
  readonly missing: readonly string[];
}

/**
 * Sorts `motion.skippedBones` (the motion's names) for one figure. Without `bones` (a VRM or
 * the box dummy, whose drawn bones take no motion) every one of them stays still.
 */
export function motionBoneReport(
  motion: RetargetedMotion,
  bones: FigureBones | undefined,
): MotionBoneReport {
  const drawnNames = new Set(motion.drawnBones.map((track) => track.name));
  const drawn: string[] = [];
  const still: string[] = [];
  const missing: string[] = [];
  for (const entry of motion.skippedBones) {
    if (!bones) {
      still.push(entry);
      continue;
    }
    const position = entry.endsWith(POSITION_ENTRY_SUFFIX);
    const index = bones.indexOf(position ? entry.slice(0, -POSITION_ENTRY_SUFFIX.length) : entry);
    if (index < 0) missing.push(entry);
    else if (!position && drawnNames.has(entry) && bones.takesMotion(index)) drawn.push(entry);
    else still.push(entry);
  }
  return { drawn, still, missing };
}
