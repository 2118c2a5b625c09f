/**
 * Seeded damage to a JSON file (a preset, `library.json`) that keeps it JSON, so the damage
 * reaches the schema check rather than stopping at the parser: a field set to a value of
 * another type, a huge number or string, a `__proto__` or `constructor` key, deep nesting,
 * a huge array, a field removed. Half the time the bytes are damaged instead (see
 * `mutateBytes`), which mostly tests the parser and the moved-aside path.
 */

import type { RandomSource } from '../../renderer/src/physics/seeded-random';
import { mutateBytes, type Mutation } from './byte-mutations';
import { below, pick } from './hostile-values';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** JSON texts to drop in place of a field's value. */
const HOSTILE_JSON = [
  'null',
  'true',
  '-1',
  '0',
  '1e308',
  '-1e308',
  '9007199254740993',
  '""',
  `"${'x'.repeat(1 << 16)}"`,
  '"../../../etc/passwd"',
  '"/etc/passwd"',
  '{}',
  '[]',
  '{"__proto__": {"polluted": true}}',
  '{"constructor": {"prototype": {"polluted": true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `[${Array.from({ length: 10_000 }, () => '0').join(',')}]`,
];

/** Every object and array inside `value`, itself first. */
function containers(value: unknown): Record<string, unknown>[] {
  if (typeof value !== 'object' || value === null) return [];
  const found = [value as Record<string, unknown>];
  for (const child of Object.values(value)) found.push(...containers(child));
  return found;
}

// Printable, so JSON.stringify writes it as it is and the replace below finds it.
const MARK = '__fuzz_slot_7f3a9c__';

/** The JSON text `text` with one field replaced, removed or a prototype key added. */
function damageJsonText(text: string, random: RandomSource): string {
  const document = JSON.parse(text) as unknown;
  const slot = pick(random, containers(document));
  const keys = Object.keys(slot);
  const what = below(random, 4);
  if (keys.length > 0 && what === 0) {
    Reflect.deleteProperty(slot, pick(random, keys));
    return JSON.stringify(document);
  }
  if (keys.length === 0 || what === 1) {
    // A key JSON.parse keeps as data: written into the text, as a crafted file would have it.
    const key = pick(random, ['__proto__', 'constructor', 'prototype']);
    slot[MARK] = 0;
    return JSON.stringify(document).replace(
      `"${MARK}":0`,
      `"${key}":${pick(random, HOSTILE_JSON.slice(11, 15))}`,
    );
  }
  slot[pick(random, keys)] = MARK;
  return JSON.stringify(document).replace(`"${MARK}"`, pick(random, HOSTILE_JSON));
}

/** One seeded mutation of a JSON file's bytes. */
export function mutateJson(bytes: Uint8Array, random: RandomSource): Mutation {
  if (random() < 0.5) return mutateBytes(bytes, random);
  return {
    kind: 'json-field',
    bytes: encoder.encode(damageJsonText(decoder.decode(bytes), random)),
  };
}
