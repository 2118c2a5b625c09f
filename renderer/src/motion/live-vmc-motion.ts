import { VMC_BONE_COUNT, VMC_BONE_VRM_NAMES } from '../../../shared/vmc-bones';
import type { VmcFrame } from '../../../shared/vmc-frame';
import type { DollSpec } from '../physics/doll-spec';
import type { DollMotion } from '../physics/motion/doll-motion';
import { HUMANOID_PARENTS } from './humanoid-hierarchy';
import type { ClipBone, MotionClip } from './motion-clip';
import { multiplyInto, rotateVectorInto } from './quat-buffer';
import type { FigureKind, RetargetedMotion } from './retarget-motion';
import { retargetMotion } from './retarget-motion';
import { sameElements } from '../../../shared/same-elements';

/** The name "Live (VMC)" motions carry in measurements and messages. */
export const LIVE_VMC_MOTION_NAME = 'Live (VMC)';

/**
 * The live motion's loop length, seconds: far longer than any session, so its time never
 * wraps (the pose does not depend on time at all).
 */
const LIVE_DURATION = 1e6;

/** Below this the sender's hips are not standing (a sitting or lying start): use a usual height. */
const LOWEST_REFERENCE_HIPS_M = 0.3;
/** A usual standing hip height, metres, when the first frame gives none. */
const USUAL_HIPS_M = 0.9;

/**
 * A motion whose pose is the latest received from a VMC sender, bound to one figure through
 * the same retargeting as a file motion (`retargetMotion`): a clip of one key per bone whose
 * key is overwritten by {@link LiveVmcMotion.update}. Time is ignored.
 *
 * Root motion is relative to where the figure stands: the first frame after
 * {@link LiveVmcMotion.resetReference} is the reference, and the hips' movement since then
 * (the root's position and rotation applied to the hips' local position) moves the figure,
 * scaled from the sender's hip height (taken from that first frame) to the figure's.
 */
export interface LiveVmcMotion extends RetargetedMotion {
  /** Marks a live motion among the figure's motions. */
  readonly liveVmc: true;
  /** Takes `frame`'s pose (allocates nothing). Bones the sender never named stay at rest. */
  update(frame: VmcFrame): void;
  /** The next frame becomes the reference for root motion. */
  resetReference(): void;
  /** True once a frame has been taken. */
  readonly hasPose: boolean;
  /**
   * The last frame's expressions (names as sent), for the face. The same array until a frame
   * names different expressions, so a reader can resolve the names once and compare by
   * identity.
   */
  readonly blendNames: readonly string[];
  /** Their weights, 0..1, same order (refilled in place while the names stay). */
  readonly blendValues: Float64Array;
}

/** Whether `motion` is a {@link LiveVmcMotion} (the face reads its expressions). */
export function isLiveVmcMotion(motion: DollMotion): motion is LiveVmcMotion {
  return (motion as Partial<LiveVmcMotion>).liveVmc === true;
}

interface LiveClip {
  readonly clip: MotionClip;
  /** Per VMC bone, the key slot (a 4-number view) its rotation goes to, or null. */
  readonly keys: (Float64Array | null)[];
  readonly hipsKey: Float64Array;
}

function liveClip(): LiveClip {
  const keys: (Float64Array | null)[] = new Array<Float64Array | null>(VMC_BONE_COUNT).fill(null);
  const hipsKey = new Float64Array(3);
  const index = new Map<string, number>();
  const bones: ClipBone[] = [];
  for (const [name, parent] of HUMANOID_PARENTS) {
    const values = new Float64Array([0, 0, 0, 1]);
    const vmc = VMC_BONE_VRM_NAMES.indexOf(name);
    if (vmc >= 0) keys[vmc] = values;
    index.set(name, bones.length);
    bones.push({
      name,
      humanoid: name,
      parent: parent === null ? -1 : index.get(parent)!,
      rotation: { times: new Float64Array(1), values, bezier: null },
      translation:
        name === 'hips' ? { times: new Float64Array(1), values: hipsKey, bezier: null } : null,
    });
  }
  // restHipsHeight 1: the hips key holds movement in hip heights (see update), which
  // retargeting scales by the figure's own hip height.
  const clip: MotionClip = {
    name: LIVE_VMC_MOTION_NAME,
    duration: LIVE_DURATION,
    rest: 'tpose',
    bones,
    restHipsHeight: 1,
    unusedBones: [],
  };
  return { clip, keys, hipsKey };
}

const hipsWorld = new Float64Array(3);

/** Binds a live VMC motion to a figure (see {@link LiveVmcMotion}). */
export function createLiveVmcMotion(spec: DollSpec, figureKind: FigureKind): LiveVmcMotion {
  const { clip, keys, hipsKey } = liveClip();
  const motion = retargetMotion(clip, spec, { figureKind });
  const reference = new Float64Array(3);
  let referenceHeight = 0;
  let hasReference = false;
  let hasPose = false;
  let blendNames: readonly string[] = [];
  let blendValues: Float64Array = new Float64Array(0);
  const hipsKeyIndex = VMC_BONE_VRM_NAMES.indexOf('hips');

  function update(frame: VmcFrame): void {
    const rotations = frame.rotations;
    for (let i = 0; i < VMC_BONE_COUNT; i++) {
      const key = keys[i];
      if (!key || frame.received[i] === 0) continue;
      if (i === hipsKeyIndex) {
        // The hips turn with the root they hang from.
        multiplyInto(frame.rootRotation, 0, rotations, 4 * i, key, 0);
      } else {
        key[0] = rotations[4 * i]!;
        key[1] = rotations[4 * i + 1]!;
        key[2] = rotations[4 * i + 2]!;
        key[3] = rotations[4 * i + 3]!;
      }
    }
    rotateVectorInto(frame.rootRotation, 0, frame.hipsPosition, 0, hipsWorld, 0);
    for (let c = 0; c < 3; c++) hipsWorld[c] = hipsWorld[c]! + frame.rootPosition[c]!;
    if (!hasReference && frame.received[hipsKeyIndex] === 1) {
      reference.set(hipsWorld);
      referenceHeight = hipsWorld[1]! >= LOWEST_REFERENCE_HIPS_M ? hipsWorld[1]! : USUAL_HIPS_M;
      hasReference = true;
    }
    if (hasReference)
      for (let c = 0; c < 3; c++) hipsKey[c] = (hipsWorld[c]! - reference[c]!) / referenceHeight;
    // Each polled frame arrives with new arrays: keep ours while the names stay the same.
    if (!sameElements(frame.blendNames, blendNames)) {
      blendNames = frame.blendNames.slice();
      blendValues = new Float64Array(blendNames.length);
    }
    blendValues.set(frame.blendValues);
    hasPose = true;
  }

  return {
    ...motion,
    liveVmc: true,
    update,
    resetReference() {
      hasReference = false;
      hipsKey.fill(0);
    },
    get hasPose() {
      return hasPose;
    },
    get blendNames() {
      return blendNames;
    },
    get blendValues() {
      return blendValues;
    },
  };
}
