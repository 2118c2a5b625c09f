/**
 * The common shape of a VMC datagram, read straight from its bytes: OSC 1.0 bundles (nested in
 * order) of the messages a VMC sender sends every frame, `/VMC/Ext/Bone/Pos` and
 * `/VMC/Ext/Root/Pos` as a name and 7 (Root: or 13) 32-bit floats, `/VMC/Ext/Blend/Val` as a
 * name and a float, `/VMC/Ext/Blend/Apply`, `/VMC/Ext/OK` and `/VMC/Ext/T`. Other addresses are
 * checked for well-formed OSC and skipped without reading their arguments.
 *
 * Why, beside `osc-min`: a 60 Hz stream of 55 bones is some 4,000 messages a second, and
 * `osc-min` builds an object for every message and every argument (and we then another list),
 * which made the main process's share of a core several times the 1 % a background receiver
 * may take. This reads the numbers into one reused array and makes one string per name.
 * Anything it does not fully understand (another type tag on a VMC address, an argument type
 * it does not size, a malformed packet) it declines, and the caller hands the packet to
 * `osc-min`, which reads it or says what is wrong: so what is accepted and what is refused is
 * decided as before, and this only decides faster for what senders actually send.
 */

/** What one read message is. */
export const OP_BONE = 1;
export const OP_ROOT = 2;
export const OP_BLEND = 3;
export const OP_APPLY = 4;
export const OP_OK = 5;
export const OP_T = 6;

/** Numbers kept per message: a pose's 7 (a Root/Pos's scale and offset are not used). */
export const OP_NUMBERS = 7;
/** More messages than this in one datagram are left to `osc-min` (none is that small). */
const MAX_OPS = 4096;
const MAX_BUNDLE_DEPTH = 8;

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));

const ADDRESSES: readonly (readonly [Uint8Array, number])[] = [
  [ascii('/VMC/Ext/Bone/Pos'), OP_BONE],
  [ascii('/VMC/Ext/Root/Pos'), OP_ROOT],
  [ascii('/VMC/Ext/Blend/Val'), OP_BLEND],
  [ascii('/VMC/Ext/Blend/Apply'), OP_APPLY],
  [ascii('/VMC/Ext/OK'), OP_OK],
  [ascii('/VMC/Ext/T'), OP_T],
];

const BUNDLE = ascii('#bundle\0');
const COMMA = 44;
const F = 102;
const I = 105;
const S = 115;

/** Reads datagrams into a reused list of messages (see the file's comment). */
export class VmcFastReader {
  /** Messages read by the last {@link read}. */
  count = 0;
  /** Per message, its `OP_*` kind. */
  readonly kinds = new Uint8Array(MAX_OPS);
  /** Per message, its name (a bone's or an expression's), or null. */
  readonly names: (string | null)[] = new Array<string | null>(MAX_OPS).fill(null);
  /** Per message, {@link OP_NUMBERS} numbers from `OP_NUMBERS * index`. */
  readonly numbers = new Float64Array(MAX_OPS * OP_NUMBERS);
  private bytes: Buffer = Buffer.alloc(0);
  private view: DataView = new DataView(new ArrayBuffer(0));

  /**
   * Reads `bytes` (one datagram); true when every message in it was understood (then
   * {@link count} messages are here), false to leave the packet to the full decoder.
   */
  read(bytes: Uint8Array): boolean {
    this.count = 0;
    this.bytes = Buffer.isBuffer(bytes)
      ? bytes
      : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const end = bytes.byteLength;
    if (end < 4 || end % 4 !== 0) return false;
    return this.packet(0, end, 0);
  }

  private packet(start: number, end: number, depth: number): boolean {
    return this.bytes[start] === 35 /* # */
      ? this.bundle(start, end, depth)
      : this.message(start, end);
  }

  private bundle(start: number, end: number, depth: number): boolean {
    if (depth >= MAX_BUNDLE_DEPTH || end - start < 16) return false;
    const bytes = this.bytes;
    for (let i = 0; i < 8; i++) if (bytes[start + i] !== BUNDLE[i]) return false;
    let at = start + 16;
    while (at < end) {
      if (at + 4 > end) return false;
      const size = this.view.getInt32(at);
      at += 4;
      if (size < 4 || size % 4 !== 0 || at + size > end) return false;
      if (!this.packet(at, at + size, depth + 1)) return false;
      at += size;
    }
    return true;
  }

  /** The end of the padded OSC string at `start`, or -1. */
  private stringEnd(start: number, end: number): number {
    const bytes = this.bytes;
    let at = start;
    while (at < end && bytes[at] !== 0) at++;
    if (at >= end) return -1;
    const padded = (at & ~3) + 4;
    return padded <= end ? padded : -1;
  }

  private message(start: number, end: number): boolean {
    const bytes = this.bytes;
    if (bytes[start] !== 47 /* / */) return false;
    const addressEnd = this.stringEnd(start, end);
    if (addressEnd < 0) return false;
    const tags = addressEnd;
    if (bytes[tags] !== COMMA) return false;
    const tagsEnd = this.stringEnd(tags, end);
    if (tagsEnd < 0) return false;
    let tagCount = 0;
    while (bytes[tags + 1 + tagCount] !== 0) tagCount++;
    const kind = this.addressKind(start);
    if (kind === 0) return this.skipArguments(tags + 1, tagCount, tagsEnd, end);
    if (this.count >= MAX_OPS) return false;
    const op = this.count;
    const numbers = this.numbers;
    const base = op * OP_NUMBERS;
    let at = tagsEnd;
    let name: string | null = null;
    switch (kind) {
      case OP_BONE:
      case OP_ROOT: {
        // A name and 7 floats; Root/Pos may add scale and offset (6 more).
        if (tagCount !== 8 && !(kind === OP_ROOT && tagCount === 14)) return false;
        if (bytes[tags + 1] !== S) return false;
        for (let i = 2; i <= tagCount; i++) if (bytes[tags + i] !== F) return false;
        const nameEnd = this.stringEnd(at, end);
        if (nameEnd < 0 || nameEnd + 4 * (tagCount - 1) !== end) return false;
        name = this.text(at, nameEnd);
        at = nameEnd;
        for (let i = 0; i < OP_NUMBERS; i++) numbers[base + i] = this.view.getFloat32(at + 4 * i);
        break;
      }
      case OP_BLEND: {
        if (tagCount !== 2 || bytes[tags + 1] !== S || bytes[tags + 2] !== F) return false;
        const nameEnd = this.stringEnd(at, end);
        if (nameEnd < 0 || nameEnd + 4 !== end) return false;
        name = this.text(at, nameEnd);
        numbers[base] = this.view.getFloat32(nameEnd);
        break;
      }
      case OP_APPLY:
        if (tagCount !== 0 || at !== end) return false;
        break;
      case OP_OK:
      case OP_T: {
        // OK carries the loaded flag, then (VMC 2.5+) calibration and tracking states.
        const first = bytes[tags + 1];
        if (tagCount === 0 || (first !== I && first !== F)) return false;
        if (!this.skipArguments(tags + 1, tagCount, tagsEnd, end)) return false;
        numbers[base] = first === I ? this.view.getInt32(at) : this.view.getFloat32(at);
        break;
      }
    }
    this.kinds[op] = kind;
    this.names[op] = name;
    this.count = op + 1;
    return true;
  }

  /** Which VMC address the message at `start` has (0: another). */
  private addressKind(start: number): number {
    const bytes = this.bytes;
    for (let a = 0; a < ADDRESSES.length; a++) {
      const [address, kind] = ADDRESSES[a]!;
      if (bytes[start + address.length] !== 0) continue;
      let same = true;
      for (let i = 0; i < address.length && same; i++) same = bytes[start + i] === address[i];
      if (same) return kind;
    }
    return 0;
  }

  /** Checks the arguments from `at` fill the message exactly (types i f d h t s S b T F N I). */
  private skipArguments(tag: number, tagCount: number, at: number, end: number): boolean {
    const bytes = this.bytes;
    for (let t = 0; t < tagCount; t++) {
      switch (bytes[tag + t]) {
        case I:
        case F:
        case 99: // c
        case 114: // r
        case 109: // m
          at += 4;
          break;
        case 100: // d
        case 104: // h
        case 116: // t
          at += 8;
          break;
        case S:
        case 83: {
          // S
          const stringEnd = this.stringEnd(at, end);
          if (stringEnd < 0) return false;
          at = stringEnd;
          break;
        }
        case 98: {
          // b: a size, the bytes, padding
          if (at + 4 > end) return false;
          const size = this.view.getInt32(at);
          if (size < 0) return false;
          at += 4 + ((size + 3) & ~3);
          break;
        }
        case 84: // T
        case 70: // F
        case 78: // N
        case 73: // I
          break;
        default:
          return false;
      }
      if (at > end) return false;
    }
    return at === end;
  }

  /** The UTF-8 text of the string from `start` (its NUL and padding left out). */
  private text(start: number, paddedEnd: number): string {
    const bytes = this.bytes;
    let end = start;
    while (end < paddedEnd && bytes[end] !== 0) end++;
    return bytes.toString('utf8', start, end);
  }
}
