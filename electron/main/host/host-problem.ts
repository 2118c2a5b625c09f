/**
 * Failures caused by the user's files (missing, too large, corrupt…), as opposed to bugs.
 * Services throw `HostProblemError`; the handlers turn it into a `HostOutcome` the renderer
 * can show, because an Error crossing IPC keeps only its message, not its code.
 */

import type { HostOutcome, HostProblemCode } from '../../../shared/host-contract';

/** A problem with a file the user asked for, worded to be shown as is. */
export class HostProblemError extends Error {
  override readonly name = 'HostProblemError';
  constructor(
    readonly code: HostProblemCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * Runs `work` and wraps its value as `{ ok: true }`, or a `HostProblemError` as
 * `{ ok: false }`. Anything else is a bug and still rejects, so it is logged by IPC.
 */
export async function toOutcome<T>(work: () => Promise<T>): Promise<HostOutcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof HostProblemError) {
      return { ok: false, problem: { code: error.code, message: error.message } };
    }
    throw error;
  }
}

/** The Node error code of `error` (`ENOENT`, `EACCES`…), if it has one. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** The message of `error`, or its string form. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
