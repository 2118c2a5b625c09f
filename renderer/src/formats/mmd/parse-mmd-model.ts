import type { MmdModel } from './mmd-model';
import { MmdFormatError } from './mmd-format-error';
import { isPmd, parsePmd } from './pmd-parser';
import { isPmx } from './pmx-input';
import { parsePmx } from './pmx-parser';

/**
 * Reads a PMX 2.0/2.1 or PMD file into an {@link MmdModel}, choosing by the file's magic
 * ("PMX " or "Pmd").
 *
 * Our own parser rather than `mmd-parser` 1.0.4 (the one three.js's removed MMDLoader used),
 * because mmd-parser, checked: throws a bare string (not an Error) on PMX 2.1 QDEF weights;
 * silently desyncs on PMX 2.1 flip and impulse morphs (types 9 and 10), misreading everything
 * after them; reads PMD's optional trailing sections (English names, toon list, physics)
 * unconditionally, so a PMD that ends before its physics section throws a RangeError instead
 * of loading without physics; makes one JS object per vertex (slow for 28k-vertex models);
 * and ships a 135 KB Shift_JIS table where `TextDecoder('shift_jis')` exists in both Chromium
 * and Node. Here every read is bounds-checked (an early end names the byte and the item),
 * vertex data goes straight into typed arrays, and optional PMD sections are optional.
 *
 * @param bytes the whole file.
 * @returns the model in MMD's own units and handedness, with tolerated problems in `warnings`.
 * @throws MmdFormatError when the bytes are not a readable PMX or PMD file; the message says
 *   what is wrong and where (e.g. "the file ends early (byte 5120 of 6000, while reading
 *   rigid body 12)").
 */
export function parseMmdModel(bytes: Uint8Array | ArrayBuffer): MmdModel {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (isPmx(data)) return parsePmx(data);
  if (isPmd(data)) return parsePmd(data);
  throw new MmdFormatError(
    data.byteLength === 0
      ? 'the file is empty: not a PMX or PMD file'
      : 'not a PMX or PMD file (it does not start with "PMX " or "Pmd")',
  );
}
