/**
 * A file that is not a usable MMD model; the message starts with the file name. Its own
 * module so the interface can recognise it without loading the MMD reader.
 */
export class MmdLoadError extends Error {
  override name = 'MmdLoadError';
}
