/**
 * A build plugin that makes the renderer load Rapier's WebAssembly as a file instead of from
 * the base64 string the compat package inlines.
 *
 * `@dimforge/rapier3d-compat` ships the same WebAssembly twice: inlined in `rapier.mjs` as a
 * 4.1 MB base64 string, which its `init()` decodes with a JavaScript base64 decoder and
 * compiles from bytes, and as `rapier_wasm3d_bg.wasm` beside it. The inlined route costs every
 * start the parse of a 4.3 MB chunk, the decode, and a compile that no code cache can keep.
 * This plugin rewrites `init()`'s one call so that it hands wasm-bindgen's loader the URL of the
 * `.wasm` file instead (which Vite emits as a hashed asset): the browser then compiles it
 * while it downloads, off the main thread, and no decode runs at all. The package and its API
 * stay as they are; Node (tests, scripts) still imports the untouched package.
 *
 * The rewrite is checked at build time: exactly one inlined module must be found, and its bytes
 * must equal the shipped `.wasm` file's, or the build fails with the reason.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** The compat package's ES module (also its SIMD twin, should the app move to it). */
const RAPIER_MODULE = /[\\/]@dimforge[\\/]rapier3d(?:-simd)?-compat[\\/]dist[\\/]rapier\.mjs$/;

/** The shipped file beside `rapier.mjs`. */
const WASM_FILE = 'rapier_wasm3d_bg.wasm';

/**
 * `init()`'s argument to wasm-bindgen's loader, as the package's build minifies it:
 * `module_or_path:<decoder>.toByteArray("<base64>").buffer`.
 */
const INLINED_MODULE = /module_or_path:[\w$]+\.toByteArray\("([A-Za-z0-9+/]+={0,2})"\)\.buffer/g;

/**
 * Rewrites `source` (the text of `rapier.mjs` at `path`) to load the `.wasm` file beside it.
 *
 * @throws when the inlined module is not found exactly once, or differs from the shipped file
 */
export function loadRapierWasmFromFile(source: string, path: string): string {
  const matches = [...source.matchAll(INLINED_MODULE)];
  if (matches.length !== 1) {
    throw new Error(
      `${path}: expected one inlined WebAssembly module passed to the loader, found ${matches.length}; ` +
        'the package changed its build, so update tools/build/rapier-wasm-file.ts',
    );
  }
  const [call, base64] = matches[0]!;
  const shipped = readFileSync(join(dirname(path), WASM_FILE));
  if (!Buffer.from(base64!, 'base64').equals(shipped)) {
    throw new Error(`${path}: the inlined WebAssembly differs from ${WASM_FILE} beside it`);
  }
  // Vite turns `new URL('./file', import.meta.url)` into the emitted asset's URL.
  return source.replace(call, `module_or_path:new URL("./${WASM_FILE}",import.meta.url)`);
}

/** The Vite plugin: applies {@link loadRapierWasmFromFile} to the compat package's module. */
export function rapierWasmFile(): Plugin {
  return {
    name: 'ragdoll:rapier-wasm-file',
    enforce: 'pre',
    apply: 'build',
    transform(source, id) {
      if (!RAPIER_MODULE.test(id)) return null;
      // No source map: the renderer build makes none, and only one call on one line changes.
      return { code: loadRapierWasmFromFile(source, id), map: null };
    },
  };
}
