/**
 * What goes into app.asar, checked on the built out/ folder: the entry points exist, the
 * renderer carries Rapier's WASM as the package's own file (read from inside the archive by
 * the app:// handler, so nothing needs unpacking), and the main process and preload carry
 * the packages they use in their bundles, so no node_modules folder is packed.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, relative } from 'node:path';
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
  ]
    .map((m) => m[1]!)
    // electron-updater logs `from "${url}"` in a template string: text, not an import.
    .filter((name) => !name.includes('${'));
  return [...new Set(names)];
}

const config = loadBuilderConfig();
const files = config.files as string[];

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

  it('bundles every package the main process and preload use: they load only Node and Electron', () => {
    const bundles = [
      ...listFiles(fromRoot('out/main')),
      ...listFiles(fromRoot('out/preload')),
    ].filter((f) => /\.[cm]?js$/.test(f));
    expect(bundles.length).toBeGreaterThan(1);
    const outside = bundles.flatMap((f) =>
      bareImports(readFileSync(f, 'utf8'))
        .filter((s) => !isBuiltin(s) && s !== 'electron')
        .map((s) => `${relative(fromRoot('.'), f)} loads ${s}`),
    );
    expect(outside).toEqual([]);
  });

  it('packs no node_modules, which nothing loads', () => {
    expect(files).toContain('!node_modules/**');
  });
});
