/**
 * Reads an avatar file for the renderer: refuses what is too large, missing, unreadable or
 * not a model with a sentence naming the file, and otherwise returns its bytes, size,
 * SHA-256 and what the model calls itself. Reads only; it never changes anything.
 */

import type { IdentifiedFileReader, ModelFileData } from './identified-file';
import { identifiedFileReader } from './identified-file';
import { identifyModel, MODEL_MAGIC_BYTES, ModelFormatError, readModelMagic } from './model-format';
import { formatChecks } from './user-file';

export { formatBytes, sizeToHold } from './user-file';

/** The largest model file the app reads: 512 MiB (the biggest real avatars are ~100 MB). */
export const MODEL_MAX_BYTES = 512 * 1024 * 1024;

/**
 * Reads and identifies the model at `path`: named by its own title and author, or by its file.
 *
 * @throws HostProblemError `missing`, `unreadable`, `too-large` or `not-a-model`
 */
export const readModelFile: IdentifiedFileReader<ModelFileData> = identifiedFileReader(
  { noun: 'model', wanted: 'a VRM, PMX or PMD model', notThisKind: 'not-a-model' },
  formatChecks(MODEL_MAGIC_BYTES, readModelMagic, identifyModel, ModelFormatError),
  MODEL_MAX_BYTES,
  (identity, fileTitle) => ({
    format: identity.format,
    title: identity.title || fileTitle,
    author: identity.author,
  }),
);
