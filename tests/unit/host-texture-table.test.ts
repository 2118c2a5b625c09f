/**
 * Textures are served only for PMX and PMD models, only by the names in that model's own
 * texture list (the host reads it from the model's bytes with the app's MMD reader), and only
 * from its folder or below. A VRM (its images are inside the file) or a PMX naming other
 * images opens nothing of the folder. Real temp folders, services called directly.
 */

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { type HostServices } from '../../electron/main/host/host-services';
import { pmxWithTextures, problemOf, TINY_PNG, vrmBytes } from '../support/host-files';
import { useHostTestbed } from '../support/host-testbed';

let services: HostServices;

const bed = useHostTestbed('texture-table');

beforeEach(async () => {
  await mkdir(join(bed.files, 'tex', 'deep'), { recursive: true });
  await writeFile(join(bed.files, 'tex', 'body.png'), TINY_PNG);
  await writeFile(join(bed.files, 'tex', 'deep', 'photo.png'), TINY_PNG);
  await writeFile(join(bed.files, 'holiday.jpg'), TINY_PNG);
  services = bed.services();
});

describe('which textures a model may have read', () => {
  it('none for a VRM, whatever lies in its folder', async () => {
    const vrm = join(bed.files, 'avatar.vrm');
    await writeFile(vrm, vrmBytes({ version: 1 }));
    await services.openFileFromUser(vrm);
    for (const name of ['tex/body.png', 'holiday.jpg', 'tex/deep/photo.png']) {
      expect((await problemOf(services.readModelTexture(vrm, name))).code).toBe('not-allowed');
    }
  });

  it('for a PMX, only the names in its texture list, in any spelling', async () => {
    const pmx = join(bed.files, 'figure.pmx');
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
    const inner = join(bed.files, 'tex', 'figure.pmx');
    await writeFile(inner, pmxWithTextures(['../holiday.jpg']));
    await services.openFileFromUser(inner);
    expect((await problemOf(services.readModelTexture(inner, '../holiday.jpg'))).code).toBe(
      'not-allowed',
    );
  });
});

describe("MMD's shared toon files", () => {
  it('are read from beside a PMX that does not list them, as MMD does', async () => {
    await writeFile(join(bed.files, 'toon02.bmp'), TINY_PNG);
    const pmx = join(bed.files, 'figure.pmx');
    await writeFile(pmx, pmxWithTextures(['tex/body.png']));
    await services.openFileFromUser(pmx);
    expect((await services.readModelTexture(pmx, 'toon02.bmp')).fileName).toBe('toon02.bmp');
    expect((await problemOf(services.readModelTexture(pmx, 'toon11.bmp'))).code).toBe(
      'not-allowed',
    );
  });
});
