import type { Triple } from './mmd-model';
import { MmdFormatError } from './mmd-format-error';

/** How a section's item count is stored (PMX: int32; PMD: unsigned, 1 to 4 bytes). */
export type CountType = 'u8' | 'u16' | 'u32' | 'i32';

/**
 * A bounds-checked little-endian reader over a model file. Every read checks the bytes are
 * there first, so a file that ends early throws an {@link MmdFormatError} naming the byte
 * offset, the file size and what was being read (set {@link BinaryReader.context} as items go
 * by), never a `RangeError` from a `DataView`.
 */
export class BinaryReader {
  private readonly view: DataView;
  /** File size in bytes. */
  readonly length: number;
  /** Next byte to read. */
  offset = 0;
  /** What is being read, for messages: "the header", "rigid bodies" (see {@link at}). */
  private section = 'the header';
  /** Which item of {@link section}, or −1 (kept apart so per-vertex updates allocate nothing). */
  private item = -1;

  constructor(private readonly source: Uint8Array) {
    this.view = new DataView(source.buffer, source.byteOffset, source.byteLength);
    this.length = source.byteLength;
  }

  /**
   * Names what the following reads are for: `at('rigid body', 12)` makes an early end say
   * "while reading rigid body 12"; `at('the header')` names a part with no items.
   */
  at(section: string, item = -1): void {
    this.section = section;
    this.item = item;
  }

  /** What is being read, for messages. */
  get context(): string {
    return this.item >= 0 ? `${this.section} ${this.item}` : this.section;
  }

  /** Bytes left after {@link offset}. */
  get remaining(): number {
    return this.length - this.offset;
  }

  /** @throws MmdFormatError when fewer than `count` bytes are left. */
  ensure(count: number): void {
    if (this.offset + count > this.length) {
      throw new MmdFormatError(
        `the file ends early (byte ${this.offset} of ${this.length}, while reading ${this.context})`,
      );
    }
  }

  private advance(count: number): number {
    this.ensure(count);
    const at = this.offset;
    this.offset += count;
    return at;
  }

  u8(): number {
    return this.view.getUint8(this.advance(1));
  }

  i8(): number {
    return this.view.getInt8(this.advance(1));
  }

  u16(): number {
    return this.view.getUint16(this.advance(2), true);
  }

  i16(): number {
    return this.view.getInt16(this.advance(2), true);
  }

  u32(): number {
    return this.view.getUint32(this.advance(4), true);
  }

  i32(): number {
    return this.view.getInt32(this.advance(4), true);
  }

  f32(): number {
    return this.view.getFloat32(this.advance(4), true);
  }

  triple(): Triple {
    const at = this.advance(12);
    const view = this.view;
    return [
      view.getFloat32(at, true),
      view.getFloat32(at + 4, true),
      view.getFloat32(at + 8, true),
    ];
  }

  /** Reads `count` floats into `target` from index `start`. */
  floatsInto(target: Float32Array, start: number, count: number): void {
    const at = this.advance(count * 4);
    for (let i = 0; i < count; i++) target[start + i] = this.view.getFloat32(at + i * 4, true);
  }

  /** The next `count` bytes (a view, not a copy). */
  bytes(count: number): Uint8Array {
    const at = this.advance(count);
    return this.source.subarray(at, at + count);
  }

  skip(count: number): void {
    this.advance(count);
  }

  /**
   * Checks a count just read against what the rest of the file can hold (each item at least
   * `minItemBytes`), so damaged counts fail here instead of allocating huge arrays.
   * @throws MmdFormatError for a negative count or one the file is too short for.
   */
  checkCount(count: number, what: string, minItemBytes: number): number {
    if (count < 0) {
      throw new MmdFormatError(
        `the ${what} count is negative (${count}) at byte ${this.offset - 4}`,
      );
    }
    if (count * minItemBytes > this.remaining) {
      throw new MmdFormatError(
        `the file ends early or is damaged: it lists ${count} ${what} at byte ${this.offset}, ` +
          `which need at least ${count * minItemBytes} bytes, but only ${this.remaining} remain`,
      );
    }
    return count;
  }

  /**
   * Reads a count stored as `type` and checks it against the rest of the file (see
   * {@link checkCount}); an early end says "while reading the rigid body count".
   */
  count(what: string, type: CountType, minItemBytes: number): number {
    this.at(`the ${what} count`);
    return this.checkCount(this[type](), pluralOf(what), minItemBytes);
  }

  /** Reads a {@link count}, then that many items, each named (`at(what, i)`) for messages. */
  list<T>(
    what: string,
    type: CountType,
    minItemBytes: number,
    readItem: (index: number) => T,
  ): T[] {
    const count = this.count(what, type, minItemBytes);
    const items: T[] = [];
    for (let i = 0; i < count; i++) {
      this.at(what, i);
      items.push(readItem(i));
    }
    return items;
  }
}

/** "vertex" → "vertices", "rigid body" → "rigid bodies", else an added "s" (for messages). */
export function pluralOf(noun: string): string {
  if (noun.endsWith('ex')) return `${noun.slice(0, -2)}ices`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}
