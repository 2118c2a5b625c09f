/**
 * The folder the Export dialog opens in, kept between runs in `export-folder.json` in the app's
 * data folder: the folder of the last export. A file that is not valid is moved aside and
 * reported (json-file-store); a remembered folder that is gone, or is no longer a folder, is
 * not suggested (the dialog then opens in the system's default place).
 */
import { stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { z } from 'zod';
import { describeError } from './host-problem';
import { createJsonFileStore, type JsonFileStore } from './json-file-store';
import type { Logger } from './logger';

/** The file name inside the app's data folder. */
export const EXPORT_FOLDER_FILE = 'export-folder.json';

/** Longest folder path kept, characters (far beyond any real one; a bound for a hostile file). */
const MAX_FOLDER_LENGTH = 4096;

const exportFolderSchema = z.object({
  schemaVersion: z.literal(1),
  /** The folder of the last export: an absolute path. */
  folder: z
    .string()
    .min(1)
    .max(MAX_FOLDER_LENGTH)
    .refine((path) => !path.includes('\0'), { message: 'must not contain NUL' })
    .refine((path) => isAbsolute(path), { message: 'must be an absolute path' }),
});

type ExportFolderFile = z.infer<typeof exportFolderSchema>;

export interface ExportFolderOptions {
  /** The app's data folder; without one the folder is remembered for this run only. */
  readonly directory?: string;
  readonly logger?: Logger;
  /** Clock for naming a moved-aside file. Default: the system clock. */
  readonly now?: () => Date;
}

/** The folder the next Export dialog opens in; the folder of the last export, once there is one. */
export class ExportFolder {
  private folder: string | null = null;
  private readonly file: JsonFileStore<ExportFolderFile> | undefined;
  private loaded: Promise<void> | undefined;

  constructor(private readonly options: ExportFolderOptions = {}) {
    this.file =
      options.directory === undefined || options.logger === undefined
        ? undefined
        : createJsonFileStore({
            filePath: join(options.directory, EXPORT_FOLDER_FILE),
            schema: exportFolderSchema,
            logger: options.logger,
            ...(options.now === undefined ? {} : { now: options.now }),
          });
  }

  /** The dialog's suggested path for `name`: in the remembered folder when it still is one. */
  async suggest(requested: string): Promise<string> {
    await this.load();
    const name = plainFileName(requested);
    if (this.folder === null) return name;
    if (await isFolder(this.folder)) return join(this.folder, name);
    this.options.logger?.info(
      `The last export folder ${this.folder} is gone or not a folder; the dialog opens in the default place.`,
    );
    return name;
  }

  /**
   * Remembers the folder of `path` (an export just written there) and keeps it for the next
   * run. A failure to keep it is logged: the export itself succeeded.
   */
  async remember(path: string): Promise<void> {
    await this.load();
    this.folder = dirname(path);
    if (!this.file) return;
    try {
      await this.file.write({ schemaVersion: 1, folder: this.folder });
    } catch (error) {
      this.options.logger?.warn(`The export folder could not be kept: ${describeError(error)}`);
    }
  }

  /** Resolves once a pending write has finished (before quitting). */
  async flush(): Promise<void> {
    await this.file?.flush();
  }

  private load(): Promise<void> {
    this.loaded ??= this.readFile();
    return this.loaded;
  }

  private async readFile(): Promise<void> {
    if (!this.file) return;
    try {
      const saved = await this.file.read();
      if (saved && this.folder === null) this.folder = saved.folder;
    } catch (error) {
      // Only the suggestion is lost; the file is left as it is for the next run.
      this.options.logger?.warn(
        `${describeError(error)} The export dialog opens in the default place.`,
      );
    }
  }
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    // Gone, or no longer reachable: either way it cannot be suggested.
    return false;
  }
}

/** The name a dialog may suggest without leaving its folder, when `name` would. */
const FALLBACK_EXPORT_NAME = 'export';

/**
 * `name` when it is one plain file name; otherwise `export`. `..` or `.` joined to a folder
 * would open the dialog above or at the folder itself, and a separator would reach another.
 */
export function plainFileName(name: string): string {
  const trimmed = name.trim();
  if (/^\.*$/.test(trimmed) || /[/\\\0]/.test(trimmed)) return FALLBACK_EXPORT_NAME;
  return basename(trimmed) === trimmed ? trimmed : FALLBACK_EXPORT_NAME;
}
