/**
 * A logger per main-process module: every line says which module wrote it, so a report in a
 * terminal or a log file points at the code that knows what went wrong.
 */

/** What a main-process module needs to report; tests pass a recording one. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  /** `cause` is the caught error, printed with its stack when there is one. */
  error(message: string, cause?: unknown): void;
}

/** A logger that writes `[module] message` to the console (stdout/stderr of the app). */
export function createConsoleLogger(module: string): Logger {
  const prefix = `[${module}]`;
  return {
    info: (message) => console.info(prefix, message),
    warn: (message) => console.warn(prefix, message),
    error: (message, cause) =>
      cause === undefined ? console.error(prefix, message) : console.error(prefix, message, cause),
  };
}
