import { isLiveVmcMotion } from '../../motion/live-vmc-motion';
import type { FaceTarget } from './face-target';
import type { MotionFace } from './figure-face';
import type { FaceMotionSource } from './motion-face-tracks';
import type { ExpressionFace } from './vmc-expression-names';
import { expressionIndexOf } from './vmc-expression-names';

/**
 * A face that shows the expressions a VMC sender sends while its figure plays Live (VMC),
 * and otherwise whatever `other` shows (the motion file's face tracks). Each received name
 * lands on the model's expression or morph for it (VRM 0.x and 1.0 names either way, any case;
 * on an MMD face through MMD's standard morphs; custom names when the model has them; names
 * the model lacks are skipped). The received weights win over blinking and the reactions for
 * the expressions they name; the others keep reacting. The weights stay as last received when
 * the stream pauses (the pose holds too) and leave when Live (VMC) ends (5 s without data),
 * the face going back to its own. Resolving names allocates, once per change of the names;
 * each frame after allocates nothing.
 */
export class LiveVmcFace implements MotionFace {
  /** The names resolved last (the live motion's array: it changes only with the names). */
  private boundNames: readonly string[] | null = null;
  /** Per received name, the index on the face, or -1. */
  private indices = new Int32Array(0);
  /** 1 for each face index a received name drives now. */
  private readonly covered: Uint8Array;
  /** Whether the live face wrote this frame (else `other` did, or nothing). */
  private live = false;
  /** What an expression shows already (read into an array: a returned fraction is boxed). */
  private readonly shown = new Float64Array(1);

  constructor(
    private readonly face: FaceTarget,
    private readonly kind: ExpressionFace,
    private readonly source: FaceMotionSource,
    private readonly other: MotionFace | null,
  ) {
    this.covered = new Uint8Array(face.names.length);
  }

  get replacesReactions(): boolean {
    return this.live ? false : (this.other?.replacesReactions ?? true);
  }

  write(target: FaceTarget): boolean {
    const motion = this.source.current();
    const live = motion !== null && isLiveVmcMotion(motion) && motion.blendNames.length > 0;
    if (!live) {
      if (this.boundNames !== null) this.release(target);
      this.live = false;
      return this.other ? this.other.write(target) : false;
    }
    if (motion.blendNames !== this.boundNames) this.bind(motion.blendNames, target);
    const indices = this.indices;
    const values = motion.blendValues;
    // Two names may land on one expression (Joy and happy): the larger shows.
    for (let i = 0; i < indices.length; i++) if (indices[i]! >= 0) target.setWeight(indices[i]!, 0);
    const shown = this.shown;
    for (let i = 0; i < indices.length; i++) {
      const index = indices[i]!;
      if (index < 0) continue;
      target.readWeight(index, shown, 0);
      if (values[i]! > shown[0]!) target.setWeightFrom(index, values, i);
    }
    this.live = true;
    return true;
  }

  covers(index: number): boolean {
    return this.live ? this.covered[index] === 1 : (this.other?.covers(index) ?? false);
  }

  /** How many of the received names this face shows (for tests). */
  get shownNames(): number {
    let count = 0;
    for (let i = 0; i < this.indices.length; i++) if (this.indices[i]! >= 0) count++;
    return count;
  }

  private bind(names: readonly string[], target: FaceTarget): void {
    this.release(target);
    this.boundNames = names;
    this.indices = Int32Array.from(names, (name) => expressionIndexOf(this.face, this.kind, name));
    for (const index of this.indices) if (index >= 0) this.covered[index] = 1;
  }

  /** The expressions the stream drove go back to rest, for the face's own to take over. */
  private release(target: FaceTarget): void {
    for (let i = 0; i < this.covered.length; i++) {
      if (this.covered[i] === 0) continue;
      this.covered[i] = 0;
      target.setWeight(i, 0);
    }
    this.boundNames = null;
    this.indices = new Int32Array(0);
  }
}
