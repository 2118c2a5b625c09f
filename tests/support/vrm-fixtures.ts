/** The generated VRM fixtures (tools/fixtures/make-vrm-fixtures.ts) in a temp folder, for tests. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { BrokenFixture, GoodFixture } from '../../tools/fixtures/make-vrm-fixtures';
import { writeVrmFixtures } from '../../tools/fixtures/make-vrm-fixtures';

/** The folder the fixtures were written to and what it holds; valid inside the tests. */
export interface VrmFixtureFolder {
  readonly dir: string;
  /** The fixtures a loader must accept, in the order they were written. */
  readonly good: readonly GoodFixture[];
  /** The fixtures a loader must refuse. */
  readonly broken: readonly BrokenFixture[];
  /** The path of fixture `file` (`vrm1-tpose-full.vrm`) in the folder. */
  path(file: string): string;
}

/**
 * Writes the fixtures to a new temp folder (named from `prefix`) before the tests of the file
 * or `describe` it is called in, and removes the folder after them.
 */
export function useVrmFixtures(prefix: string): VrmFixtureFolder {
  let dir = '';
  let good: GoodFixture[] = [];
  let broken: BrokenFixture[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
    const fixtures = await writeVrmFixtures(dir);
    good = fixtures.filter((f): f is GoodFixture => f.kind === 'good');
    broken = fixtures.filter((f): f is BrokenFixture => f.kind === 'broken');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return {
    get dir() {
      return dir;
    },
    get good() {
      return good;
    },
    get broken() {
      return broken;
    },
    path: (file) => join(dir, file),
  };
}
