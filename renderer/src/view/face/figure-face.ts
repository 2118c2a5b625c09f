import { BlinkClock, smoothStep } from './blink-clock';
import type { FaceCues } from './face-cues';
import { FaceReactions } from './face-reactions';
import type { FaceCueReading } from './face-reactions';
import type { FaceNames, FaceRoleIndices } from './face-roles';
import { resolveFaceRoles } from './face-roles';
import type { FaceTarget } from './face-target';

/**
 * What a motion file says about the face at the figure's current motion time: it writes the
 * weights it has into `target` and returns true, or returns false (no face tracks, or the
 * figure is not following the motion now).
 */
export interface MotionFace {
  write(target: FaceTarget): boolean;
  /** Whether the motion has a track for the weight at `index` of the target. */
  covers(index: number): boolean;
}

/**
 * One figure's face: blinking, reactions to what its body goes through, and the motion's own
 * face tracks, written to its {@link FaceTarget} once per frame. The motion's tracks win over
 * the reactions; with FACE REACTIONS off only blinking and the tracks remain.
 * Allocates nothing per frame.
 */
export class FigureFace {
  readonly roles: FaceRoleIndices;
  readonly reactions = new FaceReactions();
  private readonly blinkClock: BlinkClock;
  private readonly reading: FaceCueReading = { held: false, jolt: 0, state: 'passive' };
  private readonly hand = { x: 0, y: 0, z: 0 };
  private motionFace: MotionFace | null = null;

  /**
   * @param seed - the blink rhythm's seed (the figure id: figures blink out of step)
   */
  constructor(
    readonly target: FaceTarget,
    names: FaceNames,
    private readonly cues: FaceCues,
    seed: number,
  ) {
    this.roles = resolveFaceRoles(target, names);
    this.blinkClock = new BlinkClock(seed);
  }

  /** How many blinks have started (for tests). */
  get blinks(): number {
    return this.blinkClock.count;
  }

  /** Plays a motion's face tracks over the reactions (null: none). */
  setMotionFace(face: MotionFace | null): void {
    this.motionFace = face;
  }

  /** Advances by `seconds` (simulated) and writes this frame's weights; then `target.apply()`. */
  update(seconds: number): void {
    const cues = this.cues;
    const reading = this.reading;
    reading.held = cues.readHeld(this.hand);
    reading.jolt = cues.takeJolt();
    reading.state = cues.motionState();
    const blink = this.blinkClock.advance(seconds);
    const reactions = this.reactions;
    if (cues.reactionsOn()) reactions.update(seconds, reading);
    else reactions.reset();
    const { blink: blinkIndex, surprised, pained, painedBlink } = this.roles;
    const target = this.target;
    // A motion's own face, when it plays one, replaces the reactions (not the blinking, unless
    // it has its own blink track).
    const motionFace = this.motionFace;
    const motionPlays = motionFace !== null && motionFace.write(target);
    const surprise = motionPlays ? 0 : smoothStep(reactions.surprise);
    const pain = motionPlays ? 0 : smoothStep(reactions.pain);
    // Wide eyes do not blink; shut ones stay shut.
    let shut = Math.max(blink * (1 - surprise), smoothStep(reactions.eyesShut), pain * painedBlink);
    if (shut > 1) shut = 1;
    if (blinkIndex >= 0 && !(motionPlays && motionFace.covers(blinkIndex)))
      target.setWeight(blinkIndex, shut);
    if (surprised >= 0 && !(motionPlays && motionFace.covers(surprised)))
      target.setWeight(surprised, surprise);
    if (pained >= 0 && !(motionPlays && motionFace.covers(pained))) target.setWeight(pained, pain);
    target.apply();
  }
}
