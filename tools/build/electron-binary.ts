/**
 * Finds the Electron executable that `npm start` and `npm run dev` run, fetching it first
 * when it is missing.
 *
 * Electron's npm package has no install script: it downloads its binary the first time
 * `require('electron')` runs, and that download writes the `path.txt` electron-vite looks
 * for. Nothing in a build requires it, so without this step electron-vite stops with
 * "Electron uninstall" on every fresh install. The download itself is Electron's own
 * (`install.js`, the package's `install-electron` bin); this module only runs it, and turns
 * its failure into one message a person can act on.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Electron could not be fetched; the message says what failed and what to try. */
export class ElectronFetchError extends Error {
  override name = 'ElectronFetchError';
}

/** The folder of the `electron` package the project in `projectDir` uses. */
export function electronPackageDir(projectDir: string): string {
  const requireFromProject = createRequire(join(projectDir, 'package.json'));
  return dirname(requireFromProject.resolve('electron/package.json'));
}

/** True when Electron's binary is on disk where its package says it is. */
export function electronBinaryPresent(packageDir: string): boolean {
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return false;
  return existsSync(join(packageDir, 'dist', readFileSync(pathFile, 'utf8')));
}

function electronVersion(packageDir: string): string {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    version?: unknown;
  };
  return typeof manifest.version === 'string' ? manifest.version : 'unknown';
}

/** The reason a failed download gave: the first line of its error output, without the stack. */
export function downloadFailureReason(stderr: string): string {
  const first = stderr
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '' && !line.startsWith('at '));
  if (!first) return 'the download ended without saying why';
  return first.replace(/^(Type|Request|Http)?Error:\s*/, '');
}

/** The one message shown when the download fails. */
export function fetchFailureMessage(version: string, reason: string): string {
  return [
    `Could not download Electron ${version}, which runs the app: ${reason}.`,
    'Try one of these, then run the command again:',
    '  - check the network connection (the download comes from GitHub);',
    '  - behind a proxy, set HTTPS_PROXY (and HTTP_PROXY) and ELECTRON_GET_USE_PROXY=true;',
    "  - set ELECTRON_MIRROR to a mirror of Electron's releases;",
    `  - set ELECTRON_OVERRIDE_DIST_PATH to a folder that already holds an Electron ${version} executable.`,
  ].join('\n');
}

/**
 * Runs Electron's own download (its `install.js`) for the package in `packageDir`.
 * Progress goes to the terminal; a failure throws an {@link ElectronFetchError}.
 */
export function downloadElectron(packageDir: string, env: NodeJS.ProcessEnv): void {
  const version = electronVersion(packageDir);
  console.log(`Electron ${version} is not installed yet: downloading it once…`);
  const result = spawnSync(process.execPath, [join(packageDir, 'install.js')], {
    env,
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status === 0) return;
  const reason = result.error
    ? result.error.message
    : downloadFailureReason(typeof result.stderr === 'string' ? result.stderr : '');
  throw new ElectronFetchError(fetchFailureMessage(version, reason));
}

/**
 * The path of the Electron executable to start, downloading Electron first when it is
 * missing. `ELECTRON_EXEC_PATH` (electron-vite's own setting) wins; with
 * `ELECTRON_OVERRIDE_DIST_PATH` nothing is downloaded and Electron's package resolves the
 * executable inside that folder.
 */
export function resolveElectronExecutable(packageDir: string, env: NodeJS.ProcessEnv): string {
  if (env['ELECTRON_EXEC_PATH']) return env['ELECTRON_EXEC_PATH'];
  if (!env['ELECTRON_OVERRIDE_DIST_PATH'] && !electronBinaryPresent(packageDir)) {
    downloadElectron(packageDir, env);
  }
  // Electron's index.js reads path.txt and the override from the environment it runs in.
  const result = spawnSync(process.execPath, ['-p', `require(${JSON.stringify(packageDir)})`], {
    env,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new ElectronFetchError(
      fetchFailureMessage(electronVersion(packageDir), downloadFailureReason(result.stderr)),
    );
  }
  return result.stdout.trim();
}
