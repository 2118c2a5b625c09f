/**
 * Field-by-field comparison of parsed MMD models for the round-trip tests: every difference
 * is listed with its path (`rigidBodies[3].position[1]`), numbers match within a relative
 * tolerance (files store 32-bit floats) and NaN matches NaN.
 */

function numbersMatch(a: number, b: number, tolerance: number): boolean {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
  return Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(a), Math.abs(b));
}

function isArrayLike(value: unknown): value is ArrayLike<unknown> {
  return Array.isArray(value) || ArrayBuffer.isView(value);
}

function compare(
  actual: unknown,
  expected: unknown,
  path: string,
  tolerance: number,
  out: string[],
): void {
  if (out.length > 20) return;
  if (typeof expected === 'number' && typeof actual === 'number') {
    if (!numbersMatch(actual, expected, tolerance)) out.push(`${path}: ${actual} ≠ ${expected}`);
    return;
  }
  if (isArrayLike(expected) && isArrayLike(actual)) {
    if (actual.length !== expected.length) {
      out.push(`${path}: length ${actual.length} ≠ ${expected.length}`);
      return;
    }
    for (let i = 0; i < expected.length; i++) {
      compare(actual[i], expected[i], `${path}[${i}]`, tolerance, out);
    }
    return;
  }
  if (expected && typeof expected === 'object' && actual && typeof actual === 'object') {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const key of keys) {
      compare(
        (actual as Record<string, unknown>)[key],
        (expected as Record<string, unknown>)[key],
        path ? `${path}.${key}` : key,
        tolerance,
        out,
      );
    }
    return;
  }
  if (actual !== expected)
    out.push(`${path}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`);
}

/** The differences between two values (empty when they match); at most about 20 listed. */
export function modelDifferences(actual: unknown, expected: unknown, tolerance = 1e-6): string[] {
  const out: string[] = [];
  compare(actual, expected, '', tolerance, out);
  return out;
}
