import type { BodyMotionState } from '../body-meshes';

/** A point in metres (world), written by the cue readers. */
export interface FacePoint {
  x: number;
  y: number;
  z: number;
}

/**
 * What a figure's face reads about its body and the scene each frame. The app makes one per
 * figure from the sandbox and the view; tests make their own. Every call allocates nothing.
 */
export interface FaceCues {
  /** Whether one of the figure's bodies is held by the pointer; if so `out` gets the hand. */
  readHeld(out: FacePoint): boolean;
  /** How much the figure's root speed changed since this was last asked, m/s. */
  takeJolt(): number;
  /** What the figure does with its motion. */
  motionState(): BodyMotionState;
  /** Whether FACE REACTIONS is on (off: only blinking, gaze and the motion's own face). */
  reactionsOn(): boolean;
  /** Where the viewer's eye (the camera) is; false when unknown. */
  readViewer(out: FacePoint): boolean;
}
