import type { Ragdoll } from '../ragdoll';

/**
 * Who sets a doll's joint motors: the STIFFNESS driver (passive and limp figures) or the
 * motion (following, getting up). Exactly one at a time, or the two would overwrite each
 * other's targets every step.
 */
export interface MotorOwnership {
  /** The motion takes the doll's motors: the STIFFNESS driver lets go of it. */
  take(doll: Ragdoll): void;
  /** The motion lets go: the STIFFNESS driver takes the doll back (and sets its motors). */
  release(doll: Ragdoll): void;
}
