/**
 * The crash-recovery copy of the scene: `recovery.ragdoll` in the data folder, a preset the
 * page sends every few seconds while it runs. It is written atomically (temp file, flush,
 * rename), so a crash mid-write leaves the previous copy whole. A clean end (the window
 * closed, the app quit) removes it; if it is still there when a page starts, the last page or
 * the whole app ended without one, and the page offers to restore it.
 */

import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Preset, PresetContent } from '../../../shared/preset-schema';
import { PRESET_SCHEMA_VERSION, presetFileSchema } from '../../../shared/preset-schema';
import { errorCode } from './host-problem';
import { createJsonFileStore } from './json-file-store';
import type { Logger } from './logger';
import { createSharedRun } from './shared-run';

/** The recovery file's name in the data folder. */
export const RECOVERY_FILE = 'recovery.ragdoll';

export interface RecoveryStoreOptions {
  /** The app's data folder (Electron's `userData`). */
  readonly directory: string;
  readonly logger: Logger;
  /** Clock for the saved times and moved-aside names. Default: the system clock. */
  readonly now?: () => Date;
}

/** What a page finds at its start. */
export type RecoveryFound =
  | { readonly kind: 'none' }
  | { readonly kind: 'scene'; readonly preset: Preset }
  /** The file was there but not a valid preset; it was moved aside (the sentence says where). */
  | { readonly kind: 'invalid'; readonly message: string };

export interface RecoveryStore {
  /**
   * Replaces the recovery copy with `content`. Saves arriving while one is being written are
   * folded into one write of the latest, so a flood of saves costs two writes.
   *
   * @returns when the copy on disk holds this content (or a later one)
   * @throws Error naming the file when it could not be written
   */
  save(content: PresetContent): Promise<{ readonly savedAt: string }>;
  /** The copy left by a page or app that ended without a clean end; removes it from disk. */
  take(): Promise<RecoveryFound>;
  /** A clean end: removes the copy (pending saves are dropped first). */
  discard(): Promise<void>;
  /** Resolves once every pending write has finished (before quitting). */
  flush(): Promise<void>;
}

export function createRecoveryStore(options: RecoveryStoreOptions): RecoveryStore {
  const now = options.now ?? (() => new Date());
  const filePath = join(options.directory, RECOVERY_FILE);
  let problem: string | undefined;
  const file = createJsonFileStore<Preset>({
    filePath,
    schema: presetFileSchema,
    logger: options.logger,
    now,
    onProblem: (message) => (problem = message),
    afterMoveAside: 'so the last scene could not be offered for restoring.',
  });
  let latest: Preset | undefined;
  let createdAt: string | undefined;
  // Takes whatever is latest when its turn comes; undefined (after discard) writes nothing.
  const writeLatest = createSharedRun(async () => {
    const value = latest;
    if (value !== undefined) await file.write(value);
  });

  async function removeFile(): Promise<void> {
    try {
      await unlink(filePath);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return;
      options.logger.error(`Could not remove ${filePath}; it may be offered again.`, error);
    }
  }

  return {
    async save(content) {
      const savedAt = now().toISOString();
      createdAt ??= savedAt;
      latest = { ...content, schemaVersion: PRESET_SCHEMA_VERSION, createdAt, updatedAt: savedAt };
      await writeLatest();
      return { savedAt };
    },
    async take() {
      await file.flush();
      problem = undefined;
      const preset = await file.read();
      if (preset === undefined) {
        return problem === undefined ? { kind: 'none' } : { kind: 'invalid', message: problem };
      }
      await removeFile();
      options.logger.info(`Found the scene of a session that did not end cleanly in ${filePath}.`);
      return { kind: 'scene', preset };
    },
    async discard() {
      latest = undefined;
      createdAt = undefined;
      await writeLatest().catch(() => undefined);
      await removeFile();
    },
    flush: () => writeLatest().then(() => file.flush()),
  };
}
