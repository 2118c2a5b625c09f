/**
 * The app's one window: opens where it was last closed (when that is still on a display),
 * with the renderer sandboxed and isolated, and saves its bounds when they change and when
 * it closes.
 */

import { BrowserWindow, screen } from 'electron';
import { DROP_KEY_ARGUMENT } from '../../shared/host-contract';
import { APP_INDEX_URL } from './host/app-protocol';
import type { RendererLocation } from './host/app-url';
import type { Logger } from './host/logger';
import type { WindowState, WindowStateStore } from './host/window-state-store';

/** First-run size and the smallest useful size, device-independent pixels. */
const DEFAULT_SIZE = { width: 1280, height: 800 } as const;
const MIN_SIZE = { width: 800, height: 560 } as const;

export interface MainWindowOptions {
  readonly title: string;
  readonly location: RendererLocation;
  /** Absolute path of the bundled CommonJS preload. */
  readonly preloadPath: string;
  readonly windowState: WindowStateStore;
  readonly logger: Logger;
  /** The key the preload signs dropped paths with (hex); only the preload sees it. */
  readonly dropKey: string;
}

/**
 * Creates the main window and starts loading the renderer; it shows itself once the first
 * frame is ready. Resolves as soon as the window exists (a failed load is logged, not thrown).
 */
export async function createMainWindow(options: MainWindowOptions): Promise<BrowserWindow> {
  const workAreas = screen.getAllDisplays().map((display) => display.workArea);
  const saved = await options.windowState.load(workAreas);
  const window = new BrowserWindow({
    ...(saved?.bounds ?? DEFAULT_SIZE),
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: options.title,
    // Shown once the first frame is ready, so the window never flashes white.
    show: false,
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      additionalArguments: [`${DROP_KEY_ARGUMENT}${options.dropKey}`],
    },
  });
  window.once('ready-to-show', () => {
    if (saved?.maximized === true) window.maximize();
    window.show();
  });
  // Saved when a move or resize ends too, so a crash does not lose it; writes are serialized.
  const save = (): void => saveState(window, options);
  window.on('resized', save);
  window.on('moved', save);
  window.on('maximize', save);
  window.on('unmaximize', save);
  window.on('close', save);
  void loadRenderer(window, options);
  return window;
}

function saveState(window: BrowserWindow, options: MainWindowOptions): void {
  const state: WindowState = {
    schemaVersion: 1,
    bounds: window.getNormalBounds(),
    maximized: window.isMaximized(),
  };
  options.windowState.save(state).catch((error: unknown) => {
    options.logger.error('Could not save the window size and position.', error);
  });
}

async function loadRenderer(window: BrowserWindow, options: MainWindowOptions): Promise<void> {
  const { devServerUrl, indexFile } = options.location;
  const what = devServerUrl ?? `${APP_INDEX_URL} (${indexFile})`;
  try {
    // The built page comes over app://, never file:// (see host/app-protocol.ts).
    await window.loadURL(devServerUrl ?? APP_INDEX_URL);
  } catch (error) {
    const hint = devServerUrl === undefined ? 'run `npm run build` first' : 'is `npm run dev` up?';
    options.logger.error(`Could not load the app's page from ${what} (${hint}).`, error);
  }
}
