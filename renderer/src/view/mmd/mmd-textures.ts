import { SRGBColorSpace } from 'three';
import type { Texture } from 'three';
import type { MmdModel } from '../../formats/mmd/mmd-model';
import { textureFileKey } from '../../formats/mmd/texture-file-key';
import { decodeMmdTexture, imageHasAlpha } from './mmd-texture-decoder';

/**
 * Reads one texture file named by the model (relative to its folder). Resolves `null` when the
 * file is not there; rejects (or resolves a `problem`) for anything else.
 */
export type MmdTextureReader = (
  name: string,
) => Promise<
  { readonly bytes: Uint8Array; readonly fileName: string } | { readonly problem: string } | null
>;

/** A decoded texture and whether its file can hold transparency. */
export interface LoadedTexture {
  readonly texture: Texture;
  readonly hasAlpha: boolean;
}

/** The textures of one model, by name as the model writes it (`\` turned into `/`). */
export interface MmdTextureSet {
  readonly byName: ReadonlyMap<string, LoadedTexture>;
  /** Names the model uses that were not in its folder (MMD's own shared toons excepted). */
  readonly missing: readonly string[];
  /** Names that were found but could not be read or decoded, each with why. */
  readonly broken: readonly { readonly name: string; readonly reason: string }[];
  /** Frees every texture. */
  dispose(): void;
}

/** MMD's built-in toon ramp `index` (0..9) as the file name models may ship beside them. */
export function sharedToonName(index: number): string {
  return `toon${String(index + 1).padStart(2, '0')}.bmp`;
}

/** Every texture name the model's materials use, and which of them are MMD's shared toons. */
export function texturesUsed(model: MmdModel): { names: string[]; sharedToons: Set<string> } {
  const names = new Set<string>();
  const sharedToons = new Set<string>();
  const byIndex = (index: number): void => {
    const name = model.textures[index];
    if (name !== undefined && name !== '') names.add(name);
  };
  for (const material of model.materials) {
    byIndex(material.textureIndex);
    if (material.sphereMode === 1 || material.sphereMode === 2)
      byIndex(material.sphereTextureIndex);
    if (material.toon.kind === 'texture') byIndex(material.toon.textureIndex);
    if (material.toon.kind === 'shared') {
      const name = sharedToonName(material.toon.index);
      if (!names.has(name)) sharedToons.add(name);
      names.add(name);
    }
  }
  return { names: [...names], sharedToons };
}

/**
 * Reads and decodes every texture the model uses, each once (materials share them). A file
 * that is missing or will not decode leaves its materials untextured and is listed, so the
 * caller can say so once; MMD's shared toons (toon01.bmp …) are used when the model ships
 * them and silently replaced by the built-in ramp when not. Without a reader (a page with no
 * desktop host) nothing is read.
 */
export async function loadMmdTextures(
  model: MmdModel,
  read: MmdTextureReader | undefined,
): Promise<MmdTextureSet> {
  const byName = new Map<string, LoadedTexture>();
  const missing: string[] = [];
  const broken: { name: string; reason: string }[] = [];
  const { names, sharedToons } = texturesUsed(model);
  if (read) {
    // Spellings of one file (`Tex\Body.png`, `tex/body.PNG`) are read and decoded once.
    const byFile = new Map<string, ReturnType<typeof loadOne>>();
    await Promise.all(
      names.map(async (name) => {
        const key = textureFileKey(name);
        let pending = byFile.get(key);
        if (pending === undefined) {
          pending = loadOne(name, read);
          byFile.set(key, pending);
        }
        const outcome = await pending;
        if ('texture' in outcome) byName.set(name, outcome);
        else if (outcome.missing) {
          if (!sharedToons.has(name)) missing.push(name);
        } else broken.push({ name, reason: outcome.reason });
      }),
    );
  }
  missing.sort();
  broken.sort((a, b) => a.name.localeCompare(b.name));
  return {
    byName,
    missing,
    broken,
    dispose: () => {
      for (const texture of new Set([...byName.values()].map((loaded) => loaded.texture))) {
        texture.dispose();
      }
      byName.clear();
    },
  };
}

async function loadOne(
  name: string,
  read: MmdTextureReader,
): Promise<LoadedTexture | { missing: true } | { missing: false; reason: string }> {
  try {
    const file = await read(name);
    if (file === null) return { missing: true };
    if ('problem' in file) return { missing: false, reason: file.problem };
    const texture = await decodeMmdTexture(file.bytes, file.fileName);
    texture.colorSpace = SRGBColorSpace;
    texture.name = name;
    return { texture, hasAlpha: imageHasAlpha(file.bytes, file.fileName) };
  } catch (error) {
    return { missing: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
