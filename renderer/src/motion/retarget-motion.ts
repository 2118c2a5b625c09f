import type { DollMotion, DollPose } from '../physics/motion/doll-motion';
import type { FaceTrack, LookAtTrack } from './face-tracks';
import type { DollSpec } from '../physics/doll-spec';
import { figureHipsHeight } from './figure-hips-height';
import { createLegIk } from './leg-ik';
import type { DrawnBoneTrack, MotionClip } from './motion-clip';
import { hipsIndex } from './motion-clip';
import type { RotationTrack } from './motion-track';
import { rotationTrackMoves, translationTrackMoves } from './motion-track';
import { PART_BONES, PART_PARENTS } from './part-bones';
import {
  conjugateInto,
  copyQuat,
  multiplyInto,
  rotateVectorInto,
  setIdentity,
} from './quat-buffer';
import type { FigureKind } from './rest-offsets';
import { partRestCorrections } from './rest-offsets';
import { sampleRotationAt, sampleTranslationAt } from './sample-track';
import { LoopSeam } from './seamless-loop';

export type { FigureKind } from './rest-offsets';

/** The track of a bone that stays at rest: no keys. */
const REST_TRACK: RotationTrack = {
  times: new Float64Array(0),
  values: new Float64Array(0),
  bezier: null,
};

/** A motion bound to one figure, and what of the motion that figure cannot show. */
export interface RetargetedMotion extends DollMotion {
  /**
   * Bones the clip animates that this figure cannot show (the file's names or humanoid
   * names, each once): bones the clip could not map at all, and bones below every part this
   * figure has (toes, eyes, fingers; hands and feet on the box dummy).
   */
  readonly skippedBones: readonly string[];
  /**
   * Bones the clip turns that no part of this figure follows, for a drawn model to turn where
   * no physics owns them (MMD clips only: their bones rest as an MMD model's do).
   */
  readonly drawnBones: readonly DrawnBoneTrack[];
  /** The clip's face tracks, for a drawn model's face (none when the file has none). */
  readonly face?: readonly FaceTrack[];
  /** The clip's gaze, for a drawn model's eyes (none when the file has none). */
  readonly lookAt?: LookAtTrack | null;
}

/** The face tracks of a motion {@link retargetMotion} made (none for any other motion). */
export function faceTracksOf(motion: DollMotion): readonly FaceTrack[] {
  return (motion as Partial<RetargetedMotion>).face ?? [];
}

/** The gaze of a motion {@link retargetMotion} made, or null (none, or any other motion). */
export function lookAtTrackOf(motion: DollMotion): LookAtTrack | null {
  return (motion as Partial<RetargetedMotion>).lookAt ?? null;
}

/** The drawn bones of a motion {@link retargetMotion} made (none for any other motion). */
export function drawnBonesOf(motion: DollMotion): readonly DrawnBoneTrack[] {
  return 'drawnBones' in motion ? (motion as RetargetedMotion).drawnBones : [];
}

/** Options for {@link retargetMotion}. */
export interface RetargetOptions {
  /** The kind of figure the spec was built from: decides what its rest pose means. */
  readonly figureKind: FigureKind;
}

/** For each part, the index of the clip bone it follows (see `PART_BONES`). */
function partBoneIndices(clip: MotionClip, spec: DollSpec): number[] {
  const byHumanoid = new Map<string, number>();
  clip.bones.forEach((bone, i) => {
    if (bone.humanoid !== null) byHumanoid.set(bone.humanoid, i);
  });
  const chosen = new Map<string, number>();
  const find = (part: string): number => {
    const known = chosen.get(part);
    if (known !== undefined) return known;
    const own = (PART_BONES[part] ?? []).map((b) => byHumanoid.get(b)).find((i) => i !== undefined);
    const parent = PART_PARENTS[part];
    const index = own ?? (parent ? find(parent) : hipsIndex(clip));
    chosen.set(part, index);
    return index;
  };
  return spec.parts.map((part) => find(part.name));
}

/** Clip bones whose rotation reaches some part: the part bones and all their ancestors. */
function shownBones(clip: MotionClip, partBones: readonly number[]): boolean[] {
  const shown = clip.bones.map(() => false);
  for (let index of partBones) {
    while (index >= 0 && !shown[index]) {
      shown[index] = true;
      index = clip.bones[index]!.parent;
    }
  }
  return shown;
}

function skippedBonesOf(clip: MotionClip, shown: readonly boolean[]): string[] {
  const skipped = new Set(clip.unusedBones);
  clip.bones.forEach((bone, i) => {
    if (shown[i]) return;
    const moves =
      (bone.rotation !== null && rotationTrackMoves(bone.rotation)) ||
      (bone.translation !== null && translationTrackMoves(bone.translation));
    if (moves) skipped.add(bone.name);
  });
  return [...skipped];
}

/** The clip's turned bones that reach no part, and its bones outside the skeleton. */
function clipDrawnBones(clip: MotionClip, shown: readonly boolean[]): DrawnBoneTrack[] {
  if (clip.rest !== 'mmd') return [];
  const own = clip.bones.flatMap((bone, i) =>
    !shown[i] && bone.rotation !== null && rotationTrackMoves(bone.rotation)
      ? [{ name: bone.name, rotation: bone.rotation }]
      : [],
  );
  return [...own, ...(clip.drawnBones ?? [])];
}

/** The bones from the root down to the hips, root first. */
function chainTo(clip: MotionClip, index: number): number[] {
  const chain: number[] = [];
  for (let i = index; i >= 0; i = clip.bones[i]!.parent) chain.unshift(i);
  return chain;
}

/**
 * Binds a clip to a figure: the returned motion writes, for any time, each part's rotation
 * away from its own rest (doll space) and the root part's displacement.
 *
 * Rotations: a part follows the world rotation W of its bone (the product of the clip's local
 * rotations from the root down, which folds in-between bones such as センター or 腕捩 into
 * the bones below them), corrected from the clip's rest pose to the figure's (see
 * `partRestCorrections`: arms turned from the clip's rest pose to the figure's, legs expressed in
 * the figure's own leg line).
 *
 * Root: the hips' displacement (the clip's translations from the root down to the hips, each
 * turned by its parent's rotation), scaled by the figure's hip height over the clip's
 * (`restHipsHeight`), plus the shift of the pelvis centre as the pelvis turns about the hips.
 *
 * Loop: a clip whose last frame is not its first has the jump blended away over the end of the
 * loop (see `LoopSeam`), so looping does not kick the figure.
 *
 * Sampling allocates nothing; all buffers are made here.
 */
export function retargetMotion(
  clip: MotionClip,
  spec: DollSpec,
  options: RetargetOptions,
): RetargetedMotion {
  const bones = clip.bones;
  const partBones = partBoneIndices(clip, spec);
  const shown = shownBones(clip, partBones);
  const corrections = partRestCorrections(spec, clip.rest, options.figureKind);
  const rightCorrections = new Float64Array(spec.parts.length * 4);
  const leftCorrections = new Float64Array(spec.parts.length * 4);
  /** For parts with a left correction, the clip bone of the part their limb hangs from; else −1. */
  const limbAnchors = new Int32Array(spec.parts.length).fill(-1);
  const rootPart = Math.max(
    0,
    spec.parts.findIndex((part) => part.name === spec.rootPart),
  );
  corrections.forEach(({ left, right }, i) => {
    rightCorrections.set(right, 4 * i);
    leftCorrections.set(left, 4 * i);
    if (left[3] < 1) limbAnchors[i] = partBones[rootPart]!;
  });
  // The translation tracks from the root down to the hips, and each one's parent bone.
  const rootMovers = chainTo(clip, hipsIndex(clip)).filter((i) => bones[i]!.translation !== null);
  const rootTracks = rootMovers.map((i) => bones[i]!.translation!);
  const rootParents = Int32Array.from(rootMovers, (i) => bones[i]!.parent);
  const pelvisCenter = new Float64Array(spec.parts[rootPart]!.center);
  const rootScale = figureHipsHeight(spec) / clip.restHipsHeight;
  const duration = clip.duration;

  const worlds = new Float64Array(bones.length * 4);
  // Flat tables for the per-step loop: the bones to compose (parents first), their parents,
  // and their tracks (an empty track for a bone at rest keeps the loop's types uniform).
  const worldOrder = Int32Array.from(bones.flatMap((_, i) => (shown[i] ? [i] : [])));
  const worldParents = Int32Array.from(bones, (bone) => bone.parent);
  const localTracks: readonly RotationTrack[] = bones.map((bone) => bone.rotation ?? REST_TRACK);
  const scratch = new Float64Array(8);
  /**
   * The wrapped time of the current sample. Kept in a typed array rather than passed as an
   * argument: a double handed to a function V8 does not inline is boxed on the heap each call.
   */
  const clock = new Float64Array(1);
  const limbScratch = new Float64Array(8);
  const legSolvers = (clip.footTargets ?? []).flatMap((target) => {
    const solver = createLegIk(spec, target, { worlds, clock, rootScale });
    return solver ? [solver] : [];
  });

  /** out = W_a · L · (W_a⁻¹ · W) · R for part p (see `PartCorrection`). */
  function writePart(p: number, out: Float64Array): void {
    const o = 4 * p;
    const anchor = limbAnchors[p]!;
    if (anchor < 0) {
      multiplyInto(worlds, 4 * partBones[p]!, rightCorrections, o, out, o);
      return;
    }
    conjugateInto(worlds, 4 * anchor, limbScratch, 0);
    multiplyInto(limbScratch, 0, worlds, 4 * partBones[p]!, limbScratch, 4);
    multiplyInto(leftCorrections, o, limbScratch, 4, limbScratch, 4);
    multiplyInto(worlds, 4 * anchor, limbScratch, 4, limbScratch, 4);
    multiplyInto(limbScratch, 4, rightCorrections, o, out, o);
  }

  function sampleWorlds(): void {
    for (let k = 0; k < worldOrder.length; k++) {
      const i = worldOrder[k]!;
      const o = 4 * i;
      const parent = worldParents[i]!;
      const track = localTracks[i]!;
      if (parent < 0) {
        if (track.times.length > 0) sampleRotationAt(track, clock, worlds, o);
        else setIdentity(worlds, o);
      } else if (track.times.length > 0) {
        sampleRotationAt(track, clock, scratch, 0);
        multiplyInto(worlds, 4 * parent, scratch, 0, worlds, o);
      } else {
        copyQuat(worlds, 4 * parent, worlds, o);
      }
    }
  }

  function writeRoot(out: DollPose): void {
    const offset = out.rootOffset;
    offset[0] = 0;
    offset[1] = 0;
    offset[2] = 0;
    for (let c = 0; c < rootTracks.length; c++) {
      sampleTranslationAt(rootTracks[c]!, clock, scratch, 0);
      const parent = rootParents[c]!;
      if (parent >= 0) rotateVectorInto(worlds, 4 * parent, scratch, 0, scratch, 0);
      offset[0] += scratch[0]! * rootScale;
      offset[1] += scratch[1]! * rootScale;
      offset[2] += scratch[2]! * rootScale;
    }
    // The pelvis turns about the hips (the doll's origin), which moves its centre.
    rotateVectorInto(out.rotations, 4 * rootPart, pelvisCenter, 0, scratch, 4);
    offset[0] += scratch[4]! - pelvisCenter[0]!;
    offset[1] += scratch[5]! - pelvisCenter[1]!;
    offset[2] += scratch[6]! - pelvisCenter[2]!;
  }

  /** The clip's own pose at clock[0] (wrapped), before its loop seam is blended. */
  function sampleClip(out: DollPose): void {
    sampleWorlds();
    for (let p = 0; p < partBones.length; p++) writePart(p, out.rotations);
    writeRoot(out);
    for (let l = 0; l < legSolvers.length; l++) legSolvers[l]!.solve(out);
  }

  const seam = new LoopSeam(
    (time, out) => {
      clock[0] = time;
      sampleClip(out);
    },
    duration,
    spec.parts.length,
  );

  return {
    name: clip.name,
    duration,
    spec,
    skippedBones: skippedBonesOf(clip, shown),
    drawnBones: clipDrawnBones(clip, shown),
    face: clip.face ?? [],
    lookAt: clip.lookAt ?? null,
    sample(time: number, out: DollPose): void {
      let t = time % duration;
      if (t < 0) t += duration;
      if (!Number.isFinite(t)) t = 0;
      clock[0] = t;
      sampleClip(out);
      seam.apply(clock, out);
    },
  };
}
