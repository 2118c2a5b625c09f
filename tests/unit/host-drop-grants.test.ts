/**
 * A dropped path is read only when the preload saw that File: `rp:file:dropped` carries the
 * preload's grant (an HMAC of a fresh nonce and the path under a key only the preload and the
 * main process hold). A page sending raw IPC cannot name another file; the grant opens that
 * one file for the session, once; the file joins the recent-model library only when the page
 * says it loaded (`rp:library:keep-dropped`). Real temp folders, handlers called directly.
 */

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { callHostHandler } from '../../electron/main/host/call-host-handler';
import { mintDropGrant, newDropKey } from '../../electron/main/host/drop-grants';
import { createHostHandlers, type HostHandlers } from '../../electron/main/host/host-handlers';
import { type HostServices } from '../../electron/main/host/host-services';
import { pmxBytes, vmdBytes, vrmBytes } from '../support/host-files';
import { TEST_APP_INFO, useHostTestbed } from '../support/host-testbed';

let services: HostServices;
let handlers: HostHandlers;
let key: string;
let secretModel: string;
let userModel: string;
let userMotion: string;

const bed = useHostTestbed('drops');

beforeEach(async () => {
  await mkdir(join(bed.files, 'secret', 'tex'), { recursive: true });
  secretModel = join(bed.files, 'secret', 'private.pmx');
  await writeFile(secretModel, pmxBytes());
  await writeFile(join(bed.files, 'secret', 'tex', 'a.png'), Uint8Array.from([1]));
  userModel = join(bed.files, 'mine.vrm');
  await writeFile(userModel, vrmBytes({ version: 1, title: 'Mine' }));
  userMotion = join(bed.files, 'dance.vmd');
  await writeFile(userMotion, vmdBytes());
  key = newDropKey();
  services = bed.services({}, { dropKey: key });
  handlers = createHostHandlers({ appInfo: TEST_APP_INFO, services });
});

const call = (channel: string, args: unknown[]) => callHostHandler(handlers, channel, args);
const libraryPaths = async () => (await services.listLibrary()).entries.map((e) => e.path);

describe('rp:file:dropped', () => {
  it('refuses a path the preload did not vouch for, reading and keeping nothing', async () => {
    const forged = mintDropGrant(newDropKey(), secretModel);
    const outcome = await call('rp:file:dropped', [secretModel, forged]);
    expect(outcome).toMatchObject({ ok: false, problem: { code: 'not-allowed' } });
    expect(JSON.stringify(outcome)).toContain(secretModel);
    // Neither the model nor the images beside it became readable, and nothing was kept.
    expect(await call('rp:model:read', [secretModel])).toMatchObject({ ok: false });
    expect(await call('rp:model:read-texture', [secretModel, 'tex/a.png'])).toMatchObject({
      ok: false,
      problem: { code: 'not-allowed' },
    });
    expect(await call('rp:library:keep-dropped', [secretModel])).toMatchObject({ ok: false });
    expect(await libraryPaths()).toEqual([]);
  });

  it('refuses a grant made for another path, and a grant used twice', async () => {
    const grant = mintDropGrant(key, userModel);
    expect(await call('rp:file:dropped', [secretModel, grant])).toMatchObject({ ok: false });
    expect(await call('rp:file:dropped', [userModel, grant])).toMatchObject({ ok: true });
    expect(await call('rp:file:dropped', [userModel, grant])).toMatchObject({
      ok: false,
      problem: { code: 'not-allowed' },
    });
  });

  it('opens a vouched-for drop for the session, and keeps it only once the page loaded it', async () => {
    const outcome = await call('rp:file:dropped', [userModel, mintDropGrant(key, userModel)]);
    expect(outcome).toMatchObject({
      ok: true,
      value: { kind: 'model', model: { title: 'Mine', libraryEntryId: null } },
    });
    expect(await libraryPaths()).toEqual([]);
    // Readable again this session (a preset saved now, a second figure).
    expect(await call('rp:model:read', [userModel])).toMatchObject({ ok: true });
    const kept = await call('rp:library:keep-dropped', [userModel]);
    expect(kept).toMatchObject({ ok: true, value: { libraryEntryId: expect.any(String) } });
    expect(await libraryPaths()).toHaveLength(1);
    // Kept once: a second keep for the same drop is refused.
    expect(await call('rp:library:keep-dropped', [userModel])).toMatchObject({ ok: false });
  });

  it('treats a dropped motion the same way', async () => {
    const outcome = await call('rp:file:dropped', [userMotion, mintDropGrant(key, userMotion)]);
    expect(outcome).toMatchObject({ ok: true, value: { kind: 'motion' } });
    expect(await libraryPaths()).toEqual([]);
    expect(await call('rp:motion:read', [userMotion])).toMatchObject({ ok: true });
    expect(await call('rp:library:keep-dropped', [userMotion])).toMatchObject({ ok: true });
    expect(await libraryPaths()).toHaveLength(1);
  });

  it('is refused by services built without the key (no drop accepted by default)', async () => {
    const keyless = bed.services();
    await expect(keyless.openDroppedFile(userModel, mintDropGrant(key, userModel))).rejects.toThrow(
      'was not dropped on the window',
    );
  });
});
