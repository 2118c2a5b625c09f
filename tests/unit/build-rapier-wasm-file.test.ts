/**
 * The build rewrite that makes the renderer load Rapier's WebAssembly from the package's
 * shipped `.wasm` file instead of decoding the base64 copy inlined in its `rapier.mjs`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRapierWasmFromFile } from '../../tools/build/rapier-wasm-file';

/** The compat package's ES module, as the renderer build reads it. */
const RAPIER_MJS = join(
  dirname(createRequire(import.meta.url).resolve('@dimforge/rapier3d-simd-compat')),
  'rapier.mjs',
);

/** A module shaped like the package's `init()`, loading `bytes` through an inlined string. */
function moduleInlining(bytes: Buffer): string {
  const base64 = bytes.toString('base64');
  return `function init(){return load({module_or_path:b64.toByteArray("${base64}").buffer})}`;
}

let folders: string[] = [];
afterEach(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  folders = [];
});

/** A temp folder holding `rapier_wasm3d_bg.wasm` with `bytes`; returns a module path in it. */
function packageFolderWith(bytes: Buffer): string {
  const folder = mkdtempSync(join(tmpdir(), 'rapier-wasm-file-'));
  folders.push(folder);
  writeFileSync(join(folder, 'rapier_wasm3d_bg.wasm'), bytes);
  return join(folder, 'rapier.mjs');
}

describe('loadRapierWasmFromFile', () => {
  it('rewrites the installed package to load its .wasm file, leaving no inlined module', () => {
    const source = readFileSync(RAPIER_MJS, 'utf8');
    const rewritten = loadRapierWasmFromFile(source, RAPIER_MJS);
    expect(rewritten).toContain(
      'module_or_path:new URL("./rapier_wasm3d_bg.wasm",import.meta.url)',
    );
    // "AGFzbQ" is the base64 of the WebAssembly magic number "\0asm".
    expect(source).toContain('"AGFzbQ');
    expect(rewritten).not.toContain('"AGFzbQ');
    expect(rewritten.length).toBeLessThan(source.length / 10);
  });

  it('rewrites only the loader call and keeps the rest of the module', () => {
    const bytes = Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
    const path = packageFolderWith(bytes);
    expect(loadRapierWasmFromFile(moduleInlining(bytes), path)).toBe(
      'function init(){return load({module_or_path:new URL("./rapier_wasm3d_bg.wasm",import.meta.url)})}',
    );
  });

  it('fails the build when the inlined module differs from the shipped file', () => {
    const path = packageFolderWith(Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
    const other = Buffer.from([0, 0x61, 0x73, 0x6d, 2, 0, 0, 0]);
    expect(() => loadRapierWasmFromFile(moduleInlining(other), path)).toThrow(
      /differs from rapier_wasm3d_bg\.wasm/,
    );
  });

  it('fails the build when the package no longer inlines exactly one module', () => {
    const bytes = Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
    const path = packageFolderWith(bytes);
    expect(() => loadRapierWasmFromFile('function init(){return load()}', path)).toThrow(/found 0/);
    const twice = moduleInlining(bytes) + moduleInlining(bytes);
    expect(() => loadRapierWasmFromFile(twice, path)).toThrow(/found 2/);
  });
});
