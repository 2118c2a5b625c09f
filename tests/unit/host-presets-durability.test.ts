/**
 * Presets and the library cannot lose data (real temp folders): a write interrupted between
 * the temp file and the rename leaves the last good file, parallel saves end in one valid
 * file with no temp files left, parallel library updates lose none, and 200 seeded random
 * corruptions of preset and library files never crash the host: each invalid file is moved
 * aside and reported, each still-valid one kept, and every other file's data stays intact.
 */

import fs from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HostServices } from '../../electron/main/host/host-services';
import { libraryFileSchema } from '../../electron/main/host/library-schema';
import { LIBRARY_FILE } from '../../electron/main/host/model-library';
import { PRESET_FOLDER } from '../../electron/main/host/preset-store';
import type { LibraryEntry, PresetSummary } from '../../shared/host-contract';
import { presetFileSchema, type Preset } from '../../shared/preset-schema';
import { presetContent, seededRandom, TINY_PNG, vrmBytes, problemOf } from '../support/host-files';
import { useHostTestbed } from '../support/host-testbed';

const realRename = fs.rename;
const bed = useHostTestbed('durable');
afterEach(() => {
  fs.rename = realRename;
});

/** A new session over the same data folder, as after restarting the app. */
const services = (): HostServices => bed.services();

const presetPath = (id: string): string => join(bed.data, PRESET_FOLDER, `${id}.ragdoll`);
const libraryPath = (): string => join(bed.data, LIBRARY_FILE);

/**
 * Makes `fs.rename` fail for targets inside `folder`, as a crash or a full disk would
 * between write-file-atomic's temp file and its rename (it calls `fs.rename` at run time).
 */
function failRenamesInto(folder: string): void {
  fs.rename = ((from: fs.PathLike, to: fs.PathLike, callback: fs.NoParamCallback) => {
    if (String(to).startsWith(folder)) {
      callback(
        Object.assign(new Error(`EIO: i/o error, rename '${String(from)}'`), { code: 'EIO' }),
      );
      return;
    }
    realRename(from, to, callback);
  }) as typeof fs.rename;
}

describe('interrupted writes', () => {
  it('ignores a stray temp file left by a crash before the rename; the last good preset loads', async () => {
    const saved = await services().savePreset(presetContent({ name: 'Good' }));
    const good = await readFile(presetPath(saved.id), 'utf8');
    // write-file-atomic names its temp file `<target>.<hash>`; a crash leaves it half written.
    await writeFile(`${presetPath(saved.id)}.3141592653`, good.slice(0, good.length / 2));
    await writeFile(`${libraryPath()}.2718281828`, '{"schemaVersion": 1, "entr');

    const host = services();
    expect(await host.listPresets()).toMatchObject({
      presets: [{ id: saved.id, name: 'Good' }],
      notices: [],
    });
    expect((await host.loadPreset(saved.id)).preset.name).toBe('Good');
    expect(await host.listLibrary()).toEqual({ entries: [], notices: [] });
    // And the next save goes through normally.
    await host.renamePreset(saved.id, 'Better');
    expect((await services().loadPreset(saved.id)).preset.name).toBe('Better');
  });

  it('keeps the last good preset when the rename fails, says so, and leaves no temp file', async () => {
    const host = services();
    const saved = await host.savePreset(presetContent({ name: 'Good' }));
    const before = await readFile(presetPath(saved.id), 'utf8');
    failRenamesInto(join(bed.data, PRESET_FOLDER));
    const problem = await problemOf(
      host.overwritePreset(saved.id, presetContent({ name: 'Lost' })),
    );
    expect(problem.code).toBe('write-failed');
    expect(problem.message).toContain('Could not save the preset "Lost"');
    expect(problem.message).toContain(presetPath(saved.id));
    expect((await problemOf(host.renamePreset(saved.id, 'Also lost'))).code).toBe('write-failed');
    expect((await problemOf(host.savePreset(presetContent()))).code).toBe('write-failed');
    fs.rename = realRename;

    expect(await readFile(presetPath(saved.id), 'utf8')).toBe(before);
    expect(await readdir(join(bed.data, PRESET_FOLDER))).toEqual([`${saved.id}.ragdoll`]);
    expect((await services().loadPreset(saved.id)).preset.name).toBe('Good');
  });

  it('keeps the last good library when its rename fails; the model still opens', async () => {
    const a = join(bed.files, 'a.vrm');
    const b = join(bed.files, 'b.vrm');
    await writeFile(a, vrmBytes({ version: 1, title: 'A' }));
    await writeFile(b, vrmBytes({ version: 1, title: 'B' }));
    const host = services();
    await host.openFileFromUser(a);
    const before = await readFile(libraryPath(), 'utf8');
    failRenamesInto(bed.data);
    const opened = await host.openFileFromUser(b);
    expect(opened).toMatchObject({ kind: 'model', model: { title: 'B', libraryEntryId: null } });
    expect(
      bed.logger.lines.some((line) => line.level === 'error' && line.message.includes(b)),
    ).toBe(true);
    expect((await problemOf(host.clearLibrary())).message).toContain(
      'The recent-model library was not changed',
    );
    fs.rename = realRename;
    expect(await readFile(libraryPath(), 'utf8')).toBe(before);
    expect((await host.listLibrary()).entries.map((entry) => entry.title)).toEqual(['A']);
    expect((await readdir(bed.data)).sort()).toEqual([LIBRARY_FILE]);
  });
});

describe('concurrent saves', () => {
  it('serializes 40 parallel overwrites and renames of one preset: one valid file, the last queued, no temp files', async () => {
    const host = services();
    const saved = await host.savePreset(presetContent({ name: 'Start' }));
    const names = Array.from({ length: 40 }, (_, i) => `Take ${i}`);
    const results = await Promise.all(
      names.map((name, i) =>
        i % 2 === 0
          ? host.overwritePreset(saved.id, presetContent({ name, props: i % 13 }))
          : host.renamePreset(saved.id, name),
      ),
    );
    expect(results.every((summary) => summary.id === saved.id)).toBe(true);
    const onDisk = presetFileSchema.parse(JSON.parse(await readFile(presetPath(saved.id), 'utf8')));
    expect(names).toContain(onDisk.name);
    expect(onDisk.name).toBe('Take 39');
    expect(onDisk.createdAt).toBe(saved.createdAt);
    expect(await readdir(join(bed.data, PRESET_FOLDER))).toEqual([`${saved.id}.ragdoll`]);
  });

  it('saves 30 presets in parallel into 30 valid files', async () => {
    const host = services();
    const summaries = await Promise.all(
      Array.from({ length: 30 }, (_, i) => host.savePreset(presetContent({ name: `P${i}` }))),
    );
    expect(new Set(summaries.map((summary) => summary.id)).size).toBe(30);
    const listing = await services().listPresets();
    expect(listing.notices).toEqual([]);
    expect(listing.presets.map((p) => p.name).sort()).toEqual(summaries.map((s) => s.name).sort());
    expect(await readdir(join(bed.data, PRESET_FOLDER))).toHaveLength(30);
  });

  it('flush() (called before quitting) resolves only after every queued write is on disk', async () => {
    const host = services();
    const saved = await host.savePreset(presetContent({ name: 'Start' }));
    const pending = [
      ...Array.from({ length: 10 }, (_, i) => host.savePreset(presetContent({ name: `Q${i}` }))),
      host.renamePreset(saved.id, 'Renamed while quitting'),
      host.clearLibrary(),
    ];
    await host.flush();
    expect(await readdir(join(bed.data, PRESET_FOLDER))).toHaveLength(11);
    const onDisk = JSON.parse(await readFile(presetPath(saved.id), 'utf8')) as { name: string };
    expect(onDisk.name).toBe('Renamed while quitting');
    expect(fs.existsSync(libraryPath())).toBe(true);
    await Promise.all(pending);
  });

  it('loses no library update when 20 models are opened and given thumbnails in parallel', async () => {
    const paths = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const path = join(bed.files, `m${i}.vrm`);
        await writeFile(path, vrmBytes({ version: 1, title: `M${i}` }));
        return path;
      }),
    );
    const host = services();
    const opened = await Promise.all(paths.map((path) => host.openFileFromUser(path)));
    await Promise.all(
      opened.map((result) =>
        result.kind === 'model'
          ? host.setLibraryThumbnail(result.model.libraryEntryId!, TINY_PNG)
          : undefined,
      ),
    );
    const { entries } = await services().listLibrary();
    expect(entries).toHaveLength(20);
    expect(entries.every((entry) => entry.thumbnail !== undefined)).toBe(true);
    expect((await readdir(bed.data)).sort()).toEqual([LIBRARY_FILE, 'thumbnails']);
  });
});

// ---- 200 random corruptions -------------------------------------------------------------

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

/** Every path to a value inside `value` (objects and arrays included, the root excluded). */
function pathsOf(value: Json, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [];
  const entries: [string | number, Json][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])]);
}

function parentOf(
  root: Json,
  path: Path,
): { parent: Record<string | number, Json>; key: string | number } {
  let node = root as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  return { parent: node, key: path[path.length - 1]! };
}

const MUTATIONS = [
  'truncate',
  'flip-bytes',
  'wrong-type',
  'huge-number',
  'nan-string',
  'missing-field',
] as const;
type Mutation = (typeof MUTATIONS)[number];

/** Corrupts `text` (a valid JSON file) in the way `mutation` names, driven by `random`. */
function corrupt(text: string, mutation: Mutation, random: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  if (mutation === 'truncate') return text.slice(0, Math.floor(random() * text.length));
  if (mutation === 'flip-bytes') {
    const bytes = Buffer.from(text, 'utf8');
    const flips = 1 + Math.floor(random() * 4);
    for (let i = 0; i < flips; i += 1) {
      const at = Math.floor(random() * bytes.length);
      bytes[at] = bytes[at]! ^ (1 + Math.floor(random() * 255));
    }
    return bytes.toString('latin1');
  }
  const root = JSON.parse(text) as Json;
  const paths = pathsOf(root);
  if (mutation === 'missing-field') {
    const { parent, key } = parentOf(root, pick(paths));
    if (Array.isArray(parent)) parent.splice(key as number, 1);
    else Reflect.deleteProperty(parent, key);
    return JSON.stringify(root);
  }
  const numeric = paths.filter(
    (path) => typeof parentOf(root, path).parent[parentOf(root, path).key] === 'number',
  );
  const target =
    mutation === 'wrong-type' ? pick(paths) : pick(numeric.length > 0 ? numeric : paths);
  const { parent, key } = parentOf(root, target);
  if (mutation === 'huge-number') {
    // 1e999 is not a JSON number JSON.stringify can write: splice it into the text instead.
    const marker = '"__HUGE__"';
    parent[key] = '__HUGE__';
    return JSON.stringify(root).replace(marker, pick(['1e999', '-1e999', '1e308', '-9e300']));
  }
  if (mutation === 'nan-string') parent[key] = pick(['NaN', 'Infinity', '-Infinity', '']);
  else parent[key] = pick<Json>(['text', { nested: true }, [1, 2], null, true, 42]);
  return JSON.stringify(root);
}

function isValid(
  schema: { safeParse(value: unknown): { success: boolean } },
  text: string,
): boolean {
  try {
    return schema.safeParse(JSON.parse(text)).success;
  } catch {
    // Not JSON at all: certainly invalid (nothing to report; this is the test's own oracle).
    return false;
  }
}

describe('200 random corruptions (seeded)', () => {
  it('never crashes, moves every invalid file aside with a notice, and keeps all other data', async () => {
    const random = seededRandom(20261130);
    // Good data: three presets (one with a figure model) and a library with a thumbnail.
    const setup = services();
    const modelPath = join(bed.files, 'alicia.vrm');
    await writeFile(modelPath, vrmBytes({ version: 1, title: 'Alicia' }));
    const opened = await setup.openFileFromUser(modelPath);
    if (opened.kind !== 'model') throw new Error('setup: expected a model');
    await setup.setLibraryThumbnail(opened.model.libraryEntryId!, TINY_PNG);
    const summaries: PresetSummary[] = [];
    summaries.push(await setup.savePreset(presetContent({ name: 'One', figures: 6, props: 12 })));
    summaries.push(await setup.savePreset(presetContent({ name: 'Two', props: 3 })));
    summaries.push(
      await setup.savePreset(
        presetContent({
          name: 'Three',
          model: {
            kind: 'file',
            path: opened.model.path,
            size: opened.model.size,
            sha256: opened.model.sha256,
            title: 'Alicia',
            format: 'vrm1',
          },
        }),
      ),
    );
    const goodPresets = new Map<string, Preset>();
    const goodText = new Map<string, string>();
    for (const summary of summaries) {
      goodPresets.set(summary.id, (await setup.loadPreset(summary.id)).preset);
      goodText.set(presetPath(summary.id), await readFile(presetPath(summary.id), 'utf8'));
    }
    const goodLibrary: readonly LibraryEntry[] = (await setup.listLibrary()).entries;
    goodText.set(libraryPath(), await readFile(libraryPath(), 'utf8'));
    const targets = [...goodText.keys()];

    const tally = { invalid: 0, stillValid: 0, byMutation: {} as Record<string, number> };
    for (let round = 0; round < 200; round += 1) {
      const target = targets[Math.floor(random() * targets.length)]!;
      const mutation = MUTATIONS[round % MUTATIONS.length]!;
      const isLibrary = target === libraryPath();
      const bad = corrupt(goodText.get(target)!, mutation, random);
      await writeFile(target, bad, 'latin1');
      const expectValid = isValid(
        isLibrary ? libraryFileSchema : presetFileSchema,
        await readFile(target, 'utf8'),
      );
      const context = `round ${round}, ${mutation} of ${target}`;

      const host = services();
      const presets = await host.listPresets();
      const library = await host.listLibrary();
      const notices = [...presets.notices, ...library.notices];
      if (expectValid) {
        tally.stillValid += 1;
        expect(notices, context).toEqual([]);
        expect(fs.existsSync(target), context).toBe(true);
      } else {
        tally.invalid += 1;
        tally.byMutation[mutation] = (tally.byMutation[mutation] ?? 0) + 1;
        expect(notices, context).toHaveLength(1);
        expect(notices[0], context).toContain(target);
        expect(fs.existsSync(target), context).toBe(false);
      }
      // Every other file still has its last good data, exactly.
      for (const summary of summaries) {
        if (presetPath(summary.id) === target) continue;
        expect((await host.loadPreset(summary.id)).preset, context).toEqual(
          goodPresets.get(summary.id),
        );
      }
      if (!isLibrary) expect(library.entries, context).toEqual(goodLibrary);
      // Put the good file back for the next round (as a restore from backup would).
      await writeFile(target, goodText.get(target)!);
    }

    // The moved-aside files are all there, one per invalid round, none overwritten.
    const asideCount = async (folder: string): Promise<number> =>
      (await readdir(folder)).filter((name) => name.includes('.corrupt-')).length;
    expect((await asideCount(bed.data)) + (await asideCount(join(bed.data, PRESET_FOLDER)))).toBe(
      tally.invalid,
    );
    // The mutations really bite: most rounds produce an invalid file, of every kind.
    expect(tally.invalid).toBeGreaterThan(150);
    expect(Object.keys(tally.byMutation).sort()).toEqual([...MUTATIONS].sort());
  }, 60_000);
});
