/**
 * The third-party notices the installers ship, checked on the built out/ folder: each part's
 * notice file names every npm package whose code its bundle holds (the list the build reads
 * from the bundle's own module list), at the installed version, with the licence text the
 * package ships; and every font or sound file in out/ is named in the notices.
 */

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bundledPackagesFile,
  NOTICES_FILE,
  packageOf,
  type AppPart,
} from '../../tools/build/third-party-notices';
import { fromRoot, loadBuilderConfig, requireBuiltApp, ROOT } from '../support/installer-files';

const PARTS: readonly AppPart[] = ['main', 'preload', 'renderer'];

/** File types that are fonts or sounds: shipping one obliges us to ship its licence. */
const FONT_OR_SOUND = /\.(woff2?|ttf|otf|eot|mp3|ogg|oga|opus|wav|flac|m4a|aac)$/i;

/** What separates the parts in the renderer's file, which carries main's and preload's after its own. */
const PART_RULE = `\n\n${'#'.repeat(78)}\n\n`;

/** The notice file in out/<part>, whole (the renderer's holds all three parts). */
function noticeFileText(part: AppPart): string {
  return readFileSync(fromRoot(`out/${part}/${NOTICES_FILE}`), 'utf8');
}

/** The part's own notices: its file up to any other part's appended after it. */
function notices(part: AppPart): string {
  return noticeFileText(part).split(PART_RULE)[0]!;
}

function bundled(part: AppPart): string[] {
  const file = bundledPackagesFile(ROOT, part);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return JSON.parse(readFileSync(file, 'utf8')) as string[];
}

/** What separates the sections (licence texts underline their own titles with shorter runs). */
const SECTION_RULE = `\n\n${'='.repeat(78)}\n\n`;

/**
 * Every installed version of `name`: at the top of node_modules, or nested under a package
 * that needs another version (electron-updater keeps its own semver).
 */
function installedVersions(name: string): string[] {
  const top = fromRoot('node_modules');
  const owners = readdirSync(top).flatMap((entry) =>
    entry.startsWith('@')
      ? readdirSync(join(top, entry)).map((scoped) => join(top, entry, scoped))
      : [join(top, entry)],
  );
  return [join(top, name), ...owners.map((owner) => join(owner, 'node_modules', name))]
    .map((folder) => join(folder, 'package.json'))
    .filter((manifest) => existsSync(manifest))
    .map((manifest) => (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version);
}

/** The section the notice file has for `name` at an installed version: its heading to the next rule. */
function section(text: string, name: string): string | undefined {
  for (const version of installedVersions(name)) {
    const heading = `\n${name} ${version}\n`;
    const start = text.indexOf(heading);
    if (start < 0) continue;
    const end = text.indexOf(SECTION_RULE, start);
    return text.slice(start, end < 0 ? undefined : end);
  }
  return undefined;
}

describe('third-party notices in out/ (after npm run build)', () => {
  beforeAll(() => requireBuiltApp());

  it('names every bundled package, at its installed version, with the licence text it ships', () => {
    // The renderer bundles the libraries the app is made of; a list this short means the
    // build's module list was not read.
    expect(bundled('renderer')).toEqual(
      expect.arrayContaining(['three', '@pixiv/three-vrm', '@dimforge/rapier3d-simd-compat']),
    );
    for (const part of PARTS) {
      const text = notices(part);
      for (const name of bundled(part)) {
        const found = section(text, name);
        expect(
          found,
          `${name} is bundled into out/${part} but missing from its notices`,
        ).toBeDefined();
        expect(found, `${name}'s notice has no licence text`).not.toContain(
          'The package includes no licence file',
        );
        expect(found!.length, `${name}'s licence text`).toBeGreaterThan(200);
      }
    }
  });

  it('carries the licence wording, not only names (MIT and Apache-2.0 alike)', () => {
    const text = notices('renderer');
    expect(section(text, 'three')).toContain('Permission is hereby granted, free of charge');
    expect(section(text, '@dimforge/rapier3d-simd-compat')).toContain('Apache License');
  });

  it("shows every part's packages in About, which reads the renderer's file", () => {
    const shown = noticeFileText('renderer');
    for (const part of PARTS) {
      for (const name of bundled(part)) {
        expect(
          section(shown, name),
          `${name} (in out/${part}) is missing from About`,
        ).toBeDefined();
      }
    }
    expect(bundled('main')).toEqual(expect.arrayContaining(['zod', 'osc-min', 'electron-updater']));
  });

  it('names every font or sound file shipped in out/', () => {
    const shipped = readdirSync(fromRoot('out'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && FONT_OR_SOUND.test(entry.name))
      .map((entry) => entry.name);
    const all = PARTS.map(notices).join('\n');
    expect(all).toContain('Fonts, sounds and pictures');
    for (const name of shipped) expect(all, `${name} has no licence notice`).toContain(name);
  });

  it('ships the notice files: the installers pack out/** whole', () => {
    const files = loadBuilderConfig().files as string[];
    expect(files).toContain('out/**');
    const excluded = files.filter((f) => f.startsWith('!') && /out\/|NOTICES/i.test(f));
    expect(excluded).toEqual([]);
  });
});

describe('reading a bundled module id as its package', () => {
  it('takes the package folder after the last node_modules, scope included', () => {
    expect(packageOf(join(ROOT, 'node_modules/three/build/three.module.js'))).toBe('three');
    expect(packageOf('/a/node_modules/@pixiv/three-vrm/lib/three-vrm.module.js')).toBe(
      '@pixiv/three-vrm',
    );
    expect(packageOf('/a/node_modules/x/node_modules/y/index.js?commonjs-proxy')).toBe('y');
    expect(packageOf('\0/a/node_modules/zod/v4/index.js')).toBe('zod');
    expect(packageOf(join(ROOT, 'renderer/src/main.ts'))).toBeUndefined();
    expect(packageOf(basename('vite/preload-helper.js'))).toBeUndefined();
  });
});
