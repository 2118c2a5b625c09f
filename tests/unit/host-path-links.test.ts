/**
 * The allow-list and the read must mean the same file. `resolve()` removes `lnk/..` by string
 * rules, while the system follows the link `lnk` first and only then goes up, so a path like
 * `allowed/lnk/../model.vrm` could compare as an allowed model while reading a file outside.
 * A path that differs from its resolved form is refused before anything is read (real temp
 * folders, a real symbolic link, the services called directly).
 */

import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { type HostServices } from '../../electron/main/host/host-services';
import { problemOf, vrmBytes } from '../support/host-files';
import { useHostTestbed } from '../support/host-testbed';

let services: HostServices;
let allowedModel: string;
let linkedPath: string;

const bed = useHostTestbed('links');

beforeEach(async () => {
  const allowed = join(bed.files, 'allowed');
  const outside = join(bed.files, 'outside');
  await mkdir(join(outside, 'deeper'), { recursive: true });
  await mkdir(allowed);
  allowedModel = join(allowed, 'model.vrm');
  await writeFile(allowedModel, vrmBytes({ version: 1, title: 'Mine' }));
  await writeFile(
    join(outside, 'model.vrm'),
    vrmBytes({ version: 1, title: 'Secret', extraBytes: 64 }),
  );
  // allowed/lnk → outside/deeper, so allowed/lnk/.. is outside/ to the system.
  await symlink(join(outside, 'deeper'), join(allowed, 'lnk'));
  linkedPath = `${allowed}/lnk/../model.vrm`;
  services = bed.services({ openModel: [allowedModel] });
  await services.openModelDialog();
});

describe.skipIf(process.platform === 'win32')('paths through a link and ..', () => {
  it('refuses to read a model path that is not in its resolved form', async () => {
    const problem = await problemOf(services.readModel(linkedPath));
    expect(problem.code).toBe('not-allowed');
    expect(problem.message).toContain(linkedPath);
  });

  it('refuses textures and motions named through such a path', async () => {
    expect((await problemOf(services.readModelTexture(linkedPath, 'a.png'))).code).toBe(
      'not-allowed',
    );
    expect((await problemOf(services.readMotion(`${bed.files}/allowed/lnk/../x.vmd`))).code).toBe(
      'not-allowed',
    );
  });

  it('still reads the allowed model by its own path', async () => {
    const model = await services.readModel(allowedModel);
    expect(model.title).toBe('Mine');
  });
});
