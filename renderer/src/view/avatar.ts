import type { Object3D } from 'three';
import type { FrameSectionClock } from './frame-sections';
import type { RecordedFrames } from './recorded-frames';

/**
 * A model drawn over one ragdoll figure (a VRM or an MMD model): posed from the physics each
 * frame, owning its GPU resources. The view's `AvatarLayer` holds them by figure id.
 */
export interface Avatar {
  /** The figure it follows. */
  readonly figureId: number;
  /** Add this to the view's scene at the origin, unrotated. */
  readonly scene: Object3D;
  /**
   * Poses the model from the physics; `seconds` is the frame's simulated time. Laps its work
   * on `sections` when given (benchmarks). With `recording`, what the model simulates itself
   * (spring bones) is kept beside each recorded frame and shown again with it.
   */
  update(seconds: number, sections?: FrameSectionClock, recording?: RecordedFrames): void;
  /**
   * Whether the model's shadow may have moved in ways its figure's bodies do not show (spring
   * bones swinging on a figure lying still) since this was last asked; clears it. The view
   * redraws the sun's shadow map only when a body or an avatar says it moved.
   */
  takeShadowChange(): boolean;
  /** The figure was put somewhere new (DROP, RESET): secondary motion restarts from there. */
  requestSpringReset(): void;
  /** Removes the model from the scene and frees everything it created. */
  dispose(): void;
}
