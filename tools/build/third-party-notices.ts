/**
 * The third-party notice file each part of the app ships: every npm package whose code the
 * build put into that part's bundle, with its licence text, written by rollup-plugin-license
 * (which reads each bundled module's package.json and LICENSE file) into the part's folder in
 * out/, which the installers pack whole.
 *
 * Beside it, a plain list of the packages the bundle holds, read from the bundle's own module
 * list, is written outside out/ (never shipped): the notices test compares the two, so a
 * package that reaches a bundle without reaching its notice file fails the test.
 */

import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import license, { type Dependency } from 'rollup-plugin-license';
import type { Plugin } from 'vite';

/** The notice file's name in each part's output folder (out/main, out/preload, out/renderer). */
export const NOTICES_FILE = 'THIRD-PARTY-NOTICES.txt';

/** The parts of the app electron-vite builds. */
export type AppPart = 'main' | 'preload' | 'renderer';

/** Where the build lists each part's bundled packages for the test (not shipped). */
export function bundledPackagesFile(root: string, part: AppPart): string {
  return join(root, 'node_modules', '.cache', 'ragdoll-build', `${part}-packages.json`);
}

/** What the app ships that is not code (none today); a later font or sound is named here. */
const ASSET_NOTICE = [
  'Fonts, sounds and pictures',
  '',
  'The app ships no font or sound files: the interface uses the system fonts, the impact',
  'sounds are synthesized while the app runs, and the icon is the project\u2019s own (MIT).',
].join('\n');

/**
 * The notice plugin and the package list for one part.
 *
 * @param root - the project root (its package.json names the app)
 * @param part - which part this build is
 * @param outDir - the part's output folder
 */
export function thirdPartyNotices(root: string, part: AppPart, outDir: string): Plugin[] {
  return [noticeFile(root, part, outDir), bundledPackages(bundledPackagesFile(root, part))];
}

/**
 * Appends the main process's and the preload's notice files to the renderer's, so the one
 * file Help > About reads names every package the app runs. electron-vite builds main and
 * preload before the renderer, so both files exist when the renderer's bundle closes.
 */
export function withOtherPartsNotices(root: string, outDir: string): Plugin {
  return {
    name: 'ragdoll:all-notices',
    closeBundle: {
      order: 'post',
      handler: () => {
        const parts = (['main', 'preload'] as const).map((part) =>
          readFileSync(join(root, 'out', part, NOTICES_FILE), 'utf8'),
        );
        appendFileSync(
          join(outDir, NOTICES_FILE),
          parts.map((text) => `\n\n${'#'.repeat(78)}\n\n${text}`).join(''),
        );
      },
    },
  };
}

/** The notice file alone (the renderer's test build, whose page shows it in About). */
export function noticeFile(root: string, part: AppPart, outDir: string): Plugin {
  return license({
    cwd: root,
    thirdParty: {
      includePrivate: false,
      multipleVersions: true,
      output: {
        file: join(outDir, NOTICES_FILE),
        template: (deps) => noticeText(root, part, deps),
      },
    },
  }) as unknown as Plugin;
}

function noticeText(root: string, part: AppPart, dependencies: readonly Dependency[]): string {
  const sorted = [...dependencies].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
  const header = [
    `Ragdoll Playground: third-party software in the ${part} bundle`,
    '',
    sorted.length === 0
      ? 'No third-party package is bundled into this part of the app.'
      : `${sorted.length} packages are bundled into this part of the app. Each is listed with ` +
        'its licence as the package ships it.',
  ].join('\n');
  const sections = sorted.map((dependency) => dependencySection(root, dependency));
  return [header, ...sections, ASSET_NOTICE].join(`\n\n${'='.repeat(78)}\n\n`) + '\n';
}

function dependencySection(root: string, dependency: Dependency): string {
  const source =
    typeof dependency.repository === 'string'
      ? dependency.repository
      : (dependency.repository?.url ?? dependency.homepage ?? '');
  const text =
    dependency.licenseText?.trim() ||
    copyingFileText(root, dependency) ||
    declaredMitText(dependency) ||
    `The package includes no licence file; its package.json declares ${dependency.license ?? 'no licence'}.`;
  return [
    `${dependency.name ?? '(unnamed)'} ${dependency.version ?? ''}`.trim(),
    `Licence: ${dependency.license ?? 'not declared'}`,
    ...(source === '' ? [] : [`Source: ${source}`]),
    '',
    text,
  ].join('\n');
}

/**
 * The licence a package ships as COPYING (osc-min's zlib licence), which rollup-plugin-license
 * does not look for: read from the package's folder at the top of node_modules.
 */
function copyingFileText(root: string, dependency: Dependency): string | undefined {
  if (dependency.name === null || dependency.name === undefined) return undefined;
  for (const name of ['COPYING', 'COPYING.md', 'COPYING.txt']) {
    const file = join(root, 'node_modules', dependency.name, name);
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  }
  return undefined;
}

/**
 * The MIT licence's wording for a package that declares MIT in its package.json but ships no
 * licence file (lazy-val, under electron-updater): the licence requires its text to travel
 * with the code, and the declaration says which text that is.
 */
function declaredMitText(dependency: Dependency): string | undefined {
  if (dependency.license !== 'MIT') return undefined;
  const author = dependency.author?.name ?? `the ${dependency.name ?? ''} authors`;
  return [
    `The package ships no licence file; its package.json declares MIT, whose text follows.`,
    '',
    'MIT License',
    '',
    `Copyright (c) ${author}`,
    '',
    MIT_TEXT,
  ].join('\n');
}

const MIT_TEXT = [
  'Permission is hereby granted, free of charge, to any person obtaining a copy of this',
  'software and associated documentation files (the "Software"), to deal in the Software',
  'without restriction, including without limitation the rights to use, copy, modify, merge,',
  'publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons',
  'to whom the Software is furnished to do so, subject to the following conditions:',
  '',
  'The above copyright notice and this permission notice shall be included in all copies or',
  'substantial portions of the Software.',
  '',
  'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED,',
  'INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR',
  'PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE',
  'FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR',
  'OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER',
  'DEALINGS IN THE SOFTWARE.',
].join('\n');

/**
 * Writes the names of the npm packages with code in the bundle (modules under node_modules
 * that were rendered, i.e. not shaken out), read from each chunk's module list.
 */
function bundledPackages(listFile: string): Plugin {
  return {
    name: 'ragdoll:bundled-packages',
    generateBundle: {
      order: 'post',
      handler: (_options, bundle) => {
        const names = new Set<string>();
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          for (const [id, module] of Object.entries(chunk.modules)) {
            const name = packageOf(id);
            if (name !== undefined && module.renderedLength > 0) names.add(name);
          }
        }
        mkdirSync(dirname(listFile), { recursive: true });
        writeFileSync(listFile, `${JSON.stringify([...names].sort(), null, 2)}\n`);
      },
    },
  };
}

/** `three` for `/x/node_modules/three/build/three.module.js`; scoped names keep their scope. */
export function packageOf(moduleId: string): string | undefined {
  const path = moduleId.replace(/^\0/, '').split('?')[0]!.replaceAll(sep, '/');
  const at = path.lastIndexOf('/node_modules/');
  if (at < 0) return undefined;
  const parts = path.slice(at + '/node_modules/'.length).split('/');
  const name = parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : parts[0];
  return name === undefined || name === '' || name === '.vite' ? undefined : name;
}
