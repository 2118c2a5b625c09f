/**
 * The main process: app lifecycle and wiring. The work itself lives in `host/` (plain
 * functions, tested under Node); this file connects it to Electron.
 */

import { app, BrowserWindow, Menu, session } from 'electron';
import {
  FILE_OPENED_CHANNEL,
  MENU_COMMAND_CHANNEL,
  READ_PROGRESS_CHANNEL,
  type MenuLanguageCode,
} from '../../shared/host-contract';
import type { AppCommand } from '../../shared/commands';
import { dirname } from 'node:path';
import { registerAppScheme, serveAppScheme } from './app-protocol';
import { createAppUrlCheck } from './host/app-url';
import { buildContentSecurityPolicy } from './host/content-security-policy';
import { createFileOpenQueue } from './host/file-open-queue';
import { newDropKey } from './host/drop-grants';
import { flushWithin, QUIT_FLUSH_LIMIT_MS, type PendingWrites } from './host/flush-within';
import { createHostHandlers } from './host/host-handlers';
import { toOutcome } from './host/host-problem';
import { createHostServices } from './host/host-services';
import { createVmcService } from './host/vmc/vmc-service';
import { filesFromArgv } from './host/launch-files';
import { createConsoleLogger } from './host/logger';
import { createWindowStateStore } from './host/window-state-store';
import { registerHostIpc } from './ipc';
import { createMainWindow } from './main-window';
import { buildMenuTemplate, type RecentMenuModel } from './menu';
import { menuLanguageFor } from './menu-labels';
import { createNativeDialogs } from './native-dialogs';
import { reloadPageWhenItDies } from './page-recovery';
import { preloadPath, resolveRendererLocation } from './renderer-location';
import { denyAllPermissions, guardWebContents, installContentSecurityPolicy } from './security';

const log = createConsoleLogger('main');

// The page's own scheme must be registered before the app is ready.
registerAppScheme();

// A second launch focuses the running app instead of opening a second window.
if (app.requestSingleInstanceLock()) {
  start();
} else {
  app.quit();
}

function start(): void {
  const location = resolveRendererLocation(log);
  const isAppUrl = createAppUrlCheck(location);
  const windowState = createWindowStateStore({
    directory: app.getPath('userData'),
    logger: createConsoleLogger('window-state'),
  });
  const securityLog = createConsoleLogger('security');
  let mainWindow: BrowserWindow | undefined;
  let opening: Promise<void> | undefined;
  let menuReady = false;
  /** The panel's language once the page has said it; until then the system's. */
  let menuLanguage: MenuLanguageCode | undefined;
  const dialogs = createNativeDialogs(
    () => mainWindow,
    () => menuLanguageFor(menuLanguage ?? app.getLocale()),
  );
  // VMC sockets open only when the panel turns receiving or sending on.
  const vmc = createVmcService(createConsoleLogger('vmc'));
  // Shared only with the window's preload, which signs each dropped path with it.
  const dropKey = newDropKey();
  const services = createHostServices({
    dataDirectory: app.getPath('userData'),
    dropKey,
    dialogs,
    loggerFor: createConsoleLogger,
    // The OS's own recent documents (Windows Jump List, macOS Open Recent, GNOME recent).
    onModelOpened: (path) => app.addRecentDocument(path),
    onLibraryChanged: () => refreshRecentMenu(),
    onReadProgress: (progress) => {
      if (mainWindow !== undefined && !mainWindow.isDestroyed()) {
        mainWindow.webContents.send(READ_PROGRESS_CHANNEL, progress);
      }
    },
  });
  const fileOpens = createFileOpenQueue({
    open: (path) => toOutcome(() => services.openFileFromUser(path)),
    send: (outcome) => {
      if (mainWindow !== undefined && !mainWindow.isDestroyed()) {
        mainWindow.webContents.send(FILE_OPENED_CHANNEL, outcome);
      }
    },
    logger: createConsoleLogger('file-open'),
  });
  const openModelFromMenu = (): void => {
    void dialogs
      .showOpenModel()
      .then((path) => {
        if (path !== null) fileOpens.request(path);
      })
      .catch((error: unknown) => log.error('The Open Model dialog failed.', error));
  };
  const openMotionFromMenu = (): void => {
    void dialogs
      .showOpenMotion()
      .then((path) => {
        if (path !== null) fileOpens.request(path);
      })
      .catch((error: unknown) => log.error('The Open Motion dialog failed.', error));
  };
  // Files named on the command line at the first launch (Windows/Linux file associations).
  for (const path of filesFromArgv(process.argv, process.cwd())) fileOpens.request(path);

  // Two quick dock clicks must not open two windows while the saved state is being read.
  const openMainWindow = (): Promise<void> => {
    opening ??= createAndTrackWindow().finally(() => {
      opening = undefined;
    });
    return opening;
  };
  const createAndTrackWindow = async (): Promise<void> => {
    const window = await createMainWindow({
      title: app.getName(),
      location,
      preloadPath: preloadPath(),
      windowState,
      logger: createConsoleLogger('main-window'),
      dropKey,
    });
    mainWindow = window;
    reloadPageWhenItDies(window, createConsoleLogger('page-recovery'));
    // Opened files wait until the page has loaded and subscribed to FILE_OPENED_CHANNEL.
    window.webContents.on('did-finish-load', () => fileOpens.rendererReady());
    window.webContents.on('did-start-loading', () => fileOpens.rendererGone());
    window.once('closed', () => {
      fileOpens.rendererGone();
      // Closing the window is a clean end: its scene is not offered again at the next start.
      services
        .discardRecovery()
        .catch((error: unknown) => log.error('Could not remove the recovery scene.', error));
      if (mainWindow === window) mainWindow = undefined;
    });
  };
  // The menu is built once the app is ready, and again whenever the library changes so
  // File > Open Recent lists the models the library holds.
  const setMenu = (recentModels: readonly RecentMenuModel[]): void => {
    const template = buildMenuTemplate({
      appName: app.getName(),
      locale: menuLanguage ?? app.getLocale(),
      platform: process.platform,
      development: location.devServerUrl !== undefined,
      sendCommand,
      openModel: openModelFromMenu,
      openMotion: openMotionFromMenu,
      recentModels,
      openRecent: (path) => fileOpens.request(path),
    });
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  };
  function refreshRecentMenu(): void {
    if (!menuReady) return;
    void services
      .recentModels()
      .then(setMenu)
      .catch((error: unknown) => log.error('Could not list recent models for the menu.', error));
  }
  const sendCommand = (command: AppCommand): void => {
    if (mainWindow !== undefined && !mainWindow.isDestroyed()) {
      mainWindow.webContents.send(MENU_COMMAND_CHANNEL, command);
    }
  };

  // Every web contents, including any the app never meant to create, gets the guards.
  app.on('web-contents-created', (_event, contents) =>
    guardWebContents(contents, isAppUrl, securityLog),
  );
  // macOS: a double-clicked file, also before the app is ready (hence registered here).
  app.on('open-file', (event, path) => {
    event.preventDefault();
    fileOpens.request(path);
  });
  app.on('second-instance', (_event, argv, workingDirectory) => {
    for (const path of filesFromArgv(argv, workingDirectory)) fileOpens.request(path);
    if (mainWindow === undefined) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // macOS: clicking the dock icon with no window open opens one again.
  app.on('activate', () => {
    if (!app.isReady() || BrowserWindow.getAllWindows().length > 0) return;
    void openMainWindow().catch(reportFailure);
  });
  flushBeforeQuit([
    { name: 'the window size and place', flush: () => windowState.flush() },
    { name: 'the recent-model library and presets', flush: () => services.flush() },
    { name: 'the VMC sockets', flush: () => vmc.close() },
  ]);

  void app
    .whenReady()
    .then(async () => {
      const policy = buildContentSecurityPolicy(
        location.devServerUrl === undefined ? {} : { devServerUrl: location.devServerUrl },
      );
      installContentSecurityPolicy(session.defaultSession, policy);
      serveAppScheme(dirname(location.indexFile), policy, createConsoleLogger('app-protocol'));
      denyAllPermissions(session.defaultSession, securityLog);
      const handlers = createHostHandlers({
        appInfo: {
          name: app.getName(),
          version: app.getVersion(),
          platform: process.platform,
          locale: app.getLocale(),
        },
        services,
        vmc,
        setMenuLanguage: (language) => {
          if (language === menuLanguage) return;
          menuLanguage = language;
          refreshRecentMenu();
        },
      });
      registerHostIpc(handlers, isAppUrl, createConsoleLogger('ipc'));
      menuReady = true;
      setMenu([]);
      refreshRecentMenu();
      await openMainWindow();
    })
    .catch(reportFailure);
}

/**
 * Holds the quit until pending saves are on disk (the process would otherwise drop them),
 * but at most `QUIT_FLUSH_LIMIT_MS`; what was still being written then is logged.
 */
function flushBeforeQuit(stores: readonly PendingWrites[]): void {
  let flushed = false;
  app.on('will-quit', (event) => {
    if (flushed) return;
    event.preventDefault();
    void flushWithin(stores, QUIT_FLUSH_LIMIT_MS).then((unfinished) => {
      if (unfinished.length > 0) {
        log.error(
          `Quit after ${QUIT_FLUSH_LIMIT_MS / 1000} s with ${unfinished.join(' and ')} still ` +
            `being written; their latest changes may not have been saved.`,
        );
      }
      flushed = true;
      app.quit();
    });
  });
}

function reportFailure(error: unknown): void {
  log.error('The app could not start its window.', error);
  app.exit(1);
}
