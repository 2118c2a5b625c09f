/**
 * Open Stage… in the host: the dialog's file is read with the buffers a .gltf names beside
 * it, never a file outside its folder; a file that is not what its name says is refused; only
 * a stage opened this session or kept in the recent library is read again; the library keeps
 * it as a stage (a PMX stage too), and Locate… on it asks for a stage. Real temp folders.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHostServices } from '../../electron/main/host/host-services';
import { HostProblemError } from '../../electron/main/host/host-problem';
import { sha256Of } from '../../electron/main/host/file-hash';
import {
  gridTriangles,
  writeStageGlb,
  writeStageGltf,
} from '../../tools/fixtures/gltf-stage-writer';
import { writePmx } from '../../tools/fixtures/mmd/pmx-writer';
import { slabStageModel } from '../../tools/fixtures/mmd/stage-fixture-models';
import { presetContent, scriptedDialogs, useTempFolders } from '../support/host-files';
import { createRecordingLogger } from '../support/recording-logger';

const temp = useTempFolders('stage-file');

function host(dataDirectory: string, openStage: string[]) {
  return createHostServices({
    dataDirectory,
    dialogs: scriptedDialogs({ openStage }),
    loggerFor: () => createRecordingLogger(),
  });
}

async function problemOf(pending: Promise<unknown>): Promise<HostProblemError> {
  const error: unknown = await pending.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HostProblemError);
  return error as HostProblemError;
}

describe('Open Stage… in the host', () => {
  it('takes a stage opened this session as the person’s own in a preset, and reads it again', async () => {
    const folder = temp();
    const path = join(folder, 'hall.glb');
    const bytes = writeStageGlb(gridTriangles(4, 2));
    await writeFile(path, bytes);
    // No confirmation is scripted: a stranger's file would be left out with a note.
    const services = host(temp(), [path]);
    const opened = await services.openStageDialog();
    const stage = {
      id: 'file' as const,
      path,
      size: opened.size,
      sha256: opened.sha256,
      fileName: 'hall.glb',
      format: 'glb' as const,
    };
    const { id } = await services.savePreset({ ...presetContent(), stage });
    const loaded = await services.loadPreset(id);
    expect(loaded.stageNote).toBeUndefined();
    expect(loaded.preset.stage).toEqual(stage);
    expect((await services.readStage(path)).sha256).toBe(sha256Of(bytes));
  });

  it('reads a .gltf with the buffer it names beside it, and a .glb alone', async () => {
    const folder = temp();
    const { gltf, bin } = writeStageGltf(gridTriangles(4, 2), 'parts/room%20data.bin');
    await mkdir(join(folder, 'parts'));
    await writeFile(join(folder, 'room.gltf'), gltf);
    await writeFile(join(folder, 'parts', 'room data.bin'), bin);
    const glb = writeStageGlb(gridTriangles(4, 2));
    await writeFile(join(folder, 'hall.glb'), glb);
    const services = host(temp(), [join(folder, 'room.gltf'), join(folder, 'hall.glb')]);

    const text = await services.openStageDialog();
    expect(text.format).toBe('gltf');
    expect(text.beside).toHaveLength(1);
    expect(text.beside[0]!.uri).toBe('parts/room%20data.bin');
    expect(Array.from(text.beside[0]!.bytes)).toEqual(Array.from(bin));

    const binary = await services.openStageDialog();
    expect(binary).toMatchObject({ format: 'glb', size: glb.byteLength, sha256: sha256Of(glb) });
    expect(binary.beside).toEqual([]);
    // Opened this session: read again by path.
    expect((await services.readStage(join(folder, 'hall.glb'))).sha256).toBe(sha256Of(glb));
  });

  it('refuses a buffer outside the folder, a file not what its name says, and a stage not opened', async () => {
    const outside = temp();
    const folder = join(outside, 'stage');
    await mkdir(folder);
    const { gltf, bin } = writeStageGltf(gridTriangles(4, 2), '../secret.bin');
    await writeFile(join(folder, 'room.gltf'), gltf);
    await writeFile(join(outside, 'secret.bin'), bin);
    await writeFile(join(folder, 'fake.glb'), 'not a glb at all');
    const services = host(temp(), [join(folder, 'room.gltf'), join(folder, 'fake.glb')]);

    const escape = await problemOf(services.openStageDialog());
    expect(escape.code).toBe('not-allowed');
    expect(escape.message).toContain('room.gltf');
    const fake = await problemOf(services.openStageDialog());
    expect(fake.code).toBe('not-a-model');
    expect(fake.message).toContain('fake.glb');
    const stranger = await problemOf(services.readStage(join(outside, 'secret.bin')));
    expect(stranger.code).toBe('not-allowed');
    expect((await problemOf(services.openStageDialog())).code).toBe('canceled');
  });
});

describe('stages in the recent library', () => {
  it('records a stage as a stage, reads it from the library in a later session, and not once removed', async () => {
    const folder = temp();
    const data = temp();
    const path = join(folder, 'hall.glb');
    const bytes = writeStageGlb(gridTriangles(4, 2));
    await writeFile(path, bytes);
    const first = host(data, [path]);
    const opened = await first.openStageDialog();
    expect(opened.libraryEntryId).not.toBeNull();
    const listed = (await first.listLibrary()).entries;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: opened.libraryEntryId,
      kind: 'stage',
      path,
      title: 'hall.glb',
      format: 'glb',
      missing: false,
    });
    expect(await first.recentModels()).toEqual([
      { kind: 'stage', path, title: 'hall.glb', missing: false },
    ]);
    await first.flush();

    // A new session (the app restarted): the library makes the stage readable again.
    const second = host(data, []);
    expect((await second.readStage(path)).sha256).toBe(sha256Of(bytes));
    const recent = await second.openRecentStage(path);
    expect(recent.kind).toBe('stage');
    if (recent.kind === 'stage') expect(recent.stage.sha256).toBe(sha256Of(bytes));
    await second.removeFromLibrary(opened.libraryEntryId!);
    await second.flush();

    const third = host(data, []);
    expect((await problemOf(third.readStage(path))).code).toBe('not-allowed');
  });

  it('keeps a PMX opened as a stage a stage, and Locate… on it asks for a stage', async () => {
    const folder = temp();
    const data = temp();
    const pmx = writePmx(slabStageModel());
    const path = join(folder, 'slab.pmx');
    await writeFile(path, pmx);
    const moved = join(folder, 'slab-moved.pmx');
    const services = host(data, [path, moved]);
    const opened = await services.openStageDialog();
    expect((await services.listLibrary()).entries[0]).toMatchObject({
      kind: 'stage',
      format: 'pmx',
    });
    await writeFile(moved, pmx);
    await rm(path);
    const entry = (await services.listLibrary()).entries[0]!;
    expect(entry.missing).toBe(true);
    const located = await services.relocateLibraryEntry(opened.libraryEntryId!);
    expect(located).toMatchObject({ kind: 'stage', path: moved, missing: false });
    expect((await services.readStage(moved)).format).toBe('pmx');
  });
});
