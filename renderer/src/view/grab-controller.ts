import { Plane, Raycaster, Vector2, Vector3 } from 'three';
import type { Camera, Object3D } from 'three';

/** What grabbing needs from the sandbox: start, move and end a grab. */
export interface GrabTarget {
  readonly grab: GrabHand;
}

/** The sandbox's hand (`SandboxGrab` fits). */
export interface GrabHand {
  start(handle: number, at: { x: number; y: number; z: number }): boolean;
  moveTo(target: { x: number; y: number; z: number }): void;
  release(): void;
  readonly handle: number | null;
}

/** What grabbing needs from the view: the pickable meshes and their handles. */
export interface GrabPickSource {
  readonly pickables: readonly Object3D[];
  handleOf(object: Object3D): number | undefined;
}

/** The orbit controls, which must stand still while a body is held. */
export interface OrbitSwitch {
  enabled: boolean;
}

// Pointer moves can come many times a frame: reuse these.
const pointerNdc = new Vector2();
const cameraDirection = new Vector3();
const dragPoint = new Vector3();

/**
 * Mouse grab: press on a part or prop to pick it with a ray, drag it on the
 * plane that faces the camera through the grabbed point, release to throw. The sandbox
 * keeps the hand at least 0.05 m above the floor. Orbit controls are off while holding.
 */
export class GrabController {
  private readonly raycaster = new Raycaster();
  private readonly dragPlane = new Plane();
  private pointerId: number | null = null;

  constructor(
    private readonly element: HTMLElement,
    private readonly camera: Camera,
    private readonly picks: GrabPickSource,
    private readonly target: GrabTarget,
    private readonly orbit: OrbitSwitch,
    /** Called just before a grab starts (undo captures the scene); on a press, not per frame. */
    private readonly beforeGrab: () => void = () => {},
  ) {
    // Capture phase: runs before OrbitControls' own pointerdown on the same element, so
    // disabling it here stops the orbit from starting under a grab.
    element.addEventListener('pointerdown', this.onPointerDown, { capture: true });
    element.addEventListener('pointermove', this.onPointerMove);
    element.addEventListener('pointerup', this.onPointerUp);
    element.addEventListener('pointercancel', this.onPointerUp);
    element.addEventListener('lostpointercapture', this.onPointerUp);
  }

  /** True while a body is held. */
  get holding(): boolean {
    return this.pointerId !== null;
  }

  /** Lets go of anything held and removes the listeners. */
  dispose(): void {
    this.end();
    const element = this.element;
    element.removeEventListener('pointerdown', this.onPointerDown, { capture: true });
    element.removeEventListener('pointermove', this.onPointerMove);
    element.removeEventListener('pointerup', this.onPointerUp);
    element.removeEventListener('pointercancel', this.onPointerUp);
    element.removeEventListener('lostpointercapture', this.onPointerUp);
  }

  private readonly onPointerDown = (event: PointerEvent): void => {
    if (event.button !== 0 || this.pointerId !== null) return;
    this.aimRay(event);
    const hit = this.raycaster.intersectObjects(this.picks.pickables as Object3D[], false)[0];
    if (!hit) return;
    const handle = this.picks.handleOf(hit.object);
    if (handle === undefined) return;
    this.beforeGrab();
    if (!this.target.grab.start(handle, hit.point)) return;
    this.camera.getWorldDirection(cameraDirection);
    this.dragPlane.setFromNormalAndCoplanarPoint(cameraDirection, hit.point);
    this.pointerId = event.pointerId;
    this.orbit.enabled = false;
    this.element.setPointerCapture(event.pointerId);
    event.preventDefault();
  };

  private readonly onPointerMove = (event: PointerEvent): void => {
    if (event.pointerId !== this.pointerId) return;
    // The sandbox may have let go on its own (RESET, DROP, the body removed).
    if (this.target.grab.handle === null) {
      this.end();
      return;
    }
    this.aimRay(event);
    if (this.raycaster.ray.intersectPlane(this.dragPlane, dragPoint))
      this.target.grab.moveTo(dragPoint);
  };

  private readonly onPointerUp = (event: PointerEvent): void => {
    if (event.pointerId === this.pointerId) this.end();
  };

  private end(): void {
    if (this.pointerId === null) return;
    const pointerId = this.pointerId;
    this.pointerId = null;
    this.target.grab.release();
    this.orbit.enabled = true;
    if (this.element.hasPointerCapture(pointerId)) this.element.releasePointerCapture(pointerId);
  }

  private aimRay(event: PointerEvent): void {
    const rect = this.element.getBoundingClientRect();
    pointerNdc.set(
      ((event.clientX - rect.left) / rect.width) * 2 - 1,
      -((event.clientY - rect.top) / rect.height) * 2 + 1,
    );
    this.raycaster.setFromCamera(pointerNdc, this.camera);
  }
}
