/**
 * Thrown when rest-pose bones cannot become a ragdoll. The message names the bones and what
 * is wrong with them; callers that know the file name prefix it.
 */
export class RigError extends Error {
  override name = 'RigError';
}
