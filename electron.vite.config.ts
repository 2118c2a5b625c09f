import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'electron-vite';
import { rapierWasmFile } from './tools/build/rapier-wasm-file';
import {
  noticeFile,
  thirdPartyNotices,
  withOtherPartsNotices,
} from './tools/build/third-party-notices';

const root = import.meta.dirname;
const rendererRoot = resolve(root, 'renderer');

/** The installed renderer's entry script, as renderer/index.html names it. */
const APP_ENTRY = './src/main.ts';
/** The test build's entry: the same app plus the read-only test hook. */
const TEST_ENTRY = './src/test-build/test-main.ts';

/**
 * One build for the three processes, from the folders the owner asked for:
 * electron/main, electron/preload and renderer/. `electron-vite build --mode test`
 * (`npm run build:test`) builds only the renderer's test build into out-test/renderer,
 * outside out/ so the installers (which pack out/**) never contain it.
 */
export default defineConfig(({ mode }) => (mode === 'test' ? testBuild() : appBuild()));

function appBuild() {
  return {
    main: {
      plugins: [thirdPartyNotices(root, 'main', resolve(root, 'out/main'))],
      build: {
        outDir: 'out/main',
        // Bundled like the preload: the shipped notice file then names every package the main
        // process runs, and the installers carry no node_modules of their own.
        externalizeDeps: false,
        rollupOptions: { input: { index: resolve(root, 'electron/main/index.ts') } },
      },
    },
    preload: {
      plugins: [thirdPartyNotices(root, 'preload', resolve(root, 'out/preload'))],
      build: {
        outDir: 'out/preload',
        // A sandboxed preload cannot load modules: bundle everything into one CommonJS file.
        externalizeDeps: false,
        rollupOptions: {
          input: { index: resolve(root, 'electron/preload/index.ts') },
          output: { format: 'cjs' as const, entryFileNames: '[name].cjs' },
        },
      },
    },
    renderer: {
      root: rendererRoot,
      base: './',
      worker: physicsWorkerBuild(),
      plugins: [
        rapierWasmFile(),
        compileHints(),
        thirdPartyNotices(root, 'renderer', resolve(root, 'out/renderer')),
        withOtherPartsNotices(root, resolve(root, 'out/renderer')),
      ],
      build: {
        outDir: resolve(root, 'out/renderer'),
        target: 'es2022',
        // electron-vite leaves the renderer unminified; minified, the start parses about half the bytes.
        minify: true,
        rollupOptions: { input: { index: resolve(rendererRoot, 'index.html') } },
      },
    },
  };
}

/**
 * The renderer as the app builds it, with index.html's entry swapped for the test entry
 * (same page, same CSP), plus the benchmark pages bench-vrm-load.html and
 * bench-pages.html (the bare avatar and physics-thread pages, one per `?page=`).
 */
function testBuild() {
  return {
    renderer: {
      root: rendererRoot,
      base: './',
      worker: physicsWorkerBuild(),
      plugins: [
        swapEntry(resolve(rendererRoot, 'index.html'), APP_ENTRY, TEST_ENTRY),
        rapierWasmFile(),
        compileHints(),
        noticeFile(root, 'renderer', resolve(root, 'out-test/renderer')),
      ],
      build: {
        outDir: resolve(root, 'out-test/renderer'),
        target: 'es2022',
        minify: true,
        rollupOptions: {
          input: {
            index: resolve(rendererRoot, 'index.html'),
            'bench-vrm-load': resolve(rendererRoot, 'bench-vrm-load.html'),
            'bench-pages': resolve(rendererRoot, 'bench-pages.html'),
          },
        },
      },
    },
  };
}

/**
 * How workers (the physics thread) are bundled: as ES modules, the physics worker's Rapier
 * loading its WebAssembly from the shipped file as the page's does (not from the 4 MB base64
 * copy the compat package inlines).
 */
function physicsWorkerBuild() {
  return { format: 'es' as const, plugins: () => [rapierWasmFile()] };
}

/**
 * The chunks the first frame runs: three.js and the view. Their functions are nearly all
 * called before the first frame is drawn, so V8 may as well compile them while the file
 * streams in, off the main thread, instead of one by one on it as they are first called.
 */
const FIRST_FRAME_CHUNKS = /^assets\/(three\.core|three\.module|ragdoll-view)-[^/]*\.js$/;

/**
 * Puts V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chromium 136+; a plain
 * comment elsewhere) at the top of the first frame's chunks, after minification.
 */
function compileHints(): Plugin {
  return {
    name: 'ragdoll:compile-hints',
    generateBundle: {
      order: 'post',
      handler: (_options, bundle) => {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && FIRST_FRAME_CHUNKS.test(chunk.fileName))
            chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        }
      },
    },
  };
}

/** Rewrites `page`'s `<script src="from">` to `to` before Vite reads the page's scripts. */
function swapEntry(page: string, from: string, to: string): Plugin {
  return {
    name: 'ragdoll:test-entry',
    transformIndexHtml: {
      order: 'pre',
      handler: (html, context) => {
        if (resolve(context.filename) !== page) return html;
        const script = `src="${from}"`;
        if (!html.includes(script)) throw new Error(`test build: no ${script} in the page`);
        return html.replace(script, `src="${to}"`);
      },
    },
  };
}
