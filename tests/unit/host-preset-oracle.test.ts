/**
 * A preset (or the recovery copy) cannot be used to learn about files the person never chose:
 * a path that is not theirs (not in the library, not opened or dropped this session) is not
 * looked at unless they confirm it in a dialog naming it, and its note says only "not one of
 * your files" (no size, no hash verdict); a path not in its plain absolute form is never
 * offered; a file of the wrong kind by name or over the size limit is never hashed; hashing
 * runs in chunks within a time limit. Real temp folders, services called directly.
 */

import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createFileHasher,
  HashRefusedError,
  type FileHasher,
} from '../../electron/main/host/file-hash';
import { type HostServices } from '../../electron/main/host/host-services';
import { checkPresetFile, NOT_YOURS } from '../../electron/main/host/preset-file-check';
import type { PresetModelRef } from '../../shared/preset-schema';
import { presetContent, problemOf, vrmBytes, type DialogScript } from '../support/host-files';
import { useHostTestbed } from '../support/host-testbed';

const bed = useHostTestbed('oracle');
let secret: string;
let secretBytes: Uint8Array;

beforeEach(async () => {
  await mkdir(join(bed.files, 'private'));
  secret = join(bed.files, 'private', 'diary.vrm');
  secretBytes = vrmBytes({ version: 1, title: 'Private' });
  await writeFile(secret, secretBytes);
});

/** A session on the shared data folder, its dialogs answering from `script`. */
const services = (script: DialogScript = {}): HostServices => bed.services(script);

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** A model reference a shared preset could carry: the right size and hash of `path`. */
function guess(path: string, bytes: Uint8Array): PresetModelRef {
  return {
    kind: 'file',
    path,
    size: bytes.length,
    sha256: sha256(bytes),
    title: 'Guess',
    format: 'vrm1',
  };
}

describe('a preset naming files the person never chose', () => {
  it('gets "not one of your files" without size or hash, and opens nothing', async () => {
    const host = services();
    const { id } = await host.savePreset(presetContent({ model: guess(secret, secretBytes) }));
    const loaded = await host.loadPreset(id);
    expect(loaded.notes).toEqual([
      {
        figureIndex: 0,
        reason: 'not-yours',
        message: `Figure 1 (Guess) will be a box dummy: ${NOT_YOURS} (${secret}).`,
      },
    ]);
    // The same note for a path that does not exist: nothing tells the two apart.
    const ghost = join(bed.files, 'private', 'ghost.vrm');
    const { id: other } = await host.savePreset(
      presetContent({ model: guess(ghost, secretBytes) }),
    );
    expect((await host.loadPreset(other)).notes[0]!.reason).toBe('not-yours');
    expect((await problemOf(host.readModel(secret))).code).toBe('not-allowed');
    // The person was asked, named the file, and said no.
    expect(bed.dialogs.calls.filter((c) => c.kind === 'confirmPresetFiles')[0]?.paths).toEqual([
      secret,
    ]);
  });

  it('opens a file the person confirms in the dialog naming it', async () => {
    const host = services({ confirmPresetFiles: [true] });
    const { id } = await host.savePreset(presetContent({ model: guess(secret, secretBytes) }));
    const loaded = await host.loadPreset(id);
    expect(loaded.notes).toEqual([]);
    expect((await host.readModel(secret)).title).toBe('Private');
  });

  it('opens a file of the library without asking', async () => {
    const host = services({ openModel: [secret] });
    await host.openModelDialog();
    const { id } = await host.savePreset(presetContent({ model: guess(secret, secretBytes) }));
    const later = services();
    expect((await later.loadPreset(id)).notes).toEqual([]);
    expect(bed.dialogs.calls.some((c) => c.kind === 'confirmPresetFiles')).toBe(false);
  });

  it('never offers or opens a path that is relative or not in its plain form', async () => {
    const host = services({ confirmPresetFiles: [true, true] });
    const crooked = `${bed.files}/private/../private/diary.vrm`;
    for (const path of [crooked, 'private/diary.vrm']) {
      const { id } = await host.savePreset(presetContent({ model: guess(path, secretBytes) }));
      expect((await host.loadPreset(id)).notes[0]!.reason).toBe('not-yours');
    }
    expect(bed.dialogs.calls.some((c) => c.kind === 'confirmPresetFiles')).toBe(false);
  });

  it('does the same for the recovery copy: a restart cannot reach a stranger', async () => {
    const first = services();
    await first.saveRecovery(presetContent({ model: guess(secret, secretBytes) }));
    await first.flush();
    const loaded = await services().takeRecovery();
    expect(loaded!.notes.map((note) => note.reason)).toEqual(['not-yours']);
    expect(loaded!.notes[0]!.message).not.toMatch(/bytes|content/);
  });
});

describe('what is hashed', () => {
  /** A hasher that counts its hashing. */
  function countingHasher(): FileHasher & { calls: number } {
    const inner = createFileHasher();
    const counting = {
      calls: 0,
      hash: (path: string, maxBytes: number) => {
        counting.calls += 1;
        return inner.hash(path, maxBytes);
      },
      remember: inner.remember,
    };
    return counting;
  }

  it('never hashes a file whose name is not of the wanted kind', async () => {
    const text = join(bed.files, 'private', 'passwords.txt');
    await writeFile(text, secretBytes);
    const hasher = countingHasher();
    const result = await checkPresetFile(
      { path: text, size: secretBytes.length, sha256: sha256(secretBytes) },
      { isYours: () => true, hasKindName: (p) => p.endsWith('.vrm'), noun: 'model', maxBytes: 1e6 },
      hasher,
    );
    expect(result).toMatchObject({ reason: 'unreadable' });
    expect(hasher.calls).toBe(0);
  });

  it('never hashes a file over the size limit, even with the recorded size', async () => {
    const hasher = countingHasher();
    const result = await checkPresetFile(
      { path: secret, size: secretBytes.length, sha256: sha256(secretBytes) },
      { isYours: () => true, hasKindName: () => true, noun: 'model', maxBytes: 16 },
      hasher,
    );
    expect(result).toMatchObject({ reason: 'unreadable' });
    expect(hasher.calls).toBe(0);
    await expect(createFileHasher().hash(secret, 16)).rejects.toBeInstanceOf(HashRefusedError);
  });

  it('gives up on a hash that takes longer than its time limit', async () => {
    const error = await createFileHasher({ timeLimitMs: -1 })
      .hash(secret, 1e6)
      .catch((e) => e);
    expect(error).toBeInstanceOf(HashRefusedError);
    expect((error as HashRefusedError).why).toBe('too-slow');
  });

  it('hashes in chunks without holding the event loop', async () => {
    const big = join(bed.files, 'big.vrm');
    await writeFile(big, new Uint8Array(48 * 1024 * 1024).fill(7));
    let last = performance.now();
    let longest = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 1);
    try {
      await createFileHasher().hash(big, 64 * 1024 * 1024);
    } finally {
      clearInterval(ticker);
    }
    // A 48 MB hash takes far longer than this on two loaded cores; no single turn may.
    expect(longest).toBeLessThan(150);
  });
});
