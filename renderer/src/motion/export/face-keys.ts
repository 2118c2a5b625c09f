/**
 * A figure's face as recorded beside the scene's frames (the view's `FaceHistory` fits): its
 * weights by the model's names (VRM expressions, MMD morphs) and, when it has them, its eyes'
 * angles.
 */
export interface RecordedFace {
  /** Every weight's name, as the model spells it. */
  readonly names: readonly string[];
  /** Whether the eyes' yaw and pitch are recorded after the weights. */
  readonly hasGaze: boolean;
  /**
   * Copies the face recorded at recorder frame `frame` (recorded as `serial`) into `out`: each
   * weight (0–1, {@link names} order), then with {@link hasGaze} yaw and pitch (degrees).
   * False when that frame is not held.
   */
  readInto(frame: number, serial: number, out: Float64Array): boolean;
}

/** A recorded face over an exported range, as a motion file stores it. */
export interface FaceKeys {
  /** The weights that leave 0 somewhere in the range, by the model's names. */
  readonly names: readonly string[];
  readonly frameCount: number;
  /** Per frame, per name: the weight, 0–1. */
  readonly weights: Float32Array;
  /** Per frame: the eyes' yaw then pitch, degrees; null when no gaze was recorded. */
  readonly gaze: Float32Array | null;
}

/**
 * The face recorded at each of `sourceFrames` (the exported frames, see
 * `RecordedFigureMotion.sourceFrames`); `serialAt` is the recorder's. A frame whose face is
 * not held (recorded before the model was shown) takes the nearest held one before it, else
 * after it. Null when none is held. Weights that stay 0 throughout are left out.
 */
export function recordedFaceKeys(
  face: RecordedFace,
  sourceFrames: Int32Array,
  serialAt: (frame: number) => number,
): FaceKeys | null {
  const count = face.names.length;
  const width = count + (face.hasGaze ? 2 : 0);
  const frames = sourceFrames.length;
  const all = new Float64Array(frames * width);
  const row = new Float64Array(width);
  let firstHeld = -1;
  for (let f = 0; f < frames; f++) {
    const frame = sourceFrames[f]!;
    if (face.readInto(frame, serialAt(frame), row)) {
      if (firstHeld < 0) firstHeld = f;
      all.set(row, f * width);
    } else if (firstHeld >= 0) {
      all.copyWithin(f * width, (f - 1) * width, f * width);
    }
  }
  if (firstHeld < 0) return null;
  for (let f = 0; f < firstHeld; f++)
    all.copyWithin(f * width, firstHeld * width, (firstHeld + 1) * width);
  const kept: number[] = [];
  for (let i = 0; i < count; i++) {
    for (let f = 0; f < frames; f++) {
      if (all[f * width + i]! > 0) {
        kept.push(i);
        break;
      }
    }
  }
  const weights = new Float32Array(frames * kept.length);
  for (let f = 0; f < frames; f++)
    kept.forEach((i, k) => (weights[f * kept.length + k] = all[f * width + i]!));
  let gaze: Float32Array | null = null;
  if (face.hasGaze) {
    gaze = new Float32Array(frames * 2);
    for (let f = 0; f < frames; f++) {
      gaze[2 * f] = all[f * width + count]!;
      gaze[2 * f + 1] = all[f * width + count + 1]!;
    }
  }
  return { names: kept.map((i) => face.names[i]!), frameCount: frames, weights, gaze };
}

/** The weights of face name `k` over every frame of `keys`. */
export function faceKeyTrack(keys: FaceKeys, k: number): Float32Array {
  const n = keys.names.length;
  return Float32Array.from({ length: keys.frameCount }, (_, f) => keys.weights[f * n + k]!);
}
