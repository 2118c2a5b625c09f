/**
 * The native menu: the app's commands from shared/commands.ts grouped under File (the
 * exports), Edit (Undo and Redo of the scene), Scene, Motion, View and Help, plus the standard
 * application, clipboard and window items. Command items show their key
 * but do not register it (`registerAccelerator: false`): the renderer owns the keys and
 * ignores them while a text field has focus, which a registered accelerator could not do.
 */

import type { MenuItemConstructorOptions } from 'electron';
import { APP_COMMANDS, COMMANDS, type AppCommand, type CommandInfo } from '../../shared/commands';
import type { LibraryEntryKind } from '../../shared/host-contract';
import { MENU_LABELS, menuLanguageFor, type MenuLabels, type MenuRole } from './menu-labels';

export interface MenuOptions {
  readonly appName: string;
  /** `app.getLocale()`: picks English or Japanese labels. */
  readonly locale: string;
  readonly platform: NodeJS.Platform;
  /** Adds reload and developer tools (development only). */
  readonly development: boolean;
  /** Delivers a picked command to the renderer. */
  readonly sendCommand: (command: AppCommand) => void;
  /** File > Open Model… (CmdOrCtrl+O): shows the dialog and opens the chosen model. */
  readonly openModel: () => void;
  /**
   * File > Open Motion… (CmdOrCtrl+Shift+O): shows the dialog and opens the chosen motion.
   * Default: the Motion menu's Open Motion… command (the page asks the host itself).
   */
  readonly openMotion?: () => void;
  /** File > Open Recent: the recent library (models and motions), newest first (default: none). */
  readonly recentModels?: readonly RecentMenuModel[];
  /** Opens a recent file by its path: as a stage for a stage entry, else by what it is. */
  readonly openRecent?: (path: string, kind: LibraryEntryKind) => void;
  /**
   * View > Always on Top, a checkbox: whether it is on now, and what to do when it is
   * switched (told the new state). Default: not in the menu.
   */
  readonly alwaysOnTop?: { readonly on: boolean; readonly set: (on: boolean) => void };
  /** About and the update items of the Help menu (default: none). */
  readonly help?: HelpMenuOptions;
}

/** What the Help menu offers beyond the help command: About and updates. */
export interface HelpMenuOptions {
  /** About Ragdoll Playground (Help menu; on macOS also the app menu). */
  readonly showAbout: () => void;
  /** Check for Updates…: checks now and answers either way. */
  readonly checkForUpdates: () => void;
  /** The remembered "check by itself" setting, shown as a checkbox. */
  readonly automaticChecks: boolean;
  readonly setAutomaticChecks: (on: boolean) => void;
  /** A downloaded version waiting for a restart: adds Restart to Update. */
  readonly readyVersion?: string | undefined;
  /** Restart to Update: the page keeps the scene, then the app restarts into the update. */
  readonly restartToUpdate: () => void;
}

/** One File > Open Recent item. */
export interface RecentMenuModel {
  /** What the entry opens as: a PMX or PMD file may be a model or a stage. */
  readonly kind: LibraryEntryKind;
  readonly path: string;
  readonly title: string;
  /** The file has moved or changed: the item is shown but disabled. */
  readonly missing: boolean;
}

/** At most this many files in File > Open Recent (the library keeps 30). */
export const OPEN_RECENT_LIMIT = 10;

/** The whole menu bar as a template for `Menu.buildFromTemplate`. */
export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const language = menuLanguageFor(options.locale);
  const labels = MENU_LABELS[language];
  const commands = (menu: CommandInfo['menu']): MenuItemConstructorOptions[] =>
    APP_COMMANDS.filter((command) => COMMANDS[command].menu === menu).map((command) => ({
      id: command,
      label: COMMANDS[command].label[language],
      accelerator: COMMANDS[command].accelerator,
      registerAccelerator: false,
      click: () => options.sendCommand(command),
    }));
  const role = (name: MenuRole): MenuItemConstructorOptions => roleItem(name, labels);
  const mac = options.platform === 'darwin';
  return [
    ...(mac ? [appMenu(options.appName, labels, role, options.help)] : []),
    fileMenu(options, labels, mac, commands('file')),
    {
      label: labels.edit,
      // Undo/Redo act on the scene; in a text field the page lets Ctrl/⌘+Z undo the typing.
      submenu: [
        ...commands('edit'),
        { type: 'separator' },
        role('cut'),
        role('copy'),
        role('paste'),
        role('selectAll'),
      ],
    },
    { label: labels.scene, submenu: commands('scene') },
    { label: labels.motion, submenu: commands('motion') },
    { label: labels.view, submenu: [...commands('view'), ...viewExtras(options, labels)] },
    {
      label: labels.window,
      // macOS lists open windows under the menu with this role.
      role: 'window',
      submenu: mac
        ? [role('minimize'), role('zoom'), { type: 'separator' }, role('front')]
        : [role('minimize'), role('close')],
    },
    {
      label: labels.help,
      role: 'help',
      submenu: [...commands('help'), ...helpExtras(options, labels, mac)],
    },
  ];
}

/** Check for Updates…, Restart to Update, the automatic setting, and About (not on macOS). */
function helpExtras(
  options: MenuOptions,
  labels: MenuLabels,
  mac: boolean,
): MenuItemConstructorOptions[] {
  const help = options.help;
  if (help === undefined) return [];
  const restart: MenuItemConstructorOptions[] =
    help.readyVersion === undefined
      ? []
      : [
          {
            id: 'restart-to-update',
            label: labels.restartToUpdate(help.readyVersion),
            click: () => help.restartToUpdate(),
          },
        ];
  // macOS keeps About in the app menu, where its people look for it.
  const about: MenuItemConstructorOptions[] = mac
    ? []
    : [
        { type: 'separator' },
        { id: 'about', label: labels.about(options.appName), click: () => help.showAbout() },
      ];
  return [
    { type: 'separator' },
    { id: 'check-for-updates', label: labels.checkForUpdates, click: () => help.checkForUpdates() },
    ...restart,
    {
      id: 'check-automatically',
      label: labels.checkAutomatically,
      type: 'checkbox',
      checked: help.automaticChecks,
      click: (item) => help.setAutomaticChecks(item.checked),
    },
    ...about,
  ];
}

function appMenu(
  appName: string,
  labels: MenuLabels,
  role: (name: MenuRole) => MenuItemConstructorOptions,
  help: HelpMenuOptions | undefined,
): MenuItemConstructorOptions {
  // The page's About (versions, notices, data folder) when the app provides it.
  const about: MenuItemConstructorOptions =
    help === undefined
      ? { role: 'about', label: labels.about(appName) }
      : { id: 'about', label: labels.about(appName), click: () => help.showAbout() };
  return {
    label: appName,
    submenu: [
      about,
      { type: 'separator' },
      role('services'),
      { type: 'separator' },
      { role: 'hide', label: labels.hide(appName) },
      role('hideOthers'),
      role('unhide'),
      { type: 'separator' },
      { role: 'quit', label: labels.quit(appName) },
    ],
  };
}

function fileMenu(
  options: MenuOptions,
  labels: MenuLabels,
  mac: boolean,
  exports: readonly MenuItemConstructorOptions[],
): MenuItemConstructorOptions {
  // Registered, unlike the command keys: Ctrl+O types nothing, so it cannot steal a keystroke.
  const openModel: MenuItemConstructorOptions = {
    label: labels.openModel,
    accelerator: 'CmdOrCtrl+O',
    click: () => options.openModel(),
  };
  const openMotion: MenuItemConstructorOptions = {
    label: labels.openMotion,
    accelerator: 'CmdOrCtrl+Shift+O',
    click: () =>
      options.openMotion === undefined ? options.sendCommand('open-motion') : options.openMotion(),
  };
  // macOS keeps Quit in the app menu; elsewhere it ends the File menu.
  const quit: MenuItemConstructorOptions[] = mac
    ? []
    : [{ type: 'separator' }, { role: 'quit', label: labels.quit(options.appName) }];
  // Open Stage… and Built-in Stage go with the other opens; the rest are the exports.
  const isStage = (item: MenuItemConstructorOptions): boolean =>
    item.id === 'open-stage' || item.id === 'builtin-stage';
  return {
    label: labels.file,
    submenu: [
      openModel,
      openMotion,
      ...exports.filter(isStage),
      openRecentMenu(options, labels),
      // Export Motion…, Save Picture…, Export Clip…: page commands, like the Scene menu's.
      { type: 'separator' },
      ...exports.filter((item) => !isStage(item)),
      ...quit,
    ],
  };
}

function openRecentMenu(options: MenuOptions, labels: MenuLabels): MenuItemConstructorOptions {
  const models = (options.recentModels ?? []).slice(0, OPEN_RECENT_LIMIT);
  const items: MenuItemConstructorOptions[] = models.map((model) => ({
    // A title may be empty or repeated; the file name after it tells items apart.
    label: [
      `${model.title || basename(model.path)} — ${basename(model.path)}`,
      ...(model.kind === 'stage' ? [labels.stageMark] : []),
      ...(model.missing ? [labels.missing] : []),
    ].join(' '),
    toolTip: model.path,
    enabled: !model.missing,
    click: () => options.openRecent?.(model.path, model.kind),
  }));
  return {
    label: labels.openRecent,
    submenu: items.length > 0 ? items : [{ label: labels.noRecent, enabled: false }],
  };
}

/** The last part of a path, for Windows and POSIX separators alike. */
function basename(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

function viewExtras(options: MenuOptions, labels: MenuLabels): MenuItemConstructorOptions[] {
  const development: MenuItemConstructorOptions[] = options.development
    ? [
        { role: 'reload', label: labels.reload },
        { role: 'toggleDevTools', label: labels.toggleDevTools },
      ]
    : [];
  const onTop = options.alwaysOnTop;
  const alwaysOnTop: MenuItemConstructorOptions[] =
    onTop === undefined
      ? []
      : [
          {
            // No id: menu ids are the page's commands (shared/commands.ts); this stays here.
            type: 'checkbox',
            label: labels.alwaysOnTop,
            checked: onTop.on,
            // Electron has flipped the checkbox before the click arrives.
            click: (item) => onTop.set(item.checked),
          },
        ];
  return [
    { type: 'separator' },
    ...development,
    ...alwaysOnTop,
    { role: 'togglefullscreen', label: labels.fullScreen },
  ];
}

function roleItem(name: MenuRole, labels: MenuLabels): MenuItemConstructorOptions {
  const label = labels.roles[name];
  return label === undefined ? { role: name } : { role: name, label };
}
