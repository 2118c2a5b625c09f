/**
 * Scene presets on disk: a folder of `<id>.ragdoll` JSON files in the data folder, one per
 * preset, named by host-made ids (never by the user's text). Each file goes through the JSON
 * file store (validated against the preset schema with its upgrade steps, atomic writes); all
 * operations on one id run one at a time. A corrupt file found while listing or loading is
 * moved aside as `<id>.corrupt-<time>.ragdoll` and reported; it is never overwritten. A file
 * that cannot be read (locked, no permission) is reported and left where it is.
 */

import { lstat, readdir, stat, unlink } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import pLimit from 'p-limit';
import writeFileAtomic from 'write-file-atomic';
import { PRESET_EXTENSION } from '../../../shared/file-types';
import type { PresetListing, PresetSummary } from '../../../shared/host-contract';
import {
  migratePreset,
  PRESET_NAME_MAX_LENGTH,
  PRESET_SCHEMA_VERSION,
  presetFileSchema,
  PresetFormatError,
  type Preset,
  type PresetContent,
} from '../../../shared/preset-schema';
import { FileGrewError, readCheckedSize } from './bounded-read';
import { describeError, errorCode, HostProblemError } from './host-problem';
import { jsonSyntaxProblem } from './json-syntax';
import { createJsonFileStore, JsonFileReadError, type JsonFileStore } from './json-file-store';
import { createBatchedRun } from './batched-run';
import { createKeyedQueue } from './keyed-queue';
import type { Logger } from './logger';
import { formatBytes } from './model-file';
import { NotARegularFileError, openRegularFile } from './regular-file';
import { createSharedRun } from './shared-run';
import { newStoreId, STORE_ID_PATTERN } from './store-ids';

/** The presets folder inside the data folder. */
export const PRESET_FOLDER = 'presets';
/** Largest preset file imported (a full scene with a thumbnail is well under 1 MB). */
export const PRESET_FILE_MAX_BYTES = 4 * 1024 * 1024;

/** Preset files read at once while listing. */
const LIST_READS_AT_ONCE = 8;

/** New presets written at the same time within one batch of saves. */
const NEW_WRITES_AT_ONCE = 8;
/** The queue key that adds new presets one at a time (no id has a space). */
const NEW_PRESETS_KEY = 'new presets';

/** How many presets, and how many bytes of them, the folder may hold. */
export interface PresetLimits {
  readonly maxCount: number;
  readonly maxTotalBytes: number;
}

/**
 * 1000 presets and 256 MiB in all: far above real use (a preset is tens of KB), low enough
 * that a page gone wrong cannot fill the disk through repeated saves.
 */
export const PRESET_LIMITS: PresetLimits = Object.freeze({
  maxCount: 1000,
  maxTotalBytes: 256 * 1024 * 1024,
});

export interface PresetStoreOptions {
  /** The app's data folder (Electron's `userData`); presets live in its `presets/`. */
  readonly directory: string;
  readonly logger: Logger;
  /** Clock for createdAt/updatedAt, ids and moved-aside names. Default: the system clock. */
  readonly now?: () => Date;
  /** Default `PRESET_LIMITS`; tests lower them. */
  readonly limits?: PresetLimits;
}

/** A preset read back, with its id. */
export interface StoredPreset {
  readonly id: string;
  readonly preset: Preset;
}

/** Every method throws `HostProblemError` for a problem the user can act on. */
export interface PresetStore {
  /** Every valid preset, newest update first, and a notice per corrupt file moved aside. */
  list(): Promise<PresetListing>;
  save(content: PresetContent): Promise<PresetSummary>;
  overwrite(id: string, content: PresetContent): Promise<PresetSummary>;
  rename(id: string, name: string): Promise<PresetSummary>;
  duplicate(id: string): Promise<PresetSummary>;
  delete(id: string): Promise<{ readonly id: string }>;
  /** The preset as saved (its model files are checked by the caller). */
  read(id: string): Promise<StoredPreset>;
  /** Copies a preset file the user chose in under a new id; nothing is written if invalid. */
  importFile(path: string): Promise<PresetSummary>;
  /** Writes preset `id` to `path` (chosen by the user); adds `.ragdoll` when it has no extension. */
  exportFile(id: string, path: string): Promise<{ readonly path: string }>;
  /** Resolves once every queued operation has finished; call before quitting. */
  flush(): Promise<void>;
}

/** The presets in `<options.directory>/presets`; the folder is created on the first save. */
export function createPresetStore(options: PresetStoreOptions): PresetStore {
  const { logger } = options;
  const folder = join(options.directory, PRESET_FOLDER);
  const now = options.now ?? (() => new Date());
  const queue = createKeyedQueue();
  const files = new Map<string, JsonFileStore<Preset>>();
  const problems = new Map<string, string>();
  const fileOf = (id: string): string => join(folder, `${id}.${PRESET_EXTENSION}`);

  function storeOf(id: string): JsonFileStore<Preset> {
    let store = files.get(id);
    if (store === undefined) {
      store = createJsonFileStore({
        filePath: fileOf(id),
        schema: presetFileSchema,
        logger,
        now,
        onProblem: (message) => problems.set(id, message),
        afterMoveAside:
          'so it is no longer listed; the moved file is kept in case you want it back.',
      });
      files.set(id, store);
    }
    return store;
  }

  /** Reads outside the queue; callers hold the id's turn. */
  async function readNow(id: string): Promise<Preset> {
    problems.delete(id);
    let preset: Preset | undefined;
    try {
      preset = await storeOf(id).read();
    } catch (error) {
      if (!(error instanceof JsonFileReadError)) throw error;
      throw new HostProblemError('unreadable', `The preset ${error.message}`, { cause: error });
    }
    if (preset !== undefined) return preset;
    const problem = problems.get(id);
    problems.delete(id);
    if (problem !== undefined) throw new HostProblemError('invalid', problem);
    throw new HostProblemError('missing', `There is no preset ${id} (it may have been deleted).`);
  }

  async function writeNow(id: string, preset: Preset): Promise<PresetSummary> {
    try {
      await storeOf(id).write(preset);
    } catch (error) {
      throw new HostProblemError(
        'write-failed',
        `Could not save the preset "${preset.name}": ${describeError(error)}`,
        { cause: error },
      );
    }
    return summarize(id, preset);
  }

  const stamped = (content: PresetContent, createdAt: string): Preset => ({
    ...content,
    schemaVersion: PRESET_SCHEMA_VERSION,
    createdAt,
    updatedAt: now().toISOString(),
  });

  // Every preset file is read per listing: a page asking thousands of times at once must not
  // make that thousands of readings (see createSharedRun).
  const list = createSharedRun(async (): Promise<PresetListing> => {
    try {
      return await listNow();
    } catch (error) {
      // The folder cannot be listed (a file in its place, no permission): an answer the page
      // shows, not a rejection.
      if (!(error instanceof HostProblemError)) throw error;
      return { presets: [], notices: [error.message] };
    }
  });

  async function listNow(): Promise<PresetListing> {
    const notices: string[] = [];
    const presets: PresetSummary[] = [];
    // Hundreds of presets read all at once would run out of file handles (EMFILE).
    const limit = pLimit(LIST_READS_AT_ONCE);
    await Promise.all(
      (await presetIds()).map((id) =>
        limit(() =>
          queue.run(id, async () => {
            try {
              presets.push(summarize(id, await readNow(id)));
            } catch (error) {
              // Deleted between readdir and read: simply not listed.
              if (error instanceof HostProblemError && error.code === 'missing') return;
              if (error instanceof HostProblemError) notices.push(error.message);
              else throw error;
            }
          }),
        ),
      ),
    );
    presets.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id));
    return { presets, notices };
  }

  async function presetIds(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(folder);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return [];
      throw new HostProblemError(
        'unreadable',
        `Could not list the presets folder ${folder}: ${describeError(error)}`,
        { cause: error },
      );
    }
    // Moved-aside files (`id.corrupt-….ragdoll`) and write-file-atomic's temp files
    // (`id.ragdoll.123`) do not match and are left alone.
    const suffix = `.${PRESET_EXTENSION}`;
    return names
      .filter((name) => name.endsWith(suffix))
      .map((name) => name.slice(0, -suffix.length))
      .filter((id) => STORE_ID_PATTERN.test(id));
  }

  const limits = options.limits ?? PRESET_LIMITS;

  /** How many presets the folder holds now and their total size, bytes. */
  async function folderUse(): Promise<{ count: number; bytes: number }> {
    const ids = await presetIds();
    const sizes = await Promise.all(
      ids.map((id) =>
        stat(fileOf(id)).then(
          (stats) => stats.size,
          () => 0,
        ),
      ),
    );
    return { count: ids.length, bytes: sizes.reduce((sum, size) => sum + size, 0) };
  }

  /** Refuses a new preset of `preset`'s size when the folder holds as many as it may. */
  function checkRoom(preset: Preset, use: { count: number; bytes: number }): number {
    const adding = Buffer.byteLength(JSON.stringify(preset, null, 2));
    if (use.count + 1 <= limits.maxCount && use.bytes + adding <= limits.maxTotalBytes) {
      return adding;
    }
    throw new HostProblemError(
      'write-failed',
      `The preset "${preset.name}" was not saved: the presets folder ${folder} holds ` +
        `${use.count} presets (${formatBytes(use.bytes)}), and it holds at most ` +
        `${limits.maxCount} or ${formatBytes(limits.maxTotalBytes)}. Delete some first.`,
    );
  }

  /**
   * Writes new presets if there is room for them, one at a time, so a burst of saves cannot
   * all pass the check before any is written. Saves that arrive together share one look at
   * the folder (listing it and sizing every file once per batch, not once per save).
   */
  const writeNewInBatch = createBatchedRun<
    { id: string; preset: Preset },
    PromiseSettledResult<PresetSummary>
  >(
    (run) => queue.run(NEW_PRESETS_KEY, run),
    async (batch) => {
      const use = await folderUse();
      // Room is decided in arrival order before anything is written; the writes (each with
      // its own fsync) then overlap, a few at a time.
      const admitted = batch.map(({ preset }) => {
        try {
          const adding = checkRoom(preset, use);
          use.count += 1;
          use.bytes += adding;
          return undefined;
        } catch (reason) {
          return reason;
        }
      });
      const limit = pLimit(NEW_WRITES_AT_ONCE);
      return Promise.allSettled(
        batch.map(({ id, preset }, index) => {
          const refusal = admitted[index];
          if (refusal !== undefined) return Promise.reject(refusal);
          return limit(() => queue.run(id, () => writeNow(id, preset)));
        }),
      );
    },
  );

  const writeNew = async (id: string, preset: Preset): Promise<PresetSummary> => {
    const result = await writeNewInBatch({ id, preset });
    if (result.status === 'rejected') throw result.reason;
    return result.value;
  };

  const save = (content: PresetContent): Promise<PresetSummary> => {
    const id = newStoreId('p', now());
    return writeNew(id, stamped(content, now().toISOString()));
  };

  const overwrite = (id: string, content: PresetContent): Promise<PresetSummary> =>
    queue.run(id, async () => writeNow(id, stamped(content, (await readNow(id)).createdAt)));

  const rename = (id: string, name: string): Promise<PresetSummary> =>
    queue.run(id, async () => {
      const preset = await readNow(id);
      return writeNow(id, { ...preset, name, updatedAt: now().toISOString() });
    });

  const duplicate = async (id: string): Promise<PresetSummary> => {
    const original = await queue.run(id, () => readNow(id));
    const copyId = newStoreId('p', now());
    const time = now().toISOString();
    const copy: Preset = {
      ...original,
      name: copyName(original.name),
      createdAt: time,
      updatedAt: time,
    };
    return writeNew(copyId, copy);
  };

  const remove = (id: string): Promise<{ readonly id: string }> =>
    queue.run(id, async () => {
      await storeOf(id).flush();
      try {
        await unlink(fileOf(id));
      } catch (error) {
        if (errorCode(error) === 'ENOENT') {
          throw new HostProblemError('missing', `There is no preset ${id} (already deleted?).`);
        }
        throw new HostProblemError(
          'write-failed',
          `Could not delete ${fileOf(id)}: ${describeError(error)}`,
          { cause: error },
        );
      }
      files.delete(id);
      return { id };
    });

  const read = (id: string): Promise<StoredPreset> =>
    queue.run(id, async () => ({ id, preset: await readNow(id) }));

  async function importFile(path: string): Promise<PresetSummary> {
    const preset = await readPresetFile(path);
    const id = newStoreId('p', now());
    return writeNew(id, { ...preset, updatedAt: now().toISOString() });
  }

  const exportFile = (id: string, path: string): Promise<{ readonly path: string }> =>
    queue.run(id, async () => {
      const preset = await readNow(id);
      const target = extname(path) === '' ? `${path}.${PRESET_EXTENSION}` : path;
      if (target !== path) await refuseUnconfirmedOverwrite(target, path);
      try {
        await writeFileAtomic(target, `${JSON.stringify(preset, null, 2)}\n`, { fsync: true });
      } catch (error) {
        throw new HostProblemError(
          'write-failed',
          `Could not export "${preset.name}" to ${target}: ${describeError(error)}`,
          { cause: error },
        );
      }
      logger.info(`Exported preset ${id} to ${target}.`);
      return { path: target };
    });

  return {
    list,
    save,
    overwrite,
    rename,
    duplicate,
    delete: remove,
    read,
    importFile,
    exportFile,
    flush: () => queue.idle(),
  };
}

/**
 * The save dialog asked about replacing `confirmed`, not `target` (the name with `.ragdoll`
 * added): a file already there must not be overwritten without asking.
 */
async function refuseUnconfirmedOverwrite(target: string, confirmed: string): Promise<void> {
  try {
    await lstat(target);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw new HostProblemError(
      'write-failed',
      `Could not check whether ${target} exists (${describeError(error)}); nothing was written.`,
      { cause: error },
    );
  }
  throw new HostProblemError(
    'write-failed',
    `${target} already exists, and the save dialog was answered with ${confirmed}, so it was ` +
      `not asked about replacing it; nothing was written. Export again and choose ` +
      `${basename(target)} itself to replace it, or another name.`,
  );
}

/** The summary the preset list shows. */
export function summarize(id: string, preset: Preset): PresetSummary {
  const summary = {
    id,
    name: preset.name,
    createdAt: preset.createdAt,
    updatedAt: preset.updatedAt,
    figureCount: preset.figures.length,
    propCount: preset.props.length,
  };
  return preset.thumbnail === undefined ? summary : { ...summary, thumbnail: preset.thumbnail };
}

/** `Stairs` → `Stairs (copy)`, kept within the name limit. */
function copyName(name: string): string {
  const suffix = ' (copy)';
  return `${name.slice(0, PRESET_NAME_MAX_LENGTH - suffix.length)}${suffix}`;
}

/**
 * Reads and checks a preset file from anywhere (Import…, a drop), writing nothing.
 *
 * @throws HostProblemError `missing`, `unreadable`, `too-large` or `invalid`, naming the file
 */
export async function readPresetFile(path: string): Promise<Preset> {
  const text = await readBoundedText(path);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new HostProblemError(
      'invalid',
      `${path} is not a Ragdoll Playground preset: it is not valid JSON (${jsonSyntaxProblem(error)}).`,
    );
  }
  try {
    return migratePreset(json);
  } catch (error) {
    if (!(error instanceof PresetFormatError)) throw error;
    throw new HostProblemError('invalid', `${path} is not a valid preset. ${error.message}`);
  }
}

async function readBoundedText(path: string): Promise<string> {
  try {
    const { handle, stats } = await openRegularFile(path);
    try {
      if (stats.size > PRESET_FILE_MAX_BYTES) {
        throw new HostProblemError(
          'too-large',
          `${path} is ${formatBytes(stats.size)}; a preset file is at most ` +
            `${formatBytes(PRESET_FILE_MAX_BYTES)}, so this is not one.`,
        );
      }
      return Buffer.from(await readCheckedSize(handle, stats.size)).toString('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof HostProblemError) throw error;
    if (error instanceof FileGrewError) {
      throw new HostProblemError('too-large', `${path} ${error.message}; it was not imported.`, {
        cause: error,
      });
    }
    if (error instanceof NotARegularFileError) {
      throw new HostProblemError('unreadable', `${error.message}, so it is no preset.`, {
        cause: error,
      });
    }
    if (errorCode(error) === 'ENOENT') {
      throw new HostProblemError('missing', `${path} was not found.`, { cause: error });
    }
    throw new HostProblemError(
      'unreadable',
      `${path} could not be read (${describeError(error)}).`,
      {
        cause: error,
      },
    );
  }
}
