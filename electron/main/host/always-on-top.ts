/**
 * ALWAYS ON TOP: the main window kept above other windows (for capturing it beside OBS or a
 * video call), switched from the View menu and remembered in `view-settings.json` in the
 * app's user-data folder. No `electron` import: the window is anything with
 * `setAlwaysOnTop`, so the decision and the file are tested in plain Node.
 */

import { join } from 'node:path';
import { z } from 'zod';
import { describeError } from './host-problem';
import { createJsonFileStore, type UserDataFileOptions } from './json-file-store';

/** The file name inside the user-data folder. */
export const VIEW_SETTINGS_FILE = 'view-settings.json';

const viewSettingsSchema = z.object({
  schemaVersion: z.literal(1),
  alwaysOnTop: z.boolean(),
});

/** What is saved: the window-level view settings. */
export type ViewSettings = z.infer<typeof viewSettingsSchema>;

/**
 * The window levels `BrowserWindow.setAlwaysOnTop` takes that this app uses: `floating` keeps
 * the window above ordinary windows (macOS's level for tool palettes; Windows and Linux
 * have one "topmost" level and ignore the name).
 */
export type AlwaysOnTopLevel = 'floating';

/** A window that can be kept on top (`BrowserWindow` fits). */
export interface TopWindow {
  setAlwaysOnTop(flag: boolean, level?: AlwaysOnTopLevel): void;
  isDestroyed(): boolean;
}

/** The switch and its file. */
export interface AlwaysOnTop {
  /** Whether the window is kept on top (after {@link load}; off before). */
  readonly on: boolean;
  /** Reads the saved choice; off when there is none or it could not be read (reported). */
  load(): Promise<boolean>;
  /** Keeps `window` on top or not, as the switch is now; a closed window is left alone. */
  apply(window: TopWindow | undefined): void;
  /**
   * Sets the switch, applies it to `window` and saves it. A failed save is logged (the
   * window still changes; only the choice is not kept for the next start).
   */
  set(on: boolean, window: TopWindow | undefined): Promise<void>;
  /** Resolves when every pending save has finished; call before the app exits. */
  flush(): Promise<void>;
}

/** The switch, off until {@link AlwaysOnTop.load} reads the saved choice. */
export function createAlwaysOnTop(options: UserDataFileOptions): AlwaysOnTop {
  const file = createJsonFileStore({
    filePath: join(options.directory, VIEW_SETTINGS_FILE),
    schema: viewSettingsSchema,
    logger: options.logger,
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  let on = false;

  function apply(window: TopWindow | undefined): void {
    if (window === undefined || window.isDestroyed()) return;
    if (on) window.setAlwaysOnTop(true, 'floating');
    else window.setAlwaysOnTop(false);
  }

  return {
    get on() {
      return on;
    },
    async load() {
      try {
        on = (await file.read())?.alwaysOnTop ?? false;
      } catch (error) {
        // Only this choice is lost; the file is left for the next start.
        options.logger.warn(`${describeError(error)} The window is not kept on top.`);
        on = false;
      }
      return on;
    },
    apply,
    async set(next, window) {
      on = next;
      apply(window);
      try {
        await file.write({ schemaVersion: 1, alwaysOnTop: next });
      } catch (error) {
        options.logger.error(
          `Always on Top is ${next ? 'on' : 'off'} now, but could not be remembered: ` +
            `${describeError(error)}`,
        );
      }
    },
    flush: () => file.flush(),
  };
}
