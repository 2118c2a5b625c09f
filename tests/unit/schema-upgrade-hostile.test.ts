/**
 * Found by the fuzz suite: a preset or library.json whose schemaVersion is an array nested
 * thousands deep overflowed the stack while the refusal was being worded (a RangeError, not
 * a refusal), which failed the whole library listing. Now it is refused like any other bad
 * version, and the library moves the file aside and lists on.
 */

import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createModelLibrary, LIBRARY_FILE } from '../../electron/main/host/model-library';
import { migratePreset, PresetFormatError } from '../../shared/preset-schema';
import { tempFolder } from '../support/host-files';
import { createRecordingLogger } from '../support/recording-logger';

const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;

let data: { path: string; remove: () => Promise<void> };
beforeEach(async () => {
  data = await tempFolder('schema-hostile');
});
afterEach(() => data.remove());

describe('a schemaVersion nested thousands deep', () => {
  it('is refused as a preset, saying what was found', () => {
    const raw = JSON.parse(`{"schemaVersion": ${deep}}`) as unknown;
    expect(() => migratePreset(raw)).toThrow(PresetFormatError);
    expect(() => migratePreset(raw)).toThrow(/no valid schemaVersion \(found a list\)/);
  });

  it('in library.json: the file is moved aside, reported by name, and the list is empty', async () => {
    await writeFile(join(data.path, LIBRARY_FILE), `{"schemaVersion": ${deep}, "entries": []}`);
    const library = createModelLibrary({ directory: data.path, logger: createRecordingLogger() });
    const listing = await library.list();
    expect(listing.entries).toEqual([]);
    expect(listing.notices.join(' ')).toContain(LIBRARY_FILE);
    expect((await readdir(data.path)).some((name) => name.includes('corrupt'))).toBe(true);
  });

  it('a long string version is quoted short', () => {
    expect(() => migratePreset({ schemaVersion: 'x'.repeat(10_000) })).toThrow(/found "x{40}…"/);
  });
});
