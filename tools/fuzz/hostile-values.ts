/**
 * Values a compromised page could send where the host expects a path, an id, a name, bytes
 * or a preset: wrong types, huge strings, prototype keys (`__proto__`, `constructor`), paths
 * it was never given, and valid-looking values with one field swapped for one of these.
 */

import type { RandomSource } from '../../renderer/src/physics/seeded-random';

/** An integer in [0, n). */
export function below(random: RandomSource, n: number): number {
  return Math.floor(random() * n);
}

/** One item of `items`, chosen with `random`. */
export function pick<T>(random: RandomSource, items: readonly T[]): T {
  return items[below(random, items.length)]!;
}

/** An object whose own key `__proto__` is a plain data key, as `JSON.parse` makes it. */
function protoKeyed(value: unknown): unknown {
  return JSON.parse(`{"__proto__": ${JSON.stringify(value)}, "constructor": {"prototype": 1}}`);
}

/** Strings the host must refuse or treat as plain text, never as a path it may read. */
function hostileStrings(outside: string): string[] {
  return [
    '',
    ' ',
    '\0',
    'a\0b',
    '../../../etc/passwd',
    '..\\..\\windows\\win.ini',
    '/etc/passwd',
    '/',
    '/dev/zero',
    '/dev/random',
    '/proc/self/environ',
    `${outside}/secret.vrm`,
    `${outside}/secret.ragdoll`,
    `${outside}/secret.vmd`,
    `${outside}/../outside/secret.pmx`,
    `${outside}/link-to-secret.vrm`,
    'file:///etc/passwd',
    '\\\\server\\share\\x.vrm',
    'C:\\Windows\\System32\\drivers\\etc\\hosts',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'p-mk1abcde-0123abcd',
    'x'.repeat(4097),
    '/'.repeat(5000),
    `/${'a'.repeat(255)}/`.repeat(20),
    'A'.repeat(1 << 20),
    '\u202e\ufeff\ud800',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  ];
}

/** A hostile value of any type; `outside` is a folder the host must never read. */
export function hostileValue(random: RandomSource, outside: string, depth = 0): unknown {
  const choice = below(random, depth > 2 ? 8 : 12);
  switch (choice) {
    case 0:
    case 1:
    case 2:
      return pick(random, hostileStrings(outside));
    case 3:
      return pick(random, [0, -1, 1e308, -0, NaN, Infinity, -Infinity, 2 ** 53, 0.5]);
    case 4:
      return pick(random, [null, undefined, true, false]);
    case 5:
      return pick(random, [10n, Symbol.for('x'), () => 1, new Date(0), /re/]);
    case 6:
      return pick(random, [
        new Uint8Array(0),
        new Uint8Array(below(random, 4096)),
        new Uint8Array(1 << 22),
        new ArrayBuffer(16),
        new Float64Array(4),
      ]);
    case 7:
      return protoKeyed(pick(random, [1, 'x', { polluted: true }, null]));
    case 8:
      return Array.from({ length: below(random, 6) }, () =>
        hostileValue(random, outside, depth + 1),
      );
    case 9:
      return Array.from({ length: pick(random, [1000, 100_000]) }, () => 0);
    case 10: {
      const object: Record<string, unknown> = {};
      for (let i = below(random, 5); i > 0; i--) {
        object[pick(random, ['name', 'figures', 'props', 'constructor', 'toString', 'x'])] =
          hostileValue(random, outside, depth + 1);
      }
      return object;
    }
    default:
      return deepNest(pick(random, [100, 10_000]));
  }
}

/** Arrays nested `depth` deep: recursive checkers must neither overflow nor take long. */
function deepNest(depth: number): unknown {
  let value: unknown = 0;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/**
 * `valid` with one field somewhere inside replaced by a hostile value (or, sometimes, a
 * `__proto__` key added), so the checker is tried one level below the top as well.
 */
export function damagedObject(valid: unknown, random: RandomSource, outside: string): unknown {
  const copy = structuredClone(valid) as unknown;
  const slots = containers(copy);
  if (slots.length === 0) return hostileValue(random, outside);
  const slot = pick(random, slots);
  const keys = Object.keys(slot);
  if (keys.length === 0 || random() < 0.15) {
    Object.defineProperty(slot, '__proto__', {
      value: { polluted: true },
      enumerable: true,
      configurable: true,
      writable: true,
    });
    return copy;
  }
  // Defined, not assigned: assigning to a `__proto__` data key would set the prototype.
  Object.defineProperty(slot, pick(random, keys), {
    value: hostileValue(random, outside),
    enumerable: true,
    configurable: true,
    writable: true,
  });
  return copy;
}

/** Every object and array inside `value`, itself first. */
function containers(value: unknown): object[] {
  // Typed arrays hold numbers only; they are replaced whole, never field by field.
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return [];
  const found: object[] = [value];
  for (const child of Object.values(value)) found.push(...containers(child));
  return found;
}
