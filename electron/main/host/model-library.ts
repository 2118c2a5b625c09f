/**
 * The recent-model library: every model, motion, song and stage the user opens, newest first,
 * at most 30 together, unique by real path, with its kind, title, author, format,
 * size, hash, a cached thumbnail and when it was last opened. Kept in `library.json` through the JSON file store (validated, atomic, serialized;
 * a corrupt file is moved aside and reported in the next listing). Thumbnails are PNG files
 * in `thumbnails/`, named by entry id.
 */

import { mkdir, realpath, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { FILE_FORMAT_NAMES } from '../../../shared/file-format-names';
import type { LibraryEntry, LibraryListing } from '../../../shared/host-contract';
import { AUDIO_FORMATS, type AudioFormat } from '../../../shared/audio-files';
import { MOTION_FORMATS, type MotionFormat, type StageFormat } from '../../../shared/preset-schema';
import { createBatchedRun } from './batched-run';
import { readCheckedSize } from './bounded-read';
import { describeError, errorCode, HostProblemError } from './host-problem';
import { createJsonFileStore, JsonFileReadError, refuseLink } from './json-file-store';
import {
  LIBRARY_MAX_ENTRIES,
  LIBRARY_SCHEMA_VERSION,
  libraryFileSchema,
  type StoredLibraryEntry,
} from './library-schema';
import type { Logger } from './logger';
import type { AudioFileData, ModelFileData, MotionFileData } from './identified-file';
import { looksLikePng, pngDataUrl, THUMBNAIL_MAX_BYTES } from './png';
import { openRegularFile } from './regular-file';
import { newStoreId } from './store-ids';

/** The library's file name in the data folder. */
export const LIBRARY_FILE = 'library.json';
/** The folder of cached thumbnails in the data folder. */
export const THUMBNAIL_FOLDER = 'thumbnails';

export interface ModelLibraryOptions {
  /** The app's data folder (Electron's `userData`). */
  readonly directory: string;
  readonly logger: Logger;
  /** Clock for `lastOpened` and moved-aside names. Default: the system clock. */
  readonly now?: () => Date;
}

/**
 * A stage file just read, as the library keeps it: a PMX or PMD stage has a model's format, so
 * it says it is a stage.
 */
export interface OpenedStageData {
  readonly kind: 'stage';
  readonly path: string;
  /** Its file name: stages are listed by it. */
  readonly title: string;
  readonly size: number;
  readonly sha256: string;
  readonly format: StageFormat;
}

/** The library's view of the stage file at `path`, read as `stage`. */
export function openedStage(
  path: string,
  stage: {
    readonly fileName: string;
    readonly size: number;
    readonly sha256: string;
    readonly format: StageFormat;
  },
): OpenedStageData {
  const { fileName: title, size, sha256, format } = stage;
  return { kind: 'stage', path, title, size, sha256, format };
}

/** A file just read: a model, a motion or a song (told apart by its format), or a stage. */
export type OpenedFileData = ModelFileData | MotionFileData | AudioFileData | OpenedStageData;

/** One File > Open Recent item. */
export interface RecentModel {
  readonly kind: LibraryEntry['kind'];
  readonly path: string;
  readonly title: string;
  /** The file is gone or its size changed since it was opened. */
  readonly missing: boolean;
}

export interface ModelLibrary {
  /**
   * Adds or refreshes the entry for a model or motion just read (keyed by its real path) at
   * the top.
   *
   * @returns the entry's id
   */
  recordOpened(file: OpenedFileData): Promise<string>;
  /** Every entry, with `missing` checked against the disk now, and pending notices. */
  list(): Promise<LibraryListing>;
  /**
   * Path, title and `missing` of every entry, newest first, for File > Open Recent. Unlike
   * {@link list} it leaves pending notices for the renderer.
   */
  recent(): Promise<readonly RecentModel[]>;
  /** The stored path of every entry (for the read allow-list). */
  paths(): Promise<string[]>;
  /** The stored path of one entry. */
  pathOf(id: string): Promise<string | undefined>;
  /** Whether entry `id` is a model or a motion; undefined when there is no such entry. */
  kindOf(id: string): Promise<LibraryEntry['kind'] | undefined>;
  remove(id: string): Promise<LibraryListing>;
  clear(): Promise<LibraryListing>;
  /**
   * Points entry `id` at `file` (a file the user picked with Locate…).
   *
   * @throws HostProblemError `missing` (no such entry) or `wrong-format`
   */
  relocate(id: string, file: OpenedFileData): Promise<LibraryEntry>;
  /**
   * Caches `png` as the entry's thumbnail.
   *
   * @throws HostProblemError `missing`, `invalid` (not a PNG or too large) or `write-failed`
   */
  setThumbnail(id: string, png: Uint8Array): Promise<LibraryEntry>;
  /** Resolves once every queued change is on disk (or has failed); call before quitting. */
  flush(): Promise<void>;
}

/** The library over `library.json` in `options.directory`; read lazily, then kept in memory. */
export function createModelLibrary(options: ModelLibraryOptions): ModelLibrary {
  const { directory, logger } = options;
  const now = options.now ?? (() => new Date());
  const notices: string[] = [];
  const file = createJsonFileStore({
    filePath: join(directory, LIBRARY_FILE),
    schema: libraryFileSchema,
    logger,
    now,
    onProblem: (message) => notices.push(message),
  });
  const thumbnailPath = (id: string): string => join(directory, THUMBNAIL_FOLDER, `${id}.png`);
  let cached: StoredLibraryEntry[] | undefined;
  // Every operation reads, changes and writes the whole list: one at a time.
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const result = queue.then(task, task);
    queue = result.catch(() => undefined);
    return result;
  };

  /**
   * The entries, read once. A library file that cannot be read (as opposed to one with bad
   * contents) is not taken for an empty library, which the next change would write over.
   */
  async function entries(): Promise<StoredLibraryEntry[]> {
    if (cached !== undefined) return cached;
    let stored;
    try {
      stored = await file.read();
    } catch (error) {
      if (!(error instanceof JsonFileReadError)) throw error;
      throw new HostProblemError(
        'unreadable',
        `The recent-model library could not be read: ${error.message} Try again later.`,
        { cause: error },
      );
    }
    // Only queued operations get here, one at a time, so nothing changed the list meanwhile.
    cached = stored?.entries.slice() ?? [];
    return cached;
  }

  /** Writes `next`; the in-memory list changes only once the file has. */
  async function save(next: StoredLibraryEntry[]): Promise<void> {
    try {
      await file.write({ schemaVersion: LIBRARY_SCHEMA_VERSION, entries: next });
    } catch (error) {
      throw new HostProblemError(
        'write-failed',
        `The recent-model library was not changed: ${describeError(error)}`,
        { cause: error },
      );
    }
    cached = next;
  }

  /**
   * Records every file of a batch in one rewrite of the library: a burst of opens (hundreds
   * of models read at once) costs a few writes, not one fsync each.
   */
  const recordBatch = createBatchedRun<{ file: OpenedFileData; path: string }, string>(
    serialized,
    async (opened) => {
      let next = await entries();
      const ids: string[] = [];
      const stale: StoredLibraryEntry[] = [];
      for (const { file, path } of opened) {
        const previous = next.find((entry) => entry.path === path);
        // A file changed since its picture was taken gets a new one, drawn from what it is now.
        const changed = previous !== undefined && previous.sha256 !== file.sha256;
        if (changed) stale.push(previous);
        const entry = storedEntry(file, {
          id: previous?.id ?? newStoreId('m', now()),
          path,
          lastOpened: now().toISOString(),
          hasThumbnail: !changed && (previous?.hasThumbnail ?? false),
        });
        next = [entry, ...next.filter((other) => other.path !== path)];
        ids.push(entry.id);
      }
      await save(next.slice(0, LIBRARY_MAX_ENTRIES));
      await deleteThumbnails([...stale, ...next.slice(LIBRARY_MAX_ENTRIES)]);
      return ids;
    },
  );

  async function recordOpened(file: OpenedFileData): Promise<string> {
    const path = await realPathOf(file.path, logger);
    return recordBatch({ file, path });
  }

  /** The listing; an unreadable library lists nothing and says why. */
  const list = (): Promise<LibraryListing> =>
    serialized(async () => {
      try {
        return await listNow();
      } catch (error) {
        if (!(error instanceof HostProblemError)) throw error;
        return { entries: [], notices: [...notices.splice(0), error.message] };
      }
    });

  async function listNow(): Promise<LibraryListing> {
    const current = await entries();
    const shown = await Promise.all(current.map((entry) => toView(entry)));
    return { entries: shown, notices: notices.splice(0) };
  }

  async function toView(entry: StoredLibraryEntry): Promise<LibraryEntry> {
    const [missing, thumbnail] = await Promise.all([isMissing(entry), readThumbnail(entry)]);
    const { id, kind, path, title, author, format, size, lastOpened } = entry;
    const view = { id, kind, path, title, author, format, size, lastOpened, missing };
    return thumbnail === undefined ? view : { ...view, thumbnail };
  }

  async function isMissing(entry: StoredLibraryEntry): Promise<boolean> {
    try {
      const stats = await stat(entry.path);
      return !stats.isFile() || stats.size !== entry.size;
    } catch (error) {
      const code = errorCode(error);
      if (code !== 'ENOENT' && code !== 'ENOTDIR') {
        logger.warn(`Could not check ${entry.path}: ${describeError(error)}; shown as missing.`);
      }
      return true;
    }
  }

  async function readThumbnail(entry: StoredLibraryEntry): Promise<string | undefined> {
    if (!entry.hasThumbnail) return undefined;
    const path = thumbnailPath(entry.id);
    try {
      const bytes = await readThumbnailFile(path);
      if (looksLikePng(bytes) && bytes.length <= THUMBNAIL_MAX_BYTES) return pngDataUrl(bytes);
      logger.warn(`${path} is not a PNG of at most 2 MB; the entry is shown without it.`);
    } catch (error) {
      logger.warn(`Could not read the thumbnail ${path}: ${describeError(error)}.`);
    }
    return undefined;
  }

  const paths = (): Promise<string[]> =>
    serialized(async () => (await entries()).map((entry) => entry.path));

  const pathOf = (id: string): Promise<string | undefined> =>
    serialized(async () => (await entries()).find((entry) => entry.id === id)?.path);

  const kindOf = (id: string): Promise<LibraryEntry['kind'] | undefined> =>
    serialized(async () => (await entries()).find((entry) => entry.id === id)?.kind);

  const remove = (id: string): Promise<LibraryListing> =>
    serialized(async () => {
      const current = await entries();
      const gone = current.filter((entry) => entry.id === id);
      if (gone.length > 0) {
        await save(current.filter((entry) => entry.id !== id));
        await deleteThumbnails(gone);
      }
      return listNow();
    });

  const clear = (): Promise<LibraryListing> =>
    serialized(async () => {
      const current = await entries();
      await save([]);
      await deleteThumbnails(current);
      return listNow();
    });

  const relocate = (id: string, file: OpenedFileData): Promise<LibraryEntry> =>
    serialized(async () => {
      const current = await entries();
      const entry = findEntry(current, id);
      if (file.format !== entry.format || kindOfFile(file) !== entry.kind) {
        const noun = KIND_NOUNS[entry.kind];
        throw new HostProblemError(
          'wrong-format',
          `${file.path} is a ${FILE_FORMAT_NAMES[file.format]} ${KIND_NOUNS[kindOfFile(file)]}, ` +
            `but "${entry.title}" was ${FILE_FORMAT_NAMES[entry.format]}; pick the same ${noun} file.`,
        );
      }
      const path = await realPathOf(file.path, logger);
      const moved: StoredLibraryEntry = { ...entry, path, size: file.size, sha256: file.sha256 };
      // The picked file may already have its own entry: keep one, the relocated one.
      const merged = current.filter((other) => other.id !== id && other.path === path);
      const next = current
        .filter((other) => !merged.includes(other))
        .map((other) => (other.id === id ? moved : other));
      await save(next);
      await deleteThumbnails(merged);
      return toView(moved);
    });

  const setThumbnail = (id: string, png: Uint8Array): Promise<LibraryEntry> =>
    serialized(async () => {
      const current = await entries();
      const entry = findEntry(current, id);
      if (png.length > THUMBNAIL_MAX_BYTES || !looksLikePng(png)) {
        throw new HostProblemError(
          'invalid',
          `The thumbnail for "${entry.title}" is not a PNG of at most 2 MB ` +
            `(${png.length} bytes given); it was not saved.`,
        );
      }
      await writeThumbnail(thumbnailPath(id), png);
      const updated = { ...entry, hasThumbnail: true };
      await save(current.map((other) => (other.id === id ? updated : other)));
      return toView(updated);
    });

  async function deleteThumbnails(gone: readonly StoredLibraryEntry[]): Promise<void> {
    for (const entry of gone.filter((candidate) => candidate.hasThumbnail)) {
      const path = thumbnailPath(entry.id);
      try {
        await unlink(path);
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') {
          logger.warn(`Could not delete the unused thumbnail ${path}: ${describeError(error)}.`);
        }
      }
    }
  }

  // Through the queue like every other operation: a read outside it could finish after a
  // queued change and put the list from before that change back in memory.
  const recent = (): Promise<readonly RecentModel[]> =>
    serialized(async () => {
      const current = await entries();
      return Promise.all(
        current.map(async (entry) => ({
          kind: entry.kind,
          path: entry.path,
          title: entry.title,
          missing: await isMissing(entry),
        })),
      );
    });

  return {
    recordOpened,
    list,
    recent,
    paths,
    pathOf,
    kindOf,
    remove,
    clear,
    relocate,
    setThumbnail,
    flush: () => serialized(() => file.flush()),
  };
}

function findEntry(entries: readonly StoredLibraryEntry[], id: string): StoredLibraryEntry {
  const entry = entries.find((candidate) => candidate.id === id);
  if (entry !== undefined) return entry;
  throw new HostProblemError(
    'missing',
    `The recent-model library has no entry ${id} (it may have been removed).`,
  );
}

/**
 * A thumbnail's bytes; anything but a regular file (a pipe would never end) is refused, and
 * one over the thumbnail limit is not read at all (it is not a thumbnail this app wrote).
 */
async function readThumbnailFile(path: string): Promise<Buffer> {
  const { handle, stats } = await openRegularFile(path);
  try {
    if (stats.size > THUMBNAIL_MAX_BYTES) {
      throw new Error(`${path} is ${stats.size} bytes, over the thumbnail limit`);
    }
    return Buffer.from(await readCheckedSize(handle, stats.size));
  } finally {
    await handle.close();
  }
}

async function writeThumbnail(path: string, png: Uint8Array): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true });
    await refuseLink(path);
    await writeFileAtomic(path, Buffer.from(png.buffer, png.byteOffset, png.length), {
      fsync: true,
    });
  } catch (error) {
    throw new HostProblemError(
      'write-failed',
      `Could not save the thumbnail ${path}: ${describeError(error)}.`,
      { cause: error },
    );
  }
}

/** The path with symlinks resolved; the path as given when that fails (logged). */
async function realPathOf(path: string, logger: Logger): Promise<string> {
  try {
    return await realpath(path);
  } catch (error) {
    logger.warn(`Could not resolve the real path of ${path}: ${describeError(error)}.`);
    return resolve(path);
  }
}

function isMotionFormat(format: OpenedFileData['format']): format is MotionFormat {
  return (MOTION_FORMATS as readonly string[]).includes(format);
}

/** How each kind of entry is named in messages. */
const KIND_NOUNS: Readonly<Record<LibraryEntry['kind'], string>> = {
  model: 'model',
  motion: 'motion',
  music: 'song',
  stage: 'stage',
};

function isAudioFormat(format: OpenedFileData['format']): format is AudioFormat {
  return (AUDIO_FORMATS as readonly string[]).includes(format);
}

function isStage(file: OpenedFileData): file is OpenedStageData {
  return 'kind' in file && file.kind === 'stage';
}

/** What kind of entry `file` makes. */
function kindOfFile(file: OpenedFileData): LibraryEntry['kind'] {
  if (isStage(file)) return 'stage';
  return isMotionFormat(file.format) ? 'motion' : isAudioFormat(file.format) ? 'music' : 'model';
}

/** The stored entry for a file just read, with the fields the library decides. */
function storedEntry(
  file: OpenedFileData,
  fields: Pick<StoredLibraryEntry, 'id' | 'path' | 'lastOpened' | 'hasThumbnail'>,
): StoredLibraryEntry {
  const common = { ...fields, title: file.title, size: file.size, sha256: file.sha256 };
  // Stage files name no author the app reads.
  if (isStage(file)) return { ...common, kind: 'stage', format: file.format, author: '' };
  if (isMotionFormat(file.format)) {
    // Motion files name no author.
    return { ...common, kind: 'motion', format: file.format, author: '' };
  }
  // Songs are listed by file name; their tags are not read.
  if (isAudioFormat(file.format))
    return { ...common, kind: 'music', format: file.format, author: '' };
  const model = file as ModelFileData;
  return { ...common, kind: 'model', format: model.format, author: model.author };
}
