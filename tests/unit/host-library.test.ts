/**
 * The recent-model library on real temp folders: newest first, unique by real path, at most
 * 30, missing files flagged, remove/clear (with their thumbnails), Locate… checked for the
 * same format, thumbnails validated, and an unreadable library.json moved aside and reported.
 */

import { readdir, readFile, symlink, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HostServices } from '../../electron/main/host/host-services';
import { LIBRARY_SCHEMA_VERSION } from '../../electron/main/host/library-schema';
import { LIBRARY_FILE, THUMBNAIL_FOLDER } from '../../electron/main/host/model-library';
import { pmxBytes, TINY_PNG, vrmBytes, type DialogScript, problemOf } from '../support/host-files';
import { useHostTestbed } from '../support/host-testbed';

const bed = useHostTestbed('library');
const services = (script?: DialogScript): HostServices => bed.services(script);
const put = bed.put;

/** Opens each path through the Open Model dialog, in order. */
async function openAll(host: HostServices, paths: string[]): Promise<void> {
  for (const path of paths) await host.openFileFromUser(path);
}

describe('recent-model library', () => {
  it('lists opened models newest first with title, author, format, size and time', async () => {
    const a = await put('a.vrm', vrmBytes({ version: 1, title: 'Alicia', author: 'Niconi' }));
    const b = await put('b.pmx', pmxBytes('Miku'));
    const host = services();
    await openAll(host, [a, b]);
    const { entries, notices } = await services().listLibrary();
    expect(notices).toEqual([]);
    expect(entries).toMatchObject([
      { path: b, title: 'Miku', author: '', format: 'pmx', missing: false },
      { path: a, title: 'Alicia', author: 'Niconi', format: 'vrm1', missing: false },
    ]);
    expect(entries[1]!.size).toBe(
      vrmBytes({ version: 1, title: 'Alicia', author: 'Niconi' }).length,
    );
    expect(entries[0]!.lastOpened > entries[1]!.lastOpened).toBe(true);
    expect(entries[0]).not.toHaveProperty('thumbnail');
  });

  it('keeps one entry per real path: reopening or opening through a symlink moves it to the top', async () => {
    const a = await put('a.vrm', vrmBytes({ version: 1 }));
    const b = await put('b.vrm', vrmBytes({ version: 0 }));
    const link = join(bed.files, 'link-to-a.vrm');
    await symlink(a, link);
    const host = services();
    await openAll(host, [a, b, link]);
    const { entries } = await host.listLibrary();
    expect(entries.map((entry) => entry.path)).toEqual([a, b]);
  });

  it('keeps the 30 most recent and deletes the thumbnails of the ones it drops', async () => {
    const host = services();
    const paths: string[] = [];
    for (let i = 0; i < 32; i += 1)
      paths.push(await put(`m${i}.vrm`, vrmBytes({ version: 1, title: `M${i}` })));
    await openAll(host, paths.slice(0, 2));
    const firstId = (await host.listLibrary()).entries[1]!.id;
    await host.setLibraryThumbnail(firstId, TINY_PNG);
    await openAll(host, paths.slice(2));
    const { entries } = await host.listLibrary();
    expect(entries).toHaveLength(30);
    expect(entries[0]!.title).toBe('M31');
    expect(entries[29]!.title).toBe('M2');
    expect(await readdir(join(bed.data, THUMBNAIL_FOLDER))).toEqual([]);
  });

  it('marks an entry missing when its file is gone or its size changed', async () => {
    const a = await put('a.vrm', vrmBytes({ version: 1 }));
    const b = await put('b.vrm', vrmBytes({ version: 1 }));
    const c = await put('c.vrm', vrmBytes({ version: 1 }));
    const host = services();
    await openAll(host, [a, b, c]);
    await unlink(a);
    await writeFile(b, vrmBytes({ version: 1, extraBytes: 64 }));
    const missing = Object.fromEntries(
      (await host.listLibrary()).entries.map((entry) => [entry.path, entry.missing]),
    );
    expect(missing).toEqual({ [a]: true, [b]: true, [c]: false });
  });

  it('removes one entry and clears all, deleting cached thumbnails', async () => {
    const host = services();
    await openAll(host, [
      await put('a.vrm', vrmBytes({ version: 1 })),
      await put('b.pmx', pmxBytes()),
    ]);
    const [top, second] = (await host.listLibrary()).entries;
    await host.setLibraryThumbnail(top!.id, TINY_PNG);
    await host.setLibraryThumbnail(second!.id, TINY_PNG);
    const afterRemove = await host.removeFromLibrary(top!.id);
    expect(afterRemove.entries.map((entry) => entry.id)).toEqual([second!.id]);
    expect(await readdir(join(bed.data, THUMBNAIL_FOLDER))).toEqual([`${second!.id}.png`]);
    // Removing an id that is not there changes nothing.
    expect((await host.removeFromLibrary('m-nothing-here')).entries).toHaveLength(1);
    expect((await host.clearLibrary()).entries).toEqual([]);
    expect(await readdir(join(bed.data, THUMBNAIL_FOLDER))).toEqual([]);
    const onDisk = JSON.parse(await readFile(join(bed.data, LIBRARY_FILE), 'utf8')) as unknown;
    expect(onDisk).toEqual({ schemaVersion: LIBRARY_SCHEMA_VERSION, entries: [] });
  });

  it('caches a PNG thumbnail and returns it as a data URL; refuses non-PNG and oversized bytes', async () => {
    const host = services();
    await openAll(host, [await put('a.vrm', vrmBytes({ version: 1, title: 'Alicia' }))]);
    const id = (await host.listLibrary()).entries[0]!.id;
    const entry = await host.setLibraryThumbnail(id, TINY_PNG);
    expect(entry.thumbnail).toBe(
      `data:image/png;base64,${Buffer.from(TINY_PNG).toString('base64')}`,
    );
    expect((await services().listLibrary()).entries[0]!.thumbnail).toBe(entry.thumbnail);

    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array<number>(20).fill(0)]);
    const notPng = await problemOf(host.setLibraryThumbnail(id, jpeg));
    expect(notPng.code).toBe('invalid');
    expect(notPng.message).toBe(
      'The thumbnail for "Alicia" is not a PNG of at most 2 MB (24 bytes given); it was not saved.',
    );
    const huge = new Uint8Array(2 * 1024 * 1024 + 1);
    huge.set(TINY_PNG);
    expect((await problemOf(host.setLibraryThumbnail(id, huge))).code).toBe('invalid');
    expect((await problemOf(host.setLibraryThumbnail('m-no-such', TINY_PNG))).code).toBe('missing');
    // The good thumbnail survived both refusals.
    expect((await host.listLibrary()).entries[0]!.thumbnail).toBe(entry.thumbnail);
  });

  it('drops the thumbnail of a file changed since it was taken, and keeps it while unchanged', async () => {
    const path = await put('a.pmx', pmxBytes('Miku'));
    const host = services();
    await openAll(host, [path]);
    const id = (await host.listLibrary()).entries[0]!.id;
    await host.setLibraryThumbnail(id, TINY_PNG);
    await openAll(host, [path]);
    expect((await host.listLibrary()).entries[0]!.thumbnail).toBeDefined();

    await writeFile(path, pmxBytes('Miku in a new dress'));
    await openAll(host, [path]);
    const [entry] = (await services().listLibrary()).entries;
    expect(entry).toMatchObject({ id, title: 'Miku in a new dress' });
    expect(entry).not.toHaveProperty('thumbnail');
    expect(await readdir(join(bed.data, THUMBNAIL_FOLDER))).toEqual([]);
    // The page's new picture is taken as the first one was.
    expect((await host.setLibraryThumbnail(id, TINY_PNG)).thumbnail).toBeDefined();
  });

  it('shows an entry whose thumbnail file is damaged or gone with the placeholder, and says so in the log', async () => {
    const host = services();
    await openAll(host, [
      await put('a.pmx', pmxBytes('Miku')),
      await put('b.pmx', pmxBytes('Rin')),
    ]);
    const [rin, miku] = (await host.listLibrary()).entries;
    await host.setLibraryThumbnail(rin!.id, TINY_PNG);
    await host.setLibraryThumbnail(miku!.id, TINY_PNG);
    const folder = join(bed.data, THUMBNAIL_FOLDER);
    await writeFile(join(folder, `${rin!.id}.png`), 'not a picture at all');
    await unlink(join(folder, `${miku!.id}.png`));

    const { entries, notices } = await services().listLibrary();
    expect(notices).toEqual([]);
    expect(entries.map((entry) => [entry.title, entry.thumbnail])).toEqual([
      ['Rin', undefined],
      ['Miku', undefined],
    ]);
    const warnings = bed.logger.lines.filter((line) => line.level === 'warn').map((l) => l.message);
    // Both files are read at once: the warnings come in either order.
    expect(warnings).toHaveLength(2);
    expect(warnings).toEqual(
      expect.arrayContaining([
        `${join(folder, `${rin!.id}.png`)} is not a PNG of at most 2 MB; the entry is shown without it.`,
        expect.stringContaining(`Could not read the thumbnail ${join(folder, `${miku!.id}.png`)}`),
      ]),
    );
    // A new picture mends it.
    expect((await host.setLibraryThumbnail(miku!.id, TINY_PNG)).thumbnail).toBeDefined();
  });

  it('Locate…: points a missing entry at the picked file of the same format', async () => {
    const original = await put('a.vrm', vrmBytes({ version: 1, title: 'Alicia' }));
    const moved = join(bed.files, 'moved.vrm');
    const pmx = await put('other.pmx', pmxBytes());
    const first = services();
    await openAll(first, [original]);
    const id = (await first.listLibrary()).entries[0]!.id;
    await unlink(original);
    await writeFile(moved, vrmBytes({ version: 1, title: 'Alicia' }));

    const host = services({ openModel: [null, pmx, moved] });
    expect((await problemOf(host.relocateLibraryEntry(id))).code).toBe('canceled');
    const wrong = await problemOf(host.relocateLibraryEntry(id));
    expect(wrong.code).toBe('wrong-format');
    expect(wrong.message).toBe(
      `${pmx} is a PMX model, but "Alicia" was VRM 1.0; pick the same model file.`,
    );
    expect((await host.listLibrary()).entries[0]).toMatchObject({ path: original, missing: true });
    const relocated = await host.relocateLibraryEntry(id);
    expect(relocated).toMatchObject({ id, path: moved, missing: false, title: 'Alicia' });
    await expect(host.readModel(moved)).resolves.toMatchObject({ format: 'vrm1' });
    expect((await problemOf(host.relocateLibraryEntry('m-no-such'))).code).toBe('missing');
  });

  it('moves an unreadable library file aside, reports it once, and starts a new one', async () => {
    await writeFile(join(bed.data, LIBRARY_FILE), '{ "schemaVersion": 1, "entries": [');
    const host = services();
    const first = await host.listLibrary();
    expect(first.entries).toEqual([]);
    expect(first.notices).toHaveLength(1);
    expect(first.notices[0]).toContain('is not valid JSON');
    const names = await readdir(bed.data);
    expect(names).toEqual(['library.corrupt-2026-11-30T04-00-00-000Z.json']);
    expect(first.notices[0]).toContain(join(bed.data, names[0]!));
    expect((await host.listLibrary()).notices).toEqual([]);
    await openAll(host, [await put('a.vrm', vrmBytes({ version: 1 }))]);
    expect((await services().listLibrary()).entries).toHaveLength(1);
    expect((await readdir(bed.data)).sort()).toEqual([
      'library.corrupt-2026-11-30T04-00-00-000Z.json',
      LIBRARY_FILE,
    ]);
  });

  it('never overwrites an earlier moved-aside file, even within the same millisecond', async () => {
    const frozen = (): HostServices =>
      bed.services({}, { now: () => new Date(Date.UTC(2026, 10, 30, 4, 0, 0)) });
    await writeFile(join(bed.data, LIBRARY_FILE), 'first bad');
    await frozen().listLibrary();
    await writeFile(join(bed.data, LIBRARY_FILE), 'second bad');
    const { notices } = await frozen().listLibrary();
    const stem = 'library.corrupt-2026-11-30T04-00-00-000Z';
    expect((await readdir(bed.data)).sort()).toEqual([`${stem}-2.json`, `${stem}.json`]);
    expect(await readFile(join(bed.data, `${stem}.json`), 'utf8')).toBe('first bad');
    expect(await readFile(join(bed.data, `${stem}-2.json`), 'utf8')).toBe('second bad');
    expect(notices[0]).toContain(`${stem}-2.json`);
  });

  it('moves aside a library written by a newer app, saying so', async () => {
    await writeFile(
      join(bed.data, LIBRARY_FILE),
      JSON.stringify({ schemaVersion: 5, entries: [] }),
    );
    const { notices } = await services().listLibrary();
    expect(notices[0]).toContain('schemaVersion 5, written by a newer Ragdoll Playground');
  });

  it('reads a version 3 library (before stages) with every entry as it was', async () => {
    const song = {
      id: 'm-song0001',
      kind: 'music',
      path: join(bed.data, 'song.ogg'),
      title: 'song.ogg',
      author: '',
      size: 10,
      sha256: 'b'.repeat(64),
      lastOpened: '2026-12-01T10:00:00.000Z',
      hasThumbnail: false,
      format: 'ogg',
    };
    await writeFile(
      join(bed.data, LIBRARY_FILE),
      JSON.stringify({ schemaVersion: 3, entries: [song] }),
    );
    const { entries, notices } = await services().listLibrary();
    expect(notices).toEqual([]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      id: song.id,
      kind: 'music',
      format: 'ogg',
      path: song.path,
    });
  });
});

describe('File > Open Recent support', () => {
  it('lists recent models without taking the notices meant for the panel, and reports every change', async () => {
    let changes = 0;
    const host = bed.services({}, { onLibraryChanged: () => changes++ });
    const first = await put('first.vrm', vrmBytes({ version: 1, title: 'First' }));
    const second = await put('second.vrm', vrmBytes({ version: 0, title: 'Second' }));
    await host.openFileFromUser(first);
    await host.openFileFromUser(second);
    expect(changes).toBe(2);
    await unlink(first);
    expect(await host.recentModels()).toEqual([
      { kind: 'model', path: second, title: 'Second', missing: false },
      { kind: 'model', path: first, title: 'First', missing: true },
    ]);
    // A corrupt library is reported to the panel once; the menu's listing must not eat that.
    await host.flush();
    await writeFile(join(bed.data, LIBRARY_FILE), '{ not json');
    const fresh = bed.services({}, { onLibraryChanged: () => changes++ });
    expect(await fresh.recentModels()).toEqual([]);
    expect((await fresh.listLibrary()).notices).toHaveLength(1);
    const { entries } = await host.listLibrary();
    await host.removeFromLibrary(entries[0]!.id);
    await host.clearLibrary();
    expect(changes).toBe(4);
  });
});
