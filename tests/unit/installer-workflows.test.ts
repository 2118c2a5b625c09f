/**
 * The GitHub Actions workflows cannot run here (no Windows or macOS runners), so they are
 * checked statically, and their shell steps that decide signing are run under bash with
 * stand-in secrets.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRoot, loadBuilderConfig, loadPackageJson, loadYaml } from '../support/installer-files';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  shell?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  'runs-on'?: string;
  container?: string | { image: string };
  needs?: string | string[];
  uses?: string;
  permissions?: Record<string, string>;
  strategy?: { matrix?: { include?: Record<string, string>[] } };
  env?: Record<string, string>;
  steps?: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
}

const ci = loadYaml('.github/workflows/ci.yml') as Workflow;
const release = loadYaml('.github/workflows/release.yml') as Workflow;
const pkg = loadPackageJson();
const ciRun = readFileSync(fromRoot('.ci/run'), 'utf8');

/** Every shell command the workflows run, plus .ci/run, which ci.yml runs. */
const allRuns: string[] = [
  ...[ci, release].flatMap((wf) =>
    Object.values(wf.jobs).flatMap((job) => (job.steps ?? []).map((s) => s.run ?? '')),
  ),
  ciRun,
].filter(Boolean);

/** GitHub's tag filter glob: `*` is any run of characters except `/`. */
function tagFilterMatches(pattern: string, tag: string): boolean {
  const regex = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
  return new RegExp(`^${regex}$`).test(tag);
}

/** A step's script with `${{ … }}` expressions replaced, as Actions would before bash sees it. */
function scriptOf(step: Step, values: Record<string, string> = {}): string {
  return step.run!.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_m, expr: string) => values[expr] ?? 'X');
}

function runBash(
  script: string,
  env: Record<string, string>,
  args: string[] = ['-eo', 'pipefail', '-c'],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    // GitHub runs `shell: bash` steps as `bash --noprofile --norc -eo pipefail {0}`.
    execFile(
      'bash',
      ['--noprofile', '--norc', ...args, script],
      { cwd: fromRoot('.'), env: { PATH: process.env.PATH ?? '', ...env } },
      (error, stdout, stderr) =>
        done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Parses a $GITHUB_ENV file: `NAME=value` lines and `NAME<<DELIM` … `DELIM` blocks. */
function parseGithubEnv(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') continue;
    const heredoc = /^([A-Za-z_][A-Za-z0-9_]*)<<(.+)$/.exec(line);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      if (end < 0) throw new Error(`GITHUB_ENV: ${heredoc[1]} has no closing ${heredoc[2]}`);
      vars[heredoc[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
      continue;
    }
    const eq = line.indexOf('=');
    if (eq < 1) throw new Error(`GITHUB_ENV: malformed line "${line}"`);
    vars[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return vars;
}

/** Runs a step's script as Actions would with the given secrets; returns what it exported. */
async function runStep(
  step: Step,
  secrets: Record<string, string>,
): Promise<{ code: number; exported: Record<string, string>; runnerTemp: string }> {
  const runnerTemp = await mkdtemp(join(tmpdir(), 'ragdoll-runner-'));
  const envFile = join(runnerTemp, 'github_env');
  await writeFile(envFile, '');
  const stepEnv = Object.fromEntries(
    Object.entries(step.env ?? {}).map(([key, value]) => {
      const secret = /^\$\{\{\s*secrets\.(\w+)\s*\}\}$/.exec(value)?.[1];
      return [key, secret ? (secrets[secret] ?? '') : value];
    }),
  );
  const { code } = await runBash(scriptOf(step), {
    ...stepEnv,
    GITHUB_ENV: envFile,
    RUNNER_TEMP: runnerTemp,
  });
  return { code, exported: parseGithubEnv(await readFile(envFile, 'utf8')), runnerTemp };
}

describe('ci.yml', () => {
  it('runs on pushes to main, on pull requests, and when the release workflow calls it', () => {
    expect((ci.on.push as { branches: string[] }).branches).toContain('main');
    expect(ci.on).toHaveProperty('pull_request');
    expect(ci.on).toHaveProperty('workflow_call');
  });

  it('runs .ci/run on Debian with the Node major package.json asks for', () => {
    const job = ci.jobs.test!;
    const image = typeof job.container === 'string' ? job.container : job.container?.image;
    const nodeMajor = /(\d+)/.exec(pkg.engines.node)![1];
    expect(image).toMatch(new RegExp(`^node:${nodeMajor}-(bookworm|trixie)`));
    const steps = job.steps!;
    expect(steps[0]!.uses).toMatch(/^actions\/checkout@/);
    expect(steps.map((s) => s.run).filter(Boolean)).toEqual(['bash .ci/run']);
  });

  it('has .ci/run install Chromium, install exactly from the lock file, and run npm test', () => {
    expect(existsSync(fromRoot('.ci/run'))).toBe(true);
    expect(ciRun).toMatch(/apt-get install[^\n]*chromium/);
    expect(ciRun).toMatch(/^npm ci\b/m);
    expect(ciRun).toMatch(/^npm test\b/m);
    expect(ciRun.indexOf('npm ci')).toBeLessThan(ciRun.indexOf('npm test'));
  });
});

describe('release.yml', () => {
  const installers = release.jobs.installers!;
  const steps = installers.steps!;
  const indexOf = (pattern: RegExp): number => steps.findIndex((s) => pattern.test(s.run ?? ''));

  it('runs only on pushed version tags', () => {
    expect(Object.keys(release.on)).toEqual(['push']);
    const push = release.on.push as { tags?: string[]; branches?: string[] };
    expect(push.branches).toBeUndefined();
    const matches = (tag: string): boolean => push.tags!.some((p) => tagFilterMatches(p, tag));
    expect(matches('v0.1.0')).toBe(true);
    expect(matches('v12.3.4-beta.1')).toBe(true);
    expect(matches('0.1.0')).toBe(false);
    expect(matches('nightly')).toBe(false);
  });

  it('runs the tests (ci.yml) first and builds installers only after they pass', () => {
    expect(release.jobs.test!.uses).toBe('./.github/workflows/ci.yml');
    expect([installers.needs].flat()).toContain('test');
  });

  it('builds on Windows and macOS runners, for platforms the builder config defines', () => {
    const include = installers.strategy!.matrix!.include!;
    const byOs = Object.fromEntries(include.map((row) => [row.os, row.platform]));
    expect(byOs['windows-latest']).toBe('--win');
    expect(byOs['macos-latest']).toBe('--mac');
    expect(installers['runs-on']).toBe('${{ matrix.os }}');
    const config = loadBuilderConfig() as Record<string, unknown>;
    for (const row of include) {
      expect(config, `${row.platform} needs its section`).toHaveProperty(row.platform!.slice(2));
    }
  });

  it('installs, builds, then packages and publishes, in that order', () => {
    expect(steps[0]!.uses).toMatch(/^actions\/checkout@/);
    const setupNode = steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(String(setupNode?.with?.['node-version'])).toBe(/(\d+)/.exec(pkg.engines.node)![1]);
    const install = indexOf(/^npm ci\b/);
    const build = indexOf(/^npm run build$/);
    const publish = indexOf(/electron-builder .*--publish always/);
    expect(install).toBeGreaterThan(0);
    expect(build).toBeGreaterThan(install);
    expect(publish).toBeGreaterThan(build);
    // Only the check that the update files were made follows the upload.
    expect(publish).toBe(steps.length - 2);
    expect(steps[publish]!.run).toContain('${{ matrix.platform }}');
  });

  it('publishes to the repository it runs in, whatever the builder config names', () => {
    const run = steps[indexOf(/--publish always/)]!.run!;
    expect(run).toContain('-c.publish.owner=${{ github.repository_owner }}');
    expect(run).toContain('-c.publish.repo=${{ github.event.repository.name }}');
    expect(loadBuilderConfig().publish).toMatchObject({
      provider: 'github',
      owner: expect.any(String) as unknown,
      repo: expect.any(String) as unknown,
    });
  });

  it('fails the release when no latest*.yml update file was made beside the installers', async () => {
    const check = steps[steps.length - 1]!;
    expect(check.shell).toBe('bash');
    const folder = mkdtempSync(join(tmpdir(), 'rp-release-check-'));
    try {
      const inFolder = `cd '${folder}'\n${scriptOf(check)}`;
      const none = await runBash(inFolder, {});
      expect(none.code).not.toBe(0);
      expect(none.stdout).toContain('no latest*.yml in release/');
      mkdirSync(join(folder, 'release'));
      writeFileSync(join(folder, 'release', 'latest-linux.yml'), 'version: 0.1.0\n');
      const made = await runBash(inFolder, {});
      expect(made.code).toBe(0);
      expect(made.stdout).toContain('Uploaded release/latest-linux.yml');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('publishes with the workflow token and the permission to write releases', () => {
    const publish = steps[indexOf(/--publish always/)]!;
    expect(publish.env?.GH_TOKEN).toBe('${{ secrets.GITHUB_TOKEN }}');
    expect(installers.permissions?.contents).toBe('write');
    expect(loadBuilderConfig().publish).toMatchObject({ provider: 'github' });
  });

  it('fails when the tag and package.json disagree on the version', async () => {
    const check = steps.find((s) => s.run?.includes('GITHUB_REF_NAME'))!;
    expect(check.shell).toBe('bash');
    expect((await runBash(scriptOf(check), { GITHUB_REF_NAME: `v${pkg.version}` })).code).toBe(0);
    const wrong = await runBash(scriptOf(check), { GITHUB_REF_NAME: 'v999.0.0' });
    expect(wrong.code).not.toBe(0);
    expect(wrong.stdout).toContain('does not match');
  });
});

describe('signing steps in release.yml, run with stand-in secrets', () => {
  const steps = release.jobs.installers!.steps!;
  const macStep = steps.find((s) => s.env?.MAC_CSC_LINK)!;
  const winStep = steps.find((s) => s.env?.WIN_CSC_LINK)!;
  // Base64 certificates are often wrapped at 76 columns: the value must survive whole.
  const cert =
    'MIIKcAIBAzCCCjYGCSqGSIb3DQEHAaCCCicEggojMIIKHzCCBL8GCSqGSIb3DQEHBqCCBLAwggSs\nAgEAMIIEpQYJKoZIhvcNAQcBMBwGCiqGSIb3DQEMAQYwDgQI';
  const p8 = '-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49\n-----END PRIVATE KEY-----';

  it('each run only on its own OS and read secrets of the same name', () => {
    expect(macStep.if).toBe("runner.os == 'macOS'");
    expect(winStep.if).toBe("runner.os == 'Windows'");
    for (const step of [macStep, winStep]) {
      for (const [key, value] of Object.entries(step.env!)) {
        expect(value).toBe(`\${{ secrets.${key} }}`);
      }
    }
  });

  it('macOS without secrets: unsigned, no keychain search, no notarization', async () => {
    const { code, exported, runnerTemp } = await runStep(macStep, {});
    await rm(runnerTemp, { recursive: true, force: true });
    expect(code).toBe(0);
    expect(exported).toEqual({ CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
  });

  it('macOS with certificate and API key: signs and notarizes with the key as a file', async () => {
    const { code, exported, runnerTemp } = await runStep(macStep, {
      MAC_CSC_LINK: cert,
      MAC_CSC_KEY_PASSWORD: 'pa$$ word',
      APPLE_API_KEY_P8: p8,
      APPLE_API_KEY_ID: 'ABC123XYZ9',
      APPLE_API_ISSUER: '69a6de7e-0000-47e3-e053-5b8c7c11a4d1',
    });
    try {
      expect(code).toBe(0);
      expect(exported.CSC_LINK).toBe(cert);
      expect(exported.CSC_KEY_PASSWORD).toBe('pa$$ word');
      expect(exported.CSC_IDENTITY_AUTO_DISCOVERY).toBeUndefined();
      expect(exported.APPLE_API_KEY_ID).toBe('ABC123XYZ9');
      expect(exported.APPLE_API_ISSUER).toBe('69a6de7e-0000-47e3-e053-5b8c7c11a4d1');
      expect(exported.APPLE_API_KEY!.startsWith(runnerTemp)).toBe(true);
      expect((await readFile(exported.APPLE_API_KEY!, 'utf8')).trim()).toBe(p8);
    } finally {
      await rm(runnerTemp, { recursive: true, force: true });
    }
  });

  it('macOS with a certificate but no API key: signs, leaves notarization off', async () => {
    const { code, exported, runnerTemp } = await runStep(macStep, { MAC_CSC_LINK: cert });
    await rm(runnerTemp, { recursive: true, force: true });
    expect(code).toBe(0);
    expect(exported.CSC_LINK).toBe(cert);
    expect(Object.keys(exported).filter((k) => k.startsWith('APPLE_'))).toEqual([]);
  });

  it('Windows: exports the certificate only when the secret exists', async () => {
    const unsigned = await runStep(winStep, {});
    const signed = await runStep(winStep, { WIN_CSC_LINK: cert, WIN_CSC_KEY_PASSWORD: 'pw' });
    await rm(unsigned.runnerTemp, { recursive: true, force: true });
    await rm(signed.runnerTemp, { recursive: true, force: true });
    expect([unsigned.code, signed.code]).toEqual([0, 0]);
    expect(unsigned.exported).toEqual({});
    expect(signed.exported).toEqual({ WIN_CSC_LINK: cert, WIN_CSC_KEY_PASSWORD: 'pw' });
  });
});

describe('every command the workflows run', () => {
  it('is valid bash', async () => {
    for (const run of allRuns) {
      const { code, stderr } = await runBash(run.replace(/\$\{\{[^}]*\}\}/g, 'X'), {}, [
        '-n',
        '-c',
      ]);
      expect(code, `${stderr}\n--- in ---\n${run}`).toBe(0);
    }
  });

  it('uses only npm scripts that package.json defines', () => {
    const used = allRuns.flatMap((run) =>
      [...run.matchAll(/\bnpm run(?: --?\S+)* ([\w:-]+)/g)].map((m) => m[1]!),
    );
    expect(used).toContain('build');
    for (const script of used) expect(pkg.scripts, `npm run ${script}`).toHaveProperty([script]);
    if (allRuns.some((run) => /\bnpm test\b/.test(run)))
      expect(pkg.scripts).toHaveProperty(['test']);
  });

  it('runs through npx only tools the project installs', () => {
    const tools = allRuns.flatMap((run) =>
      [...run.matchAll(/\bnpx (?:--?\S+ )*([\w@/.-]+)/g)].map((m) => m[1]!),
    );
    expect(tools).toContain('electron-builder');
    for (const tool of tools) expect(pkg.devDependencies, `npx ${tool}`).toHaveProperty([tool]);
  });
});
