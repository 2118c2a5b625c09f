/** The Help menu's About and update items (electron/main/menu.ts), in both languages. */

import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { type HelpMenuOptions, type MenuOptions } from '../../electron/main/menu';
import { menuTemplate, submenuOf } from '../support/menu-template';

function helpItems(options: Partial<MenuOptions>): MenuItemConstructorOptions[] {
  return submenuOf(menuTemplate(options), (item) => item.role === 'help');
}

function helpOptions(overrides: Partial<HelpMenuOptions> = {}): HelpMenuOptions {
  return {
    showAbout: vi.fn(),
    checkForUpdates: vi.fn(),
    automaticChecks: true,
    setAutomaticChecks: vi.fn(),
    restartToUpdate: vi.fn(),
    ...overrides,
  };
}

const click = (item: MenuItemConstructorOptions | undefined, checked?: boolean): void =>
  (item?.click as (item: { checked: boolean | undefined }) => void)({ checked });

describe('Help menu', () => {
  it('offers Check for Updates…, the remembered automatic setting and About', () => {
    const help = helpOptions();
    const items = helpItems({ help });
    expect(items.map((item) => item.label ?? item.type)).toEqual([
      'Help',
      'separator',
      'Check for Updates…',
      'Check for Updates Automatically',
      'separator',
      'About Ragdoll Playground',
    ]);
    const byId = (id: string) => items.find((item) => item.id === id);
    expect(byId('check-automatically')).toMatchObject({ type: 'checkbox', checked: true });
    click(byId('check-for-updates'));
    click(byId('about'));
    click(byId('check-automatically'), false);
    expect(help.checkForUpdates).toHaveBeenCalledTimes(1);
    expect(help.showAbout).toHaveBeenCalledTimes(1);
    expect(help.setAutomaticChecks).toHaveBeenCalledWith(false);
    expect(
      helpItems({ help: helpOptions({ automaticChecks: false }) }).find(
        (i) => i.id === 'check-automatically',
      )?.checked,
    ).toBe(false);
  });

  it('adds Restart to Update only once a version is downloaded', () => {
    expect(helpItems({ help: helpOptions() }).some((item) => item.id === 'restart-to-update')).toBe(
      false,
    );
    const help = helpOptions({ readyVersion: '0.2.0' });
    const restart = helpItems({ help }).find((item) => item.id === 'restart-to-update');
    expect(restart?.label).toBe('Restart to Update to 0.2.0');
    click(restart);
    expect(help.restartToUpdate).toHaveBeenCalledTimes(1);
  });

  it('speaks Japanese in a Japanese menu', () => {
    const labels = helpItems({
      locale: 'ja',
      help: helpOptions({ readyVersion: '0.2.0' }),
    }).map((item) => item.label);
    expect(labels).toEqual(
      expect.arrayContaining([
        'アップデートを確認…',
        'アップデートを自動で確認',
        '再起動してバージョン 0.2.0 に更新',
        'Ragdoll Playground について',
      ]),
    );
  });

  it("on macOS puts the page's About in the app menu instead of Help", () => {
    const help = helpOptions();
    const template = menuTemplate({ platform: 'darwin', help });
    const appItems = template[0]?.submenu as MenuItemConstructorOptions[];
    const about = appItems.find((item) => item.id === 'about');
    expect(about?.role).toBeUndefined();
    click(about);
    expect(help.showAbout).toHaveBeenCalledTimes(1);
    const helpMenu = submenuOf(template, (item) => item.role === 'help');
    expect(helpMenu.some((i) => i.id === 'about')).toBe(false);
  });
});
