/**
 * The texture files a PMX or PMD model names, read by the host from the model's own bytes:
 * the page may read textures only from that list (and, separately, only inside the model's
 * folder). Reuses the app's MMD reader (pure code that runs in Node too) rather than a second
 * parser; names are compared by `textureFileKey`, the same key the page reads them by.
 */

import { parseMmdModel } from '../../../renderer/src/formats/mmd/parse-mmd-model';
import { defaultToonName } from '../../../renderer/src/formats/mmd/pmd-materials';
import { textureFileKey } from '../../../renderer/src/formats/mmd/texture-file-key';
import type { ModelFormat } from '../../../shared/host-contract';

/** MMD's ten shared toon files (`toon01.bmp`…), which a model uses from beside itself when there. */
const SHARED_TOONS: readonly string[] = Array.from({ length: 10 }, (_, index) =>
  defaultToonName(index),
);

/**
 * The keys of the textures `bytes` names (with MMD's shared toon files), or undefined when the model is not PMX/PMD or its
 * texture table cannot be read (then no texture is served; the page's own read reports why).
 */
export function textureTableOf(
  bytes: Uint8Array,
  format: ModelFormat,
): ReadonlySet<string> | undefined {
  if (format !== 'pmx' && format !== 'pmd') return undefined;
  try {
    const names = [...parseMmdModel(bytes).textures, ...SHARED_TOONS];
    return new Set(names.map((name) => textureFileKey(name)));
  } catch {
    // Not readable as a whole model: the page shows the reader's message for it.
    return undefined;
  }
}

/** True when the texture table holds `textureName` (any separator, case or leading `./`). */
export function namesTexture(table: ReadonlySet<string>, textureName: string): boolean {
  return table.has(textureFileKey(textureName));
}
