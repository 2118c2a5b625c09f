/**
 * Reading model files for the renderer (real temp folders): every format is recognized by
 * its bytes with title and author, and a file that is too large, not a model, a folder or
 * missing is refused with a message naming it, changing nothing; the allow-list refuses
 * paths the user never chose; OS-opened files wait for the renderer.
 */

import { createHash } from 'node:crypto';
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileOpenQueue } from '../../electron/main/host/file-open-queue';
import { HostProblemError } from '../../electron/main/host/host-problem';
import type { HostServices } from '../../electron/main/host/host-services';
import { filesFromArgv } from '../../electron/main/host/launch-files';
import { createModelAccess } from '../../electron/main/host/model-access';
import { MODEL_MAX_BYTES, readModelFile } from '../../electron/main/host/model-file';
import { GLB_JSON_PARSE_MAX_BYTES, identifyModel } from '../../electron/main/host/model-format';
import type { DroppedFileResult, HostOutcome } from '../../shared/host-contract';
import {
  glbBytes,
  pmdBytes,
  pmxBytes,
  scriptedDialogs,
  vrmBytes,
  type ScriptedDialogs,
  problemOf,
} from '../support/host-files';
import { useHostTestbed } from '../support/host-testbed';

const bed = useHostTestbed('models');
const put = bed.put;

function services(dialogs: ScriptedDialogs = scriptedDialogs(), maxBytes?: number): HostServices {
  return bed.services(
    {},
    { dialogs, ...(maxBytes === undefined ? {} : { modelMaxBytes: maxBytes }) },
  );
}

describe('readModelFile', () => {
  it('recognizes VRM 1.0, VRM 0.x, PMX and PMD by their bytes, with title and author', async () => {
    const cases = [
      { name: 'one.vrm', bytes: vrmBytes({ version: 1, title: 'Alicia', author: 'Niconi' }) },
      {
        name: 'zero.vrm',
        bytes: vrmBytes({ version: 0, title: 'Seed-san', author: 'VirtualCast' }),
      },
      { name: 'miku.pmx', bytes: pmxBytes('初音ミク') },
      { name: 'old.pmd', bytes: pmdBytes() },
    ];
    const expected = [
      { format: 'vrm1', title: 'Alicia', author: 'Niconi' },
      { format: 'vrm0', title: 'Seed-san', author: 'VirtualCast' },
      { format: 'pmx', title: '初音ミク', author: '' },
      { format: 'pmd', title: 'Test PMD', author: '' },
    ];
    for (const [index, { name, bytes }] of cases.entries()) {
      const path = await put(name, bytes);
      const model = await readModelFile(path);
      expect(model).toMatchObject({ ...expected[index], path, fileName: name, size: bytes.length });
      expect(model.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(Buffer.from(model.bytes).equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it('falls back to the file name when the model has no title', async () => {
    const path = await put('Nameless One.vrm', vrmBytes({ version: 1, title: '' }));
    expect((await readModelFile(path)).title).toBe('Nameless One');
  });

  it('has a 512 MB cap by default and refuses a larger file naming its size and the cap', async () => {
    expect(MODEL_MAX_BYTES).toBe(512 * 1024 * 1024);
    const path = await put('big.vrm', vrmBytes({ version: 1, extraBytes: 3 * 1024 * 1024 }));
    const problem = await problemOf(readModelFile(path, { maxBytes: 2 * 1024 * 1024 }));
    expect(problem.code).toBe('too-large');
    expect(problem.message).toBe(`${path} is 3 MB; Ragdoll Playground opens models up to 2 MB.`);
  });

  it('refuses files that are not models, saying what they are not', async () => {
    const cases: [string, Uint8Array | string, RegExp][] = [
      ['notes.vrm', 'just some text, renamed', /is not a VRM, PMX or PMD model/],
      ['empty.pmx', '', /is empty, not a VRM, PMX or PMD model/],
      ['plain.vrm', glbBytes({ asset: { version: '2.0' } }), /glTF binary without VRM data/],
      ['short.vrm', 'glTF', /glTF binary cut short/],
      ['cut.vrm', glbBytes({ asset: {} }).subarray(0, 24), /JSON chunk is missing or cut short/],
    ];
    const v1 = Buffer.from(glbBytes({ asset: {} }));
    v1.writeUInt32LE(1, 4);
    cases.push(['old.vrm', new Uint8Array(v1), /glTF binary of version 1; VRM needs version 2/]);
    for (const [name, bytes, message] of cases) {
      const path = await put(name, bytes);
      const problem = await problemOf(readModelFile(path));
      expect(problem.code, name).toBe('not-a-model');
      expect(problem.message, name).toMatch(message);
      expect(problem.message.startsWith(path), name).toBe(true);
    }
  });

  it('says a missing file was not found, and a folder is not a model file', async () => {
    const missing = join(bed.files, 'gone.vrm');
    const gone = await problemOf(readModelFile(missing));
    expect(gone.code).toBe('missing');
    expect(gone.message).toBe(
      `${missing} was not found; it may have been moved, renamed or deleted.`,
    );
    const folder = join(bed.files, 'folder.vrm');
    await mkdir(folder);
    const notFile = await problemOf(readModelFile(folder));
    expect(notFile.code).toBe('unreadable');
    expect(notFile.message).toMatch(
      /folder\.vrm (is a folder, not a model file|could not be read)/,
    );
  });
});

describe('opening models through the host services', () => {
  it('opens the file picked in the dialog and adds it to the library', async () => {
    const path = await put('alicia.vrm', vrmBytes({ version: 1, title: 'Alicia' }));
    const dialogs = scriptedDialogs({ openModel: [path] });
    const host = services(dialogs);
    const model = await host.openModelDialog();
    expect(model).toMatchObject({ path, format: 'vrm1', title: 'Alicia' });
    const listing = await host.listLibrary();
    expect(listing.entries.map((entry) => entry.id)).toEqual([model.libraryEntryId]);
    expect(dialogs.calls).toEqual([{ kind: 'openModel' }]);
  });

  it('reports a canceled dialog as canceled and reads nothing', async () => {
    const host = services(scriptedDialogs({ openModel: [null] }));
    expect((await problemOf(host.openModelDialog())).code).toBe('canceled');
    expect(await readdir(bed.data)).toEqual([]);
  });

  it('changes nothing when the chosen file is too large, not a model or missing', async () => {
    const big = await put('big.pmx', Buffer.concat([Buffer.from(pmxBytes()), Buffer.alloc(4096)]));
    const text = await put('text.vrm', 'hello');
    const gone = join(bed.files, 'gone.vrm');
    const good = await put('good.vrm', vrmBytes({ version: 0 }));
    const host = services(scriptedDialogs({ openModel: [good, big, text, gone] }), 1024);
    await host.openModelDialog();
    const before = await host.listLibrary();
    const codes = [];
    for (let i = 0; i < 3; i += 1) codes.push((await problemOf(host.openModelDialog())).code);
    expect(codes).toEqual(['too-large', 'not-a-model', 'missing']);
    expect(await host.listLibrary()).toEqual(before);
    expect((await readdir(bed.data)).sort()).toEqual(['library.json']);
  });

  it('reads only paths the user opened, dropped or has in the library', async () => {
    const chosen = await put('chosen.vrm', vrmBytes({ version: 1 }));
    const other = await put('other.vrm', vrmBytes({ version: 1 }));
    const dropped = await put('dropped.pmx', pmxBytes());
    const host = services(scriptedDialogs({ openModel: [chosen] }));
    const refused = await problemOf(host.readModel(other));
    expect(refused.code).toBe('not-allowed');
    expect(refused.message).toContain(`${other} is none of these`);
    await host.openModelDialog();
    await expect(host.readModel(chosen)).resolves.toMatchObject({ path: chosen });
    await expect(host.openFileFromUser(dropped)).resolves.toMatchObject({ kind: 'model' });
    await expect(host.readModel(dropped)).resolves.toMatchObject({ format: 'pmx' });
    expect((await problemOf(host.readModel(other))).code).toBe('not-allowed');
    expect((await problemOf(host.readModel('relative/chosen.vrm'))).code).toBe('not-allowed');

    // A later session may read what is in the library, and stops once it is removed.
    const later = services();
    const listing = await later.listLibrary();
    const entry = listing.entries.find((candidate) => candidate.path.endsWith('chosen.vrm'))!;
    await expect(later.readModel(entry.path)).resolves.toMatchObject({ format: 'vrm1' });
    await later.removeFromLibrary(entry.id);
    expect((await problemOf(later.readModel(entry.path))).code).toBe('not-allowed');
  });

  it('tells a model from a preset by the dropped file name, and refuses a dropped non-model', async () => {
    const host = services();
    const junk = await put('photo.jpg', 'JFIF not really');
    const problem = await problemOf(host.openFileFromUser(junk));
    expect(problem.code).toBe('not-a-model');
    expect(problem.message).toContain(junk);
  });

  it('tells the app to add every opened model to the OS recent documents', async () => {
    const path = await put('recent.vrm', vrmBytes({ version: 1 }));
    const recent: string[] = [];
    const host = bed.services(
      { openModel: [path, join(bed.files, 'gone.vrm')] },
      { onModelOpened: (opened) => recent.push(opened) },
    );
    await host.openModelDialog();
    await problemOf(host.openModelDialog());
    expect(recent).toEqual([path]);
  });
});

describe('model access list', () => {
  it('allows a path while any source remains; without case only where the OS ignores it', () => {
    const mac = createModelAccess('darwin');
    mac.allow('/Users/me/Models/A.vrm', 'dialog');
    expect(mac.isAllowed('/users/me/models/a.VRM')).toBe(true);
    const posix = createModelAccess('linux');
    posix.allow('/m/A.vrm', 'dialog');
    posix.allow('/m/A.vrm', 'preset');
    posix.revoke('/m/A.vrm', 'dialog');
    expect(posix.isAllowed('/m/A.vrm')).toBe(true);
    expect(posix.isAllowed('/m/a.vrm')).toBe(false);
    posix.revoke('/m/A.vrm', 'preset');
    expect(posix.isAllowed('/m/A.vrm')).toBe(false);
    expect(() => posix.check('/m/A.vrm')).toThrow(HostProblemError);
  });
});

describe('files opened by the OS', () => {
  it('takes openable files from argv, resolving relative ones, ignoring flags and the app', () => {
    const argv = [
      '/opt/app/ragdoll',
      '--inspect',
      '.',
      'a.vrm',
      '/abs/B.PMX',
      'scene.ragdoll',
      'x.txt',
    ];
    expect(filesFromArgv(argv, '/home/me')).toEqual([
      '/home/me/a.vrm',
      '/abs/B.PMX',
      '/home/me/scene.ragdoll',
    ]);
  });

  it('holds opened files until the renderer is ready, then delivers them in order', async () => {
    const sent: HostOutcome<DroppedFileResult>[] = [];
    const opened: string[] = [];
    const queue = createFileOpenQueue({
      open: (path) => {
        opened.push(path);
        return Promise.resolve({ ok: false, problem: { code: 'missing', message: path } });
      },
      send: (outcome) => sent.push(outcome),
      logger: bed.logger,
    });
    queue.request('/a.vrm');
    queue.request('/b.vrm');
    await queue.idle();
    expect(opened).toEqual([]);
    queue.rendererReady();
    queue.request('/c.vrm');
    await queue.idle();
    expect(sent.map((outcome) => (outcome.ok ? '' : outcome.problem.message))).toEqual([
      '/a.vrm',
      '/b.vrm',
      '/c.vrm',
    ]);
    queue.rendererGone();
    queue.request('/d.vrm');
    await queue.idle();
    expect(opened).toHaveLength(3);
  });
});

describe('a glTF JSON chunk too large to parse in the main process', () => {
  const padding = 'x'.repeat(GLB_JSON_PARSE_MAX_BYTES);

  it('is identified by its extension name alone, without parsing it', () => {
    const vrm1 = glbBytes({
      asset: { version: '2.0' },
      extensions: { VRMC_vrm: { meta: { name: 'Huge', authors: ['Someone'] } } },
      extras: { padding },
    });
    // Parsed, the title would be 'Huge'; unparsed, the caller falls back to the file name.
    expect(identifyModel(vrm1)).toEqual({ format: 'vrm1', title: '', author: '' });
    const vrm0 = glbBytes({ extensions: { VRM: { meta: { title: 'Old' } } }, extras: { padding } });
    expect(identifyModel(vrm0)).toEqual({ format: 'vrm0', title: '', author: '' });
    const plain = glbBytes({ asset: { version: '2.0' }, extras: { padding } });
    expect(() => identifyModel(plain)).toThrow('without VRM data');
  });

  it('still reads title and author from a JSON chunk within the limit', () => {
    expect(identifyModel(vrmBytes({ version: 1, title: 'Small', author: 'A' }))).toEqual({
      format: 'vrm1',
      title: 'Small',
      author: 'A',
    });
  });
});
