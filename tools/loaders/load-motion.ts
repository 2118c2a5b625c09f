/**
 * Resolves a motion named on the command line (the simulator's `--motion`, benchmarks, tests):
 * `builtin:<name>` for a motion made in code, or a path to a `.vrma` or `.vmd` file, read
 * through the same loader the app uses (`renderer/src/view/motion/load-motion-file.ts`).
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { MotionClip } from '../../renderer/src/motion/motion-clip';
import {
  BUILTIN_MOTION_NAMES,
  builtinMotion,
  isBuiltinMotionName,
} from '../../renderer/src/motion/builtin-motions';
import { MotionFileError } from '../../renderer/src/motion/motion-file-error';
import { loadMotionFile } from '../../renderer/src/view/motion/load-motion-file';

export { MotionFileError };

// three.js's loaders read `self` (a browser global) in places; Node has none (as for VRM).
(globalThis as { self?: unknown }).self ??= globalThis;

const BUILTIN_PREFIX = 'builtin:';

/** The accepted `builtin:` sources, for messages and help. */
export const BUILTIN_MOTION_SOURCES = BUILTIN_MOTION_NAMES.map((name) => BUILTIN_PREFIX + name);

function builtinClip(source: string): MotionClip {
  const name = source.slice(BUILTIN_PREFIX.length);
  if (!isBuiltinMotionName(name)) {
    throw new MotionFileError(
      `${source}: no such built-in motion; choose one of ${BUILTIN_MOTION_SOURCES.join(', ')}`,
    );
  }
  return builtinMotion(name);
}

/**
 * The clip `source` names. Throws a {@link MotionFileError} whose message names the source and
 * says what is wrong: an unknown built-in, a file that cannot be read, or one that is not a
 * usable motion.
 */
export async function loadMotionSource(source: string): Promise<MotionClip> {
  if (source.startsWith(BUILTIN_PREFIX)) return builtinClip(source);
  let bytes: Buffer;
  try {
    bytes = await readFile(source);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new MotionFileError(`${source}: cannot be read (${reason})`, { cause: error });
  }
  const exact = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return loadMotionFile(exact as ArrayBuffer, basename(source));
}
