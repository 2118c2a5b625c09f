/**
 * The main process: app lifecycle and wiring. The work itself lives in `host/` (plain
 * functions, tested under Node); this file connects it to Electron.
 */

import { app, BrowserWindow, dialog, Menu, session, shell } from 'electron';
import {
  FILE_OPENED_CHANNEL,
  MENU_COMMAND_CHANNEL,
  READ_PROGRESS_CHANNEL,
  SHOW_ABOUT_CHANNEL,
  UPDATE_STATUS_CHANNEL,
  ALWAYS_ON_TOP_CHANNEL,
  type HostEventChannel,
  type HostEvents,
  type MenuLanguageCode,
  type UpdateRestartResult,
} from '../../shared/host-contract';
import type { AppCommand } from '../../shared/commands';
import { dirname } from 'node:path';
import { registerAppScheme, serveAppScheme } from './app-protocol';
import { createAppUrlCheck } from './host/app-url';
import { createAlwaysOnTop } from './host/always-on-top';
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
import { recoveryCopyIsFresh } from './host/recovery-copy-check';
import { updateSupport, type UpdateResponse } from './host/update-policy';
import { createUpdateSettingsStore } from './host/update-settings-store';
import { createAppUpdates, type AppUpdates, type Updater } from './app-updates';
import { registerHostIpc } from './ipc';
import { createMainWindow } from './main-window';
import { buildMenuTemplate, type RecentMenuModel } from './menu';
import { menuLanguageFor } from './menu-labels';
import { createNativeDialogs } from './native-dialogs';
import { reloadPageWhenItDies } from './page-recovery';
import { preloadPath, resolveRendererLocation } from './renderer-location';
import { denyAllPermissions, guardWebContents, installContentSecurityPolicy } from './security';
import { readUpdateEnvironment } from './update-environment';
import { updateAnswerWords } from './update-words';

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
  const alwaysOnTop = createAlwaysOnTop({
    directory: app.getPath('userData'),
    logger: createConsoleLogger('always-on-top'),
  });
  const securityLog = createConsoleLogger('security');
  let mainWindow: BrowserWindow | undefined;
  let opening: Promise<void> | undefined;
  let menuReady = false;
  /** Set when the app restarts into an update: the scene's recovery copy must survive the close. */
  let keepRecoveryOnClose = false;
  let updates: AppUpdates | undefined;
  const updateSettings = createUpdateSettingsStore({
    directory: app.getPath('userData'),
    logger: createConsoleLogger('update-settings'),
  });
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
    open: (path, as) =>
      toOutcome(() =>
        as === 'stage' ? services.openRecentStage(path) : services.openFileFromUser(path),
      ),
    send: (outcome) => {
      if (mainWindow !== undefined && !mainWindow.isDestroyed()) {
        mainWindow.webContents.send(FILE_OPENED_CHANNEL, outcome);
      }
    },
    logger: createConsoleLogger('file-open'),
  });
  /** A menu item that opens the file chosen in the dialog `pick` shows (`title` names it). */
  const openFromMenu = (pick: () => Promise<string | null>, title: string) => (): void => {
    void pick()
      .then((path) => {
        if (path !== null) fileOpens.request(path);
      })
      .catch((error: unknown) => log.error(`The ${title} dialog failed.`, error));
  };
  const openModelFromMenu = openFromMenu(() => dialogs.showOpenModel(), 'Open Model');
  const openMotionFromMenu = openFromMenu(() => dialogs.showOpenMotion(), 'Open Motion');
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
    alwaysOnTop.apply(window);
    reloadPageWhenItDies(window, createConsoleLogger('page-recovery'));
    // Opened files wait until the page has loaded and subscribed to FILE_OPENED_CHANNEL.
    window.webContents.on('did-finish-load', () => fileOpens.rendererReady());
    window.webContents.on('did-start-loading', () => fileOpens.rendererGone());
    // Automatic update checks wait for the window, so they never compete with the start.
    window.once('show', () => updates?.windowShown());
    window.once('closed', () => {
      fileOpens.rendererGone();
      // Closing the window is a clean end: its scene is not offered again at the next start.
      // A restart into an update is not: its scene comes back at the next start.
      if (!keepRecoveryOnClose) {
        services
          .discardRecovery()
          .catch((error: unknown) => log.error('Could not remove the recovery scene.', error));
      }
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
      openRecent: (path, kind) => fileOpens.request(path, kind === 'stage' ? 'stage' : 'file'),
      help: {
        showAbout: () => sendToPage(SHOW_ABOUT_CHANNEL, null),
        checkForUpdates: () => void updates?.check('manual'),
        automaticChecks: updates?.automaticChecks ?? true,
        setAutomaticChecks: (on) =>
          void updates
            ?.setAutomaticChecks(on)
            .catch((error: unknown) => log.error('Could not remember the update setting.', error)),
        readyVersion: updates?.readyVersion,
        restartToUpdate: () => {
          const version = updates?.readyVersion;
          // The page keeps its scene first, then asks for the restart (rp:update:restart).
          if (version !== undefined)
            sendToPage(UPDATE_STATUS_CHANNEL, { kind: 'restart-chosen', version });
        },
      },
      alwaysOnTop: {
        on: alwaysOnTop.on,
        set: (on) => {
          void alwaysOnTop.set(on, mainWindow);
          sendToPage(ALWAYS_ON_TOP_CHANNEL, { on });
          refreshRecentMenu();
        },
      },
    });
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  };
  function sendToPage<K extends HostEventChannel>(channel: K, payload: HostEvents[K]): void {
    if (mainWindow !== undefined && !mainWindow.isDestroyed()) {
      mainWindow.webContents.send(channel, payload);
    }
  }
  /** The ready notice and history lines go to the page; an answer is a message box. */
  function showUpdateResponse(response: UpdateResponse): void {
    if (response.notice !== undefined) {
      sendToPage(UPDATE_STATUS_CHANNEL, { kind: 'ready', version: response.notice.version });
    }
    if (response.history !== undefined) sendToPage(UPDATE_STATUS_CHANNEL, response.history);
    if (response.answer !== undefined) {
      const words = updateAnswerWords(
        menuLanguageFor(menuLanguage ?? app.getLocale()),
        app.getName(),
        response.answer,
      );
      const options = {
        type: 'info' as const,
        message: words.message,
        detail: words.detail,
        buttons: [words.ok],
      };
      const box =
        mainWindow === undefined || mainWindow.isDestroyed()
          ? dialog.showMessageBox(options)
          : dialog.showMessageBox(mainWindow, options);
      box.catch((error: unknown) => log.error('The update answer could not be shown.', error));
    }
  }
  async function startUpdates(): Promise<AppUpdates> {
    const support = updateSupport(await readUpdateEnvironment(app.isPackaged));
    if (!support.supported) log.info(`Updates are not offered: ${support.reason}.`);
    const started = createAppUpdates({
      updater: support.supported ? await loadUpdater() : undefined,
      support,
      currentVersion: app.getVersion(),
      settings: updateSettings,
      logger: createConsoleLogger('updates'),
      show: showUpdateResponse,
      onChange: () => refreshRecentMenu(),
    });
    await started.load();
    return started;
  }
  /** Restart now: only with the scene's recovery copy fresh on disk (see decideRestart). */
  async function restartToUpdate(): Promise<UpdateRestartResult> {
    if (updates === undefined)
      return { restarting: false, reason: 'no update has been downloaded' };
    await services.flush();
    const written = await recoveryCopyIsFresh(app.getPath('userData'), Date.now());
    keepRecoveryOnClose = written;
    const decision = updates.restart({ askedByPerson: true, recoveryCopyWritten: written });
    if (decision.restart) return { restarting: true };
    keepRecoveryOnClose = false;
    return { restarting: false, reason: decision.reason };
  }
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
    { name: 'the Always on Top choice', flush: () => alwaysOnTop.flush() },
    { name: 'the recent-model library and presets', flush: () => services.flush() },
    { name: 'the update setting', flush: () => updateSettings.flush() },
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
        dataFolder: app.getPath('userData'),
        versions: process.versions,
        openFolder: (path) => shell.openPath(path),
        restartToUpdate,
        alwaysOnTop: async (on) => {
          if (on !== null && on !== alwaysOnTop.on) {
            await alwaysOnTop.set(on, mainWindow);
            // The menu's checkbox is built from the state: build it again.
            refreshRecentMenu();
          }
          return { on: alwaysOnTop.on };
        },
      });
      registerHostIpc(handlers, isAppUrl, createConsoleLogger('ipc'));
      updates = await startUpdates().catch((error: unknown) => {
        log.error('Updates could not be set up; the app runs without them.', error);
        return undefined;
      });
      // Read before the menu shows its checkbox and the window opens.
      await alwaysOnTop.load();
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

/**
 * electron-updater, loaded only where the build can update. It is CommonJS whose
 * `autoUpdater` is a getter Node's named-export detection does not see: read it from the
 * module object (the default export).
 */
async function loadUpdater(): Promise<Updater> {
  const loaded = await import('electron-updater');
  return (loaded.default as typeof loaded).autoUpdater;
}

function reportFailure(error: unknown): void {
  log.error('The app could not start its window.', error);
  app.exit(1);
}
