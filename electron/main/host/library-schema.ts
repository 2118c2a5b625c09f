/**
 * The recent-file library (`library.json` in the data folder), version 4: models, motions, songs
 * and stages, and the upgrade steps that bring older files forward (version 1 held models
 * only, version 2 models and motions, version 3 songs too).
 */

import { z } from 'zod';
import { AUDIO_FORMATS } from '../../../shared/audio-files';
import {
  MODEL_FORMATS,
  MOTION_FORMATS,
  STAGE_FORMATS,
  sha256Schema,
} from '../../../shared/preset-schema';
import {
  upgradedDocumentSchema,
  type RawDocument,
  type UpgradeStep,
} from '../../../shared/schema-upgrade';
import { STORE_ID_PATTERN } from './store-ids';

export const LIBRARY_SCHEMA_VERSION = 4;
/** The library keeps the most recent 30 files (models, motions, songs and stages together). */
export const LIBRARY_MAX_ENTRIES = 30;

const entryFields = {
  id: z.string().regex(STORE_ID_PATTERN),
  /** The file's real path (symlinks resolved); entries are unique by it. */
  path: z.string().min(1).max(4096),
  title: z.string().max(256),
  author: z.string().max(256),
  /** Bytes when last opened; a different size on disk marks the entry missing. */
  size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  sha256: sha256Schema,
  /** ISO 8601. */
  lastOpened: z.iso.datetime({ offset: true }),
  /** Whether `thumbnails/<id>.png` was written for this entry (models only: motions have none). */
  hasThumbnail: z.boolean(),
};

/**
 * An entry is a model, a motion, a song or a stage; its format must be one of its kind's. A
 * PMX or PMD file is a model or a stage by how it was opened, so the kind is stored.
 */
const libraryEntrySchema = z.discriminatedUnion('kind', [
  z.object({ ...entryFields, kind: z.literal('model'), format: z.enum(MODEL_FORMATS) }),
  z.object({ ...entryFields, kind: z.literal('motion'), format: z.enum(MOTION_FORMATS) }),
  z.object({ ...entryFields, kind: z.literal('music'), format: z.enum(AUDIO_FORMATS) }),
  z.object({ ...entryFields, kind: z.literal('stage'), format: z.enum(STAGE_FORMATS) }),
]);

const librarySchema = z.object({
  schemaVersion: z.literal(LIBRARY_SCHEMA_VERSION),
  /** Newest first. */
  entries: z.array(libraryEntrySchema).max(LIBRARY_MAX_ENTRIES),
});

export type StoredLibraryEntry = z.infer<typeof libraryEntrySchema>;
export type LibraryFile = z.infer<typeof librarySchema>;

/**
 * Version 1 → 2: every entry of a version 1 library is a model. A value not shaped like a
 * library is passed on for the schema to report.
 */
function addEntryKinds(v1: RawDocument): RawDocument {
  const entries = v1['entries'];
  return {
    ...v1,
    schemaVersion: 2,
    entries: Array.isArray(entries)
      ? entries.map((entry: unknown) =>
          typeof entry === 'object' && entry !== null && !Array.isArray(entry)
            ? { ...entry, kind: 'model' }
            : entry,
        )
      : entries,
  };
}

/** Version 2 → 3: songs may now be listed; every version 2 entry stays as it was. */
function allowSongs(v2: RawDocument): RawDocument {
  return { ...v2, schemaVersion: 3 };
}

/** Version 3 → 4: stages may now be listed; every version 3 entry stays as it was. */
function allowStages(v3: RawDocument): RawDocument {
  return { ...v3, schemaVersion: 4 };
}

/** Upgrade steps keyed by the version they upgrade from. */
export const LIBRARY_UPGRADES: Readonly<Record<number, UpgradeStep>> = {
  1: addEntryKinds,
  2: allowSongs,
  3: allowStages,
};

/** The library file's parsed JSON, upgraded and checked (for the JSON file store). */
export const libraryFileSchema: z.ZodType<LibraryFile> = upgradedDocumentSchema(
  'model library',
  LIBRARY_SCHEMA_VERSION,
  LIBRARY_UPGRADES,
)
  .pipe(librarySchema)
  .refine((file) => new Set(file.entries.map((entry) => entry.id)).size === file.entries.length, {
    message: 'entry ids must be unique',
  });
