/**
 * Seeded damage to a file's bytes, the kinds a bad download, a disk error or a crafted file
 * produce: flipped bits, a cut-off end, a count or length replaced by a huge number, an offset
 * pointing elsewhere, a stretch overwritten with noise, a stretch repeated or removed. The same
 * seed always gives the same damage, so any failure repeats from its seed.
 */

import type { RandomSource } from '../../renderer/src/physics/seeded-random';

/** The kinds of damage, each chosen with the same chance. */
export const MUTATION_KINDS = [
  'bit-flips',
  'truncation',
  'huge-count',
  'bad-offset',
  'noise',
  'duplicate',
  'cut-out',
] as const;

export type MutationKind = (typeof MUTATION_KINDS)[number];

/** Damaged bytes and what was done to them (for the report and a repeatable failure). */
export interface Mutation {
  /** A byte-level kind, or a structure-aware change of a JSON field or a glTF number. */
  readonly kind: MutationKind | 'json-field' | 'glb-number';
  readonly bytes: Uint8Array;
}

/** Numbers a reader must never trust blindly when they appear where a count or size goes. */
const HUGE_VALUES = [0xffffffff, 0x7fffffff, 0x80000000, 0x10000000, 200_000_000, 65535, 1e6];

/** A copy (a Node `Buffer`'s `slice` would share the sample's memory). */
function copyOf(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes);
}

/** An integer in [0, n). */
function below(random: RandomSource, n: number): number {
  return Math.floor(random() * n);
}

/**
 * A position biased towards the file's start, where headers, counts and offsets live: half
 * the time within the first 256 bytes.
 */
function somewhere(random: RandomSource, length: number): number {
  if (length === 0) return 0;
  return random() < 0.5 ? below(random, Math.min(length, 256)) : below(random, length);
}

function flipBits(bytes: Uint8Array, random: RandomSource): Uint8Array {
  const out = copyOf(bytes);
  const flips = 1 + below(random, 8);
  for (let i = 0; i < flips && out.length > 0; i++) {
    out[somewhere(random, out.length)]! ^= 1 << below(random, 8);
  }
  return out;
}

function truncate(bytes: Uint8Array, random: RandomSource): Uint8Array {
  return copyOf(bytes.subarray(0, below(random, bytes.length)));
}

/** A little-endian 32-bit value written at `at` (the formats here are all little-endian). */
function writeUint32(bytes: Uint8Array, at: number, value: number): Uint8Array {
  const out = copyOf(bytes);
  if (at + 4 > out.length) return out;
  new DataView(out.buffer, out.byteOffset, out.byteLength).setUint32(at, value >>> 0, true);
  return out;
}

function hugeCount(bytes: Uint8Array, random: RandomSource): Uint8Array {
  const value = HUGE_VALUES[below(random, HUGE_VALUES.length)]!;
  // Counts are 4-byte aligned in most headers, but not in PMX/PMD: either is tried.
  const at = somewhere(random, Math.max(0, bytes.length - 3));
  return writeUint32(bytes, random() < 0.5 ? at & ~3 : at, value);
}

function badOffset(bytes: Uint8Array, random: RandomSource): Uint8Array {
  const target = random() < 0.5 ? bytes.length + below(random, 1 << 20) : below(random, 16);
  return writeUint32(bytes, somewhere(random, Math.max(0, bytes.length - 3)), target);
}

function noise(bytes: Uint8Array, random: RandomSource): Uint8Array {
  const out = copyOf(bytes);
  const start = somewhere(random, out.length);
  const end = Math.min(out.length, start + 1 + below(random, 64));
  for (let i = start; i < end; i++) out[i] = below(random, 256);
  return out;
}

function duplicate(bytes: Uint8Array, random: RandomSource): Uint8Array {
  const start = somewhere(random, bytes.length);
  const piece = bytes.subarray(start, start + 1 + below(random, 256));
  const at = somewhere(random, bytes.length);
  const out = new Uint8Array(bytes.length + piece.length);
  out.set(bytes.subarray(0, at));
  out.set(piece, at);
  out.set(bytes.subarray(at), at + piece.length);
  return out;
}

function cutOut(bytes: Uint8Array, random: RandomSource): Uint8Array {
  const start = somewhere(random, bytes.length);
  const end = Math.min(bytes.length, start + 1 + below(random, 256));
  const out = new Uint8Array(bytes.length - (end - start));
  out.set(bytes.subarray(0, start));
  out.set(bytes.subarray(end), start);
  return out;
}

const MUTATORS: Readonly<Record<MutationKind, (b: Uint8Array, r: RandomSource) => Uint8Array>> = {
  'bit-flips': flipBits,
  truncation: truncate,
  'huge-count': hugeCount,
  'bad-offset': badOffset,
  noise,
  duplicate,
  'cut-out': cutOut,
};

/** One seeded mutation of `bytes` (never changed in place). */
export function mutateBytes(bytes: Uint8Array, random: RandomSource): Mutation {
  const kind = MUTATION_KINDS[below(random, MUTATION_KINDS.length)]!;
  return { kind, bytes: MUTATORS[kind](bytes, random) };
}
