import type { MmdMaterial, MmdToon } from './mmd-model';

/**
 * PMD keeps a material's texture and sphere map in one 20-byte field ("body.bmp*face.sph",
 * or just "hair.spa"), and its toon as an index into a 10-entry toon list at the end of the
 * file. This turns both into {@link MmdMaterial}'s texture indices, sphere mode and toon.
 */

/** A PMD material before its toon can be resolved (the toon list comes at the end). */
export interface PmdMaterialDraft extends Omit<MmdMaterial, 'toon'> {
  /** 0..9 into the toon list, 255 for none. */
  readonly toonByte: number;
}

/** Collects texture paths, each once, in first-use order. */
export class TextureList {
  readonly paths: string[] = [];
  private readonly indexOf = new Map<string, number>();

  /** The index of `path` (with `\` turned into `/`), adding it the first time. */
  add(path: string): number {
    const normal = path.replaceAll('\\', '/');
    let index = this.indexOf.get(normal);
    if (index === undefined) {
      index = this.paths.length;
      this.paths.push(normal);
      this.indexOf.set(normal, index);
    }
    return index;
  }
}

export interface PmdTextureField {
  readonly textureIndex: number;
  readonly sphereTextureIndex: number;
  readonly sphereMode: 0 | 1 | 2;
}

/** Splits "a.bmp*b.sph" into a texture and a sphere map; .sph multiplies, .spa adds. */
export function splitTextureField(field: string, textures: TextureList): PmdTextureField {
  let textureIndex = -1;
  let sphereTextureIndex = -1;
  let sphereMode: 0 | 1 | 2 = 0;
  for (const part of field.split('*')) {
    const path = part.trim();
    if (path === '') continue;
    const lower = path.toLowerCase();
    if (lower.endsWith('.sph') || lower.endsWith('.spa')) {
      sphereTextureIndex = textures.add(path);
      sphereMode = lower.endsWith('.sph') ? 1 : 2;
    } else {
      textureIndex = textures.add(path);
    }
  }
  return { textureIndex, sphereTextureIndex, sphereMode };
}

/** MMD's built-in toon file for list entry `index` (0 → toon01.bmp). */
export function defaultToonName(index: number): string {
  return `toon${String(index + 1).padStart(2, '0')}.bmp`;
}

/**
 * A material's toon: the built-in ramp when the toon list names MMD's own file for that
 * entry (or the file has no toon list), else the named file as a texture; 255 (or any value
 * past the list) is no toon.
 */
export function resolveToon(
  toonByte: number,
  toonNames: readonly string[] | null,
  textures: TextureList,
): MmdToon {
  if (toonByte > 9) return { kind: 'none' };
  const name = toonNames?.[toonByte];
  if (name === undefined || name === '' || name.toLowerCase() === defaultToonName(toonByte)) {
    return { kind: 'shared', index: toonByte };
  }
  return { kind: 'texture', textureIndex: textures.add(name) };
}
