import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type { MmdModel } from '../../../renderer/src/formats/mmd/mmd-model';
import type { HumanoidMmdOptions } from '../../../tools/fixtures/mmd/mmd-fixture-models';
import { BODY_TEXTURE, humanoidMmdModel } from '../../../tools/fixtures/mmd/mmd-fixture-models';
import { encodePng } from '../../../tools/fixtures/mmd/png-writer';
import { writePmx } from '../../../tools/fixtures/mmd/pmx-writer';
import { ribbonPropModel } from '../../../tools/fixtures/mmd/prop-fixture-models';
import type { TestHost } from '../../../tools/browser/test-host';

/** Where a generated MMD model was written. */
export interface WrittenMmdModel {
  /** The .pmx file. */
  readonly path: string;
  readonly bytes: Uint8Array;
  /** The texture written beside it (`tex/body.png`), or null when left out. */
  readonly texturePath: string | null;
}

/**
 * Writes the generated humanoid (`humanoidMmdModel`, with hair) as PMX into `folder/name`,
 * and with `texture` a small opaque PNG at its `tex/body.png`, as a model folder holds them.
 */
export function writeHumanoidPmx(
  folder: string,
  name: string,
  options: {
    readonly texture: boolean;
    readonly model?: HumanoidMmdOptions;
    /** Changes the generated model before it is written (e.g. adds helper bones). */
    readonly edit?: (model: MmdModel) => MmdModel;
  },
): WrittenMmdModel {
  mkdirSync(folder, { recursive: true });
  const model = humanoidMmdModel(options.model ?? {});
  const bytes = writePmx(options.edit ? options.edit(model) : model);
  const path = join(folder, name);
  writeFileSync(path, bytes);
  let texturePath: string | null = null;
  if (options.texture) {
    texturePath = join(folder, BODY_TEXTURE);
    mkdirSync(dirname(texturePath), { recursive: true });
    writeFileSync(texturePath, solidPng(8, 8, [230, 180, 150]));
  }
  return { path, bytes, texturePath };
}

/**
 * Writes the generated humanoid as `name` (e.g. `figure.pmx`) into a folder of its own under
 * the host's files (see {@link writeHumanoidPmx}), and tells the host where a dropped file of
 * that name lies, as the desktop app learns a dropped file's path.
 */
export function writeDroppedHumanoidPmx(
  host: Pick<TestHost, 'files' | 'droppedFiles'>,
  name: string,
  options: Parameters<typeof writeHumanoidPmx>[2],
): WrittenMmdModel {
  const written = writeHumanoidPmx(join(host.files, basename(name, extname(name))), name, options);
  host.droppedFiles[name] = written.path;
  return written;
}

/** An RGB PNG of one colour (a real, decodable image, unlike a header-only stub). */
export function solidPng(
  width: number,
  height: number,
  rgb: readonly [number, number, number],
): Uint8Array {
  return encodePng(width, height, () => rgb);
}

/** Writes the generated six-link ribbon prop (no humanoid skeleton) as `folder/ribbon/ribbon.pmx`. */
export function writeRibbonPmx(folder: string): string {
  const ribbonFolder = join(folder, 'ribbon');
  mkdirSync(ribbonFolder, { recursive: true });
  const path = join(ribbonFolder, 'ribbon.pmx');
  writeFileSync(path, writePmx(ribbonPropModel(6)));
  return path;
}
