/**
 * A file that is not a usable VRM; the message names the file and the problem. Its own
 * module so the interface can recognise it without loading the VRM reader.
 */
export class VrmLoadError extends Error {
  override name = 'VrmLoadError';
}
