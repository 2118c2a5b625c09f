/**
 * Answers instead of rejections, and the smaller holes: a recovery save that cannot be
 * written and a presets "folder" that is a file come back as outcomes the page shows; a
 * suggested export name `..` keeps the Save dialog in the remembered folder; a JSON error
 * quotes nothing of the file; a link planted in the data folder is not written through; the
 * Linux Save dialog asks before replacing. Real temp folders, handlers called directly.
 */

import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callHostHandler } from '../../electron/main/host/call-host-handler';
import { ExportFolder } from '../../electron/main/host/export-folder-store';
import { createHostHandlers, type HostHandlers } from '../../electron/main/host/host-handlers';
import { type HostServices } from '../../electron/main/host/host-services';
import { RECOVERY_FILE } from '../../electron/main/host/recovery-store';
import { presetContent } from '../support/host-files';
import { TEST_APP_INFO, useHostTestbed } from '../support/host-testbed';

const saveDialogCalls: unknown[][] = [];
vi.mock('electron', () => ({
  dialog: {
    showSaveDialog: (...args: unknown[]) => {
      saveDialogCalls.push(args);
      return Promise.resolve({ canceled: true, filePath: '' });
    },
    showOpenDialog: () => Promise.resolve({ canceled: true, filePaths: [] }),
    showMessageBox: () => Promise.resolve({ response: 1 }),
  },
}));

let services: HostServices;
let handlers: HostHandlers;

const bed = useHostTestbed('small');

beforeEach(async () => {
  services = bed.services();
  handlers = createHostHandlers({ appInfo: TEST_APP_INFO, services });
});

const call = (channel: string, args: unknown[]) => callHostHandler(handlers, channel, args);

describe('outcomes instead of rejections', () => {
  it('rp:recovery:save that cannot be written is a write-failed outcome naming the file', async () => {
    // A folder where the file should be: every write of it fails, as on a full or read-only disk.
    await mkdir(join(bed.data, RECOVERY_FILE));
    const outcome = await call('rp:recovery:save', [presetContent()]);
    expect(outcome).toMatchObject({ ok: false, problem: { code: 'write-failed' } });
    expect(JSON.stringify(outcome)).toContain(RECOVERY_FILE);
  });

  it('rp:preset:list with a file where the presets folder should be lists nothing and says why', async () => {
    await writeFile(join(bed.data, 'presets'), 'not a folder');
    const listing = (await call('rp:preset:list', [])) as { presets: unknown[]; notices: string[] };
    expect(listing.presets).toEqual([]);
    expect(listing.notices).toHaveLength(1);
    expect(listing.notices[0]).toContain(join(bed.data, 'presets'));
  });
});

describe('the smaller holes', () => {
  it('a suggested export name `..` keeps the dialog inside the remembered folder', async () => {
    const folder = new ExportFolder({ directory: bed.data });
    const remembered = join(bed.files, 'exports');
    await mkdir(remembered);
    await folder.remember(join(remembered, 'clip.webm'));
    for (const name of ['..', '.', ' .. ']) {
      const suggested = await folder.suggest(name);
      expect(suggested.startsWith(`${remembered}/`)).toBe(true);
      expect(suggested.slice(remembered.length + 1)).not.toMatch(/^[. ]*$/);
    }
  });

  it('a preset that is not JSON is refused without quoting the file', async () => {
    const path = join(bed.files, 'shared.ragdoll');
    await writeFile(path, 'TOP-SECRET-LINE-1 and more');
    const host = bed.services({ openPreset: [path] });
    const outcome = await callHostHandler(
      createHostHandlers({ appInfo: TEST_APP_INFO, services: host }),
      'rp:preset:import',
      [],
    );
    expect(outcome).toMatchObject({ ok: false, problem: { code: 'invalid' } });
    expect(JSON.stringify(outcome)).not.toContain('TOP-SECRET');
  });

  it('a damaged library.json is reported without quoting it', async () => {
    await writeFile(join(bed.data, 'library.json'), 'PRIVATE-NOTE{');
    const listing = (await call('rp:library:list', [])) as { notices: string[] };
    expect(listing.notices.join(' ')).toContain('is not valid JSON');
    expect(listing.notices.join(' ')).not.toContain('PRIVATE-NOTE');
  });

  it('does not write the recovery copy through a link planted in the data folder', async () => {
    const target = join(bed.files, 'victim.txt');
    await writeFile(target, 'keep me');
    await symlink(target, join(bed.data, RECOVERY_FILE));
    const outcome = await call('rp:recovery:save', [presetContent()]);
    expect(outcome).toMatchObject({ ok: false, problem: { code: 'write-failed' } });
    expect(await readFile(target, 'utf8')).toBe('keep me');
  });

  it('the Save dialog asks before replacing a file on Linux too', async () => {
    const { createNativeDialogs } = await import('../../electron/main/native-dialogs');
    const dialogs = createNativeDialogs(
      () => undefined,
      () => 'en',
    );
    await dialogs.showSaveExport('/tmp/clip.webm', 'webm');
    await dialogs.showSavePreset('Stairs.ragdoll');
    expect(saveDialogCalls).toHaveLength(2);
    for (const [options] of saveDialogCalls) {
      expect((options as { properties?: string[] }).properties).toContain(
        'showOverwriteConfirmation',
      );
    }
  });
});
