import type { MotionClip } from './motion-clip';
import type { AuthoredMotion } from './builtin/author-motion';
import { authorMotion } from './builtin/author-motion';
import { MARCH_MOTION } from './builtin/march-motion';
import { STAND_MOTION } from './builtin/stand-motion';
import { WAVE_MOTION } from './builtin/wave-motion';

/** The motions made in code, in the order the UI lists them. */
export const BUILTIN_MOTION_NAMES = ['stand', 'wave', 'march'] as const;

/** One of {@link BUILTIN_MOTION_NAMES}. */
export type BuiltinMotionName = (typeof BUILTIN_MOTION_NAMES)[number];

const AUTHORED: Readonly<Record<BuiltinMotionName, AuthoredMotion>> = {
  stand: STAND_MOTION,
  wave: WAVE_MOTION,
  march: MARCH_MOTION,
};

/** True when `name` is a built-in motion's name. */
export function isBuiltinMotionName(name: string): name is BuiltinMotionName {
  return (BUILTIN_MOTION_NAMES as readonly string[]).includes(name);
}

/**
 * A built-in motion as a T-pose clip, looped seamlessly (its last key is its first):
 * - `stand`: a balanced idle: relaxed arms, breathing, slow small weight shifts (8 s);
 * - `wave`: standing, waving the right forearm at the elbow (4 s);
 * - `march`: marching in place with arm swing (2.4 s).
 * Each call builds a fresh clip (a few milliseconds).
 */
export function builtinMotion(name: BuiltinMotionName): MotionClip {
  return authorMotion(AUTHORED[name]);
}
