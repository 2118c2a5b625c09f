import type { RigidBody } from './rapier-api';
import { vec3 } from './vector-math';

const velocity = vec3();

/**
 * How sharply a body's velocity changed between two readings: what a face reads as a hit
 * (a BLAST, a ball, a landing from a fall all change the root's velocity by metres per second
 * within a step or two; walking and gravity alone by a fraction of that per frame).
 * Allocates nothing.
 */
export class RootJolt {
  private readonly last = vec3();
  private primed = false;

  constructor(private readonly body: RigidBody) {}

  /**
   * The size of the velocity change since the last call, m/s; 0 on the first call and after
   * {@link forget}.
   */
  take(): number {
    this.body.linvel(velocity);
    const last = this.last;
    const dx = velocity.x - last.x;
    const dy = velocity.y - last.y;
    const dz = velocity.z - last.z;
    last.x = velocity.x;
    last.y = velocity.y;
    last.z = velocity.z;
    if (!this.primed) {
      this.primed = true;
      return 0;
    }
    return Math.sqrt(dx * dx + dy * dy + dz * dz);
  }

  /** The body was put somewhere new (its velocity set, not struck): start again. */
  forget(): void {
    this.primed = false;
  }
}
