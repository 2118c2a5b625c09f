/**
 * The folders a fuzz run works in, all under one temp folder: the app's data folder, the
 * user's files (what dialogs and drops hand the host), and an `outside` folder of files
 * nobody chose (a valid model, preset, motion and texture, and a symlink to one from the
 * user's folder), which the host must never read.
 */

import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bodyTexturePng } from '../fixtures/mmd/png-writer';
import { pmxSamples, vmdSamples, vrmSamples } from './format-samples';
import type { FuzzFolders } from './format-targets';

export interface FuzzSandbox extends FuzzFolders {
  readonly root: string;
  /** Files here are never chosen by the user; reading one is a failure. */
  readonly outside: string;
  /** A VRM, a PMX with its texture folder, a VMD, in `userFiles`. */
  readonly userModel: string;
  readonly userPmx: string;
  readonly userMotion: string;
  /** A digest of everything in `outside`, to prove it was not changed. */
  outsideDigest(): Promise<string>;
  remove(): Promise<void>;
}

/** Creates the folders and files. */
export async function createFuzzSandbox(): Promise<FuzzSandbox> {
  const root = await mkdtemp(join(tmpdir(), 'rp-fuzz-'));
  const userFiles = join(root, 'user');
  const dataFolder = join(root, 'data');
  const outside = join(root, 'outside');
  for (const folder of [userFiles, dataFolder, outside, join(userFiles, 'tex')]) {
    await mkdir(folder, { recursive: true });
  }
  const [vrm] = vrmSamples();
  const [pmx] = pmxSamples();
  const [vmd] = vmdSamples();
  const userModel = join(userFiles, 'model.vrm');
  const userPmx = join(userFiles, 'model.pmx');
  const userMotion = join(userFiles, 'motion.vmd');
  await writeFile(userModel, vrm!);
  await writeFile(userPmx, pmx!);
  await writeFile(join(userFiles, 'tex', 'body.png'), bodyTexturePng());
  await writeFile(userMotion, vmd!);
  await writeFile(join(outside, 'secret.vrm'), vrm!);
  await writeFile(join(outside, 'secret.pmx'), pmx!);
  await writeFile(join(outside, 'secret.vmd'), vmd!);
  await writeFile(join(outside, 'secret.png'), bodyTexturePng());
  await writeFile(join(outside, 'secret.ragdoll'), '{"not": "read"}');
  await symlink(join(outside, 'secret.png'), join(userFiles, 'tex', 'link.png')).catch(() => {
    // Windows without the symlink right: the symlink case is then simply not tried.
  });
  return {
    root,
    userFiles,
    dataFolder,
    outside,
    userModel,
    userPmx,
    userMotion,
    outsideDigest: () => digestOf(outside),
    remove: () => rm(root, { recursive: true, force: true, maxRetries: 5 }),
  };
}

async function digestOf(folder: string): Promise<string> {
  const hash = createHash('sha256');
  for (const name of (await readdir(folder)).sort()) {
    hash.update(name).update(await readFile(join(folder, name)));
  }
  return hash.digest('hex');
}
