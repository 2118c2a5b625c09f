/**
 * The installed renderer (out/renderer, `npm run build`) carries no test or benchmark code;
 * the test build (out-test/renderer, `npm run build:test`) that the end-to-end tests and the
 * browser benchmarks load does. Each marker is looked for in both, so a marker that no longer
 * names the code it stands for fails here instead of passing silently.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_HOST, APP_SCHEME, resolveAppPath } from '../../electron/main/host/app-protocol';
import { fromRoot, requireBuiltApp } from '../support/installer-files';

const APP = fromRoot('out/renderer');
const TEST_BUILD = fromRoot('out-test/renderer');

/** Strings only test or benchmark code puts into a bundle, and what each stands for. */
const MARKERS = {
  testHook: '__ragdoll',
  vrmLoadBench: '__ragdollVrmLoadBench',
  bareAvatarsBench: '__ragdollBareAvatars',
  dollsThreadBench: '__ragdollDollsThread',
  avatarsThreadBench: '__ragdollAvatarsThread',
  fixedFrameQuery: 'frame-seconds',
  frameSectionsQuery: 'frame-sections',
} as const;

/** V8's explicit compile hint: compile every function of the script while it streams in. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

function builtFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(js|html)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The markers found in any of `dir`'s scripts and pages. */
function markersIn(dir: string): string[] {
  const sources = builtFiles(dir).map((file) => readFileSync(file, 'utf8'));
  return Object.entries(MARKERS)
    .filter(([, marker]) => sources.some((source) => source.includes(marker)))
    .map(([name]) => name);
}

beforeAll(() => {
  requireBuiltApp();
  if (!existsSync(join(TEST_BUILD, 'index.html'))) {
    throw new Error(
      'out-test/renderer is missing: run `npm run build:test` before these tests (npm test does)',
    );
  }
});

describe('the installed renderer', () => {
  it('contains neither the test hook nor a benchmark mode', () => {
    expect(markersIn(APP)).toEqual([]);
  });

  it('asks V8 to compile three.js and the view while they load, and nothing else', () => {
    // electron.vite.config.ts adds the hint by chunk name: a renamed chunk would lose it quietly.
    const hinted = builtFiles(APP)
      .filter((file) => readFileSync(file, 'utf8').startsWith(COMPILE_HINT))
      // Vite's content hash is 8 characters of base64url, which may hold a hyphen itself.
      .map((file) => basename(file).replace(/-[\w-]{8}\.js$/, ''))
      .sort();
    expect(hinted).toEqual(['ragdoll-view', 'three.core', 'three.module']);
  });

  it("holds only files the desktop app's app:// scheme serves", () => {
    const files = readdirSync(APP, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(APP, join(entry.parentPath, entry.name)).split(sep).join('/'));
    const refused = files.filter(
      (file) => resolveAppPath(`${APP_SCHEME}://${APP_HOST}/${file}`, APP).kind !== 'file',
    );
    expect(files.length).toBeGreaterThan(10);
    expect(refused).toEqual([]);
  });

  it('has one page, the app', () => {
    const pages = builtFiles(APP).filter((file) => file.endsWith('.html'));
    expect(pages).toEqual([join(APP, 'index.html')]);
  });
});

describe('the renderer test build', () => {
  it('contains the test hook and every benchmark mode', () => {
    expect(markersIn(TEST_BUILD)).toEqual(Object.keys(MARKERS));
  });

  it('has the app page and the benchmark pages (VRM load, bare avatars, the thread pages)', () => {
    expect(existsSync(join(TEST_BUILD, 'index.html'))).toBe(true);
    expect(existsSync(join(TEST_BUILD, 'bench-vrm-load.html'))).toBe(true);
    expect(existsSync(join(TEST_BUILD, 'bench-pages.html'))).toBe(true);
  });
});
