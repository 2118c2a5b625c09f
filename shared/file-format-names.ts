import type { AudioFormat } from './audio-files';
import type { ModelFormat, MotionFormat, StageFormat } from './preset-schema';

/** How each model, motion, song and stage format reads to a person, in lists and messages alike. */
export const FILE_FORMAT_NAMES: Readonly<
  Record<ModelFormat | MotionFormat | AudioFormat | StageFormat, string>
> = {
  vrm0: 'VRM 0.x',
  vrm1: 'VRM 1.0',
  pmx: 'PMX',
  pmd: 'PMD',
  vrma: 'VRM Animation',
  vmd: 'VMD',
  wav: 'WAV',
  mp3: 'MP3',
  ogg: 'Ogg',
  flac: 'FLAC',
  mp4: 'M4A',
  aac: 'AAC',
  glb: 'glTF (GLB)',
  gltf: 'glTF',
};
