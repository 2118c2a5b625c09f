import type { ModelFormat, MotionFormat } from './preset-schema';

/** How each model and motion format reads to a person, in lists and messages alike. */
export const FILE_FORMAT_NAMES: Readonly<Record<ModelFormat | MotionFormat, string>> = {
  vrm0: 'VRM 0.x',
  vrm1: 'VRM 1.0',
  pmx: 'PMX',
  pmd: 'PMD',
  vrma: 'VRM Animation',
  vmd: 'VMD',
};
