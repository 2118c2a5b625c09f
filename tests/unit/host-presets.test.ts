/**
 * Scene presets on real temp folders: save/list/load round trips exactly, overwrite, rename,
 * duplicate and delete, import (a corrupt file writes nothing) and export through scripted
 * dialogs, model files checked on load (missing or changed → a note per figure), and a
 * corrupt preset in the folder moved aside and reported while the others still list.
 */

import { readdir, readFile, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HostServices } from '../../electron/main/host/host-services';
import { PRESET_FOLDER } from '../../electron/main/host/preset-store';
import type { ModelFile } from '../../shared/host-contract';
import { PRESET_SCHEMA_VERSION, type PresetContent } from '../../shared/preset-schema';
import {
  presetContent,
  scriptedDialogs,
  vrmBytes,
  type DialogScript,
  problemOf,
} from '../support/host-files';
import { useHostTestbed } from '../support/host-testbed';

const THUMBNAIL = `data:image/png;base64,${Buffer.from('not really a png but base64').toString('base64')}`;

const bed = useHostTestbed('preset');
const services = (script?: DialogScript): HostServices => bed.services(script);

const presetsFolder = (): string => join(bed.data, PRESET_FOLDER);

describe('presets', () => {
  it('round-trips a full scene: every number, name, setting and thumbnail comes back equal', async () => {
    const content = presetContent({ figures: 6, parts: 11, props: 12, thumbnail: THUMBNAIL });
    const host = services();
    const summary = await host.savePreset(content);
    expect(summary).toMatchObject({
      name: 'Stairs pile-up',
      figureCount: 6,
      propCount: 12,
      thumbnail: THUMBNAIL,
      createdAt: '2026-11-30T04:00:01.000Z',
    });
    expect(summary.id).toMatch(/^p-[a-z0-9]+-[0-9a-f]{8}$/);
    const loaded = await services().loadPreset(summary.id);
    const { schemaVersion, createdAt, updatedAt, ...rest } = loaded.preset;
    expect(rest).toEqual(content);
    expect({ schemaVersion, createdAt, updatedAt }).toEqual({
      schemaVersion: PRESET_SCHEMA_VERSION,
      createdAt: summary.createdAt,
      updatedAt: summary.updatedAt,
    });
    expect(loaded.notes).toEqual([]);
    expect(await readdir(presetsFolder())).toEqual([`${summary.id}.ragdoll`]);
  });

  it('lists presets newest update first; overwrite keeps createdAt, rename and duplicate work', async () => {
    const host = services();
    const a = await host.savePreset(presetContent({ name: 'A' }));
    const b = await host.savePreset(presetContent({ name: 'B' }));
    expect((await host.listPresets()).presets.map((p) => p.name)).toEqual(['B', 'A']);

    const changed: PresetContent = { ...presetContent({ name: 'A2', props: 3 }) };
    const overwritten = await host.overwritePreset(a.id, changed);
    expect(overwritten).toMatchObject({
      id: a.id,
      name: 'A2',
      propCount: 3,
      createdAt: a.createdAt,
    });
    expect(overwritten.updatedAt > a.updatedAt).toBe(true);

    const renamed = await host.renamePreset(b.id, 'Bee');
    expect(renamed).toMatchObject({ id: b.id, name: 'Bee', createdAt: b.createdAt });
    const copy = await host.duplicatePreset(b.id);
    expect(copy.id).not.toBe(b.id);
    expect(copy.name).toBe('Bee (copy)');
    expect((await host.loadPreset(copy.id)).preset.figures).toEqual(
      (await host.loadPreset(b.id)).preset.figures,
    );
    expect((await host.listPresets()).presets.map((p) => p.name)).toEqual([
      'Bee (copy)',
      'Bee',
      'A2',
    ]);

    await host.deletePreset(copy.id);
    expect((await host.listPresets()).presets.map((p) => p.id)).toEqual([b.id, a.id]);
  });

  it('answers an unknown id with `missing` for every operation, writing nothing', async () => {
    const host = services({ savePreset: [join(bed.files, 'x.ragdoll')] });
    const id = 'p-nothing-00000000';
    const operations = [
      host.overwritePreset(id, presetContent()),
      host.renamePreset(id, 'X'),
      host.duplicatePreset(id),
      host.deletePreset(id),
      host.loadPreset(id),
      host.exportPreset(id),
    ];
    for (const operation of operations) expect((await problemOf(operation)).code).toBe('missing');
    expect(await readdir(bed.data)).toEqual([]);
    expect(await readdir(bed.files)).toEqual([]);
  });

  it('exports to the chosen path (adding .ragdoll) and imports it back under a new id', async () => {
    const out = join(bed.files, 'my scene');
    const first = services({ savePreset: [null, out] });
    const saved = await first.savePreset(presetContent({ name: 'Export me', props: 2 }));
    expect((await problemOf(first.exportPreset(saved.id))).code).toBe('canceled');
    const exported = await first.exportPreset(saved.id);
    expect(exported).toEqual({ path: `${out}.ragdoll` });
    const onDisk = JSON.parse(await readFile(exported.path, 'utf8')) as { name: string };
    expect(onDisk.name).toBe('Export me');

    const second = services({ openPreset: [exported.path] });
    const imported = await second.importPreset();
    expect(imported.id).not.toBe(saved.id);
    expect(imported).toMatchObject({ name: 'Export me', propCount: 2 });
    expect((await second.listPresets()).presets).toHaveLength(2);
  });

  it('never overwrites a file the save dialog did not confirm (.ragdoll added)', async () => {
    const out = join(bed.files, 'scene');
    await writeFile(`${out}.ragdoll`, 'somebody else’s file');
    const host = services({ savePreset: [out, `${out}.ragdoll`] });
    const saved = await host.savePreset(presetContent({ name: 'New' }));
    // The dialog confirmed `scene`, not `scene.ragdoll`, which already exists.
    const refused = await problemOf(host.exportPreset(saved.id));
    expect(refused.code).toBe('write-failed');
    expect(refused.message).toContain(`${out}.ragdoll already exists`);
    expect(await readFile(`${out}.ragdoll`, 'utf8')).toBe('somebody else’s file');
    // Choosing that name itself in the dialog (which asked about replacing it) replaces it.
    await host.exportPreset(saved.id);
    expect(JSON.parse(await readFile(`${out}.ragdoll`, 'utf8'))).toMatchObject({ name: 'New' });
  });

  it('suggests the preset name as the export file name, made safe', async () => {
    const dialogs = scriptedDialogs();
    const host = bed.services({}, { dialogs });
    const saved = await host.savePreset(presetContent({ name: 'a/b: c?' }));
    await problemOf(host.exportPreset(saved.id));
    expect(dialogs.calls).toEqual([{ kind: 'savePreset', defaultName: 'a_b_ c_.ragdoll' }]);
  });

  it('refuses to import a corrupt, invalid, huge or missing file with a clear message, writing nothing', async () => {
    const good = presetContent();
    const cases: [string, string, RegExp][] = [
      [
        'cut.ragdoll',
        '{"schemaVersion":1,"name":"x"',
        /is not a Ragdoll Playground preset: it is not valid JSON/,
      ],
      [
        'wrong.ragdoll',
        JSON.stringify({ ...good, schemaVersion: 1, createdAt: 'yesterday', updatedAt: 'today' }),
        /is not a valid preset[\s\S]*createdAt/,
      ],
      [
        'newer.ragdoll',
        JSON.stringify({ schemaVersion: 9 }),
        /written by a newer Ragdoll Playground/,
      ],
      [
        'huge.ragdoll',
        ' '.repeat(4 * 1024 * 1024 + 1),
        /a preset file is at most 4\.0 MB|at most 4 MB/,
      ],
    ];
    const paths: string[] = [];
    for (const [name, text] of cases) {
      const path = join(bed.files, name);
      await writeFile(path, text);
      paths.push(path);
    }
    const missing = join(bed.files, 'gone.ragdoll');
    const host = services({ openPreset: [...paths, missing] });
    for (const [index, [, , message]] of cases.entries()) {
      const problem = await problemOf(host.importPreset());
      expect(problem.message).toMatch(message);
      expect(problem.message.startsWith(paths[index]!)).toBe(true);
    }
    expect((await problemOf(host.importPreset())).code).toBe('missing');
    expect(await readdir(bed.data)).toEqual([]);
  });

  it('imports and loads a dropped preset file; a dropped corrupt one writes nothing', async () => {
    const host = services();
    const good = join(bed.files, 'dropped.ragdoll');
    const stamped = {
      ...presetContent({ name: 'Dropped' }),
      schemaVersion: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    await writeFile(good, JSON.stringify(stamped));
    const result = await host.openFileFromUser(good);
    expect(result.kind).toBe('preset');
    if (result.kind !== 'preset') return;
    expect(result.loaded.preset.name).toBe('Dropped');
    const bad = join(bed.files, 'bad.ragdoll');
    await writeFile(bad, 'nope');
    expect((await problemOf(host.openFileFromUser(bad))).code).toBe('invalid');
    expect((await host.listPresets()).presets.map((p) => p.name)).toEqual(['Dropped']);
  });

  it('loads a preset whose model files are missing or changed, with a note per figure', async () => {
    const bytes = vrmBytes({ version: 1, title: 'Alicia' });
    const same = join(bed.files, 'same.vrm');
    const gone = join(bed.files, 'gone.vrm');
    const resized = join(bed.files, 'resized.vrm');
    const edited = join(bed.files, 'edited.vrm');
    for (const path of [same, gone, resized, edited]) await writeFile(path, bytes);
    const host = services({ openModel: [same, gone, resized, edited] });
    const models: ModelFile[] = [];
    for (let i = 0; i < 4; i += 1) models.push(await host.openModelDialog());
    const content: PresetContent = {
      ...presetContent({ figures: 5 }),
    };
    const figures = content.figures.map((figure, index) =>
      index === 4
        ? figure
        : {
            ...figure,
            model: {
              kind: 'file' as const,
              path: models[index]!.path,
              size: models[index]!.size,
              sha256: models[index]!.sha256,
              title: models[index]!.title,
              format: models[index]!.format,
            },
          },
    );
    const saved = await host.savePreset({ ...content, figures });

    await unlink(gone);
    await writeFile(resized, vrmBytes({ version: 1, title: 'Alicia', extraBytes: 8 }));
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 1] = flipped[flipped.length - 1]! ^ 0x20;
    await writeFile(edited, flipped);

    const later = services();
    const loaded = await later.loadPreset(saved.id);
    expect(loaded.preset.figures).toHaveLength(5);
    expect(loaded.notes).toEqual([
      {
        figureIndex: 1,
        reason: 'missing',
        message: `Figure 2 (Alicia) will be a box dummy: ${gone} was not found; it may have been moved or deleted.`,
      },
      {
        figureIndex: 2,
        reason: 'changed',
        message: `Figure 3 (Alicia) will be a box dummy: ${resized} has changed since the preset was saved (${bytes.length + 16} bytes, was ${bytes.length}).`,
      },
      {
        figureIndex: 3,
        reason: 'changed',
        message: `Figure 4 (Alicia) will be a box dummy: ${edited} has changed since the preset was saved (same size, different content).`,
      },
    ]);
    // The unchanged model may be read by the renderer in a fresh session; a changed one may not.
    await later.clearLibrary();
    await expect(later.readModel(same)).resolves.toMatchObject({ format: 'vrm1' });
    await later.clearLibrary();
    expect((await problemOf(later.readModel(edited))).code).toBe('not-allowed');
  });

  it('notices a model edited in the same session although its hash was remembered on open', async () => {
    const path = join(bed.files, 'a.vrm');
    const bytes = vrmBytes({ version: 1, title: 'A' });
    await writeFile(path, bytes);
    const host = services({ openModel: [path] });
    const model = await host.openModelDialog();
    const ref = {
      kind: 'file' as const,
      path,
      size: model.size,
      sha256: model.sha256,
      title: model.title,
      format: model.format,
    };
    const saved = await host.savePreset({
      ...presetContent(),
      figures: [{ ...presetContent().figures[0]!, model: ref }],
    });
    expect((await host.loadPreset(saved.id)).notes).toEqual([]);
    const edited = Buffer.from(bytes);
    edited[edited.length - 1] = edited[edited.length - 1]! ^ 1;
    await writeFile(path, edited);
    // A different modification time is what invalidates the remembered hash.
    const later = new Date(Date.now() + 10_000);
    await utimes(path, later, later);
    expect((await host.loadPreset(saved.id)).notes.map((note) => note.reason)).toEqual(['changed']);
  });

  it('moves a corrupt preset aside as <id>.corrupt-<time>.ragdoll, reports it, and lists the rest', async () => {
    const host = services();
    const keep = await host.savePreset(presetContent({ name: 'Keep' }));
    const broken = await host.savePreset(presetContent({ name: 'Broken' }));
    const brokenPath = join(presetsFolder(), `${broken.id}.ragdoll`);
    const text = await readFile(brokenPath, 'utf8');
    await writeFile(brokenPath, text.replace('"stiffness": 50', '"stiffness": "NaN"'));

    const listing = await services().listPresets();
    expect(listing.presets.map((p) => p.name)).toEqual(['Keep']);
    expect(listing.notices).toHaveLength(1);
    expect(listing.notices[0]).toContain(brokenPath);
    expect(listing.notices[0]).toContain('settings.stiffness');
    const names = (await readdir(presetsFolder())).sort();
    expect(names).toHaveLength(2);
    expect(names).toContain(`${keep.id}.ragdoll`);
    const aside = names.find((name) => name.includes('.corrupt-'))!;
    expect(aside).toMatch(
      new RegExp(`^${broken.id}\\.corrupt-2026-11-30T04-00-\\d\\d-000Z\\.ragdoll$`),
    );
    expect(await readFile(join(presetsFolder(), aside), 'utf8')).toContain('"stiffness": "NaN"');
    expect(
      bed.logger.lines.some((line) => line.level === 'warn' && line.message.includes(aside)),
    ).toBe(true);
  });

  it('reports a corrupt preset on load and does not list it again', async () => {
    const host = services();
    const saved = await host.savePreset(presetContent());
    await writeFile(join(presetsFolder(), `${saved.id}.ragdoll`), '');
    const problem = await problemOf(host.loadPreset(saved.id));
    expect(problem.code).toBe('invalid');
    expect(problem.message).toContain('is not valid JSON');
    expect(problem.message).toContain('moved it to');
    expect(await host.listPresets()).toEqual({ presets: [], notices: [] });
  });
});
