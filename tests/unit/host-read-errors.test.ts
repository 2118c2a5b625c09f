/**
 * A read error is not corruption (real temp folders): a preset or library file that cannot
 * be read (here a folder in its place, EISDIR; a virus scanner's EBUSY is simulated because
 * Linux has none) is reported and left where it is, never moved aside as `*.corrupt-*`; a
 * passing error is retried; the library is not taken for empty (and then written over) when
 * it could not be read; listing many presets opens only a few files at once; and a slow
 * first read of the library cannot overwrite what was recorded meanwhile.
 */

import { mkdir, readdir, stat, symlink, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LIBRARY_FILE } from '../../electron/main/host/model-library';
import { readModelTexture } from '../../electron/main/host/model-textures';
import { PRESET_FOLDER } from '../../electron/main/host/preset-store';
import type * as regularFile from '../../electron/main/host/regular-file';
import { pmxBytes, presetContent, problemOf, vrmBytes } from '../support/host-files';
import { useHostTestbed } from '../support/host-testbed';

/** Paths whose next opens fail with EBUSY, and how many times; opens in flight and the most. */
const busy = new Map<string, number>();
/** Work run just before and just after the next open of a path (a link swapped), once. */
const aroundOpen = new Map<string, { before?: () => Promise<void>; after?: () => Promise<void> }>();
/** Paths whose next open returns this many milliseconds after it opened the file, once. */
const slowAfterOpen = new Map<string, number>();
const opens = { inFlight: 0, most: 0 };

vi.mock('../../electron/main/host/regular-file', async (importOriginal) => {
  const real = await importOriginal<typeof regularFile>();
  return {
    ...real,
    openRegularFile: async (path: string) => {
      opens.inFlight += 1;
      opens.most = Math.max(opens.most, opens.inFlight);
      try {
        // Each open takes a moment, as on a slow disk, so reads started together overlap.
        await new Promise((resolve) => setTimeout(resolve, 2));
        const left = busy.get(path) ?? 0;
        if (left > 0) {
          busy.set(path, left - 1);
          throw Object.assign(new Error(`EBUSY: resource busy or locked, open '${path}'`), {
            code: 'EBUSY',
          });
        }
        const around = aroundOpen.get(path);
        aroundOpen.delete(path);
        await around?.before?.();
        const opened = await real.openRegularFile(path);
        await around?.after?.();
        // A slow open holds the file as it was when opened, as a slow read would.
        const slow = slowAfterOpen.get(path);
        slowAfterOpen.delete(path);
        if (slow !== undefined) await new Promise((resolve) => setTimeout(resolve, slow));
        return opened;
      } finally {
        opens.inFlight -= 1;
      }
    },
  };
});

const bed = useHostTestbed('read-errors');

beforeEach(() => {
  busy.clear();
  slowAfterOpen.clear();
  aroundOpen.clear();
  opens.most = 0;
});

const presetPath = (id: string): string => join(bed.data, PRESET_FOLDER, `${id}.ragdoll`);
const corruptFiles = async (folder: string): Promise<string[]> =>
  (await readdir(folder)).filter((name) => name.includes('.corrupt-'));

describe('a preset file that cannot be read', () => {
  it('is reported and left in place, not moved aside', async () => {
    const host = bed.services();
    const kept = await host.savePreset(presetContent({ name: 'Kept' }));
    // A folder where a preset file should be: reading it fails with EISDIR.
    const blocked = 'p-20261130t060000000z-abcdef';
    await mkdir(presetPath(blocked));
    const listing = await host.listPresets();
    expect(listing.presets.map((preset) => preset.id)).toEqual([kept.id]);
    expect(listing.notices).toHaveLength(1);
    expect(listing.notices[0]).toContain(presetPath(blocked));
    expect(listing.notices[0]).toContain('left as it is');
    expect((await stat(presetPath(blocked))).isDirectory()).toBe(true);
    expect(await corruptFiles(join(bed.data, PRESET_FOLDER))).toEqual([]);
    const load = await problemOf(host.loadPreset(blocked));
    expect(load.code).toBe('unreadable');
  });

  it('is read once a passing error (EBUSY) has passed', async () => {
    const host = bed.services();
    const saved = await host.savePreset(presetContent({ name: 'Scanned' }));
    busy.set(presetPath(saved.id), 2);
    const listing = await bed.services().listPresets();
    expect(listing).toMatchObject({ presets: [{ id: saved.id, name: 'Scanned' }], notices: [] });
  });

  it('is reported while the error lasts, kept, and read once it passes', async () => {
    const saved = await bed.services().savePreset(presetContent({ name: 'Locked' }));
    busy.set(presetPath(saved.id), 100);
    const host = bed.services();
    const listing = await host.listPresets();
    expect(listing.presets).toEqual([]);
    expect(listing.notices[0]).toContain('EBUSY');
    expect(await corruptFiles(join(bed.data, PRESET_FOLDER))).toEqual([]);
    busy.clear();
    expect((await host.listPresets()).presets.map((preset) => preset.name)).toEqual(['Locked']);
  });

  it('listing 200 presets opens at most 8 files at once', { timeout: 30_000 }, async () => {
    const folder = join(bed.data, PRESET_FOLDER);
    await mkdir(folder, { recursive: true });
    const text = JSON.stringify({
      ...presetContent(),
      schemaVersion: 1,
      createdAt: '2026-11-30T06:00:00.000Z',
      updatedAt: '2026-11-30T06:00:00.000Z',
    });
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        writeFile(
          join(folder, `p-20261130t060000000z-${String(i).padStart(6, '0')}.ragdoll`),
          text,
        ),
      ),
    );
    opens.most = 0;
    const listing = await bed.services().listPresets();
    expect(listing.notices).toEqual([]);
    expect(listing.presets).toHaveLength(200);
    expect(opens.most).toBeGreaterThan(1);
    expect(opens.most).toBeLessThanOrEqual(8);
  });
});

describe('a library file that cannot be read', () => {
  it('is reported, left in place, and not written over by the next opened model', async () => {
    const model = join(bed.data, 'avatar.vrm');
    await writeFile(model, vrmBytes({ version: 1 }));
    const library = join(bed.data, LIBRARY_FILE);
    await mkdir(library);
    const host = bed.services();
    const listing = await host.listLibrary();
    expect(listing.entries).toEqual([]);
    expect(listing.notices.join('\n')).toContain(library);
    // The model still opens; only the library is not changed.
    const opened = await host.openFileFromUser(model);
    expect(opened).toMatchObject({ kind: 'model', model: { libraryEntryId: null } });
    expect((await stat(library)).isDirectory()).toBe(true);
    expect(await corruptFiles(bed.data)).toEqual([]);
  });
});

describe('the library’s first read', () => {
  it('is not overtaken: a model opened while Open Recent reads the library is kept', async () => {
    const put = async (name: string): Promise<string> => {
      const path = join(bed.data, name);
      await writeFile(path, vrmBytes({ version: 1, title: name }));
      return path;
    };
    const [a, b, c] = [await put('a.vrm'), await put('b.vrm'), await put('c.vrm')];
    await bed.services().openFileFromUser(a);
    // A new session: the menu's first read of library.json is slow, and a model is opened
    // (and recorded) meanwhile.
    const host = bed.services();
    slowAfterOpen.set(join(bed.data, LIBRARY_FILE), 300);
    const menu = host.recentModels();
    await host.openFileFromUser(b);
    await menu;
    await host.openFileFromUser(c);
    const titles = (await host.listLibrary()).entries.map((entry) => entry.title);
    expect(titles).toEqual(['c.vrm', 'b.vrm', 'a.vrm']);
  });
});

describe('a texture link swapped between the check and the open', () => {
  let model: string;
  let link: string;
  let secret: string;
  const relink = async (target: string): Promise<void> => {
    await unlink(link);
    await symlink(target, link);
  };
  beforeEach(async () => {
    const folder = join(bed.data, 'Model');
    await mkdir(folder);
    model = join(folder, 'model.pmx');
    await writeFile(model, pmxBytes());
    await writeFile(join(folder, 'face.png'), Uint8Array.from([1, 1]));
    secret = join(bed.data, 'secret.png');
    await writeFile(secret, Uint8Array.from([6, 6, 6]));
    link = join(folder, 'skin.png');
    await symlink(join(folder, 'face.png'), link);
  });

  it('is refused when the link points outside at the open', async () => {
    // Inside when checked, outside when opened.
    aroundOpen.set(link, { before: () => relink(secret) });
    expect((await problemOf(readModelTexture(model, 'skin.png'))).code).toBe('not-allowed');
  });

  it('is refused when the link points outside at the open and back inside after', async () => {
    const face = join(bed.data, 'Model', 'face.png');
    aroundOpen.set(link, { before: () => relink(secret), after: () => relink(face) });
    const problem = await problemOf(readModelTexture(model, 'skin.png'));
    expect(problem.code).toBe('not-allowed');
    expect(problem.message).toContain('changed while it was being opened');
  });

  it('reads the link as usual when nothing is swapped', async () => {
    expect([...(await readModelTexture(model, 'skin.png')).bytes]).toEqual([1, 1]);
  });
});
