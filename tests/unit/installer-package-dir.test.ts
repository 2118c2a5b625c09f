/**
 * Packs the built app with `electron-builder --linux --dir` where the Electron zip is already
 * in electron-builder's cache (nothing can be downloaded here), and checks the app folder:
 * the executable, one app.asar holding the bundles and the third-party notices. Where the zip
 * is missing the pack is skipped and the reason printed in one line; the plan itself is
 * always checked.
 */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { listPackage } from '@electron/asar';
import { describe, expect, it } from 'vitest';
import { electronVersion, packLinuxDir, planPackageCheck } from '../../tools/package-check';
import { requireBuiltApp, ROOT } from '../support/installer-files';

const plan = planPackageCheck(ROOT);
if (!plan.run) console.info(`electron-builder --linux --dir ${plan.reason}`);

describe('deciding whether the packaging check can run', () => {
  it('finds the zip for this Electron version in a cache folder, under a hashed subfolder', () => {
    const cache = mkdtempSync(join(tmpdir(), 'rp-electron-cache-'));
    try {
      const name = `electron-v${electronVersion(ROOT)}-linux-x64.zip`;
      expect(planPackageCheck(ROOT, [cache])).toEqual({
        run: false,
        reason: `skipped: no ${name} in electron-builder's cache (${cache}), and it cannot be downloaded here`,
      });
      mkdirSync(join(cache, 'a1b2c3'));
      writeFileSync(join(cache, 'a1b2c3', 'electron-v1.0.0-linux-x64.zip'), '');
      expect(planPackageCheck(ROOT, [cache]).run).toBe(false);
      writeFileSync(join(cache, 'a1b2c3', name), '');
      expect(planPackageCheck(ROOT, [cache])).toEqual({
        run: true,
        zip: join(cache, 'a1b2c3', name),
      });
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!plan.run)('electron-builder --linux --dir with the cached Electron', () => {
  it('packs the executable and one app.asar with the bundles and the notices', async () => {
    requireBuiltApp();
    const result = await packLinuxDir(ROOT, plan.run ? plan.zip : '');
    expect(result.code, result.output).toBe(0);
    expect(existsSync(join(result.appFolder, 'ragdoll-playground'))).toBe(true);
    const asar = join(result.appFolder, 'resources', 'app.asar');
    const files = listPackage(asar, { isPack: false }).map((path) => path.replaceAll('\\', '/'));
    for (const file of [
      '/out/main/index.js',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
      '/out/renderer/THIRD-PARTY-NOTICES.txt',
      '/node_modules/electron-updater/package.json',
    ]) {
      expect(files, file).toContain(file);
    }
  }, 600_000);
});
