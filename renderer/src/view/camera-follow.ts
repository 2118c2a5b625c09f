import { Vector3 } from 'three';
import type { PerspectiveCamera } from 'three';
import type { BodySource } from './body-meshes';

/** The orbit controls as following moves them (the view updates them after). */
export interface FollowControls {
  readonly target: Vector3;
  readonly maxDistance: number;
}

/**
 * How quickly the view catches up, 1/s: after 0.5 s it has covered 1 − e^(−2) ≈ 86% of the
 * way. Smooth enough not to jolt, quick enough to keep a blasted figure in sight.
 */
const CATCH_UP_PER_SECOND = 4;
/** The figures' bounding sphere fills at most this share of the view's half-height. */
const FRAME_FILL = 0.8;
/** The target is kept at least this high (metres), so a lying figure is seen from above. */
const MIN_TARGET_Y = 0.3;
/** Frame-time cap, seconds: after a stall the camera moves one smooth step, not a jump. */
const MAX_FRAME_SECONDS = 0.1;

// Per-frame scratch: following runs every frame and allocates nothing.
const low = new Vector3();
const high = new Vector3();
const point = new Vector3();
const centre = new Vector3();
const offset = new Vector3();
const scratchRotation = { x: 0, y: 0, z: 0, w: 1 };

/**
 * Follow: keeps the figures framed. Every frame the orbit target glides toward the centre of
 * the figures' parts (or of one figure's, once focused) and the camera moves with it, keeping
 * its angle; when the figures spread wider than the view, the camera backs off (never nearer
 * than the person put it), and when they scatter wider than the farthest zoom can hold it
 * keeps the first figure in view. Orbit and zoom work as before; the person's pan is theirs (the UI
 * turns Follow off for it).
 */
export class CameraFollow {
  /** Whether the view follows (on by default). */
  enabled = true;
  private focusId: number | null = null;

  constructor(
    private readonly camera: PerspectiveCamera,
    private readonly controls: FollowControls,
    private readonly bodies: BodySource,
  ) {}

  /** The figure (owner id) the view orbits around, or null for all figures. */
  get focusedFigure(): number | null {
    return this.focusId;
  }

  /** Orbits around figure `ownerId` from now on (null: frame every figure). Turns Follow on. */
  focus(ownerId: number | null): void {
    this.focusId = ownerId;
    if (ownerId !== null) this.enabled = true;
  }

  /**
   * Moves the camera and the orbit target one frame of `seconds` toward framing the figures
   * (the caller then updates the orbit controls). Returns false when there was nothing to
   * follow. Allocates nothing.
   */
  update(seconds: number): boolean {
    if (!this.enabled || !(seconds > 0)) return false;
    const halfFov = ((this.camera.fov / 2) * Math.PI) / 180;
    const reach = this.controls.maxDistance * Math.sin(halfFov) * FRAME_FILL;
    let radius = this.measure(this.focusId);
    if (radius < 0) return false;
    // Scattered too far to frame together (a hard BLAST): keep the first figure in view.
    if (radius > reach && this.focusId === null) radius = this.measure(this.firstFigure());
    centre.y = Math.max(centre.y, MIN_TARGET_Y);
    // Glide while the figures are well in frame; catch up at once when they would leave it
    // (a hard BLAST outruns any glide).
    const share = this.inFrame(radius, halfFov)
      ? 1 - Math.exp(-CATCH_UP_PER_SECOND * Math.min(seconds, MAX_FRAME_SECONDS))
      : 1;
    // Move target and camera together: the angle the person chose is kept.
    offset.subVectors(centre, this.controls.target).multiplyScalar(share);
    this.controls.target.add(offset);
    this.camera.position.add(offset);
    const distance = this.camera.position.distanceTo(this.controls.target);
    const needed = Math.min(this.controls.maxDistance, radius / (Math.sin(halfFov) * FRAME_FILL));
    if (needed > distance) {
      offset.subVectors(this.camera.position, this.controls.target).normalize();
      this.camera.position.addScaledVector(offset, (needed - distance) * share);
    }
    return true;
  }

  /** The id of the first figure (its parts come first among the bodies), or null. */
  private firstFigure(): number | null {
    const bodies = this.bodies.bodies;
    for (let i = 0; i < bodies.length; i++)
      if (bodies[i]!.kind === 'part') return bodies[i]!.ownerId;
    return null;
  }

  /**
   * Whether the sphere at `centre` of `radius` metres lies within the view's vertical field
   * (`halfFov`, radians) with a margin, seen from where the camera is now.
   */
  private inFrame(radius: number, halfFov: number): boolean {
    offset.subVectors(centre, this.camera.position);
    const distance = offset.length();
    if (distance <= radius) return false;
    point.subVectors(this.controls.target, this.camera.position);
    const offAxis = offset.angleTo(point);
    return offAxis + Math.asin(radius / distance) < halfFov * FRAME_FILL;
  }

  /**
   * The centre (into `centre`) and radius, metres, of the box around the parts of figure
   * `figureId` (null: every figure); −1 when there are none.
   */
  private measure(figureId: number | null): number {
    const bodies = this.bodies.bodies;
    let found = false;
    for (let i = 0; i < bodies.length; i++) {
      const body = bodies[i]!;
      if (body.kind !== 'part') continue;
      if (figureId !== null && body.ownerId !== figureId) continue;
      if (!this.bodies.readTransform(body.handle, point, scratchRotation)) continue;
      if (!found) {
        low.copy(point);
        high.copy(point);
        found = true;
      } else {
        low.min(point);
        high.max(point);
      }
    }
    if (!found) {
      // The focused figure is gone: frame them all again.
      if (figureId !== null && figureId === this.focusId) {
        this.focusId = null;
        return this.measure(null);
      }
      return -1;
    }
    centre.addVectors(low, high).multiplyScalar(0.5);
    // Half the box's diagonal, plus a body's reach around its centre.
    return high.distanceTo(low) / 2 + 0.5;
  }
}
