/**
 * The update setting, remembered in `update-settings.json` in the data folder: whether the
 * app checks for updates by itself (at start and every 6 hours). On by default; a file that
 * is not valid is moved aside and the default used (see json-file-store.ts).
 */

import { join } from 'node:path';
import { z } from 'zod';
import { createJsonFileStore, JsonFileReadError } from './json-file-store';
import type { Logger } from './logger';

/** The file name inside the user-data folder. */
export const UPDATE_SETTINGS_FILE = 'update-settings.json';

const updateSettingsSchema = z.object({
  schemaVersion: z.literal(1),
  /** Check for updates at start and every 6 hours. */
  automaticChecks: z.boolean(),
});

export type UpdateSettings = z.infer<typeof updateSettingsSchema>;

export const DEFAULT_UPDATE_SETTINGS: UpdateSettings = Object.freeze({
  schemaVersion: 1,
  automaticChecks: true,
});

export interface UpdateSettingsStore {
  /** The saved settings, or the defaults when there are none (or they could not be read). */
  load(): Promise<UpdateSettings>;
  /** Saves after any pending save; rejects naming the file if writing fails. */
  save(settings: UpdateSettings): Promise<void>;
  /** Resolves when every pending save has finished. */
  flush(): Promise<void>;
}

export interface UpdateSettingsStoreOptions {
  /** Electron's `app.getPath('userData')`. */
  readonly directory: string;
  readonly logger: Logger;
}

export function createUpdateSettingsStore(
  options: UpdateSettingsStoreOptions,
): UpdateSettingsStore {
  const file = createJsonFileStore({
    filePath: join(options.directory, UPDATE_SETTINGS_FILE),
    schema: updateSettingsSchema,
    logger: options.logger,
  });
  return {
    async load() {
      try {
        return (await file.read()) ?? DEFAULT_UPDATE_SETTINGS;
      } catch (error) {
        // Unreadable (locked, no permission) is not corrupt: keep the file, use the default.
        if (!(error instanceof JsonFileReadError)) throw error;
        options.logger.warn(`${error.message} Automatic update checks stay on.`);
        return DEFAULT_UPDATE_SETTINGS;
      }
    },
    save: (settings) => file.write(settings),
    flush: () => file.flush(),
  };
}
