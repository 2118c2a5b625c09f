/**
 * The packaging check: `electron-builder --linux --dir` (the app folder an installer would
 * hold, no installer) run where this machine already has the Electron zip electron-builder
 * needs, since it cannot be downloaded here. Elsewhere the check says in one line why it
 * did not run. `npm run package:check` and tests/unit/installer-package-dir.test.ts use it.
 */

import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** What the check found before running anything. */
export type PackageCheckPlan =
  { readonly run: true; readonly zip: string } | { readonly run: false; readonly reason: string };

/** The Electron version the project builds with (its installed package). */
export function electronVersion(root: string): string {
  const manifest = JSON.parse(
    readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8'),
  ) as { version: string };
  return manifest.version;
}

/**
 * The folders electron-builder (through @electron/get) keeps downloads in: `ELECTRON_CACHE`,
 * else the platform's cache folder.
 */
export function electronCacheFolders(env: NodeJS.ProcessEnv = process.env): string[] {
  if (env['ELECTRON_CACHE']) return [env['ELECTRON_CACHE']];
  const home = homedir();
  switch (process.platform) {
    case 'darwin':
      return [join(home, 'Library', 'Caches', 'electron')];
    case 'win32':
      return [join(env['LOCALAPPDATA'] ?? join(home, 'AppData', 'Local'), 'electron', 'Cache')];
    default:
      return [join(env['XDG_CACHE_HOME'] ?? join(home, '.cache'), 'electron')];
  }
}

/** Decides whether the check can run: is `electron-v<version>-linux-x64.zip` cached? */
export function planPackageCheck(root: string, folders = electronCacheFolders()): PackageCheckPlan {
  const version = electronVersion(root);
  const name = `electron-v${version}-linux-x64.zip`;
  for (const folder of folders) {
    const found = findFile(folder, name, 3);
    if (found !== undefined) return { run: true, zip: found };
  }
  return {
    run: false,
    reason: `skipped: no ${name} in electron-builder's cache (${folders.join(', ')}), and it cannot be downloaded here`,
  };
}

/** `name` in `folder` or up to `depth` levels below (@electron/get files zips under a hash). */
function findFile(folder: string, name: string, depth: number): string | undefined {
  if (!existsSync(folder)) return undefined;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isFile() && entry.name === name) return path;
    if (entry.isDirectory() && depth > 0) {
      const found = findFile(path, name, depth - 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** What `electron-builder --linux --dir` left, and what it printed. */
export interface PackageCheckResult {
  readonly code: number;
  readonly output: string;
  /** release/linux-unpacked */
  readonly appFolder: string;
}

/**
 * Runs `electron-builder --linux --dir --publish never` with the cached zip as its Electron
 * (no download), after `npm run build` has filled out/.
 */
export function packLinuxDir(root: string, zip: string): Promise<PackageCheckResult> {
  const builder = join(root, 'node_modules', '.bin', 'electron-builder');
  const args = [
    '--linux',
    '--dir',
    '--x64',
    '--publish',
    'never',
    `-c.electronDist=${dirname(zip)}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(builder, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code: code ?? 1, output, appFolder: join(root, 'release', 'linux-unpacked') }),
    );
  });
}
