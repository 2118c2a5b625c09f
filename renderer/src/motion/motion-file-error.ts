/**
 * A motion file that cannot be used: truncated, not a motion, or with no bone a figure could
 * follow. The message names the problem; callers that know the file's name put it in front
 * ("dance.vmd: the file ends inside bone keyframe 12 of 40").
 */
export class MotionFileError extends Error {
  override name = 'MotionFileError';
}
