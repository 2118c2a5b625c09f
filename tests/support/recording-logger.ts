/** A `Logger` that keeps what it was told, for asserting on reports. */

import type { Logger } from '../../electron/main/host/logger';

export interface LoggedLine {
  readonly level: 'info' | 'warn' | 'error';
  readonly message: string;
  readonly cause?: unknown;
}

export interface RecordingLogger extends Logger {
  readonly lines: LoggedLine[];
}

export function createRecordingLogger(): RecordingLogger {
  const lines: LoggedLine[] = [];
  return {
    lines,
    info: (message) => lines.push({ level: 'info', message }),
    warn: (message) => lines.push({ level: 'warn', message }),
    error: (message, cause) => lines.push({ level: 'error', message, cause }),
  };
}
