import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
    environment: 'node',
    // Physics tests step the real Rapier WASM for simulated seconds; end-to-end tests drive Chromium.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two cores here: keep the heavy files from starving each other.
    maxWorkers: 2,
  },
});
