/**
 * Locate… while a preset loads: one of the person's own files that the preset names has moved,
 * and the person picks where it is now. The picked file is used only when it is the same file
 * (its name of the right kind, its size and SHA-256 as recorded); then it becomes readable and
 * the loaded preset names the new place. A wrong file or a cancel leaves the note as before, and
 * a file that is not the person's is never offered for locating. Real temp folders, services
 * called directly, scripted dialogs.
 */

import { createHash } from 'node:crypto';
import { copyFile, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { type HostServices } from '../../electron/main/host/host-services';
import { NOT_YOURS } from '../../electron/main/host/preset-file-check';
import type { PresetContent, PresetModelRef } from '../../shared/preset-schema';
import { wavBytes } from '../../tools/fixtures/audio/audio-fixtures';
import {
  presetContent,
  problemOf,
  vmdBytes,
  vmdMotionSettings,
  vrmBytes,
  type DialogScript,
  type ScriptedDialogs,
} from '../support/host-files';
import { useHostTestbed } from '../support/host-testbed';

const bed = useHostTestbed('locate');

beforeEach(async () => {
  await mkdir(join(bed.files, 'old'));
  await mkdir(join(bed.files, 'new'));
});

/** A session on the shared data folder, its dialogs answering from `script`. */
const services = (script: DialogScript = {}): HostServices => bed.services(script);

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const oldPlace = (name: string): string => join(bed.files, 'old', name);
const newPlace = (name: string): string => join(bed.files, 'new', name);
const locateCalls = (): ScriptedDialogs['calls'] =>
  bed.dialogs.calls.filter((call) => call.kind === 'locatePresetFile');

/** The person's model: opened (so in the library), saved in a preset, then moved away. */
async function movedModel(
  figures = 1,
): Promise<{ id: string; bytes: Uint8Array; content: PresetContent }> {
  const bytes = vrmBytes({ version: 1, title: 'Alicia' });
  await writeFile(oldPlace('alicia.vrm'), bytes);
  const host = services({ openModel: [oldPlace('alicia.vrm')] });
  await host.openModelDialog();
  const model: PresetModelRef = {
    kind: 'file',
    path: oldPlace('alicia.vrm'),
    size: bytes.length,
    sha256: sha256(bytes),
    title: 'Alicia',
    format: 'vrm1',
  };
  const content = presetContent({ figures, model });
  const { id } = await host.savePreset(content);
  await rename(oldPlace('alicia.vrm'), newPlace('alicia.vrm'));
  return { id, bytes, content };
}

describe('Locate… for a moved model', () => {
  it('opens the same file at its new place: the preset names it, it is readable, a note says so', async () => {
    const { id } = await movedModel(2);
    const host = services({ locatePresetFile: [newPlace('alicia.vrm')] });
    expect((await problemOf(host.readModel(newPlace('alicia.vrm')))).code).toBe('not-allowed');
    const loaded = await host.loadPreset(id);
    expect(loaded.notes).toEqual([]);
    expect(loaded.preset.figures.map((figure) => figure.model)).toEqual([
      expect.objectContaining({ path: newPlace('alicia.vrm') }),
      expect.objectContaining({ path: newPlace('alicia.vrm') }),
    ]);
    expect(loaded.locatedNotes).toEqual([
      `alicia.vrm was found at its new place, ${newPlace('alicia.vrm')} (was ${oldPlace('alicia.vrm')}).`,
    ]);
    expect((await host.readModel(newPlace('alicia.vrm'))).title).toBe('Alicia');
    // Two figures share the file: the person was asked once, naming the missing file.
    expect(locateCalls()).toEqual([
      {
        kind: 'locatePresetFile',
        defaultName: 'Stairs pile-up',
        fileKind: 'model',
        paths: [oldPlace('alicia.vrm')],
      },
    ]);
  });

  it('refuses a different file of the same size, saying it is not the same one; nothing is allowed', async () => {
    const { id } = await movedModel();
    const other = vrmBytes({ version: 1, title: 'Bobbie' });
    await writeFile(newPlace('bobbie.vrm'), other);
    const host = services({ locatePresetFile: [newPlace('bobbie.vrm')] });
    const loaded = await host.loadPreset(id);
    expect(loaded.notes).toEqual([
      {
        figureIndex: 0,
        reason: 'missing',
        message:
          `Figure 1 (Alicia) will be a box dummy: ${oldPlace('alicia.vrm')} was not found, and ` +
          `the file chosen in its place (${newPlace('bobbie.vrm')}) is not the same one: it has ` +
          `the same size but different content.`,
      },
    ]);
    expect(loaded.locatedNotes).toBeUndefined();
    expect(loaded.preset.figures[0]!.model).toMatchObject({ path: oldPlace('alicia.vrm') });
    expect((await problemOf(host.readModel(newPlace('bobbie.vrm')))).code).toBe('not-allowed');
    expect((await problemOf(host.readModel(newPlace('alicia.vrm')))).code).toBe('not-allowed');
  });

  it('refuses the same bytes under a name that is not a model, and a file of another size', async () => {
    const { id, bytes } = await movedModel();
    await copyFile(newPlace('alicia.vrm'), newPlace('alicia.txt'));
    await writeFile(
      newPlace('bigger.vrm'),
      vrmBytes({ version: 1, title: 'Alicia', extraBytes: 64 }),
    );
    const host = services({
      locatePresetFile: [newPlace('alicia.txt')],
    });
    const byName = await host.loadPreset(id);
    expect(byName.notes[0]!.message).toContain(
      `(${newPlace('alicia.txt')}) is not the same one: it is not a model file by its name.`,
    );
    expect((await problemOf(host.readModel(newPlace('alicia.txt')))).code).toBe('not-allowed');
    const again = services({ locatePresetFile: [newPlace('bigger.vrm')] });
    const bySize = await again.loadPreset(id);
    expect(bySize.notes[0]!.message).toContain(
      `(${newPlace('bigger.vrm')}) is not the same one: it has ${bytes.length + 64 + 8} bytes, ` +
        `the preset's file had ${bytes.length}.`,
    );
  });

  it('keeps the usual note when the person cancels', async () => {
    const { id } = await movedModel();
    const host = services({ locatePresetFile: [null] });
    const loaded = await host.loadPreset(id);
    expect(loaded.notes).toEqual([
      {
        figureIndex: 0,
        reason: 'missing',
        message: `Figure 1 (Alicia) will be a box dummy: ${oldPlace('alicia.vrm')} was not found; it may have been moved or deleted.`,
      },
    ]);
    expect(locateCalls()).toHaveLength(1);
    expect((await problemOf(host.readModel(newPlace('alicia.vrm')))).code).toBe('not-allowed');
  });

  it('locates a moved model of the restored scene (the recovery copy) the same way', async () => {
    const { content } = await movedModel();
    await services().saveRecovery(content);
    const host = services({ locatePresetFile: [newPlace('alicia.vrm')] });
    const restored = await host.takeRecovery();
    expect(restored?.notes).toEqual([]);
    expect(restored?.preset.figures[0]!.model).toMatchObject({ path: newPlace('alicia.vrm') });
    expect((await host.readModel(newPlace('alicia.vrm'))).title).toBe('Alicia');
  });

  it("never offers a file that is not the person's: it gets the not-yours note and no dialog", async () => {
    const bytes = vrmBytes({ version: 1, title: 'Stranger' });
    const ghost = oldPlace('stranger.vrm');
    await writeFile(newPlace('stranger.vrm'), bytes);
    const model: PresetModelRef = {
      kind: 'file',
      path: ghost,
      size: bytes.length,
      sha256: sha256(bytes),
      title: 'Stranger',
      format: 'vrm1',
    };
    const { id } = await services().savePreset(presetContent({ model }));
    const host = services({ locatePresetFile: [newPlace('stranger.vrm')] });
    const loaded = await host.loadPreset(id);
    expect(loaded.notes).toEqual([
      {
        figureIndex: 0,
        reason: 'not-yours',
        message: `Figure 1 (Stranger) will be a box dummy: ${NOT_YOURS} (${ghost}).`,
      },
    ]);
    expect(locateCalls()).toEqual([]);
    expect((await problemOf(host.readModel(newPlace('stranger.vrm')))).code).toBe('not-allowed');
  });
});

describe('Locate… for a moved motion and song', () => {
  it('opens the motion at its new place, with its new file name', async () => {
    const bytes = vmdBytes();
    await writeFile(oldPlace('dance.vmd'), bytes);
    const host = services({ openMotion: [oldPlace('dance.vmd')] });
    await host.openMotionDialog();
    const motion = vmdMotionSettings(oldPlace('dance.vmd'), bytes);
    const { id } = await host.savePreset(presetContent({ motion }));
    await rename(oldPlace('dance.vmd'), newPlace('dance-2.vmd'));
    const later = services({ locatePresetFile: [newPlace('dance-2.vmd')] });
    const loaded = await later.loadPreset(id);
    expect(loaded.motionNote).toBeUndefined();
    expect(loaded.preset.motion.motion).toMatchObject({
      path: newPlace('dance-2.vmd'),
      fileName: 'dance-2.vmd',
    });
    expect(locateCalls()[0]).toMatchObject({ fileKind: 'motion', paths: [oldPlace('dance.vmd')] });
    expect((await later.readMotion(newPlace('dance-2.vmd'))).format).toBe('vmd');
  });

  it('opens the song at its new place; a wrong one leaves the scene silent with a note', async () => {
    const bytes = wavBytes(0.25);
    await writeFile(oldPlace('song.wav'), bytes);
    const host = services({
      openMusic: [oldPlace('song.wav')],
      locatePresetFile: [newPlace('other.wav'), newPlace('song.wav')],
    });
    const opened = await host.openMusicDialog();
    const music = {
      path: oldPlace('song.wav'),
      size: opened.size,
      sha256: opened.sha256,
      fileName: 'song.wav',
      format: opened.format,
      offset: 0.5,
    };
    const { id } = await host.savePreset({ ...presetContent(), music });
    await rename(oldPlace('song.wav'), newPlace('song.wav'));
    await writeFile(newPlace('other.wav'), wavBytes(0.3));
    const wrong = await host.loadPreset(id);
    expect(wrong.musicNote?.reason).toBe('missing');
    expect(wrong.musicNote?.message).toContain(`(${newPlace('other.wav')}) is not the same one`);
    expect((await problemOf(host.readMusic(newPlace('other.wav')))).code).toBe('not-allowed');
    const loaded = await host.loadPreset(id);
    expect(loaded.musicNote).toBeUndefined();
    expect(loaded.preset.music).toEqual({ ...music, path: newPlace('song.wav') });
    expect((await host.readMusic(newPlace('song.wav'))).sha256).toBe(opened.sha256);
    expect(locateCalls().map((call) => call.fileKind)).toEqual(['music', 'music']);
  });
});
