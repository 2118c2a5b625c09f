/**
 * `npm start` on a fresh install: Electron's package downloads its binary on first use, and
 * the start path must reach that download instead of stopping at electron-vite's
 * "Electron uninstall" check. No network is used: the download goes to a local server that
 * records the request and answers 404, and a stand-in executable plays Electron.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { chmodSync, mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  downloadFailureReason,
  electronBinaryPresent,
  electronPackageDir,
} from '../../tools/build/electron-binary';

const repo = resolve(import.meta.dirname, '../..');
const startScript = join(repo, 'scripts/start-app.ts');
// The copied install has no tsx of its own: load the project's.
const require = createRequire(import.meta.url);
const temporary: string[] = [];

afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

/** The environment a person's shell would give, without any Electron settings of ours. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([key]) => !key.startsWith('ELECTRON_'));
  return { ...Object.fromEntries(kept), ...extra };
}

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((done, fail) => {
    const child: ChildProcess = spawn(command, args, { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', fail);
    child.on('close', (status) => {
      clearTimeout(timer);
      done({ status, stdout, stderr });
    });
  });
}

/**
 * A copy of the project's install as a fresh clone has it: the electron package without
 * `path.txt` or a binary; its dependencies and electron-vite linked from the real install.
 */
function freshInstallCopy(): string {
  const project = tempDir('ragdoll-fresh-install-');
  const modules = join(project, 'node_modules');
  mkdirSync(modules);
  const electron = electronPackageDir(repo);
  cpSync(electron, join(modules, 'electron'), {
    recursive: true,
    filter: (source) => !source.startsWith(join(electron, 'dist')) && !source.endsWith('path.txt'),
  });
  for (const name of ['@electron', 'electron-vite']) {
    symlinkSync(join(repo, 'node_modules', name), join(modules, name), 'dir');
  }
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'fresh', private: true, main: 'out/main/index.js' }),
  );
  return project;
}

/** A local stand-in for Electron's download server: records each request, answers 404. */
async function recordingMirror(): Promise<{ server: Server; url: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.statusCode = 404;
    response.end('not here');
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/`, requests };
}

describe('npm start on a fresh install', () => {
  it('reaches Electron’s own download instead of electron-vite’s "Electron uninstall", and explains a failed download in one message', async () => {
    const project = freshInstallCopy();
    expect(electronBinaryPresent(join(project, 'node_modules/electron'))).toBe(false);
    const mirror = await recordingMirror();
    try {
      const result = await run(
        process.execPath,
        [
          '--import',
          pathToFileURL(require.resolve('tsx')).href,
          startScript,
          'preview',
          '--skipBuild',
        ],
        project,
        cleanEnv({
          ELECTRON_MIRROR: mirror.url,
          electron_config_cache: join(project, 'electron-cache'),
        }),
      );
      expect(result.status, result.stderr).toBe(1);
      // Electron's installer asked for this platform's archive of the installed version.
      const version = (
        JSON.parse(readFileSync(join(project, 'node_modules/electron/package.json'), 'utf8')) as {
          version: string;
        }
      ).version;
      expect(mirror.requests.some((url) => url.includes(`electron-v${version}-`))).toBe(true);
      expect(result.stdout).toContain(`Electron ${version} is not installed yet`);
      expect(result.stderr).toContain(`Could not download Electron ${version}`);
      for (const hint of [
        'network',
        'HTTPS_PROXY',
        'ELECTRON_MIRROR',
        'ELECTRON_OVERRIDE_DIST_PATH',
      ]) {
        expect(result.stderr).toContain(hint);
      }
      expect(result.stderr + result.stdout).not.toContain('Electron uninstall');
      expect(result.stderr).not.toMatch(/^\s+at /m);
    } finally {
      mirror.server.close();
    }
  });

  it('starts the Electron executable on the built main bundle', async () => {
    const builtMain = join(repo, 'out/main/index.js');
    expect(existsSync(builtMain), 'run `npm run build` first: npm start previews the build').toBe(
      true,
    );
    const standIn = tempDir('ragdoll-electron-stand-in-');
    const record = join(standIn, 'started.txt');
    writeFileSync(
      join(standIn, 'electron'),
      `#!/bin/sh\nprintf '%s\\n' "$PWD" "$@" > '${record}'\n`,
    );
    chmodSync(join(standIn, 'electron'), 0o755);
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const result = await run(
      npm,
      ['start', '--', '--skipBuild'],
      repo,
      cleanEnv({ ELECTRON_OVERRIDE_DIST_PATH: standIn }),
    );
    expect(result.status, result.stderr).toBe(0);
    const [cwd, entry] = readFileSync(record, 'utf8').trim().split('\n');
    // electron-vite starts Electron on the project folder, whose package.json `main` is the build.
    const manifest = JSON.parse(readFileSync(join(cwd!, entry!, 'package.json'), 'utf8')) as {
      main: string;
    };
    expect(resolve(cwd!, entry!, manifest.main)).toBe(builtMain);
  });
});

describe('downloadFailureReason', () => {
  it('keeps the error line and drops the stack', () => {
    const stderr =
      'TypeError: fetch failed\n    at node:internal/deps/undici:1:1\n    at async x\n';
    expect(downloadFailureReason(stderr)).toBe('fetch failed');
    expect(downloadFailureReason('HTTPError: Response code 404 (Not Found) for http://x\n')).toBe(
      'HTTPError: Response code 404 (Not Found) for http://x',
    );
    expect(downloadFailureReason('')).toBe('the download ended without saying why');
  });
});
