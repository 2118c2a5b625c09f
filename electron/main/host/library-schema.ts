/**
 * The recent-model library file (`library.json` in the data folder), version 1, and the
 * upgrade steps that will bring older files forward.
 */

import { z } from 'zod';
import { MODEL_FORMATS, sha256Schema } from '../../../shared/preset-schema';
import {
  upgradeDocument,
  SchemaUpgradeError,
  type UpgradeStep,
} from '../../../shared/schema-upgrade';
import { STORE_ID_PATTERN } from './store-ids';

export const LIBRARY_SCHEMA_VERSION = 1;
/** The library keeps the most recent 30 models. */
export const LIBRARY_MAX_ENTRIES = 30;

const libraryEntrySchema = z.object({
  id: z.string().regex(STORE_ID_PATTERN),
  /** The file's real path (symlinks resolved); entries are unique by it. */
  path: z.string().min(1).max(4096),
  title: z.string().max(256),
  author: z.string().max(256),
  format: z.enum(MODEL_FORMATS),
  /** Bytes when last opened; a different size on disk marks the entry missing. */
  size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  sha256: sha256Schema,
  /** ISO 8601. */
  lastOpened: z.iso.datetime({ offset: true }),
  /** Whether `thumbnails/<id>.png` was written for this entry. */
  hasThumbnail: z.boolean(),
});

const librarySchema = z.object({
  schemaVersion: z.literal(LIBRARY_SCHEMA_VERSION),
  /** Newest first. */
  entries: z.array(libraryEntrySchema).max(LIBRARY_MAX_ENTRIES),
});

export type StoredLibraryEntry = z.infer<typeof libraryEntrySchema>;
export type LibraryFile = z.infer<typeof librarySchema>;

/** Upgrade steps keyed by the version they upgrade from (none yet). */
export const LIBRARY_UPGRADES: Readonly<Record<number, UpgradeStep>> = {};

/** The library file's parsed JSON, upgraded and checked (for the JSON file store). */
export const libraryFileSchema: z.ZodType<LibraryFile> = z
  .unknown()
  .transform((raw, context) => {
    try {
      return upgradeDocument('model library', raw, LIBRARY_SCHEMA_VERSION, LIBRARY_UPGRADES);
    } catch (error) {
      if (!(error instanceof SchemaUpgradeError)) throw error;
      context.issues.push({ code: 'custom', message: error.message, input: raw });
      return z.NEVER;
    }
  })
  .pipe(librarySchema)
  .refine((file) => new Set(file.entries.map((entry) => entry.id)).size === file.entries.length, {
    message: 'entry ids must be unique',
  });
