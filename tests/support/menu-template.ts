/** The native menu's template as electron/main/menu.ts builds it, for the menu tests. */
import type { MenuItemConstructorOptions } from 'electron';
import { buildMenuTemplate, type MenuOptions } from '../../electron/main/menu';

/**
 * The menu for the app in English on Linux, not in development, its commands and Open Model…
 * doing nothing; `options` change any of that or add the menu's optional parts.
 */
export function menuTemplate(options: Partial<MenuOptions> = {}): MenuItemConstructorOptions[] {
  return buildMenuTemplate({
    appName: 'Ragdoll Playground',
    locale: 'en-US',
    platform: 'linux',
    development: false,
    sendCommand: () => undefined,
    openModel: () => undefined,
    ...options,
  });
}

/** The submenu of the first of `items` that `pick` chooses. */
export function submenuOf(
  items: readonly MenuItemConstructorOptions[],
  pick: (item: MenuItemConstructorOptions) => boolean,
): MenuItemConstructorOptions[] {
  return items.find(pick)?.submenu as MenuItemConstructorOptions[];
}
