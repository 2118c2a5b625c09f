import { faceTracksOf } from '../../motion/retarget-motion';
import { writeFaceTrackSample } from '../../motion/face-tracks';
import type { FaceTrack } from '../../motion/face-tracks';
import type { DollMotion } from '../../physics/motion/doll-motion';
import type { FaceCues } from './face-cues';
import type { FaceTarget } from './face-target';
import type { MotionFace } from './figure-face';

/**
 * MMD's standard morph names and the VRM expression each plays as, so a VMD's face plays on a
 * VRM figure.
 */
export const MMD_TO_VRM_EXPRESSION: ReadonlyMap<string, string> = new Map([
  ['まばたき', 'blink'],
  ['あ', 'aa'],
  ['い', 'ih'],
  ['う', 'ou'],
  ['え', 'ee'],
  ['お', 'oh'],
  ['笑い', 'happy'],
  ['にこり', 'happy'],
  ['怒り', 'angry'],
  ['困る', 'sad'],
  ['びっくり', 'surprised'],
]);

/** Slots of {@link MotionFaceTracks}' numbers: the motion's time, a sample, the shown weight. */
const TIME = 0;
const SAMPLED = 1;
const SHOWN = 2;

/** The motion a figure plays and how far into it (the sandbox's, for one figure). */
export interface FaceMotionSource {
  current(): DollMotion | null;
  /** Seconds into the motion, within its loop. */
  time(): number;
}

/**
 * A playing motion's face tracks on a figure's face: each track by the name the file gives it,
 * else through `aliases` (MMD names on a VRM); names the face lacks are skipped and the rest
 * play. Only while the figure follows the motion (or gets up into it): knocked down, the
 * reactions show instead. Binding to a new motion allocates; each frame after allocates
 * nothing.
 */
export class MotionFaceTracks implements MotionFace {
  private bound: DollMotion | null = null;
  private tracks: readonly FaceTrack[] = [];
  private indices = new Int32Array(0);
  private readonly covered: Uint8Array;
  /** The motion's time, a track's weight then, and what its expression already shows. */
  private readonly weights = new Float64Array(3);

  constructor(
    private readonly face: FaceTarget,
    private readonly source: FaceMotionSource,
    private readonly cues: FaceCues,
    private readonly aliases: ReadonlyMap<string, string> = new Map(),
  ) {
    this.covered = new Uint8Array(face.names.length);
  }

  /** How many of the motion's face tracks this face plays (0 without a motion). */
  get playedTracks(): number {
    return this.tracks.length;
  }

  write(target: FaceTarget): boolean {
    const motion = this.source.current();
    if (motion !== this.bound) this.bind(motion);
    const tracks = this.tracks;
    if (tracks.length === 0) return false;
    const state = this.cues.motionState();
    if (state !== 'following' && state !== 'gettingUp') return false;
    const weights = this.weights;
    // Kept in the array: handed to the sampler as a number, it would be boxed.
    weights[TIME] = this.source.time();
    const indices = this.indices;
    for (let i = 0; i < tracks.length; i++) target.setWeight(indices[i]!, 0);
    // Two tracks may land on one expression (笑い and にこり both as happy): the larger shows.
    for (let i = 0; i < tracks.length; i++) {
      const index = indices[i]!;
      writeFaceTrackSample(tracks[i]!, weights, TIME, SAMPLED);
      target.readWeight(index, weights, SHOWN);
      if (weights[SAMPLED]! > weights[SHOWN]!) target.setWeightFrom(index, weights, SAMPLED);
    }
    return true;
  }

  covers(index: number): boolean {
    return this.covered[index] === 1;
  }

  private bind(motion: DollMotion | null): void {
    this.bound = motion;
    this.covered.fill(0);
    const tracks: FaceTrack[] = [];
    const indices: number[] = [];
    for (const track of motion ? faceTracksOf(motion) : []) {
      let index = this.face.indexOf(track.name);
      const alias = this.aliases.get(track.name);
      if (index < 0 && alias !== undefined) index = this.face.indexOf(alias);
      if (index < 0) continue;
      tracks.push(track);
      indices.push(index);
      this.covered[index] = 1;
    }
    this.tracks = tracks;
    this.indices = Int32Array.from(indices);
  }
}
