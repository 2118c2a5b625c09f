import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * The slow part of the Node tests, run as the `sim` project: the simulator CLIs in a child
 * process, heap-profiled allocation runs, multi-seed soaks and design results, real-model
 * sweeps and the fuzz pass. Everything else under tests/unit is the fast loop
 * (`npm run test:unit`): the `unit` project and `unit-isolated` (see {@link MOCKING_FILES}).
 */
const SIM_FILES = [
  'tests/unit/*-sim-cli.test.ts',
  'tests/unit/sim-cli.test.ts',
  'tests/unit/mmd-sim-prop.test.ts',
  'tests/unit/recording-sim-export.test.ts',
  'tests/unit/*allocations.test.ts',
  'tests/unit/mmd-soak.test.ts',
  'tests/unit/physics-mmd-rest-real.test.ts',
  'tests/unit/physics-design-results.test.ts',
  'tests/unit/physics-landing-gaps.test.ts',
  'tests/unit/physics-mmd-models.test.ts',
  'tests/unit/motion-real-figures.test.ts',
  'tests/unit/fuzz-boundaries.test.ts',
  'tests/unit/start-electron.test.ts',
  'tests/unit/installer-package-dir.test.ts',
];

/**
 * The unit test files that replace a module (`vi.mock`). The `unit` project shares one module
 * cache across the files a worker runs (importing three.js, Rapier and the app's modules again
 * for each file took most of its time), where such a replacement would leak into, or miss,
 * other files; these run in `unit-isolated`, each file with its own modules. Found by reading
 * the files, so a new one lands there by itself.
 */
const MOCKING_FILES = readdirSync('tests/unit')
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => `tests/unit/${name}`)
  .filter((path) => /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(path, 'utf8')));

export default defineConfig({
  test: {
    environment: 'node',
    // Physics tests step the real Rapier WASM for simulated seconds; end-to-end tests drive Chromium.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two cores here: keep the heavy files from starving each other.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: [...SIM_FILES, ...MOCKING_FILES],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: MOCKING_FILES, exclude: SIM_FILES },
      },
      {
        extends: true,
        // Shares its module cache like `unit` (none of these files replaces a module): the
        // tier alone took 105 s against 127 s isolated, its imports 6 s against 16 s.
        test: { name: 'sim', include: SIM_FILES, isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // The files a worker runs share its browser (tests/e2e/support/suite.ts): launching
          // Chromium and a context's first start of the app cost seconds per file.
          isolate: false,
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          // A test's own time is held and stepped (see CONTRIBUTING.md), but opening the app,
          // loading a model and drawing under SwiftShader still take wall time: at load 20 on
          // two cores single tests took 60-120 s. The limit is for a hung test, not a slow one.
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
