/**
 * Reloads the page when its process dies and tells the user in a message box; the decision
 * (reload, or give up after repeated deaths) is `createPageCrashPolicy`'s.
 */

import { dialog, type BrowserWindow } from 'electron';
import type { Logger } from './host/logger';
import { createPageCrashPolicy } from './host/page-crash-policy';

/** Watches `window`'s page for the rest of the window's life. */
export function reloadPageWhenItDies(window: BrowserWindow, logger: Logger): void {
  const policy = createPageCrashPolicy();
  window.webContents.on('render-process-gone', (_event, details) => {
    const action = policy.decide(details);
    if (action.kind === 'ignore' || window.isDestroyed()) return;
    logger.error(action.message);
    if (action.kind === 'reload') window.webContents.reload();
    dialog
      .showMessageBox(window, { type: 'warning', message: action.message })
      .catch((error: unknown) => logger.error('Could not show the page-stopped message.', error));
  });
}
