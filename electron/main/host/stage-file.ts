/**
 * Reads a stage file the person chose (Open Stage…, or a drop with Shift held): a glTF
 * (`.glb`, or `.gltf` with the buffers and images it names beside it) or a PMX/PMD model. The
 * files a `.gltf` names are read like an MMD model's textures: only from inside the file's own
 * folder (see model-textures.ts), never by an absolute path, `..` or a link leading out.
 */

import { basename, extname } from 'node:path';
import type { StageFileRead, StageSideFile } from '../../../shared/host-contract';
import type { StageFormat } from '../../../shared/preset-schema';
import { HostProblemError } from './host-problem';
import { sha256Of } from './file-hash';
import { readModelTexture, TEXTURE_EXTENSIONS } from './model-textures';
import { STAGE_MAX_BYTES } from './preset-stage';
import type { ReadBudget } from './read-budget';
import { readUserFile, type UserFileKind } from './user-file';

/** A stage file as read, before the library records it. */
export type StageFileData = Omit<StageFileRead, 'libraryEntryId'>;

/** A stage file's bytes are not what its extension says. */
class StageFormatError extends Error {
  override name = 'StageFormatError';
}

/** How many leading bytes identify a stage file. */
const HEADER_BYTES = 4;
/** The most files a `.gltf` may name beside it (a real scene names tens to hundreds). */
export const MAX_SIDE_FILES = 1024;
/** What a `.gltf` may name beside it: its buffers and images. */
const SIDE_EXTENSIONS: readonly string[] = Object.freeze([
  '.bin',
  '.glbin',
  '.webp',
  '.ktx2',
  ...TEXTURE_EXTENSIONS,
]);

/** The stage format `path`'s extension names, or null for a file that cannot be a stage. */
export function stageFormatOf(path: string): StageFormat | null {
  const extension = extname(path).slice(1).toLowerCase();
  return extension === 'glb' || extension === 'gltf' || extension === 'pmx' || extension === 'pmd'
    ? extension
    : null;
}

function stageKind(format: StageFormat): UserFileKind<StageFormat> {
  const check = (header: Uint8Array): void => {
    const text = new TextDecoder('latin1').decode(header.subarray(0, HEADER_BYTES));
    const fits =
      format === 'glb'
        ? text === 'glTF'
        : format === 'gltf'
          ? /^(\uFEFF|\xEF\xBB\xBF)?\s*\{/.test(text)
          : format === 'pmx'
            ? text === 'PMX '
            : text.startsWith('Pmd');
    if (!fits)
      throw new StageFormatError(
        `is not a ${format.toUpperCase()} file (its first bytes say otherwise).`,
      );
  };
  return {
    noun: 'stage',
    wanted: 'a glTF (.glb, .gltf), PMX or PMD stage',
    notThisKind: 'not-a-model',
    headerBytes: HEADER_BYTES,
    checkHeader: check,
    identify: (bytes) => (check(bytes), format),
    isFormatError: (error): error is Error => error instanceof StageFormatError,
  };
}

/**
 * Reads the stage at `path` and, for a `.gltf`, the files it names beside it.
 *
 * @throws HostProblemError `missing`, `unreadable`, `too-large`, `not-a-model` (not a stage
 *   file, or not what its extension says) or `not-allowed` (a named file outside its folder)
 */
export async function readStageFile(path: string, budget?: ReadBudget): Promise<StageFileData> {
  const format = stageFormatOf(path);
  if (format === null) {
    throw new HostProblemError(
      'not-a-model',
      `${basename(path)} is not a stage file: choose a .glb, .gltf, .pmx or .pmd file.`,
    );
  }
  const { bytes, size } = await readUserFile(path, STAGE_MAX_BYTES, stageKind(format), budget);
  const beside = format === 'gltf' ? await readSideFiles(path, bytes, budget) : [];
  return { path, fileName: basename(path), size, sha256: sha256Of(bytes), format, bytes, beside };
}

/** The relative URIs a glTF's JSON names for its buffers and images (data: URIs are inside). */
export function sideFileUris(path: string, json: Uint8Array): string[] {
  let document: unknown;
  try {
    document = JSON.parse(new TextDecoder().decode(json));
  } catch (error) {
    throw new HostProblemError(
      'not-a-model',
      `${basename(path)} is not a glTF file: its JSON cannot be read (${String(error)}).`,
    );
  }
  const uris = new Set<string>();
  for (const key of ['buffers', 'images']) {
    const list = (document as Record<string, unknown> | null)?.[key];
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      const uri = (item as { uri?: unknown } | null)?.uri;
      if (typeof uri === 'string' && !uri.startsWith('data:')) uris.add(uri);
    }
  }
  if (uris.size > MAX_SIDE_FILES) {
    throw new HostProblemError(
      'too-large',
      `${basename(path)} names ${uris.size} files beside it, more than the ${MAX_SIDE_FILES} a stage may.`,
    );
  }
  return [...uris];
}

async function readSideFiles(
  path: string,
  json: Uint8Array,
  budget: ReadBudget | undefined,
): Promise<StageSideFile[]> {
  const files: StageSideFile[] = [];
  for (const uri of sideFileUris(path, json)) {
    let name: string;
    try {
      name = decodeURIComponent(uri);
    } catch {
      throw new HostProblemError(
        'not-a-model',
        `${basename(path)} names the file "${uri}", which is not a valid URI; export it again.`,
      );
    }
    const read = await readModelTexture(path, name, {
      maxBytes: STAGE_MAX_BYTES,
      extensions: SIDE_EXTENSIONS,
      ...(budget === undefined ? {} : { budget }),
    });
    files.push({ uri, bytes: read.bytes });
  }
  return files;
}
