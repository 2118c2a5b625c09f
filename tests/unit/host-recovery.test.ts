/**
 * The crash-recovery scene on real temp folders: a scene saved by one run is offered once to
 * the next (as after a crash), with its model files checked like a loaded preset's; a clean
 * end removes it; a flood of saves leaves the latest; a write cut short by a crash leaves the
 * previous copy whole; a damaged copy is moved aside and reported, naming the file; and the
 * page's save is checked at the door like a preset's.
 */

import { readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callHostHandler, HostRequestError } from '../../electron/main/host/call-host-handler';
import { createHostHandlers } from '../../electron/main/host/host-handlers';
import { RECOVERY_ID, type HostServices } from '../../electron/main/host/host-services';
import { RECOVERY_FILE } from '../../electron/main/host/recovery-store';
import { presetContent, problemOf, type DialogScript, vrmBytes } from '../support/host-files';
import { TEST_APP_INFO, useHostTestbed } from '../support/host-testbed';
import { PRESET_SCHEMA_VERSION } from '../../shared/preset-schema';

const bed = useHostTestbed('recovery');

/**
 * One run of the app's host over the same data folder, on the real clock: leftover temp files
 * are judged stale by their file times.
 */
const run = (script: DialogScript = {}): HostServices =>
  bed.services(script, { now: () => new Date() });

const recoveryPath = (): string => join(bed.data, RECOVERY_FILE);

describe('crash recovery', () => {
  it('offers the scene of a run that ended without a clean end, once, with the models checked', async () => {
    const model = join(bed.files, 'avatar.vrm');
    await writeFile(model, vrmBytes({ version: 1 }));
    const first = run();
    const opened = await first.openFileFromUser(model);
    if (opened.kind !== 'model') throw new Error('expected a model');
    const modelRef = {
      kind: 'file' as const,
      path: model,
      size: opened.model.size,
      sha256: opened.model.sha256,
      title: opened.model.title,
      format: opened.model.format,
    };
    const scene = presetContent({
      name: 'Before the crash',
      figures: 2,
      model: modelRef,
      props: 3,
    });
    await first.saveRecovery(scene);
    await first.flush();
    // The app dies here: no discard. The next run finds the scene.
    const second = run();
    const loaded = await second.takeRecovery();
    expect(loaded).not.toBeNull();
    expect(loaded!.id).toBe(RECOVERY_ID);
    const { schemaVersion, createdAt, updatedAt, ...content } = loaded!.preset;
    expect(schemaVersion).toBe(PRESET_SCHEMA_VERSION);
    expect(Date.parse(createdAt)).toBeLessThanOrEqual(Date.parse(updatedAt));
    expect(content).toEqual(scene);
    expect(loaded!.notes).toEqual([]);
    // The model it names may be read again (as after loading a preset).
    await expect(second.readModel(model)).resolves.toMatchObject({ sha256: opened.model.sha256 });
    await expect(second.takeRecovery()).resolves.toBeNull();
    expect(await readdir(bed.data)).not.toContain(RECOVERY_FILE);
  });

  it('notes a model that is gone since, like a loaded preset', async () => {
    const first = run();
    const gone = {
      kind: 'file' as const,
      path: join(bed.files, 'gone.vrm'),
      size: 10,
      sha256: 'a'.repeat(64),
      title: 'Gone',
      format: 'vrm1' as const,
    };
    await first.saveRecovery(presetContent({ model: gone }));
    // A path never opened is not looked at unless the person confirms it.
    const loaded = await run({ confirmPresetFiles: [true] }).takeRecovery();
    expect(loaded!.notes.map((n) => n.reason)).toEqual(['missing']);
  });

  it('a clean end removes the scene, also with a save still being written', async () => {
    const host = run();
    await host.saveRecovery(presetContent());
    const late = host.saveRecovery(presetContent({ name: 'Late' }));
    await host.discardRecovery();
    await late;
    await host.flush();
    expect(await readdir(bed.data)).not.toContain(RECOVERY_FILE);
    await expect(run().takeRecovery()).resolves.toBeNull();
  });

  it('a flood of saves leaves the latest scene on disk', async () => {
    const host = run();
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        host.saveRecovery(presetContent({ name: `Scene ${i}` })),
      ),
    );
    await host.flush();
    const onDisk = JSON.parse(await readFile(recoveryPath(), 'utf8')) as { name: string };
    expect(onDisk.name).toBe('Scene 199');
  });

  it('a write cut short by a crash leaves the previous copy whole', async () => {
    const host = run();
    await host.saveRecovery(presetContent({ name: 'Whole' }));
    await host.flush();
    // What an interrupted atomic write leaves: its temp file, never a half-written target.
    const temp = `${recoveryPath()}.123456789`;
    await writeFile(temp, '{"name": "Half');
    // Left by the run before, minutes ago (newer temp files may be another write's).
    const minutesAgo = new Date(Date.now() - 5 * 60_000);
    await utimes(temp, minutesAgo, minutesAgo);
    const next = run();
    const loaded = await next.takeRecovery();
    expect(loaded!.preset.name).toBe('Whole');
    await next.flush();
    expect((await readdir(bed.data)).filter((n) => n.startsWith(RECOVERY_FILE))).toEqual([]);
  });

  it('a damaged copy is moved aside and reported, naming the file', async () => {
    await writeFile(recoveryPath(), '{"schemaVersion": 2, "name": ');
    const host = run();
    const problem = await problemOf(host.takeRecovery());
    expect(problem.code).toBe('invalid');
    expect(problem.message).toContain(RECOVERY_FILE);
    const names = await readdir(bed.data);
    expect(names).not.toContain(RECOVERY_FILE);
    expect(names.some((n) => n.startsWith('recovery') && n.includes('corrupt'))).toBe(true);
    await expect(host.takeRecovery()).resolves.toBeNull();
  });

  it('the page reaches it through the channels, and a bad scene is refused at the door', async () => {
    const handlers = createHostHandlers({
      appInfo: TEST_APP_INFO,
      services: run(),
    });
    await expect(callHostHandler(handlers, 'rp:recovery:take', [])).resolves.toEqual({
      ok: true,
      value: null,
    });
    const saved = await callHostHandler(handlers, 'rp:recovery:save', [presetContent()]);
    expect(saved).toMatchObject({ ok: true });
    await expect(
      callHostHandler(handlers, 'rp:recovery:save', [{ ...presetContent(), figures: 'all' }]),
    ).rejects.toBeInstanceOf(HostRequestError);
    await expect(
      callHostHandler(handlers, 'rp:recovery:save', [presetContent({ figures: 7 })]),
    ).rejects.toThrow(/rp:recovery:save received invalid arguments/);
  });
});
