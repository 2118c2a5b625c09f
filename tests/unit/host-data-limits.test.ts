/**
 * The data folder cannot be filled by a page gone wrong, and interrupted writes leave no
 * litter (real temp folders): saves beyond the preset limits (count, total size) are refused
 * with a message and write nothing, also in a burst; temp files older than a minute left by
 * interrupted writes are removed at start, younger ones and real files are kept.
 */

import { mkdir, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHostServices } from '../../electron/main/host/host-services';
import { PRESET_FOLDER, createPresetStore } from '../../electron/main/host/preset-store';
import { presetContent, problemOf, scriptedDialogs, tempFolder } from '../support/host-files';
import { createRecordingLogger } from '../support/recording-logger';

let data: { path: string; remove: () => Promise<void> };
beforeEach(async () => {
  data = await tempFolder('limits');
});
afterEach(async () => {
  await data.remove();
});

const presetFiles = async (): Promise<string[]> =>
  (await readdir(join(data.path, PRESET_FOLDER))).filter((name) => name.endsWith('.ragdoll'));

describe('preset limits', () => {
  it('refuses a save beyond the count, also in a burst, writing nothing', async () => {
    const store = createPresetStore({
      directory: data.path,
      logger: createRecordingLogger(),
      limits: { maxCount: 3, maxTotalBytes: 1e9 },
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => store.save(presetContent({ name: `P${i}` }))),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    const refused = await problemOf(store.save(presetContent({ name: 'One more' })));
    expect(refused.code).toBe('write-failed');
    expect(refused.message).toContain('"One more" was not saved');
    expect(refused.message).toContain('holds 3 presets');
    expect(await presetFiles()).toHaveLength(3);
    const first = (await store.list()).presets[0]!;
    expect((await problemOf(store.duplicate(first.id))).code).toBe('write-failed');
    // Changing an existing preset is not adding one.
    await expect(store.rename(first.id, 'Renamed')).resolves.toMatchObject({ name: 'Renamed' });
  });

  it('refuses a save beyond the total size', async () => {
    const logger = createRecordingLogger();
    const first = createPresetStore({ directory: data.path, logger });
    await first.save(presetContent({ figures: 2 }));
    const [name] = await presetFiles();
    const size = (await stat(join(data.path, PRESET_FOLDER, name!))).size;
    // Room for one and a half such presets.
    const limits = { maxCount: 1000, maxTotalBytes: Math.round(size * 1.5) };
    const store = createPresetStore({ directory: data.path, logger, limits });
    const refused = await problemOf(store.save(presetContent({ figures: 2 })));
    expect(refused.code).toBe('write-failed');
    expect(await presetFiles()).toHaveLength(1);
  });
});

describe('leftover temp files', () => {
  it('are removed at start when older than a minute; real and young files are kept', async () => {
    const presets = join(data.path, PRESET_FOLDER);
    await mkdir(presets, { recursive: true });
    const old = [
      join(data.path, 'library.json.2718281828'),
      join(presets, 'p-20261130t060000000z-abcdef.ragdoll.314159'),
    ];
    const young = join(presets, 'p-20261130t060000000z-abcdef.ragdoll.271828');
    const kept = [join(data.path, 'notes.txt.123'), join(presets, 'notes.txt')];
    for (const path of [...old, young, ...kept]) await writeFile(path, '{}');
    const longAgo = new Date(Date.now() - 10 * 60_000);
    for (const path of [...old, ...kept]) await utimes(path, longAgo, longAgo);
    const host = createHostServices({
      dataDirectory: data.path,
      dialogs: scriptedDialogs(),
      loggerFor: () => createRecordingLogger(),
    });
    await host.listPresets();
    expect((await readdir(data.path)).sort()).toEqual(['notes.txt.123', PRESET_FOLDER]);
    expect((await readdir(presets)).sort()).toEqual([
      'notes.txt',
      'p-20261130t060000000z-abcdef.ragdoll.271828',
    ]);
  });
});
