import { modelSignatureOf } from '../../../shared/file-signatures';

/** What kind of avatar a file holds. */
export type AvatarFormat = 'vrm' | 'pmx' | 'pmd';

/**
 * The format of a model file: the host's reading when it read the file (`vrm0`, `vrm1`, `pmx`,
 * `pmd`), else the file's signature (`PMX `, `Pmd`), else its extension, else VRM (whose
 * loader then says what is wrong with the file).
 */
export function avatarFormatOf(
  bytes: Uint8Array,
  fileName: string,
  hostFormat?: string,
): AvatarFormat {
  if (hostFormat === 'pmx' || hostFormat === 'pmd') return hostFormat;
  if (hostFormat !== undefined) return 'vrm';
  const signature = modelSignatureOf(bytes);
  if (signature === 'pmx' || signature === 'pmd') return signature;
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  return extension === 'pmx' || extension === 'pmd' ? extension : 'vrm';
}
