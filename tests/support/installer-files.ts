/**
 * Loading the installer configuration and workflows for the installer-* tests, with the
 * paths they are checked against.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Configuration } from 'electron-builder';
import { load } from 'js-yaml';

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, '../..');

/** Absolute path of a repository-relative path. */
export function fromRoot(path: string): string {
  return resolve(ROOT, path);
}

/** Parses a YAML file of the repository into plain data. */
export function loadYaml(path: string): unknown {
  return load(readFileSync(fromRoot(path), 'utf8'));
}

/**
 * electron-builder.yml as data. Typed as electron-builder's `Configuration` for reading;
 * installer-config.test.ts proves it against the schema.
 */
export function loadBuilderConfig(): Configuration {
  return loadYaml('electron-builder.yml') as Configuration;
}

/** package.json as data. */
export function loadPackageJson(): {
  main: string;
  version: string;
  productName: string;
  engines: { node: string };
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
} {
  return JSON.parse(readFileSync(fromRoot('package.json'), 'utf8'));
}

/**
 * Throws with the fix when `npm run build` has not produced out/ (npm test builds first;
 * `vitest run` alone does not).
 */
export function requireBuiltApp(): void {
  for (const part of ['out/main', 'out/preload', 'out/renderer']) {
    if (!existsSync(fromRoot(part))) {
      throw new Error(
        `${part} is missing: run \`npm run build\` before these tests (npm test does)`,
      );
    }
  }
}
