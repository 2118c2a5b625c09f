/**
 * Resolves a motion named on the command line (the simulator's `--motion`, benchmarks, tests):
 * `builtin:<name>` for a motion made in code, or a path to a `.vrma` or `.vmd` file.
 */
import type { MotionClip } from '../../renderer/src/motion/motion-clip';
import {
  BUILTIN_MOTION_NAMES,
  builtinMotion,
  isBuiltinMotionName,
} from '../../renderer/src/motion/builtin-motions';
import { MotionFileError } from '../../renderer/src/motion/motion-file-error';

const BUILTIN_PREFIX = 'builtin:';

/**
 * The clip `source` names. Throws a {@link MotionFileError} whose message says what is wrong
 * (an unknown built-in, a file that cannot be read or used), naming the source.
 */
export async function loadMotionSource(source: string): Promise<MotionClip> {
  if (source.startsWith(BUILTIN_PREFIX)) {
    const name = source.slice(BUILTIN_PREFIX.length);
    if (!isBuiltinMotionName(name)) {
      throw new MotionFileError(
        `${source}: no such built-in motion; choose one of ${BUILTIN_MOTION_NAMES.map((n) => BUILTIN_PREFIX + n).join(', ')}`,
      );
    }
    return builtinMotion(name);
  }
  throw new MotionFileError(
    `${source}: motion files are not read yet; use ${BUILTIN_MOTION_NAMES.map((n) => BUILTIN_PREFIX + n).join(', ')}`,
  );
}
