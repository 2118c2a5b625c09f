/**
 * The export folder kept between runs (a real data folder in a temp dir), and exports that
 * fail part-way: a disk that fills during the write (the fs layer under write-file-atomic
 * writes half the bytes, then says ENOSPC), a name the system refuses, a folder that cannot be
 * written. Each leaves the folder exactly as it was and says why.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import type * as NodeFs from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { saveExport, writeExportFile } from '../../electron/main/host/export-file';
import { EXPORT_FOLDER_FILE, ExportFolder } from '../../electron/main/host/export-folder-store';
import type { HostProblemError } from '../../electron/main/host/host-problem';
import { problemOf, scriptedDialogs, useTempFolders } from '../support/host-files';
import { createRecordingLogger } from '../support/recording-logger';

const tempFolder = useTempFolders('export-folder');

const BYTES = new Uint8Array(64 * 1024).map((_, i) => i % 251);

describe('the export folder across runs', () => {
  it('opens the next run’s dialog in the folder of the last export', async () => {
    const data = tempFolder();
    const exports = tempFolder();
    const first = new ExportFolder({ directory: data, logger: createRecordingLogger() });
    const dialogs = scriptedDialogs({ saveExport: [join(exports, 'fall.vrma')] });
    await saveExport(dialogs, first, 'vrma', 'fall.vrma', BYTES);
    await first.flush();
    expect(JSON.parse(readFileSync(join(data, EXPORT_FOLDER_FILE), 'utf8'))).toEqual({
      schemaVersion: 1,
      folder: exports,
    });

    const nextRun = new ExportFolder({ directory: data, logger: createRecordingLogger() });
    expect(await nextRun.suggest('view.png')).toBe(join(exports, 'view.png'));
  });

  it('suggests only the name when the remembered folder is gone', async () => {
    const data = tempFolder();
    const gone = join(tempFolder(), 'moved-away');
    writeFileSync(
      join(data, EXPORT_FOLDER_FILE),
      JSON.stringify({ schemaVersion: 1, folder: gone }),
    );
    const logger = createRecordingLogger();
    const folder = new ExportFolder({ directory: data, logger });
    expect(await folder.suggest('clip.webm')).toBe('clip.webm');
    expect(logger.lines.map((line) => line.message).join('\n')).toContain(gone);
  });

  it('moves a damaged or hostile file aside and suggests only the name', async () => {
    for (const contents of [
      '{ not json',
      JSON.stringify({ schemaVersion: 1, folder: 'relative/folder' }),
      JSON.stringify({ schemaVersion: 1, folder: `/tmp/${'x'.repeat(5000)}` }),
      JSON.stringify({ schemaVersion: 2, folder: '/tmp' }),
    ]) {
      const data = tempFolder();
      writeFileSync(join(data, EXPORT_FOLDER_FILE), contents);
      const logger = createRecordingLogger();
      const folder = new ExportFolder({ directory: data, logger });
      expect(await folder.suggest('a.png')).toBe('a.png');
      const left = readdirSync(data);
      expect(left).toHaveLength(1);
      expect(left[0]).toMatch(/^export-folder\.corrupt-.*\.json$/);
      expect(logger.lines.some((line) => line.level === 'warn')).toBe(true);
    }
  });
});

describe('an export that cannot be written', () => {
  it('removes the half-written temp file when the disk fills, and keeps the old file whole', async () => {
    const folder = tempFolder();
    const target = join(folder, 'clip.webm');
    writeFileSync(target, 'the earlier clip');
    // write-file-atomic calls fs.write through the CommonJS fs object at each write: the
    // stand-in writes the first half for real, then fails as a full disk does.
    const fs = createRequire(import.meta.url)('node:fs') as typeof NodeFs & Record<string, unknown>;
    const realWrite = fs.write;
    const partialWrites: number[] = [];
    fs.write = ((
      fd: number,
      buffer: Uint8Array,
      offset: number,
      length: number,
      position: number,
      done: (error: Error | null) => void,
    ) => {
      const half = Math.floor(length / 2);
      fs.writeSync(fd, buffer, offset, half, position);
      partialWrites.push(half);
      done(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
    }) as typeof fs.write;
    let problem: HostProblemError;
    try {
      problem = await problemOf(writeExportFile(target, BYTES));
    } finally {
      fs.write = realWrite;
    }
    expect(partialWrites).toEqual([BYTES.length / 2]);
    expect(problem.code).toBe('write-failed');
    expect(problem.message).toBe(
      `clip.webm could not be saved in ${folder}: the disk is full. Nothing was written.`,
    );
    expect(readdirSync(folder)).toEqual(['clip.webm']);
    expect(readFileSync(target, 'utf8')).toBe('the earlier clip');
  });

  it('says the system refuses a name that is too long, writing nothing', async () => {
    const folder = tempFolder();
    const problem = await problemOf(writeExportFile(join(folder, `${'n'.repeat(300)}.png`), BYTES));
    expect(problem.message).toMatch(
      /could not be saved in .*: the name is too long\. Nothing was written\.$/,
    );
    expect(readdirSync(folder)).toEqual([]);
  });

  it('says so when the folder cannot be written, leaves it empty and remembers no folder', async () => {
    const data = tempFolder();
    const locked = tempFolder();
    // Tests may run as root, whom no permission stops: the fs layer refuses as the system
    // does for anyone else (open of the temp file fails with EACCES).
    const fs = createRequire(import.meta.url)('node:fs') as typeof NodeFs;
    const realOpen = fs.open;
    fs.open = ((path: string, ...rest: unknown[]) => {
      const done = rest[rest.length - 1] as (error: Error | null) => void;
      if (String(path).startsWith(locked))
        return done(
          Object.assign(new Error(`EACCES: permission denied, open '${path}'`), { code: 'EACCES' }),
        );
      return (realOpen as (...args: unknown[]) => void)(path, ...rest);
    }) as typeof fs.open;
    const folder = new ExportFolder({ directory: data, logger: createRecordingLogger() });
    const dialogs = scriptedDialogs({ saveExport: [join(locked, 'fall.vmd')] });
    let problem: HostProblemError;
    try {
      problem = await problemOf(saveExport(dialogs, folder, 'vmd', 'fall.vmd', BYTES));
    } finally {
      fs.open = realOpen;
    }
    expect(problem.message).toBe(
      `fall.vmd could not be saved in ${locked}: you do not have permission to write there. Nothing was written.`,
    );
    expect(readdirSync(locked)).toEqual([]);
    expect(readdirSync(data)).toEqual([]);
  });
});
