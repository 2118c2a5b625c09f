import { resolve } from 'node:path';

/**
 * The folder of real VRM, PMX and PMD models made by other people, which this repository
 * must not contain: it sits beside the checkout when present. Tests and benchmarks that use
 * it skip those files, with a note, when it is absent.
 */
export const REAL_FIXTURES = resolve(import.meta.dirname, '..', '..', 'shared', 'fixtures');

/** `relative` inside {@link REAL_FIXTURES}, e.g. `pmd/mokou/mokou_B.pmd`. */
export function realFixture(relative: string): string {
  return resolve(REAL_FIXTURES, relative);
}
