import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExportFolder, saveExport, writeExportFile } from '../../electron/main/host/export-file';
import { problemOf, scriptedDialogs, useTempFolders } from '../support/host-files';

const tempFolder = useTempFolders('export');

const BYTES = new Uint8Array([1, 2, 3, 4, 5]);

describe('saving an export through the Save dialog', () => {
  it('writes the bytes where the dialog said and opens the next dialog in that folder', async () => {
    const folder = tempFolder();
    const target = join(folder, 'fall.vrma');
    const dialogs = scriptedDialogs({ saveExport: [target, join(folder, 'view.png')] });
    const remembered = new ExportFolder();
    expect(await saveExport(dialogs, remembered, 'vrma', 'fall.vrma', BYTES)).toEqual({
      path: target,
    });
    expect([...readFileSync(target)]).toEqual([...BYTES]);
    await saveExport(dialogs, remembered, 'png', 'view.png', BYTES);
    expect(dialogs.calls.map((call) => call.defaultName)).toEqual([
      'fall.vrma',
      join(folder, 'view.png'),
    ]);
    // Atomic: nothing but the two files is left in the folder.
    expect(readdirSync(folder).sort()).toEqual(['fall.vrma', 'view.png']);
  });

  it('writes nothing when the dialog is canceled', async () => {
    const folder = tempFolder();
    const dialogs = scriptedDialogs({ saveExport: [null] });
    const problem = await problemOf(saveExport(dialogs, new ExportFolder(), 'vmd', 'x.vmd', BYTES));
    expect(problem.code).toBe('canceled');
    expect(readdirSync(folder)).toEqual([]);
  });

  it('says why when the folder does not exist or is a file, leaving nothing behind', async () => {
    const folder = tempFolder();
    const missing = await problemOf(writeExportFile(join(folder, 'gone', 'x.vrma'), BYTES));
    expect(missing.code).toBe('write-failed');
    expect(missing.message).toMatch(
      /^x\.vrma could not be saved in .*gone: the folder does not exist\. Nothing was written\.$/,
    );
    writeFileSync(join(folder, 'plain'), 'a file');
    const notFolder = await problemOf(writeExportFile(join(folder, 'plain', 'x.png'), BYTES));
    expect(notFolder.message).toMatch(/part of the path is not a folder/);
    expect(readdirSync(folder)).toEqual(['plain']);
  });

  it('says the disk is full when the write runs out of space, and keeps the old file whole', async () => {
    const folder = tempFolder();
    const target = join(folder, 'clip.webm');
    writeFileSync(target, 'the earlier clip');
    const full = Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    const problem = await problemOf(writeExportFile(target, BYTES, () => Promise.reject(full)));
    expect(problem.message).toMatch(/clip\.webm could not be saved .*: the disk is full\./);
    expect(readFileSync(target, 'utf8')).toBe('the earlier clip');
  });

  it('refuses a relative path from the dialog', async () => {
    const dialogs = scriptedDialogs({ saveExport: ['relative.png'] });
    const problem = await problemOf(saveExport(dialogs, new ExportFolder(), 'png', 'a.png', BYTES));
    expect(problem.code).toBe('not-allowed');
  });
});
