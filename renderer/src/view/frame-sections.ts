/**
 * The parts one frame's JavaScript is split into when it is timed section by section: the
 * physics steps, writing the physics pose onto avatars' bones, world-matrix updates, spring
 * bones (and the rest of three-vrm's per-frame update), issuing the draw, and everything else
 * (syncing the box meshes, the camera, pins).
 */
export const FRAME_SECTIONS = [
  'physics',
  'pose',
  'matrices',
  'springs',
  'render',
  'other',
] as const;

/** One of {@link FRAME_SECTIONS}. */
export type FrameSection = (typeof FRAME_SECTIONS)[number];

/**
 * Receives a frame's time section by section. The renderer benchmark passes one (see
 * `RagdollViewOptions.frameSections`); the app passes none, and the frame then pays one
 * `undefined` check per section.
 */
export interface FrameSectionClock {
  /** A frame begins now. */
  begin(): void;
  /** The time since the previous lap (or {@link begin}) went to `section`. */
  lap(section: FrameSection): void;
  /** The frame ends now; its remaining time goes to `other`. */
  end(): void;
}
