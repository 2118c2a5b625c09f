import type { MotionClip } from '../../motion/motion-clip';
import { lazyModule } from '../../lazy-module';

const loadReader = lazyModule(() => import('../../view/motion/load-motion-file'));

/**
 * Reads a `.vrma` or `.vmd` motion file (see view/motion/load-motion-file.ts); the readers
 * load with the first motion file opened.
 */
export async function readMotionFile(bytes: ArrayBuffer, fileName: string): Promise<MotionClip> {
  const reader = await loadReader();
  return reader.loadMotionFile(bytes, fileName);
}
