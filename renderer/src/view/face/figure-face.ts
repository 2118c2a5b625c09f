import { BlinkClock, smoothStepAt } from './blink-clock';
import type { FaceCues } from './face-cues';
import { EYES_SHUT, FaceReactions, PAIN, SURPRISE } from './face-reactions';
import type { FaceCueReading } from './face-reactions';
import type { FaceNames, FaceRoleIndices } from './face-roles';
import { resolveFaceRoles } from './face-roles';
import type { FaceTarget } from './face-target';

/** Where {@link FigureFace} keeps this frame's numbers (see {@link FigureFace.update}). */
const BLINK = 0;
const SURPRISED = 1;
const PAINED = 2;
const LIDS = 3;
const SHUT = 4;

/**
 * What a motion file says about the face at the figure's current motion time: it writes the
 * weights it has into `target` and returns true, or returns false (no face tracks, or the
 * figure is not following the motion now).
 */
export interface MotionFace {
  write(target: FaceTarget): boolean;
  /** Whether the motion has a track for the weight at `index` of the target. */
  covers(index: number): boolean;
  /**
   * Whether, while it plays, the reactions stop (a motion file's face acts its own part), or
   * go on for the weights it does not cover (a performer's live face). Default true.
   */
  readonly replacesReactions?: boolean;
}

/**
 * One figure's face: blinking, reactions to what its body goes through, and the motion's own
 * face tracks (or a VMC sender's expressions), written to its {@link FaceTarget} once per frame.
 * The motion's tracks win over the reactions; with FACE REACTIONS off only blinking and the
 * tracks remain.
 * Allocates nothing per frame: this frame's numbers go through a Float64Array, since a
 * fractional number handed to or returned from a call V8 does not inline is boxed.
 */
export class FigureFace {
  readonly roles: FaceRoleIndices;
  readonly reactions = new FaceReactions();
  private readonly blinkClock: BlinkClock;
  private readonly reading: FaceCueReading = { held: false, jolt: 0, state: 'passive' };
  private readonly hand = { x: 0, y: 0, z: 0 };
  private motionFace: MotionFace | null = null;
  private readonly values = new Float64Array(5);

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
    const values = this.values;
    this.blinkClock.advanceInto(seconds, values, BLINK);
    const reactions = this.reactions;
    if (cues.reactionsOn()) reactions.update(seconds, reading);
    else reactions.reset();
    const { blink: blinkIndex, surprised, pained, painedBlink } = this.roles;
    const target = this.target;
    // A motion's own face, when it plays one, replaces the reactions (not the blinking, unless
    // it has its own blink track).
    const motionFace = this.motionFace;
    const motionPlays = motionFace !== null && motionFace.write(target);
    const quiet = motionPlays && motionFace.replacesReactions !== false;
    const levels = reactions.levels;
    values[SURPRISED] = quiet ? 0 : levels[SURPRISE]!;
    values[PAINED] = quiet ? 0 : levels[PAIN]!;
    values[LIDS] = levels[EYES_SHUT]!;
    if (!quiet) {
      smoothStepAt(values, SURPRISED);
      smoothStepAt(values, PAINED);
    }
    smoothStepAt(values, LIDS);
    const surprise = values[SURPRISED]!;
    const pain = values[PAINED]!;
    // Wide eyes do not blink; shut ones stay shut.
    let shut = Math.max(values[BLINK]! * (1 - surprise), values[LIDS]!, pain * painedBlink);
    if (shut > 1) shut = 1;
    values[SHUT] = shut;
    if (blinkIndex >= 0 && !(motionPlays && motionFace.covers(blinkIndex)))
      target.setWeightFrom(blinkIndex, values, SHUT);
    if (surprised >= 0 && !(motionPlays && motionFace.covers(surprised)))
      target.setWeightFrom(surprised, values, SURPRISED);
    if (pained >= 0 && !(motionPlays && motionFace.covers(pained)))
      target.setWeightFrom(pained, values, PAINED);
    target.apply();
  }
}
