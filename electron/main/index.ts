import { join } from 'node:path';
import { app, BrowserWindow } from 'electron';

/** Creates the main window. The full window (security, menus, state) arrives with the app issue. */
function createMainWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    },
  });
  void window.loadFile(join(import.meta.dirname, '../renderer/index.html'));
  return window;
}

void app.whenReady().then(() => {
  createMainWindow();
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
