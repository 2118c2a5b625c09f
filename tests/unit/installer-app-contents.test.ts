/**
 * What goes into app.asar, checked on the built out/ folder: the entry points exist, the
 * renderer carries Rapier's WASM as the package's own file (read from inside the archive by
 * the app:// handler, so nothing needs unpacking), and every package the main process loads
 * at run time is packed.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  fromRoot,
  loadBuilderConfig,
  loadPackageJson,
  requireBuiltApp,
} from '../support/installer-files';

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The base64 WebAssembly module a JavaScript source inlines, from `AGFzbQ` ("\0asm") to its quote. */
function inlinedWasm(source: string): string | undefined {
  const start = source.indexOf('AGFzbQ');
  if (start < 1) return undefined;
  const end = source.indexOf(source[start - 1]!, start);
  return end < 0 ? undefined : source.slice(start, end);
}

/** Bare module names a bundle imports or requires (relative paths excluded). */
function bareImports(source: string): string[] {
  const names = [
    ...source.matchAll(/\bfrom\s*["']([^"'.][^"']*)["']/g),
    // Side-effect imports start a statement; dynamic ones are calls. A looser pattern took the
    // channel name "rp:preset:import": true in the main bundle for an import of ": true,".
    ...source.matchAll(/(?:^|[;\n])\s*import\s*["']([^"'.][^"']*)["']/g),
    ...source.matchAll(/\bimport\(\s*["']([^"'.][^"']*)["']\s*\)/g),
    ...source.matchAll(/\brequire\(\s*["']([^"'.][^"']*)["']\s*\)/g),
  ].map((m) => m[1]!);
  return [...new Set(names)];
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Reads the installed package.json of `name` as Node would resolve it from `fromDir`. */
function findInstalledPackage(name: string, fromDir: string): string {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(candidate)) return candidate;
    if (dir === dirname(dir)) throw new Error(`${name} is not installed (looked from ${fromDir})`);
  }
}

/** `name` and every production dependency below it, as node_modules-relative folders. */
function dependencyClosure(name: string): string[] {
  const seen = new Set<string>();
  const visit = (pkg: string, fromDir: string): void => {
    const manifestPath = findInstalledPackage(pkg, fromDir);
    const folder = relative(fromRoot('.'), dirname(manifestPath)).split('\\').join('/');
    if (seen.has(folder)) return;
    seen.add(folder);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep, dirname(manifestPath));
  };
  visit(name, fromRoot('.'));
  return [...seen];
}

const config = loadBuilderConfig();
const files = config.files as string[];
const exclusions = files.filter((f) => f.startsWith('!')).map((f) => f.slice(1));

describe('the packed app (out/ after npm run build)', () => {
  beforeAll(() => requireBuiltApp());

  it('has package.json "main" inside out/, which the files list packs', () => {
    const main = loadPackageJson().main.replace(/^\.\//, '');
    expect(main.startsWith('out/')).toBe(true);
    expect(existsSync(fromRoot(main)), main).toBe(true);
  });

  it('has the renderer page and every script and style it links', () => {
    const html = readFileSync(fromRoot('out/renderer/index.html'), 'utf8');
    const links = [...html.matchAll(/\b(?:src|href)="(\.\/[^"]+)"/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(existsSync(join(fromRoot('out/renderer'), link)), link).toBe(true);
    }
  });

  it("packs Rapier's WebAssembly as the package's own file, and inlines no copy in a script", async () => {
    const shipped = readFileSync(
      fromRoot('node_modules/@dimforge/rapier3d-simd-compat/dist/rapier_wasm3d_bg.wasm'),
    );
    const modules = listFiles(fromRoot('out/renderer')).filter((f) => f.endsWith('.wasm'));
    expect(modules, 'WebAssembly files in the renderer').toHaveLength(1);
    const packed = readFileSync(modules[0]!);
    expect(packed.equals(shipped), 'the packed .wasm equals the package').toBe(true);
    expect(await WebAssembly.validate(packed)).toBe(true);

    const bundles = listFiles(fromRoot('out/renderer')).filter((f) => f.endsWith('.js'));
    const inlining = bundles.filter((f) => inlinedWasm(readFileSync(f, 'utf8')) !== undefined);
    expect(inlining, 'renderer bundles with an inlined WASM module').toEqual([]);
  });

  it('has no native module that would need unpacking from the asar', () => {
    // The .wasm file stays inside app.asar: the app:// handler reads it through Electron's
    // archive-aware fs and the page compiles the bytes, so the integrity check covers it too.
    expect(listFiles(fromRoot('out')).filter((f) => /\.node$/.test(f))).toEqual([]);
  });

  it('packs every package the main process and preload load at run time', () => {
    const { dependencies } = loadPackageJson();
    const bundles = [
      ...listFiles(fromRoot('out/main')),
      ...listFiles(fromRoot('out/preload')),
    ].filter((f) => /\.[cm]?js$/.test(f));
    const external = new Set(
      bundles
        .flatMap((f) => bareImports(readFileSync(f, 'utf8')))
        .filter((s) => !s.startsWith('node:') && s !== 'electron')
        .map(packageName),
    );
    for (const name of external) {
      // electron-builder packs production dependencies only.
      expect(dependencies, `${name} is imported at run time`).toHaveProperty([name]);
      for (const folder of dependencyClosure(name)) {
        const excludedBy = exclusions.find((pattern) =>
          `${folder}/`.startsWith(pattern.replace(/\*\*$/, '')),
        );
        expect(excludedBy, `${folder} (needed by ${name}) is excluded`).toBeUndefined();
      }
    }
  });

  it('excludes only whole node_modules packages, the form the check above understands', () => {
    for (const pattern of exclusions)
      expect(pattern).toMatch(/^node_modules\/(@[^/]+|[^@/][^/]*)\/\*\*$/);
  });
});
