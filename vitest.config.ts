import { defineConfig } from 'vitest/config';

/**
 * The slow part of the Node tests, run as the `sim` project: the simulator CLIs in a child
 * process, heap-profiled allocation runs, multi-seed soaks and design results, real-model
 * sweeps and the fuzz pass. Everything else under tests/unit is the `unit` project, the fast
 * loop (`npm run test:unit`).
 */
const SIM_FILES = [
  'tests/unit/*-sim-cli.test.ts',
  'tests/unit/sim-cli.test.ts',
  'tests/unit/mmd-sim-prop.test.ts',
  'tests/unit/recording-sim-export.test.ts',
  'tests/unit/*allocations.test.ts',
  'tests/unit/mmd-soak.test.ts',
  'tests/unit/physics-design-results.test.ts',
  'tests/unit/physics-landing-gaps.test.ts',
  'tests/unit/physics-mmd-models.test.ts',
  'tests/unit/motion-real-figures.test.ts',
  'tests/unit/fuzz-boundaries.test.ts',
  'tests/unit/start-electron.test.ts',
];

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
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: SIM_FILES },
      },
      { extends: true, test: { name: 'sim', include: SIM_FILES } },
      { extends: true, test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'] } },
    ],
  },
});
