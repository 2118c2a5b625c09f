/** A request the sandbox cannot carry out; the message is for the user. */
export class SandboxError extends Error {
  override name = 'SandboxError';
}
