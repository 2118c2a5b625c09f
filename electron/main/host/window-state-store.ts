/**
 * The main window's size, position and maximized flag, kept between runs in
 * `window-state.json` in the app's user-data folder.
 */

import { join } from 'node:path';
import { z } from 'zod';
import { describeError } from './host-problem';
import { createJsonFileStore, type UserDataFileOptions } from './json-file-store';
import { isVisibleOnSomeDisplay, type Rectangle } from './window-bounds';

/** The file name inside the user-data folder. */
export const WINDOW_STATE_FILE = 'window-state.json';

/** Window sizes outside this range are not real windows (device-independent pixels). */
const SIZE_LIMITS = { min: 200, max: 100_000 } as const;
const COORDINATE_LIMIT = 1_000_000;

const coordinate = z.number().int().min(-COORDINATE_LIMIT).max(COORDINATE_LIMIT);
const size = z.number().int().min(SIZE_LIMITS.min).max(SIZE_LIMITS.max);

const windowStateSchema = z.object({
  schemaVersion: z.literal(1),
  /** The window's normal (not maximized) bounds, device-independent pixels. */
  bounds: z.object({ x: coordinate, y: coordinate, width: size, height: size }),
  maximized: z.boolean(),
});

/** What is saved for the main window. */
export type WindowState = z.infer<typeof windowStateSchema>;

export interface WindowStateStore {
  /**
   * The saved state, or undefined when there is none, it was unreadable (moved aside and
   * reported) or its bounds are off every one of `workAreas` (the displays' work areas now).
   */
  load(workAreas: readonly Rectangle[]): Promise<WindowState | undefined>;
  /** Saves after any pending save; rejects with the file name if writing fails. */
  save(state: WindowState): Promise<void>;
  /** Resolves when every pending save has finished; call before the app exits. */
  flush(): Promise<void>;
}

export function createWindowStateStore(options: UserDataFileOptions): WindowStateStore {
  const filePath = join(options.directory, WINDOW_STATE_FILE);
  const file = createJsonFileStore({
    filePath,
    schema: windowStateSchema,
    logger: options.logger,
    ...(options.now === undefined ? {} : { now: options.now }),
  });

  async function load(workAreas: readonly Rectangle[]): Promise<WindowState | undefined> {
    let state: WindowState | undefined;
    try {
      state = await file.read();
    } catch (error) {
      // Only the window's place is lost; the file is left for the next start.
      options.logger.warn(`${describeError(error)} Opening at the default size.`);
      return undefined;
    }
    if (state === undefined) return undefined;
    if (isVisibleOnSomeDisplay(state.bounds, workAreas)) return state;
    options.logger.info(
      `The saved window bounds in ${filePath} are off every connected display; ` +
        `opening at the default size instead.`,
    );
    return undefined;
  }

  return { load, save: (state) => file.write(state), flush: () => file.flush() };
}
