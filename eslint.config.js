// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/**
 * Layer rules: each folder decides what it may import (see docs/ARCHITECTURE.md).
 * A violation here is an architecture bug, not a style nit.
 */
const nodeBuiltins = {
  group: ['node:*'],
  message: 'This layer runs in the browser too: no Node built-ins.',
};
const electronImport = {
  name: 'electron',
  message: 'Only electron/main (outside host/) and electron/preload may import electron.',
};
const threeImports = {
  group: ['three', 'three/*', '@pixiv/*'],
  message: 'Physics, rig, formats and motion are pure: no three.js. Convert at the view layer.',
};
const rendererFromMain = {
  group: ['**/renderer/**'],
  message: 'The main process and shared code never import renderer code.',
};
// The host reuses the renderer's file-format readers (pure code, no DOM, no three.js) to read
// an MMD model's texture table; nothing else of the renderer.
const rendererFromHost = {
  regex: '(^|/)renderer/(?!src/formats/)',
  message: 'The main process imports no renderer code but the pure file-format readers.',
};
const mainFromRenderer = {
  group: ['**/electron/**'],
  message: 'The renderer talks to the host only through the shared contract.',
};
const uiImports = {
  group: ['**/ui/**', '../ui'],
  message: 'Model loading knows nothing of the UI: the UI calls it, never the other way round.',
};
const upperRendererLayers = {
  group: ['**/view/**', '**/ui/**', '../view', '../ui'],
  message: 'Physics, rig, formats and motion know nothing of the view or the UI.',
};
const scriptImports = {
  group: ['**/scripts/**'],
  message: 'scripts/ is the commands and what only they use: shared code belongs in tools/.',
};
const testImports = {
  group: ['**/tests/**'],
  message: 'Nothing imports the tests: what a command needs from them belongs in tools/.',
};

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'out-test/**',
      'dist/**',
      'release/**',
      'node_modules/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.es2022 } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
      eqeqeq: ['error', 'always'],
      // With noUncheckedIndexedAccess, indexed reads in hot loops need `!` after a bounds check.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: [
      'renderer/src/physics/**',
      'renderer/src/rig/**',
      'renderer/src/formats/**',
      'renderer/src/motion/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport],
          patterns: [nodeBuiltins, threeImports, upperRendererLayers, mainFromRenderer],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'process', 'require'],
    },
  },
  {
    files: [
      'renderer/src/view/**',
      'renderer/src/ui/**',
      'renderer/src/test-build/**',
      'renderer/src/*.ts',
    ],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronImport], patterns: [nodeBuiltins, mainFromRenderer] },
      ],
    },
  },
  {
    files: ['renderer/src/models/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [electronImport], patterns: [nodeBuiltins, mainFromRenderer, uiImports] },
      ],
    },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronImport],
          patterns: [nodeBuiltins, rendererFromMain, mainFromRenderer, threeImports],
        },
      ],
    },
  },
  {
    files: ['electron/main/host/**'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': ['error', { paths: [electronImport], patterns: [rendererFromHost] }],
    },
  },
  {
    files: ['electron/main/*.ts', 'electron/preload/**'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-restricted-imports': ['error', { patterns: [rendererFromMain] }] },
  },
  {
    files: ['scripts/**', 'tests/**', 'tools/**', '*.config.ts', '*.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  // Commands (scripts/) and tests share code only through tools/, which imports neither.
  {
    files: ['scripts/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [testImports] }] },
  },
  {
    files: ['tests/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [scriptImports] }] },
  },
  {
    files: ['tools/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [scriptImports, testImports] }] },
  },
);
