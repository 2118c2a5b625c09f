/**
 * Motion files through the host, on real temp folders: reading and identifying VMD and VRM
 * Animation files (and refusing truncated, empty, oversized, foreign and missing ones with a
 * message naming the file), Open Motion…, drops and OS opens routed by extension, the read
 * allow-list, motions in the recent-file library (entry kind, Locate…, the version 1 → 2
 * upgrade), and a preset's motion file checked on load like its models.
 */

import { existsSync } from 'node:fs';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LIBRARY_SCHEMA_VERSION } from '../../electron/main/host/library-schema';
import { describe, expect, it } from 'vitest';
import { callHostHandler } from '../../electron/main/host/call-host-handler';
import { createHostHandlers } from '../../electron/main/host/host-handlers';
import { type HostServices } from '../../electron/main/host/host-services';
import { sha256Of } from '../../electron/main/host/file-hash';
import { LIBRARY_FILE } from '../../electron/main/host/model-library';
import { MOTION_MAX_BYTES, readMotionFile } from '../../electron/main/host/motion-file';
import { loadMotionFile } from '../../renderer/src/view/motion/load-motion-file';
import {
  damagedMotionFixtures,
  goodMotionFixtures,
} from '../../tools/fixtures/motion/motion-fixtures';
import {
  presetContent,
  problemOf,
  scriptedDialogs,
  vmdBytes,
  vmdMotionSettings,
  vrmaBytes,
  vrmBytes,
  type DialogScript,
} from '../support/host-files';
import { useHostTestbed } from '../support/host-testbed';
import { realFixture } from '../../tools/fixtures/real-fixtures';

const SHARED_VRMA = realFixture('vrma/test.vrma');
const sharedVrmaPresent = existsSync(SHARED_VRMA);
if (!sharedVrmaPresent) {
  console.warn(`Skipping the real VRMA host check: ${SHARED_VRMA} is not there.`);
}

const bed = useHostTestbed('motion');
const put = bed.put;

function services(script: DialogScript = {}, motionMaxBytes?: number): HostServices {
  return bed.services(script, motionMaxBytes === undefined ? {} : { motionMaxBytes });
}

describe('reading a motion file', () => {
  it('identifies a VMD and a VRM Animation by content, with size, hash and title', async () => {
    const vmd = await put('Dance Step.vmd', vmdBytes({ keyframes: 3 }));
    const vrma = await put('wave.vrma', vrmaBytes(64));
    const readVmd = await readMotionFile(vmd);
    expect(readVmd).toMatchObject({
      path: vmd,
      fileName: 'Dance Step.vmd',
      format: 'vmd',
      title: 'Dance Step',
      size: vmdBytes({ keyframes: 3 }).length,
      sha256: sha256Of(vmdBytes({ keyframes: 3 })),
    });
    expect(Array.from(readVmd.bytes)).toEqual(Array.from(vmdBytes({ keyframes: 3 })));
    expect(await readMotionFile(vrma)).toMatchObject({ format: 'vrma', title: 'wave' });
    // The old VMD signature is a VMD too.
    const old = Buffer.from(vmdBytes({ keyframes: 0 }));
    old.write('Vocaloid Motion Data file', 0, 'ascii');
    expect((await readMotionFile(await put('old.vmd', old))).format).toBe('vmd');
  });

  it('refuses a truncated, empty, foreign or avatar file as not a motion, naming it and why', async () => {
    const cases: [string, Uint8Array | string, RegExp][] = [
      [
        'cut.vmd',
        vmdBytes({ keyframes: 2, declaredKeyframes: 40 }),
        /cut\.vmd is a VMD motion cut short: it says it has 40 bone keyframes \(4494 bytes\), but it ends at byte \d+\./,
      ],
      [
        'header.vmd',
        vmdBytes().subarray(0, 40),
        /header\.vmd is a VMD motion cut short: it ends at byte 40/,
      ],
      ['empty.vmd', '', /empty\.vmd is empty, not a VRM Animation \(\.vrma\) or VMD motion\./],
      [
        'picture.vmd',
        'PNG and more bytes than thirty of them, surely',
        /picture\.vmd is not a VRM Animation \(\.vrma\) or VMD motion \(its first bytes/,
      ],
      [
        'avatar.vrma',
        vrmBytes({ version: 1 }),
        /avatar\.vrma is a VRM avatar, not a motion; open it with Open Model… instead\./,
      ],
      ['plain.vrma', vrmaBytes().subarray(0, 12), /plain\.vrma is a glTF binary cut short\./],
    ];
    for (const [name, bytes, message] of cases) {
      const problem = await problemOf(readMotionFile(await put(name, bytes)));
      expect(problem.code, name).toBe('not-a-motion');
      expect(problem.message, name).toMatch(message);
      expect(problem.message, name).toContain(join(bed.files, name));
    }
  });

  it('lets through every motion the reader accepts (the host checks less, never more)', async () => {
    for (const fixture of goodMotionFixtures()) {
      const read = await readMotionFile(await put(fixture.file, fixture.bytes));
      expect(read.format, fixture.file).toBe(fixture.file.endsWith('.vmd') ? 'vmd' : 'vrma');
      await expect(loadMotionFile(read.bytes.slice().buffer, read.fileName)).resolves.toBeDefined();
    }
  });

  it.skipIf(!sharedVrmaPresent)('reads the real test.vrma', async () => {
    const read = await readMotionFile(SHARED_VRMA);
    expect(read).toMatchObject({ format: 'vrma', fileName: 'test.vrma', title: 'test' });
  });

  it('refuses every damaged motion, in the host or else in the reader, naming the file', async () => {
    for (const fixture of damagedMotionFixtures()) {
      const path = await put(fixture.file, fixture.bytes);
      const refusal = await readMotionFile(path).then(
        (read) =>
          loadMotionFile(read.bytes.slice().buffer, read.fileName).then(
            () => 'accepted',
            (error: unknown) => (error as Error).message,
          ),
        (error: unknown) => (error as Error).message,
      );
      expect(refusal, fixture.file).not.toBe('accepted');
      expect(refusal, fixture.file).toContain(fixture.file);
    }
  });

  it('refuses a file over the size cap, a folder and a missing file, naming each', async () => {
    expect(MOTION_MAX_BYTES).toBe(64 * 1024 * 1024);
    const big = await put('long.vmd', vmdBytes({ keyframes: 20 }));
    const tooLarge = await problemOf(readMotionFile(big, { maxBytes: 1000 }));
    expect(tooLarge.code).toBe('too-large');
    expect(tooLarge.message).toBe(
      `${big} is 2.2 KB; Ragdoll Playground opens motions up to 1000 bytes.`,
    );
    const folder = join(bed.files, 'folder.vmd');
    await mkdir(folder);
    expect(await problemOf(readMotionFile(folder))).toMatchObject({
      code: 'unreadable',
      message: `${folder} is a folder, not a motion file.`,
    });
    const gone = join(bed.files, 'gone.vmd');
    expect(await problemOf(readMotionFile(gone))).toMatchObject({
      code: 'missing',
      message: `${gone} was not found; it may have been moved, renamed or deleted.`,
    });
  });
});

describe('opening motions through the host', () => {
  it('Open Motion… reads the chosen file, records it in the library as a motion, and allows it', async () => {
    const vmd = await put('dance.vmd', vmdBytes());
    const host = services({ openMotion: [vmd, null] });
    const opened = await host.openMotionDialog();
    expect(opened).toMatchObject({ path: vmd, fileName: 'dance.vmd', format: 'vmd' });
    expect(opened.libraryEntryId).toMatch(/^m-/);
    const { entries } = await host.listLibrary();
    expect(entries).toMatchObject([
      { id: opened.libraryEntryId, kind: 'motion', format: 'vmd', title: 'dance', author: '' },
    ]);
    expect((await host.readMotion(vmd)).sha256).toBe(opened.sha256);
    expect((await problemOf(host.openMotionDialog())).code).toBe('canceled');
  });

  it('reads only motions the user opened, dropped, or has in the library', async () => {
    const vmd = await put('secret.vmd', vmdBytes());
    const host = services();
    const refused = await problemOf(host.readMotion(vmd));
    expect(refused.code).toBe('not-allowed');
    expect(refused.message).toBe(
      `Ragdoll Playground reads only motions you opened, dropped or have in the library; ` +
        `${vmd} is none of these. Open it with File > Open Motion… instead.`,
    );
    expect((await problemOf(host.readMotion('secret.vmd'))).code).toBe('not-allowed');
    // The handler refuses a relative path before the service sees it.
    const handlers = createHostHandlers({
      appInfo: { name: 'x', version: '1', platform: 'linux', locale: 'en' },
      services: host,
    });
    await expect(callHostHandler(handlers, 'rp:motion:read', ['secret.vmd'])).rejects.toThrow(
      'host: rp:motion:read received invalid arguments',
    );
    // Once dropped it is allowed, and a fresh session finds it in the library.
    expect(await host.openFileFromUser(vmd)).toMatchObject({
      kind: 'motion',
      motion: { path: vmd },
    });
    await host.flush();
    expect((await services().readMotion(vmd)).format).toBe('vmd');
  });

  it('routes dropped and OS-opened .vrma/.vmd files to motions, and refuses a model named like one', async () => {
    const vrma = await put('Wave.VRMA', vrmaBytes());
    const host = services();
    const fromOs = await host.openFileFromUser(vrma);
    expect(fromOs).toMatchObject({
      kind: 'motion',
      motion: { format: 'vrma', fileName: 'Wave.VRMA' },
    });
    const disguised = await put('avatar.vmd', vrmBytes({ version: 0 }));
    const problem = await problemOf(host.openFileFromUser(disguised));
    expect(problem.code).toBe('not-a-motion');
    expect(problem.message).toContain(disguised);
    // A motion is never opened as a model: the model reader refuses it.
    expect((await problemOf(host.readModel(vrma))).code).toBe('not-a-model');
  });

  it('Locate… on a motion entry asks with the motion dialog and wants the same format', async () => {
    const first = await put('dance.vmd', vmdBytes());
    const moved = await put('moved.vmd', vmdBytes({ keyframes: 4 }));
    const other = await put('other.vrma', vrmaBytes());
    const dialogs = scriptedDialogs({ openMotion: [first, other, moved] });
    const host = bed.services({}, { dialogs });
    const opened = await host.openMotionDialog();
    await unlink(first);
    expect((await host.listLibrary()).entries[0]).toMatchObject({ kind: 'motion', missing: true });
    const wrong = await problemOf(host.relocateLibraryEntry(opened.libraryEntryId!));
    expect(wrong.code).toBe('wrong-format');
    expect(wrong.message).toBe(
      `${other} is a VRM Animation motion, but "dance" was VMD; pick the same motion file.`,
    );
    const located = await host.relocateLibraryEntry(opened.libraryEntryId!);
    expect(located).toMatchObject({ kind: 'motion', format: 'vmd', missing: false });
    expect(dialogs.calls.map((call) => call.kind)).toEqual([
      'openMotion',
      'openMotion',
      'openMotion',
    ]);
  });

  it('upgrades a version 1 library (models only): every entry becomes a model, nothing else changes', async () => {
    const model = await put('a.vrm', vrmBytes({ version: 1 }));
    const entry = {
      id: 'm-mk1abcde-0123abcd',
      path: model,
      title: 'Alicia',
      author: 'Niconi',
      format: 'vrm1',
      size: vrmBytes({ version: 1 }).length,
      sha256: sha256Of(vrmBytes({ version: 1 })),
      lastOpened: '2026-11-30T04:00:00.000Z',
      hasThumbnail: false,
    };
    await writeFile(
      join(bed.data, LIBRARY_FILE),
      JSON.stringify({ schemaVersion: 1, entries: [entry] }),
    );
    const host = services();
    const { entries, notices } = await host.listLibrary();
    expect(notices).toEqual([]);
    expect(entries).toEqual([
      {
        id: entry.id,
        kind: 'model',
        path: model,
        title: 'Alicia',
        author: 'Niconi',
        format: 'vrm1',
        size: entry.size,
        lastOpened: entry.lastOpened,
        missing: false,
      },
    ]);
    // The next write stores the current version (3).
    await host.openMotionDialog().catch(() => undefined);
    await host.openFileFromUser(await put('b.vmd', vmdBytes()));
    await host.flush();
    const onDisk = JSON.parse(await readFile(join(bed.data, LIBRARY_FILE), 'utf8')) as {
      schemaVersion: number;
      entries: { kind: string; path: string }[];
    };
    expect(onDisk.schemaVersion).toBe(LIBRARY_SCHEMA_VERSION);
    expect(onDisk.entries.map((stored) => stored.kind)).toEqual(['motion', 'model']);
  });
});

describe("a preset's motion file", () => {
  async function savedWithMotion(host: HostServices, path: string): Promise<string> {
    const motion = vmdMotionSettings(path, new Uint8Array(await readFile(path)));
    return (await host.savePreset(presetContent({ figures: 2, motion }))).id;
  }

  it('is allowed for reading once the preset is loaded, confirmed, and the file still matches', async () => {
    const vmd = await put('dance.vmd', vmdBytes());
    const id = await savedWithMotion(services(), vmd);
    // Never opened here, so the person is asked about it first.
    const host = services({ confirmPresetFiles: [true] });
    expect((await problemOf(host.readMotion(vmd))).code).toBe('not-allowed');
    const loaded = await host.loadPreset(id);
    expect(loaded.motionNote).toBeUndefined();
    expect(loaded.preset.motion).toMatchObject({ muscle: 60, getUp: false });
    expect(loaded.preset.figures.map((figure) => figure.motionTime)).toEqual([0, 0.5]);
    expect((await host.readMotion(vmd)).format).toBe('vmd');
  });

  it('gets a note naming the file and why when it moved or changed; the preset still loads', async () => {
    const vmd = await put('dance.vmd', vmdBytes());
    const id = await savedWithMotion(services(), vmd);
    // Same size, other content.
    const changed = Buffer.from(vmdBytes());
    changed.write('Else', 30, 'ascii');
    await writeFile(vmd, changed);
    const edited = await services({ confirmPresetFiles: [true] }).loadPreset(id);
    expect(edited.motionNote).toEqual({
      reason: 'changed',
      message: `The motion dance.vmd was not played: ${vmd} has changed since the preset was saved (same size, different content).`,
    });
    await unlink(vmd);
    const host = services({ confirmPresetFiles: [true] });
    const gone = await host.loadPreset(id);
    expect(gone.motionNote).toEqual({
      reason: 'missing',
      message: `The motion dance.vmd was not played: ${vmd} was not found; it may have been moved or deleted.`,
    });
    expect(gone.preset.figures).toHaveLength(2);
    expect((await problemOf(host.readMotion(vmd))).code).toBe('not-allowed');
  });
});
