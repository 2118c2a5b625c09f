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

/** Where {@link FaceReactions.levels} keeps each level (0–1, eased). */
export const SURPRISE = 0;
export const PAIN = 1;
export const EYES_SHUT = 2;
/** The rest of the reactions' numbers, after the levels. */
const SURPRISE_HOLD_LEFT = 3;
const PAIN_TARGET = 4;
const PAIN_HOLD_LEFT = 5;
const LIMP_SECONDS = 6;
const DAZE_SECONDS_LEFT = 7;
/** This frame's seconds and a level's target, handed to {@link approach}. */
const DT = 8;
const TARGET = 9;
const SLOTS = 10;

/**
 * How a figure's face reacts to what happens to its body: surprised while grabbed, pained
 * after a hard hit (stronger with a stronger hit), eyes shut after lying knocked down (or
 * dazed by a very hard hit), back to neutral when it gets up. Each level eases toward its
 * target (no pops) and holds a moment at its peak. Allocates nothing: its numbers live in one
 * Float64Array and its steps pass slot indices, never a fractional number, since a number
 * handed to or returned from a call that V8 does not inline is boxed on the heap.
 */
export class FaceReactions {
  /**
   * The levels, 0–1, eased, at {@link SURPRISE}, {@link PAIN} and {@link EYES_SHUT} (the
   * face reads them here each frame), then the reactions' own timers.
   */
  readonly levels = new Float64Array(SLOTS);
  private lastState: BodyMotionState = 'passive';
  private wasHeld = false;

  /** How surprised the face looks, 0–1, eased. */
  get surprise(): number {
    return this.levels[SURPRISE]!;
  }

  /** How pained, 0–1, eased. */
  get pain(): number {
    return this.levels[PAIN]!;
  }

  /** How firmly the eyes are shut by lying knocked down or dazed, 0–1, eased. */
  get eyesShut(): number {
    return this.levels[EYES_SHUT]!;
  }

  /** Back to a neutral face at once (the figure was re-placed, or reactions turned off). */
  reset(): void {
    this.levels.fill(0);
    this.wasHeld = false;
  }

  /** Advances by `seconds` with what happened since the last call. */
  update(seconds: number, cue: FaceCueReading): void {
    const v = this.levels;
    const dt = Math.max(0, seconds);
    v[DT] = dt;
    this.noteEvents(cue);
    // Surprise: held, and a moment after the hand lets go.
    if (cue.held) v[SURPRISE_HOLD_LEFT] = SURPRISE_HOLD;
    else v[SURPRISE_HOLD_LEFT] = Math.max(0, v[SURPRISE_HOLD_LEFT]! - dt);
    v[TARGET] = v[SURPRISE_HOLD_LEFT]! > 0 ? 1 : 0;
    approach(v, SURPRISE);
    // Pain: at its peak for a moment, then easing out.
    v[PAIN_HOLD_LEFT] = Math.max(0, v[PAIN_HOLD_LEFT]! - dt);
    if (v[PAIN_HOLD_LEFT] === 0) v[PAIN_TARGET] = 0;
    v[TARGET] = v[PAIN_TARGET]!;
    approach(v, PAIN);
    // Eyes shut: lying knocked down a while, or dazed; a hand on the figure opens them.
    let shut = 0;
    if (!cue.held) {
      if (cue.state === 'limp' && v[LIMP_SECONDS]! >= LIMP_EYES_CLOSE_SECONDS) shut = 1;
      if (v[DAZE_SECONDS_LEFT]! > 0 && v[PAIN_HOLD_LEFT] === 0) {
        shut = 1;
        v[DAZE_SECONDS_LEFT] = Math.max(0, v[DAZE_SECONDS_LEFT]! - dt);
      }
    }
    v[TARGET] = shut;
    approach(v, EYES_SHUT);
  }

  /**
   * Hits, knock-downs and get-ups since the last frame (this frame's seconds at DT). A hit's
   * pain is worked out here, not in a helper: hits are too rare for V8 to optimise a function
   * of their own, and unoptimised code boxes every fractional number it computes.
   */
  private noteEvents(cue: FaceCueReading): void {
    const v = this.levels;
    const state = cue.state;
    let pain = 0;
    if (cue.jolt >= HIT_SPEED_CHANGE) {
      const t = (cue.jolt - HIT_SPEED_CHANGE) / (HIT_SPEED_CHANGE_FULL - HIT_SPEED_CHANGE);
      pain = PAIN_MIN + (1 - PAIN_MIN) * Math.min(1, Math.max(0, t));
    }
    // Knocked down by what the motion system saw (a push, a tilt), not by the hand.
    const knockedDown =
      state === 'limp' && (this.lastState === 'following' || this.lastState === 'gettingUp');
    if (knockedDown && !cue.held && !this.wasHeld) pain = Math.max(pain, KNOCK_DOWN_PAIN);
    if (pain > 0) {
      // A hit (or two in one frame, the stronger counting): the pain peaks and holds.
      v[PAIN_TARGET] = Math.max(v[PAIN_TARGET]!, pain);
      v[PAIN_HOLD_LEFT] = PAIN_HOLD;
      if (state === 'passive' && pain >= DAZE_PAIN) v[DAZE_SECONDS_LEFT] = DAZE_SECONDS;
    }
    v[LIMP_SECONDS] = state === 'limp' ? v[LIMP_SECONDS]! + v[DT]! : 0;
    if (state === 'gettingUp' && this.lastState !== 'gettingUp') {
      // Back on its feet: a neutral face again.
      v[PAIN_TARGET] = 0;
      v[PAIN_HOLD_LEFT] = 0;
      v[DAZE_SECONDS_LEFT] = 0;
    }
    if (cue.held) v[DAZE_SECONDS_LEFT] = 0;
    this.lastState = state;
    this.wasHeld = cue.held;
  }
}

/** How pained a hit of `speedChange` m/s looks, 0–1 (stronger hit, stronger face). */
export function hitPain(speedChange: number): number {
  const t = (speedChange - HIT_SPEED_CHANGE) / (HIT_SPEED_CHANGE_FULL - HIT_SPEED_CHANGE);
  return PAIN_MIN + (1 - PAIN_MIN) * Math.min(1, Math.max(0, t));
}

/** The level at `slot` moved toward the TARGET slot over DT: quickly up, more slowly down. */
function approach(v: Float64Array, slot: number): void {
  const level = v[slot]!;
  const target = v[TARGET]!;
  const dt = v[DT]!;
  if (level < target) v[slot] = Math.min(target, level + RISE_RATE * dt);
  else v[slot] = Math.max(target, level - FALL_RATE * dt);
}
