import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createWindowStateStore,
  WINDOW_STATE_FILE,
  type WindowState,
} from '../../electron/main/host/window-state-store';
import { isVisibleOnSomeDisplay } from '../../electron/main/host/window-bounds';
import { useTempFolders } from '../support/host-files';
import { createRecordingLogger, type RecordingLogger } from '../support/recording-logger';

/** One 1920×1080 display with a 40 px task bar, and a second one to its right. */
const DISPLAYS = [
  { x: 0, y: 0, width: 1920, height: 1040 },
  { x: 1920, y: 0, width: 2560, height: 1400 },
];
const STATE: WindowState = {
  schemaVersion: 1,
  bounds: { x: 100, y: 80, width: 1280, height: 800 },
  maximized: false,
};
const FIXED_NOW = new Date('2026-11-30T03:47:32.123Z');

let directory: string;
let logger: RecordingLogger;
const filePath = (): string => join(directory, WINDOW_STATE_FILE);
const store = () => createWindowStateStore({ directory, logger, now: () => FIXED_NOW });

const tempFolder = useTempFolders('rp-window-state');
beforeEach(() => {
  directory = tempFolder();
  logger = createRecordingLogger();
});

describe('window state store', () => {
  it('loads nothing and reports nothing on the first run', async () => {
    expect(await store().load(DISPLAYS)).toBeUndefined();
    expect(logger.lines).toEqual([]);
  });

  it('round-trips size, position and maximized through a JSON file', async () => {
    const maximizedOnSecond: WindowState = {
      schemaVersion: 1,
      bounds: { x: 2000, y: 100, width: 1600, height: 1000 },
      maximized: true,
    };
    await store().save(maximizedOnSecond);
    expect(await store().load(DISPLAYS)).toEqual(maximizedOnSecond);
    const onDisk = JSON.parse(await readFile(filePath(), 'utf8')) as unknown;
    expect(onDisk).toEqual(maximizedOnSecond);
    expect(logger.lines).toEqual([]);
  });

  it('serializes writes: the last save wins and no temp file is left behind', async () => {
    const windowState = store();
    const saves = [0, 1, 2, 3, 4].map((step) =>
      windowState.save({ ...STATE, bounds: { ...STATE.bounds, x: 100 + step } }),
    );
    await Promise.all(saves);
    await windowState.flush();
    expect((await windowState.load(DISPLAYS))?.bounds.x).toBe(104);
    expect(await readdir(directory)).toEqual([WINDOW_STATE_FILE]);
  });

  it('moves a file that is not JSON aside with a timestamp and reports it', async () => {
    await writeFile(filePath(), '{ "schemaVersion": 1, "bounds": ');
    expect(await store().load(DISPLAYS)).toBeUndefined();
    const aside = join(directory, 'window-state.corrupt-2026-11-30T03-47-32-123Z.json');
    expect(await readdir(directory)).toEqual([
      'window-state.corrupt-2026-11-30T03-47-32-123Z.json',
    ]);
    expect(await readFile(aside, 'utf8')).toBe('{ "schemaVersion": 1, "bounds": ');
    expect(logger.lines).toHaveLength(1);
    expect(logger.lines[0]!.level).toBe('warn');
    expect(logger.lines[0]!.message).toContain(filePath());
    expect(logger.lines[0]!.message).toContain('is not valid JSON');
    expect(logger.lines[0]!.message).toContain(aside);
  });

  it('moves a file with the wrong shape aside, saying which field is wrong', async () => {
    const wrong = { ...STATE, bounds: { ...STATE.bounds, width: 'wide' } };
    await writeFile(filePath(), JSON.stringify(wrong));
    expect(await store().load(DISPLAYS)).toBeUndefined();
    expect(await readdir(directory)).toEqual([
      'window-state.corrupt-2026-11-30T03-47-32-123Z.json',
    ]);
    expect(logger.lines[0]!.message).toMatch(/unexpected contents[\s\S]*bounds\.width/);
  });

  it('saves normally after a corrupt file was moved aside', async () => {
    await writeFile(filePath(), 'not json');
    const windowState = store();
    await windowState.load(DISPLAYS);
    await windowState.save(STATE);
    expect(await windowState.load(DISPLAYS)).toEqual(STATE);
    expect((await readdir(directory)).sort()).toEqual([
      'window-state.corrupt-2026-11-30T03-47-32-123Z.json',
      WINDOW_STATE_FILE,
    ]);
  });

  it('ignores bounds that are off every display, keeping the file', async () => {
    // Saved on a third monitor that has since been unplugged.
    const offScreen: WindowState = { ...STATE, bounds: { ...STATE.bounds, x: 5000, y: 200 } };
    await store().save(offScreen);
    expect(await store().load(DISPLAYS)).toBeUndefined();
    expect(logger.lines).toHaveLength(1);
    expect(logger.lines[0]!.level).toBe('info');
    expect(logger.lines[0]!.message).toContain('off every connected display');
    expect(await readdir(directory)).toEqual([WINDOW_STATE_FILE]);
    // With that monitor back, the same file is used again.
    const third = { x: 4480, y: 0, width: 1920, height: 1080 };
    expect(await store().load([...DISPLAYS, third])).toEqual(offScreen);
  });

  it('rejects a save it cannot write, naming the file', async () => {
    const blocked = createWindowStateStore({ directory: join(directory, 'file'), logger });
    await writeFile(join(directory, 'file'), 'a file where the folder should be');
    await expect(blocked.save(STATE)).rejects.toThrow(join(directory, 'file', WINDOW_STATE_FILE));
    // A failed write does not block the queue.
    await expect(blocked.flush()).resolves.toBeUndefined();
  });

  it('refuses to write a state it would not read back', async () => {
    const tiny = { ...STATE, bounds: { ...STATE.bounds, width: 10 } };
    await expect(store().save(tiny)).rejects.toThrow(/width/);
    expect(await readdir(directory)).toEqual([]);
  });
});

describe('isVisibleOnSomeDisplay', () => {
  const screen = [{ x: 0, y: 0, width: 1920, height: 1040 }];
  const at = (x: number, y: number) => ({ x, y, width: 1280, height: 800 });

  it('accepts a window wholly or mostly on a display', () => {
    expect(isVisibleOnSomeDisplay(at(100, 100), screen)).toBe(true);
    expect(isVisibleOnSomeDisplay(at(1700, 900), screen)).toBe(true);
  });

  it('rejects a window that shows less than a grabbable strip', () => {
    expect(isVisibleOnSomeDisplay(at(1880, 100), screen)).toBe(false);
    expect(isVisibleOnSomeDisplay(at(100, 1000), screen)).toBe(false);
    expect(isVisibleOnSomeDisplay(at(-1270, 100), screen)).toBe(false);
    expect(isVisibleOnSomeDisplay(at(100, 100), [])).toBe(false);
  });
});
