/**
 * Seeded damage to a binary glTF (VRM, VRMA) that keeps the container valid and changes
 * what its JSON declares: a count, an offset, a length or an index set to a huge, negative
 * or out-of-range number, or any field set to a hostile value (see `mutateJson`). Byte
 * damage alone mostly breaks the JSON text, which never reaches three.js; this reaches it.
 * A third of the time the bytes are damaged instead.
 */

import type { RandomSource } from '../../renderer/src/physics/seeded-random';
import { writeGlb } from '../fixtures/glb-writer';
import { mutateBytes, type Mutation } from './byte-mutations';
import { below, pick } from './hostile-values';
import { mutateJson } from './json-mutations';

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** Numbers that are wrong where glTF expects a count, an offset, a size or an index. */
const BAD_NUMBERS = [-1, 0, 1, 3, 2 ** 31, 2 ** 32 + 1, 200_000_000, 1e300, 0.5, 65536, 1e15];

/** The JSON text and BIN bytes of a GLB written by `writeGlb` (or undefined if it is not one). */
function splitGlb(bytes: Uint8Array): { json: string; bin: Uint8Array } | undefined {
  if (bytes.length < 20) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = decoder.decode(bytes.subarray(20, 20 + jsonLength));
  const binAt = 20 + jsonLength;
  const bin = binAt + 8 <= bytes.length ? bytes.subarray(binAt + 8) : new Uint8Array(0);
  return { json, bin };
}

/** Every numeric field of `value`, as [container, key]. */
function numericSlots(value: unknown, found: [Record<string, unknown>, string][] = []) {
  if (typeof value !== 'object' || value === null) return found;
  for (const [key, child] of Object.entries(value)) {
    if (typeof child === 'number') found.push([value as Record<string, unknown>, key]);
    else numericSlots(child, found);
  }
  return found;
}

/** One seeded mutation of a GLB's bytes. */
export function mutateGlb(bytes: Uint8Array, random: RandomSource): Mutation {
  const parts = splitGlb(bytes);
  const choice = below(random, 3);
  if (parts === undefined || choice === 0) return mutateBytes(bytes, random);
  if (choice === 1) {
    const json = mutateJson(encoder.encode(parts.json), random).bytes;
    return { kind: 'json-field', bytes: writeGlb(decoder.decode(json), parts.bin) };
  }
  const document = JSON.parse(parts.json) as unknown;
  const slots = numericSlots(document);
  if (slots.length === 0) return mutateBytes(bytes, random);
  for (let n = 1 + below(random, 3); n > 0; n--) {
    const [slot, key] = pick(random, slots);
    slot[key] = pick(random, BAD_NUMBERS);
  }
  return { kind: 'glb-number', bytes: writeGlb(JSON.stringify(document), parts.bin) };
}
