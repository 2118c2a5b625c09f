/**
 * A wish for a picture of a model as it stands at rest, for its recent-list entry: drawn once,
 * as the model is opened, before its figure first moves.
 */
export interface ThumbnailRequest {
  /**
   * Resolves true when the picture is still wanted (the entry has none yet); never rejects.
   * Whoever takes the picture waits for this before drawing anything.
   */
  readonly wanted: Promise<boolean>;
  /** Receives the picture's PNG bytes. */
  deliver(png: Uint8Array): void;
}
