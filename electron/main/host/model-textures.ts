/**
 * Reads the texture files an MMD model (PMX/PMD) names, from the model's own folder. MMD
 * models store texture paths relative to the model file, written on Windows (backslashes,
 * any letter case); this resolves them on any OS while never leaving the model's folder:
 * absolute paths and `..` are refused, symbolic links are followed and the real file must
 * still lie inside the folder's real path, and only image extensions MMD uses are read.
 */

import type { Stats } from 'node:fs';
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { basename, dirname, extname, isAbsolute, join, relative, sep } from 'node:path';
import type { ModelTexture } from '../../../shared/host-contract';
import { FileGrewError, readCheckedSize } from './bounded-read';
import { describeError, errorCode, HostProblemError } from './host-problem';
import { formatBytes, sizeToHold } from './model-file';
import type { ReadBudget } from './read-budget';
import { NotARegularFileError, openRegularFile, type OpenedRegularFile } from './regular-file';

/** The largest texture file read: 64 MiB (an 8192² uncompressed TGA is 256 MB, real ones far less). */
export const TEXTURE_MAX_BYTES = 64 * 1024 * 1024;

/** Extensions (lower case, with the dot) of the image files MMD models use, sphere maps included. */
export const TEXTURE_EXTENSIONS: readonly string[] = Object.freeze([
  '.png',
  '.jpg',
  '.jpeg',
  '.bmp',
  '.tga',
  '.sph',
  '.spa',
  '.gif',
]);

export interface ReadTextureOptions {
  /** Default `TEXTURE_MAX_BYTES`; tests lower it. */
  readonly maxBytes?: number;
  /** Shared with other reads so they cannot hold unbounded memory at once. Default: none. */
  readonly budget?: ReadBudget;
  /** Extensions (lower case, with the dot) that may be read. Default `TEXTURE_EXTENSIONS`. */
  readonly extensions?: readonly string[];
}

/**
 * Reads `textureName` relative to the folder of `modelPath`. The caller has checked that the
 * model itself may be read.
 *
 * @param modelPath - absolute path of the model file
 * @param textureName - the path as written in the model (`\` or `/` separators)
 * @throws HostProblemError `not-allowed` (outside the folder, absolute, not an image type),
 *   `missing`, `too-large` or `unreadable`
 */
export async function readModelTexture(
  modelPath: string,
  textureName: string,
  options: ReadTextureOptions = {},
): Promise<ModelTexture> {
  const name = normaliseTextureName(textureName);
  const segments = checkedSegments(name, modelPath, options.extensions ?? TEXTURE_EXTENSIONS);
  const folder = dirname(modelPath);
  const found = await findCaseInsensitive(folder, segments);
  if (found === null) {
    throw new HostProblemError(
      'missing',
      `${basename(modelPath)} uses the texture ${name}, which is not in ${folder}.`,
    );
  }
  await checkInside(folder, found, name, modelPath);
  // A link may be swapped between that check and the open: what was opened is checked too.
  const verify = async (opened: Stats): Promise<void> => {
    const realFile = await checkInside(folder, found, name, modelPath);
    const current = await statOrUnreadable(realFile);
    if (current.dev !== opened.dev || current.ino !== opened.ino) {
      throw new HostProblemError(
        'not-allowed',
        `${basename(modelPath)} names the texture ${name}, which changed while it was being ` +
          `opened (a link pointed elsewhere); it was not read.`,
      );
    }
  };
  const maxBytes = options.maxBytes ?? TEXTURE_MAX_BYTES;
  const read = (): Promise<Uint8Array> => readTextureFile(found, maxBytes, verify);
  const bytes =
    options.budget === undefined
      ? await read()
      : await options.budget.run(await sizeToHold(found, maxBytes), read);
  return { name, fileName: basename(found), bytes };
}

/** `\` → `/`, a leading `./` dropped: the form MMD files mean on every OS. */
export function normaliseTextureName(textureName: string): string {
  return textureName.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
}

/** The path's segments, or `not-allowed` for names that could reach outside the folder. */
function checkedSegments(name: string, modelPath: string, extensions: readonly string[]): string[] {
  const refuse = (why: string): never => {
    throw new HostProblemError(
      'not-allowed',
      `${basename(modelPath)} names the texture "${name}", ${why}; it was not read.`,
    );
  };
  // A drive letter, a leading slash or a UNC path: absolute on some OS, so never relative here.
  if (name === '' || name.startsWith('/') || /^[a-zA-Z]:/.test(name) || isAbsolute(name)) {
    refuse('which is not a path inside the model’s folder');
  }
  if (name.includes('\0')) refuse('which contains a NUL character');
  const segments = name.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) refuse('which points outside the model’s folder');
  if (!extensions.includes(extname(name).toLowerCase())) {
    refuse(`which is not a file it may use (${extensions.join(' ')})`);
  }
  return segments;
}

/**
 * Walks `segments` from `folder`, taking the exact name when it exists and otherwise the one
 * entry whose name matches ignoring case (models authored on Windows say `Tex\Body.PNG` for
 * `tex/body.png`). Null when some segment has no match.
 */
async function findCaseInsensitive(
  folder: string,
  segments: readonly string[],
): Promise<string | null> {
  let current = folder;
  for (const segment of segments) {
    const exact = join(current, segment);
    if (await exists(exact)) {
      current = exact;
      continue;
    }
    const match = await matchIgnoringCase(current, segment);
    if (match === null) return null;
    current = join(current, match);
  }
  return current;
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return false;
    throw unreadable(path, error);
  }
}

async function matchIgnoringCase(folder: string, segment: string): Promise<string | null> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return null;
    throw unreadable(folder, error);
  }
  const wanted = segment.toLowerCase();
  return names.find((entry) => entry.toLowerCase() === wanted) ?? null;
}

async function statOrUnreadable(path: string): Promise<Stats> {
  try {
    return await stat(path);
  } catch (error) {
    throw unreadable(path, error);
  }
}

/** Follows links: the real file must lie inside the real model folder. Returns its real path. */
async function checkInside(
  folder: string,
  found: string,
  name: string,
  modelPath: string,
): Promise<string> {
  let realFolder: string;
  let realFile: string;
  try {
    [realFolder, realFile] = await Promise.all([realpath(folder), realpath(found)]);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') {
      // A dangling link: the texture it names is not there.
      throw new HostProblemError(
        'missing',
        `${basename(modelPath)} uses the texture ${name}, which is a link to a file that does not exist.`,
        { cause: error },
      );
    }
    throw unreadable(found, error);
  }
  const inside = relative(realFolder, realFile);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
    throw new HostProblemError(
      'not-allowed',
      `${basename(modelPath)} names the texture ${name}, which links outside the model’s ` +
        `folder; it was not read.`,
    );
  }
  return realFile;
}

async function readTextureFile(
  path: string,
  maxBytes: number,
  verify: (opened: Stats) => Promise<void>,
): Promise<Uint8Array> {
  let opened: OpenedRegularFile;
  try {
    opened = await openRegularFile(path);
  } catch (error) {
    if (error instanceof NotARegularFileError) {
      throw new HostProblemError('unreadable', `${error.message}, so it is no texture.`, {
        cause: error,
      });
    }
    throw unreadable(path, error);
  }
  const { handle, stats } = opened;
  try {
    await verify(stats);
    if (stats.size > maxBytes) {
      throw new HostProblemError(
        'too-large',
        `${path} is ${formatBytes(stats.size)}; textures are read up to ${formatBytes(maxBytes)}.`,
      );
    }
    return await readCheckedSize(handle, stats.size);
  } catch (error) {
    if (error instanceof HostProblemError) throw error;
    if (error instanceof FileGrewError) {
      throw new HostProblemError(
        'too-large',
        `The texture ${path} ${error.message}; it was not read.`,
        {
          cause: error,
        },
      );
    }
    throw unreadable(path, error);
  } finally {
    await handle.close();
  }
}

function unreadable(path: string, error: unknown): HostProblemError {
  return new HostProblemError(
    'unreadable',
    `The texture ${path} could not be read (${describeError(error)}).`,
    { cause: error },
  );
}
