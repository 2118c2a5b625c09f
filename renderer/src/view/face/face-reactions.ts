import type { BodyMotionState } from '../body-meshes';

/**
 * A change of the figure's root speed of at least this much between two frames (m/s) is a
 * hard hit: a BLAST, a thrown ball, a landing from a fall. Gravity adds 0.16 m/s per 60 Hz
 * frame and a figure walking in a motion well under 1 m/s, so ordinary movement never counts.
 */
export const HIT_SPEED_CHANGE = 2.5;
/** A speed change this large (m/s) or more shows the strongest pain. */
export const HIT_SPEED_CHANGE_FULL = 9;
/** The weakest pain a hard hit shows, 0–1; stronger hits show more, up to 1. */
const PAIN_MIN = 0.4;
/** Pain a knock-down shows at least (the motion system's own hit test fired). */
const KNOCK_DOWN_PAIN = 0.55;
/** How long a reaction stays at its peak before easing out, seconds. */
export const SURPRISE_HOLD = 0.35;
export const PAIN_HOLD = 0.7;
/** A figure knocked down (limp) this long, seconds, closes its eyes until it gets up. */
export const LIMP_EYES_CLOSE_SECONDS = 0.8;
/** After a hit this strong (0–1) a figure without a motion lies dazed, eyes shut, a while. */
const DAZE_PAIN = 0.75;
/** How long a dazed figure keeps its eyes shut after the pain fades, seconds. */
const DAZE_SECONDS = 2;
/** How fast a reaction's level rises and falls, per second (1 / seconds to go 0 → 1). */
const RISE_RATE = 9;
const FALL_RATE = 2.5;

/** What happened to a figure since the last frame, as the face reads it. */
export interface FaceCueReading {
  /** Whether one of the figure's parts is held by the pointer now. */
  held: boolean;
  /** How much the figure's root speed changed since the last frame, m/s (0 when unknown). */
  jolt: number;
  /** What the figure does with the motion (`passive` without one). */
  state: BodyMotionState;
}

/**
 * How a figure's face reacts to what happens to its body: surprised while grabbed, pained
 * after a hard hit (stronger with a stronger hit), eyes shut after lying knocked down (or
 * dazed by a very hard hit), back to neutral when it gets up. Each level eases toward its
 * target (no pops) and holds a moment at its peak. Plain numbers; allocates nothing.
 */
export class FaceReactions {
  /** How surprised the face looks, 0–1, eased. */
  surprise = 0;
  /** How pained, 0–1, eased. */
  pain = 0;
  /** How firmly the eyes are shut by lying knocked down or dazed, 0–1, eased. */
  eyesShut = 0;
  private surpriseHold = 0;
  private painTarget = 0;
  private painHold = 0;
  private limpSeconds = 0;
  private dazeSeconds = 0;
  private lastState: BodyMotionState = 'passive';
  private wasHeld = false;

  /** Back to a neutral face at once (the figure was re-placed, or reactions turned off). */
  reset(): void {
    this.surprise = 0;
    this.pain = 0;
    this.eyesShut = 0;
    this.surpriseHold = 0;
    this.painTarget = 0;
    this.painHold = 0;
    this.limpSeconds = 0;
    this.dazeSeconds = 0;
    this.wasHeld = false;
  }

  /** Advances by `seconds` with what happened since the last call. */
  update(seconds: number, cue: FaceCueReading): void {
    const dt = Math.max(0, seconds);
    this.noteEvents(dt, cue);
    // Surprise: held, and a moment after the hand lets go.
    if (cue.held) this.surpriseHold = SURPRISE_HOLD;
    else this.surpriseHold = Math.max(0, this.surpriseHold - dt);
    this.surprise = approach(this.surprise, this.surpriseHold > 0 ? 1 : 0, dt);
    // Pain: at its peak for a moment, then easing out.
    this.painHold = Math.max(0, this.painHold - dt);
    if (this.painHold === 0) this.painTarget = 0;
    this.pain = approach(this.pain, this.painTarget, dt);
    // Eyes shut: lying knocked down a while, or dazed; a hand on the figure opens them.
    let shut = 0;
    if (!cue.held) {
      if (cue.state === 'limp' && this.limpSeconds >= LIMP_EYES_CLOSE_SECONDS) shut = 1;
      if (this.dazeSeconds > 0 && this.painHold === 0) {
        shut = 1;
        this.dazeSeconds = Math.max(0, this.dazeSeconds - dt);
      }
    }
    this.eyesShut = approach(this.eyesShut, shut, dt);
  }

  /** Hits, knock-downs and get-ups since the last frame. */
  private noteEvents(dt: number, cue: FaceCueReading): void {
    const state = cue.state;
    if (cue.jolt >= HIT_SPEED_CHANGE) this.hit(hitPain(cue.jolt), state);
    // Knocked down by what the motion system saw (a push, a tilt), not by the hand.
    const knockedDown =
      state === 'limp' && (this.lastState === 'following' || this.lastState === 'gettingUp');
    if (knockedDown && !cue.held && !this.wasHeld) this.hit(KNOCK_DOWN_PAIN, state);
    this.limpSeconds = state === 'limp' ? this.limpSeconds + dt : 0;
    if (state === 'gettingUp' && this.lastState !== 'gettingUp') {
      // Back on its feet: a neutral face again.
      this.painTarget = 0;
      this.painHold = 0;
      this.dazeSeconds = 0;
    }
    if (cue.held) this.dazeSeconds = 0;
    this.lastState = state;
    this.wasHeld = cue.held;
  }

  private hit(pain: number, state: BodyMotionState): void {
    this.painTarget = Math.max(this.painTarget, pain);
    this.painHold = PAIN_HOLD;
    if (state === 'passive' && pain >= DAZE_PAIN) this.dazeSeconds = DAZE_SECONDS;
  }
}

/** How pained a hit of `speedChange` m/s looks, 0–1 (stronger hit, stronger face). */
export function hitPain(speedChange: number): number {
  const t = (speedChange - HIT_SPEED_CHANGE) / (HIT_SPEED_CHANGE_FULL - HIT_SPEED_CHANGE);
  return PAIN_MIN + (1 - PAIN_MIN) * Math.min(1, Math.max(0, t));
}

/** `level` moved toward `target`: quickly up, more slowly down. */
function approach(level: number, target: number, dt: number): number {
  if (level < target) return Math.min(target, level + RISE_RATE * dt);
  return Math.max(target, level - FALL_RATE * dt);
}
