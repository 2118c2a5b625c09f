import type { HostApi } from '../../../shared/host-contract';
import { textureFileKey } from '../formats/mmd/texture-file-key';
import type { MmdTextureReader } from '../view/mmd/mmd-textures';

/**
 * Reads an MMD model's textures through the desktop host, from the folder of the model at
 * `modelPath`, each file once however the model spells it: ADD draws another figure of the same model from the bytes
 * already read (three.js objects are still made per figure). A missing file resolves null;
 * a refused or unreadable one resolves the host's sentence.
 */
export function hostTextureReader(host: HostApi, modelPath: string): MmdTextureReader {
  const cache = new Map<string, ReturnType<MmdTextureReader>>();
  return (name) => {
    // Keyed by file, not spelling: `Tex\Body.png` and `tex/body.PNG` are one read.
    const key = textureFileKey(name);
    let pending = cache.get(key);
    if (!pending) {
      pending = host.readModelTexture(modelPath, name).then((outcome) => {
        if (outcome.ok) return { bytes: outcome.value.bytes, fileName: outcome.value.fileName };
        return outcome.problem.code === 'missing' ? null : { problem: outcome.problem.message };
      });
      cache.set(key, pending);
    }
    return pending;
  };
}
