import type { DrawnBoneTrack } from './motion-clip';
import type { RotationTrack } from './motion-track';
import { setIdentity } from './quat-buffer';
import { sampleRotationAt } from './sample-track';

/**
 * The local rotations a motion gives the bones of one drawn model that no ragdoll part
 * follows (fingers, eyes …): one quaternion per model bone, the identity for every bone the
 * motion does not turn. Built once per model and motion; sampling allocates nothing.
 */
export class DrawnBonePose {
  /** 4 numbers per model bone (x, y, z, w): its local rotation away from rest. */
  readonly rotations: Float64Array;
  /** The model bone each track turns, in track order. */
  private readonly targets: Int32Array;
  private readonly tracks: readonly RotationTrack[];

  /**
   * @param boneCount - how many bones the model has
   * @param tracks - the motion's drawn bones (see `RetargetedMotion.drawnBones`)
   * @param targetOf - the model bone a track's name turns, or −1 to leave the track out
   */
  constructor(
    boneCount: number,
    tracks: readonly DrawnBoneTrack[],
    targetOf: (name: string) => number,
  ) {
    this.rotations = new Float64Array(boneCount * 4);
    for (let i = 0; i < boneCount; i++) setIdentity(this.rotations, 4 * i);
    const taken = new Set<number>();
    const kept: { target: number; rotation: RotationTrack }[] = [];
    for (const track of tracks) {
      const target = targetOf(track.name);
      // The first track naming a bone wins, as for a file that keys one bone twice.
      if (target < 0 || target >= boneCount || taken.has(target)) continue;
      taken.add(target);
      kept.push({ target, rotation: track.rotation });
    }
    this.targets = Int32Array.from(kept, (entry) => entry.target);
    this.tracks = kept.map((entry) => entry.rotation);
  }

  /** Whether the motion turns model bone `index`. */
  turns(index: number): boolean {
    return this.targets.includes(index);
  }

  /** How many model bones the motion turns. */
  get size(): number {
    return this.targets.length;
  }

  /**
   * Writes every turned bone's rotation at clock[0] seconds of the motion (its own clock, so
   * pause, TIME and looping come with it). Allocates nothing.
   */
  sampleAt(clock: Float64Array): void {
    for (let k = 0; k < this.targets.length; k++) {
      sampleRotationAt(this.tracks[k]!, clock, this.rotations, 4 * this.targets[k]!);
    }
  }
}
