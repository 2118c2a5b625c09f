/**
 * Reading an MMD model's textures from its folder (real temp folders): Windows-style names
 * resolve on any OS (backslashes, other letter case per segment), nothing outside the model's
 * folder is read (absolute names, `..`, symbolic links out), only image types are read, big
 * files are refused, a missing file is a `missing` problem, and the host reads textures only
 * for models the page may read.
 */

import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { readModelTexture } from '../../electron/main/host/model-textures';
import { pmxWithTextures, problemOf } from '../support/host-files';
import { useHostTestbed } from '../support/host-testbed';

const bed = useHostTestbed('textures');
let modelFolder: string;
let modelPath: string;

const PNG_BYTES = Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);

beforeEach(async () => {
  modelFolder = join(bed.files, 'Model');
  await mkdir(join(modelFolder, 'Tex'), { recursive: true });
  modelPath = join(modelFolder, 'model.pmx');
  await writeFile(modelPath, pmxWithTextures(['Tex\\Body.png', 'face.png', 'secret.png']));
  await writeFile(join(modelFolder, 'Tex', 'Body.PNG'), PNG_BYTES);
  await writeFile(join(modelFolder, 'face.png'), Uint8Array.from([9, 9]));
  await writeFile(join(bed.files, 'secret.png'), Uint8Array.from([6, 6, 6]));
});

describe('readModelTexture', () => {
  it('reads a texture named with backslashes and another letter case', async () => {
    const texture = await readModelTexture(modelPath, 'tex\\body.png');
    expect(texture.name).toBe('tex/body.png');
    expect(texture.fileName).toBe('Body.PNG');
    expect([...texture.bytes]).toEqual([...PNG_BYTES]);
  });

  it('reads an exact name and a leading ./', async () => {
    expect([...(await readModelTexture(modelPath, 'face.png')).bytes]).toEqual([9, 9]);
    expect([...(await readModelTexture(modelPath, '.\\face.png')).bytes]).toEqual([9, 9]);
  });

  it('reports a missing texture as `missing`, naming the model and the texture', async () => {
    const problem = await problemOf(readModelTexture(modelPath, 'tex\\hair.png'));
    expect(problem.code).toBe('missing');
    expect(problem.message).toContain('model.pmx');
    expect(problem.message).toContain('tex/hair.png');
    expect((await problemOf(readModelTexture(modelPath, 'nofolder\\x.png'))).code).toBe('missing');
  });

  it('refuses names that leave the folder, absolute names and non-images', async () => {
    for (const name of [
      '..\\secret.png',
      'tex/../../secret.png',
      '/etc/passwd.png',
      join(bed.files, 'secret.png'),
      'C:\\Windows\\x.png',
      'face.txt',
      'model.pmx',
    ]) {
      const problem = await problemOf(readModelTexture(modelPath, name));
      expect({ name, code: problem.code }).toEqual({ name, code: 'not-allowed' });
    }
  });

  it('refuses a symbolic link that points outside the folder, follows one inside', async () => {
    await symlink(join(bed.files, 'secret.png'), join(modelFolder, 'escape.png'));
    await symlink(join(modelFolder, 'face.png'), join(modelFolder, 'alias.png'));
    await symlink(bed.files, join(modelFolder, 'up'));
    expect((await problemOf(readModelTexture(modelPath, 'escape.png'))).code).toBe('not-allowed');
    expect((await problemOf(readModelTexture(modelPath, 'up/secret.png'))).code).toBe(
      'not-allowed',
    );
    expect([...(await readModelTexture(modelPath, 'alias.png')).bytes]).toEqual([9, 9]);
  });

  it('refuses a file over the size cap and a folder named like an image', async () => {
    await writeFile(join(modelFolder, 'big.tga'), new Uint8Array(2048));
    await mkdir(join(modelFolder, 'folder.png'));
    const big = await problemOf(readModelTexture(modelPath, 'big.tga', { maxBytes: 1024 }));
    expect(big.code).toBe('too-large');
    expect(big.message).toContain('big.tga');
    expect((await problemOf(readModelTexture(modelPath, 'folder.png'))).code).toBe('unreadable');
  });
});

describe('host services: readModelTexture', () => {
  it('reads textures only for a model the page may read', async () => {
    const host = bed.services();
    const refused = await problemOf(host.readModelTexture(modelPath, 'face.png'));
    expect(refused.code).toBe('not-allowed');
    await host.openFileFromUser(modelPath);
    const texture = await host.readModelTexture(modelPath, 'Tex\\Body.png');
    expect(texture.fileName).toBe('Body.PNG');
    // A later session may read the textures of a library model once it has read the model.
    const later = bed.services();
    expect((await problemOf(later.readModelTexture(modelPath, 'face.png'))).code).toBe(
      'not-allowed',
    );
    await later.readModel(modelPath);
    await expect(later.readModelTexture(modelPath, 'face.png')).resolves.toMatchObject({
      name: 'face.png',
    });
  });

  it('allows nothing for a dropped path that is not a readable model', async () => {
    // A compromised page names a path that is no model; the read fails, and neither that
    // path nor its folder may then be read (the folder holds secret.png).
    const host = bed.services();
    const fake = join(bed.files, 'no-model-here');
    expect((await problemOf(host.openFileFromUser(fake))).code).toBe('missing');
    expect((await problemOf(host.openFileFromUser(join(bed.files, 'secret.png')))).code).toBe(
      'not-a-model',
    );
    for (const path of [fake, join(bed.files, 'secret.png')]) {
      expect((await problemOf(host.readModelTexture(path, 'secret.png'))).code).toBe('not-allowed');
      expect((await problemOf(host.readModel(path))).code).toBe('not-allowed');
    }
  });

  it('serves textures only while the model at that path still reads as a model', async () => {
    const host = bed.services();
    await host.openFileFromUser(modelPath);
    await writeFile(modelPath, 'no longer a model');
    expect((await problemOf(host.readModel(modelPath))).code).toBe('not-a-model');
    const refused = await problemOf(host.readModelTexture(modelPath, 'face.png'));
    expect(refused.code).toBe('not-allowed');
    expect(refused.message).toContain(modelPath);
  });
});
