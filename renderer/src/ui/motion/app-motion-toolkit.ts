import {
  BUILTIN_MOTION_NAMES,
  builtinMotion,
  isBuiltinMotionName,
} from '../../motion/builtin-motions';
import { MotionFileError } from '../../motion/motion-file-error';
import { retargetMotion } from '../../motion/retarget-motion';
import { readMotionFile } from '../lazy/motion-file-reader';
import { createLiveVmcMotion } from '../../motion/live-vmc-motion';
import type { MotionToolkit } from './motion-ports';

/** The app's motion readers, built-in motions and retargeting behind the controls. */
export const APP_MOTION_TOOLKIT: MotionToolkit = {
  builtinNames: BUILTIN_MOTION_NAMES,
  builtin: (name) => {
    if (!isBuiltinMotionName(name))
      throw new MotionFileError(`There is no built-in motion "${name}".`);
    return builtinMotion(name);
  },
  load: readMotionFile,
  retarget: (clip, spec, options) => retargetMotion(clip, spec, options),
  live: (spec, options) => createLiveVmcMotion(spec, options.figureKind),
  isMotionFileError: (error): error is Error => error instanceof MotionFileError,
};
