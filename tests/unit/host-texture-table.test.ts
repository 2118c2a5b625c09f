/**
 * Textures are served only for PMX and PMD models, only by the names in that model's own
 * texture list (the host reads it from the model's bytes with the app's MMD reader), and only
 * from its folder or below. A VRM (its images are inside the file) or a PMX naming other
 * images opens nothing of the folder. Real temp folders, services called directly.
 */

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHostServices, type HostServices } from '../../electron/main/host/host-services';
import {
  pmxWithTextures,
  problemOf,
  scriptedDialogs,
  tempFolder,
  TINY_PNG,
  vrmBytes,
} from '../support/host-files';
import { createRecordingLogger } from '../support/recording-logger';

let root: { path: string; remove: () => Promise<void> };
let data: { path: string; remove: () => Promise<void> };
let services: HostServices;

beforeEach(async () => {
  root = await tempFolder('texture-table');
  data = await tempFolder('texture-table-data');
  await mkdir(join(root.path, 'tex', 'deep'), { recursive: true });
  await writeFile(join(root.path, 'tex', 'body.png'), TINY_PNG);
  await writeFile(join(root.path, 'tex', 'deep', 'photo.png'), TINY_PNG);
  await writeFile(join(root.path, 'holiday.jpg'), TINY_PNG);
  services = createHostServices({
    dataDirectory: data.path,
    dialogs: scriptedDialogs(),
    loggerFor: () => createRecordingLogger(),
  });
});
afterEach(async () => {
  await services.flush();
  await root.remove();
  await data.remove();
});

describe('which textures a model may have read', () => {
  it('none for a VRM, whatever lies in its folder', async () => {
    const vrm = join(root.path, 'avatar.vrm');
    await writeFile(vrm, vrmBytes({ version: 1 }));
    await services.openFileFromUser(vrm);
    for (const name of ['tex/body.png', 'holiday.jpg', 'tex/deep/photo.png']) {
      expect((await problemOf(services.readModelTexture(vrm, name))).code).toBe('not-allowed');
    }
  });

  it('for a PMX, only the names in its texture list, in any spelling', async () => {
    const pmx = join(root.path, 'figure.pmx');
    await writeFile(pmx, pmxWithTextures(['tex\\Body.png']));
    await services.openFileFromUser(pmx);
    expect((await services.readModelTexture(pmx, '.\\TEX\\body.PNG')).fileName).toBe('body.png');
    for (const name of ['holiday.jpg', 'tex/deep/photo.png']) {
      const problem = await problemOf(services.readModelTexture(pmx, name));
      expect(problem.code).toBe('not-allowed');
      expect(problem.message).toContain('figure.pmx');
    }
  });

  it('a PMX naming a path out of its folder still gets nothing from outside', async () => {
    const inner = join(root.path, 'tex', 'figure.pmx');
    await writeFile(inner, pmxWithTextures(['../holiday.jpg']));
    await services.openFileFromUser(inner);
    expect((await problemOf(services.readModelTexture(inner, '../holiday.jpg'))).code).toBe(
      'not-allowed',
    );
  });
});

describe("MMD's shared toon files", () => {
  it('are read from beside a PMX that does not list them, as MMD does', async () => {
    await writeFile(join(root.path, 'toon02.bmp'), TINY_PNG);
    const pmx = join(root.path, 'figure.pmx');
    await writeFile(pmx, pmxWithTextures(['tex/body.png']));
    await services.openFileFromUser(pmx);
    expect((await services.readModelTexture(pmx, 'toon02.bmp')).fileName).toBe('toon02.bmp');
    expect((await problemOf(services.readModelTexture(pmx, 'toon11.bmp'))).code).toBe(
      'not-allowed',
    );
  });
});
