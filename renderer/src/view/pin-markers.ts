import { Group, Mesh, MeshBasicMaterial, SphereGeometry, TorusGeometry } from 'three';

/** What the markers read: the pinned bodies and where each is. */
export interface PinSource {
  /** Handles of the pinned bodies (read every frame; must not be rebuilt per call). */
  readonly pins: { readonly handles: readonly number[] };
  readTransform(
    handle: number,
    position: { x: number; y: number; z: number },
    rotation: { x: number; y: number; z: number; w: number },
  ): boolean;
}

/** Marker size, metres: a head you can see from across the stage, not a ball in the way. */
const MARKER_RADIUS = 0.045;

const scratchRotation = { x: 0, y: 0, z: 0, w: 1 };

/**
 * A red pin head (a sphere in a ring, drawn over everything) on each pinned body, so a
 * person sees what holds a hanging figure. Markers are pooled: a frame allocates nothing
 * unless more bodies are pinned than ever before.
 */
export class PinMarkers {
  readonly group = new Group();
  private readonly geometry = new SphereGeometry(MARKER_RADIUS, 12, 8);
  private readonly ringGeometry = new TorusGeometry(
    MARKER_RADIUS * 1.8,
    MARKER_RADIUS * 0.3,
    6,
    20,
  );
  private readonly material = new MeshBasicMaterial({ color: 0xff3b3b, depthTest: false });
  private readonly markers: Mesh[] = [];

  constructor(private readonly source: PinSource) {
    this.group.name = 'pins';
    // Over the bodies and avatars: a pin hidden inside a model would be no mark at all.
    this.group.renderOrder = 10;
  }

  /** Moves a marker onto each pinned body and hides the rest. */
  sync(): void {
    const handles = this.source.pins.handles;
    while (this.markers.length < handles.length) this.markers.push(this.createMarker());
    for (let i = 0; i < this.markers.length; i++) {
      const marker = this.markers[i]!;
      marker.visible =
        i < handles.length &&
        this.source.readTransform(handles[i]!, marker.position, scratchRotation);
    }
  }

  dispose(): void {
    this.group.removeFromParent();
    this.geometry.dispose();
    this.ringGeometry.dispose();
    this.material.dispose();
  }

  private createMarker(): Mesh {
    const marker = new Mesh(this.geometry, this.material);
    const ring = new Mesh(this.ringGeometry, this.material);
    ring.rotation.x = Math.PI / 2;
    marker.add(ring);
    marker.renderOrder = 10;
    ring.renderOrder = 10;
    this.group.add(marker);
    return marker;
  }
}
