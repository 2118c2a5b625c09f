import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AlwaysOnTopLevel, TopWindow } from '../../electron/main/host/always-on-top';
import { VIEW_SETTINGS_FILE, createAlwaysOnTop } from '../../electron/main/host/always-on-top';
import type { MenuOptions } from '../../electron/main/menu';
import { menuTemplate, submenuOf } from '../support/menu-template';
import { useTempFolders } from '../support/host-files';
import { createRecordingLogger, type RecordingLogger } from '../support/recording-logger';

const FIXED_NOW = new Date('2026-12-07T02:30:00.000Z');

/** A window that records what it was told, as `BrowserWindow.setAlwaysOnTop` is called. */
class RecordingWindow implements TopWindow {
  readonly calls: [boolean, AlwaysOnTopLevel | undefined][] = [];
  destroyed = false;
  setAlwaysOnTop(flag: boolean, level?: AlwaysOnTopLevel): void {
    this.calls.push([flag, level]);
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

let directory: string;
let logger: RecordingLogger;
const setting = () => createAlwaysOnTop({ directory, logger, now: () => FIXED_NOW });

const tempFolder = useTempFolders('rp-always-on-top');
beforeEach(() => {
  directory = tempFolder();
  logger = createRecordingLogger();
});

describe('Always on Top', () => {
  it('is off on the first run, and an off window is told so', async () => {
    const onTop = setting();
    expect(await onTop.load()).toBe(false);
    const window = new RecordingWindow();
    onTop.apply(window);
    expect(window.calls).toEqual([[false, undefined]]);
    expect(logger.lines).toEqual([]);
    expect(await readdir(directory)).toEqual([]);
  });

  it('switched on, floats the window above others and is on again at the next start', async () => {
    const window = new RecordingWindow();
    await setting().set(true, window);
    expect(window.calls).toEqual([[true, 'floating']]);
    expect(JSON.parse(await readFile(join(directory, VIEW_SETTINGS_FILE), 'utf8'))).toEqual({
      schemaVersion: 1,
      alwaysOnTop: true,
    });
    const next = setting();
    expect(next.on).toBe(false);
    expect(await next.load()).toBe(true);
    const reopened = new RecordingWindow();
    next.apply(reopened);
    expect(reopened.calls).toEqual([[true, 'floating']]);

    await next.set(false, reopened);
    expect(reopened.calls.at(-1)).toEqual([false, undefined]);
    expect(await setting().load()).toBe(false);
  });

  it('leaves a closed window alone and still remembers the choice', async () => {
    const window = new RecordingWindow();
    window.destroyed = true;
    const onTop = setting();
    await onTop.set(true, window);
    await onTop.set(true, undefined);
    expect(window.calls).toEqual([]);
    expect(await setting().load()).toBe(true);
  });

  it('reads a file of the wrong shape as off, moving it aside and saying so', async () => {
    await writeFile(join(directory, VIEW_SETTINGS_FILE), '{"schemaVersion":1,"alwaysOnTop":"yes"}');
    expect(await setting().load()).toBe(false);
    expect((await readdir(directory)).sort()).toEqual([
      'view-settings.corrupt-2026-12-07T02-30-00-000Z.json',
    ]);
    expect(logger.lines).toHaveLength(1);
    expect(logger.lines[0]!.level).toBe('warn');
    expect(logger.lines[0]!.message).toContain(VIEW_SETTINGS_FILE);
  });

  it('changes the window even when the choice cannot be saved, and says it was not kept', async () => {
    await writeFile(join(directory, 'file'), 'not a folder');
    const blocked = createAlwaysOnTop({ directory: join(directory, 'file'), logger });
    const window = new RecordingWindow();
    await blocked.set(true, window);
    expect(window.calls).toEqual([[true, 'floating']]);
    expect(blocked.on).toBe(true);
    expect(logger.lines).toHaveLength(1);
    expect(logger.lines[0]!.level).toBe('error');
    expect(logger.lines[0]!.message).toMatch(
      /^Always on Top is on now, but could not be remembered: /,
    );
    expect(logger.lines[0]!.message).toContain(join(directory, 'file'));
  });
});

function viewMenu(options: Partial<MenuOptions>): MenuItemConstructorOptions[] {
  return submenuOf(menuTemplate(options), (item) => item.label === 'View' || item.label === '表示');
}

describe('View > Always on Top', () => {
  it('is a checkbox showing the switch, and tells the new state when clicked', () => {
    const told: boolean[] = [];
    const items = viewMenu({ alwaysOnTop: { on: true, set: (on) => told.push(on) } });
    const item = items.find((entry) => entry.label === 'Always on Top')!;
    expect(item).toMatchObject({ type: 'checkbox', label: 'Always on Top', checked: true });
    // Electron flips the checkbox before it calls click.
    const clicked = { checked: false } as Electron.MenuItem;
    (item.click as (menuItem: Electron.MenuItem) => void)(clicked);
    expect(told).toEqual([false]);
  });

  it('is labelled in Japanese, and absent where the app has no window switch', () => {
    const ja = viewMenu({ locale: 'ja-JP', alwaysOnTop: { on: false, set: () => undefined } });
    expect(ja.some((entry) => entry.label === '常に手前に表示' && entry.type === 'checkbox')).toBe(
      true,
    );
    expect(viewMenu({}).some((entry) => entry.type === 'checkbox')).toBe(false);
  });

  it('lists Clean View with its key 1 among the View commands', () => {
    const cleanView = viewMenu({}).find((entry) => entry.id === 'clean-view');
    expect(cleanView).toMatchObject({ label: 'Clean View', accelerator: '1' });
  });
});
