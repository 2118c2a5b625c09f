import { Quaternion, Vector3 } from 'three';
import type { StageBox } from '../physics/stage';

/** The world's up, which the sun's shadow camera keeps as its own up (three.js's default). */
const UP = new Vector3(0, 1, 0);
const corner = new Vector3();
const turn = new Quaternion();

/**
 * A box around everything that casts a shadow, in the sun's light space: x and y across the
 * sun's view (the shadow camera's axes), z toward the sun. Each caster also reaches down its
 * light ray to the floor (y = 0), so the floor it shades lies inside the box's depth.
 * Allocates nothing once made.
 */
export class ShadowCasterBounds {
  /** Light space's axes in world space: the shadow camera's right, up and backward. */
  readonly axisX = new Vector3();
  readonly axisY = new Vector3();
  readonly axisZ = new Vector3();
  minX = Infinity;
  maxX = -Infinity;
  minY = Infinity;
  maxY = -Infinity;
  minZ = Infinity;
  maxZ = -Infinity;

  /** @param towardSun - world direction from the scene toward the sun (any length, above the horizon) */
  constructor(towardSun: Vector3) {
    this.axisZ.copy(towardSun).normalize();
    this.axisX.crossVectors(UP, this.axisZ).normalize();
    this.axisY.crossVectors(this.axisZ, this.axisX);
  }

  /** Whether nothing was added since the last {@link reset}. */
  get empty(): boolean {
    return this.minX > this.maxX;
  }

  /** Forgets every caster. */
  reset(): void {
    this.minX = this.minY = this.minZ = Infinity;
    this.maxX = this.maxY = this.maxZ = -Infinity;
  }

  /** Takes `other`'s box (same sun). */
  copy(other: ShadowCasterBounds): void {
    this.minX = other.minX;
    this.maxX = other.maxX;
    this.minY = other.minY;
    this.maxY = other.maxY;
    this.minZ = other.minZ;
    this.maxZ = other.maxZ;
  }

  /** Adds a caster inside the sphere at world (`x`, `y`, `z`) of `radius`, metres. */
  addSphere(x: number, y: number, z: number, radius: number): void {
    const { axisX, axisY, axisZ } = this;
    const lx = x * axisX.x + y * axisX.y + z * axisX.z;
    const ly = x * axisY.x + y * axisY.y + z * axisY.z;
    const lz = x * axisZ.x + y * axisZ.y + z * axisZ.z;
    if (lx - radius < this.minX) this.minX = lx - radius;
    if (lx + radius > this.maxX) this.maxX = lx + radius;
    if (ly - radius < this.minY) this.minY = ly - radius;
    if (ly + radius > this.maxY) this.maxY = ly + radius;
    if (lz + radius > this.maxZ) this.maxZ = lz + radius;
    // Along the light ray down to the floor: its shadow lands that much farther from the sun.
    const floorDepth = lz - radius - Math.max(0, y + radius) / axisZ.y;
    if (floorDepth < this.minZ) this.minZ = floorDepth;
  }

  /** Adds the eight corners of the stage box `box` (a caster that never moves). */
  addBox(box: StageBox): void {
    const [hx, hy, hz] = box.halfExtents;
    const [cx, cy, cz] = box.center;
    turn.set(...box.rotation);
    for (let i = 0; i < 8; i++) {
      corner.set(i & 1 ? hx : -hx, i & 2 ? hy : -hy, i & 4 ? hz : -hz).applyQuaternion(turn);
      this.addSphere(cx + corner.x, cy + corner.y, cz + corner.z, 0);
    }
  }
}
