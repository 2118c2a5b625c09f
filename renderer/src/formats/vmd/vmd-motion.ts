/**
 * A VMD (MMD motion) file's bone and morph keyframes as stored: MMD's left-handed axes and
 * units, frames at 30 per second, keys in file order (not necessarily sorted). The camera,
 * light and shadow sections that follow are not read: a ragdoll has no use for them.
 */
export interface VmdMotion {
  /** "0002" (MikuMikuDance 7 and later, 20-byte model name) or "file" (older, 10 bytes). */
  readonly version: '0002' | 'file';
  /** The model the motion was made on, as written (Shift_JIS decoded). */
  readonly modelName: string;
  readonly boneKeys: VmdBoneKeys;
  /** The face: morph weights by morph name (none when the file ends before them). */
  readonly morphKeys: VmdMorphKeys;
}

/** Every morph keyframe, in file order, as parallel arrays. */
export interface VmdMorphKeys {
  readonly count: number;
  /** Morph name per key (MMD's names, e.g. まばたき), Shift_JIS decoded. */
  readonly names: readonly string[];
  /** Frame number per key (30 per second). */
  readonly frames: Uint32Array;
  /** Weight per key, 0–1 as written. */
  readonly weights: Float32Array;
}

/** MMD's frame rate: a VMD frame number over this is seconds. */
export const VMD_FRAMES_PER_SECOND = 30;

/** Bytes of one curve block per bone key; the first 16 hold the X, Y, Z and rotation curves. */
export const VMD_CURVE_BYTES = 16;

/**
 * Every bone keyframe, one entry per key in file order, as parallel arrays (a dance holds tens
 * of thousands of keys; one object each would cost far more).
 */
export interface VmdBoneKeys {
  readonly count: number;
  /** Bone name per key (decoded once per run of equal names, so equal names share a string). */
  readonly names: readonly string[];
  /** Frame number per key (30 per second). */
  readonly frames: Uint32Array;
  /** 3 per key: the bone's offset from its rest position, MMD units, MMD's axes. */
  readonly positions: Float32Array;
  /** 4 per key: the local rotation x, y, z, w, MMD's axes. */
  readonly rotations: Float32Array;
  /**
   * {@link VMD_CURVE_BYTES} per key: byte `4·k + c` is control value k (x1, y1, x2, y2) of
   * channel c (0 = X, 1 = Y, 2 = Z, 3 = rotation), each 0..127. The curve eases the segment
   * that ends at this key.
   */
  readonly curves: Uint8Array;
}
