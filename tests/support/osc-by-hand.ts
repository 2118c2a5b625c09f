/**
 * An OSC 1.0 codec written by hand for the tests (https://opensoundcontrol.stanford.edu/spec-1_0.html),
 * independent of `osc-min`, which the app uses: messages and bundles with the argument types
 * VMC senders use (i, f, d, s, S, b, h, t, T, F, N, I, c, r, m). The VMC tests make and read
 * their packets with this, so they do not trust the code they check.
 */

/** A packet that is not well-formed OSC; the message says what is wrong, at which byte. */
export class OscError extends Error {
  override readonly name = 'OscError';
}

/** One argument as read: numbers (i, f, d, h, t, c, r, m as numbers), text, a blob, or T/F/N/I. */
export type OscArg = number | string | Uint8Array | boolean | null;

/** A decoded OSC message. */
export interface OscMessage {
  /** E.g. `/VMC/Ext/Bone/Pos`. */
  readonly address: string;
  /** The type tags without the leading comma, e.g. `sfffffff`. */
  readonly types: string;
  readonly args: readonly OscArg[];
}

/** Bundles inside bundles deeper than this are refused (no sender nests them at all). */
const MAX_BUNDLE_DEPTH = 8;
const BUNDLE_TAG = '#bundle';

const latin1 = new TextDecoder('latin1');
/** Longer ASCII strings go through the TextDecoder too (it wins on long text). */
const MAX_DIRECT_STRING = 64;
const utf8 = new TextDecoder('utf-8', { fatal: false });

/**
 * Calls `onMessage` for every message in `bytes` (a message or a bundle, nested bundles in
 * order). Throws {@link OscError} for anything malformed: then no message has been handed
 * on, so a bad packet is dropped whole.
 *
 * @param bytes - one UDP datagram
 */
export function decodeOscPacket(bytes: Uint8Array, onMessage: (message: OscMessage) => void): void {
  const messages: OscMessage[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  readPacket(bytes, view, 0, bytes.byteLength, 0, messages);
  for (const message of messages) onMessage(message);
}

function readPacket(
  bytes: Uint8Array,
  view: DataView,
  start: number,
  end: number,
  depth: number,
  out: OscMessage[],
): void {
  if (end - start < 4 || (end - start) % 4 !== 0)
    throw new OscError(`an OSC packet is a multiple of 4 bytes, not ${end - start}`);
  if (bytes[start] === 0x23 /* # */) {
    readBundle(bytes, view, start, end, depth, out);
    return;
  }
  out.push(readMessage(bytes, view, start, end));
}

function readBundle(
  bytes: Uint8Array,
  view: DataView,
  start: number,
  end: number,
  depth: number,
  out: OscMessage[],
): void {
  if (depth >= MAX_BUNDLE_DEPTH)
    throw new OscError(`bundles nested deeper than ${MAX_BUNDLE_DEPTH}`);
  const [tag, afterTag] = readString(bytes, start, end, latin1);
  if (tag !== BUNDLE_TAG) throw new OscError(`"${tag.slice(0, 32)}" is not an address or #bundle`);
  let at = afterTag + 8; // the time tag: VMC data is applied on arrival
  if (at > end) throw new OscError('the bundle ends inside its time tag');
  while (at < end) {
    if (at + 4 > end) throw new OscError(`a bundle element's size is cut off at byte ${at}`);
    const size = view.getInt32(at);
    at += 4;
    if (size <= 0 || size % 4 !== 0 || at + size > end)
      throw new OscError(`a bundle element claims ${size} bytes; ${end - at} are left`);
    readPacket(bytes, view, at, at + size, depth + 1, out);
    at += size;
  }
}

function readMessage(bytes: Uint8Array, view: DataView, start: number, end: number): OscMessage {
  const [address, afterAddress] = readString(bytes, start, end, latin1);
  if (!address.startsWith('/'))
    throw new OscError(`"${address.slice(0, 32)}" is not an OSC address (it must start with /)`);
  // OSC 1.0 allows a message without type tags (old senders); it has no arguments then.
  if (afterAddress >= end) return { address, types: '', args: [] };
  const [tags, afterTags] = readString(bytes, afterAddress, end, latin1);
  if (!tags.startsWith(','))
    throw new OscError(`${address}: type tags must start with a comma, not "${tags.slice(0, 8)}"`);
  const types = tags.slice(1);
  const args: OscArg[] = [];
  let at = afterTags;
  for (let i = 0; i < types.length; i++) {
    const type = types[i]!;
    at = readArg(bytes, view, type, at, end, args, address);
  }
  return { address, types, args };
}

/** Reads one argument of `type` at `at` into `args`; returns where the next begins. */
function readArg(
  bytes: Uint8Array,
  view: DataView,
  type: string,
  at: number,
  end: number,
  args: OscArg[],
  address: string,
): number {
  const need = (count: number) => {
    if (at + count > end)
      throw new OscError(`${address}: the packet ends inside a "${type}" argument`);
  };
  switch (type) {
    case 'i':
    case 'c':
    case 'r':
    case 'm':
      need(4);
      args.push(type === 'i' ? view.getInt32(at) : view.getUint32(at));
      return at + 4;
    case 'f':
      need(4);
      args.push(view.getFloat32(at));
      return at + 4;
    case 'd':
      need(8);
      args.push(view.getFloat64(at));
      return at + 8;
    case 'h':
    case 't':
      need(8);
      args.push(Number(type === 'h' ? view.getBigInt64(at) : view.getBigUint64(at)));
      return at + 8;
    case 's':
    case 'S': {
      const [text, next] = readString(bytes, at, end, utf8);
      args.push(text);
      return next;
    }
    case 'b': {
      need(4);
      const size = view.getInt32(at);
      if (size < 0 || at + 4 + size > end)
        throw new OscError(`${address}: a blob claims ${size} bytes; ${end - at - 4} are left`);
      args.push(bytes.subarray(at + 4, at + 4 + size));
      return at + 4 + padded(size);
    }
    case 'T':
    case 'F':
      args.push(type === 'T');
      return at;
    case 'N':
    case 'I':
      args.push(null);
      return at;
    case '[':
    case ']':
      return at; // arrays are read flat: VMC uses none
    default:
      throw new OscError(`${address}: unknown type tag "${type}"`);
  }
}

/** A NUL-terminated string padded to 4 bytes: its text and the offset after the padding. */
function readString(
  bytes: Uint8Array,
  start: number,
  end: number,
  decoder: TextDecoder,
): [string, number] {
  let nul = start;
  let ascii = true;
  while (nul < end && bytes[nul] !== 0) {
    if (bytes[nul]! >= 0x80) ascii = false;
    nul++;
  }
  if (nul >= end) throw new OscError(`a string starting at byte ${start} has no terminating NUL`);
  const next = start + padded(nul - start + 1);
  if (next > end) throw new OscError(`a string's padding runs past the end at byte ${end}`);
  // Addresses, type tags and bone names are short ASCII: building them directly is several
  // times faster than a TextDecoder call per string.
  if (ascii && nul - start <= MAX_DIRECT_STRING) {
    let text = '';
    for (let i = start; i < nul; i++) text += String.fromCharCode(bytes[i]!);
    return [text, next];
  }
  return [decoder.decode(bytes.subarray(start, nul)), next];
}

function padded(size: number): number {
  return (size + 3) & ~3;
}

/** An argument to write: a number with its type, or a string. */
export type OscOutArg =
  | { readonly type: 'f' | 'i' | 'd'; readonly value: number }
  | { readonly type: 's'; readonly value: string }
  | { readonly type: 'b'; readonly value: Uint8Array }
  | { readonly type: 'T' | 'F' | 'N' };

const utf8Encoder = new TextEncoder();

/**
 * Writes OSC messages into one growing buffer and packs them into bundles that each fit
 * `maxBytes` (a UDP datagram that needs no IP fragmentation). Reused frame after frame: it
 * allocates only while its buffer grows.
 */
export class OscBundleWriter {
  private buffer: Uint8Array;
  private view: DataView;
  private length = 0;
  /** Where the current bundle started and how many messages it holds. */
  private bundleStart = 0;
  private bundleMessages = 0;
  private readonly datagrams: Uint8Array[] = [];

  /** @param maxBytes - the most bytes one datagram may have (default 1,400: under a 1,500-byte MTU) */
  constructor(private readonly maxBytes = 1400) {
    this.buffer = new Uint8Array(4096);
    this.view = new DataView(this.buffer.buffer);
  }

  /** Adds a message to the current bundle, closing it first when the message would not fit. */
  message(address: string, args: readonly OscOutArg[]): void {
    const size = messageSize(address, args);
    if (16 + 4 + size > this.maxBytes)
      throw new OscError(`${address}: a ${size}-byte message cannot fit a datagram`);
    if (this.bundleMessages > 0 && this.length - this.bundleStart + 4 + size > this.maxBytes)
      this.closeBundle();
    if (this.bundleMessages === 0) this.openBundle();
    this.reserve(4 + size);
    this.view.setInt32(this.length, size);
    this.length += 4;
    this.writeString(address);
    this.writeString(`,${args.map((a) => a.type).join('')}`);
    for (const arg of args) this.writeArg(arg);
    this.bundleMessages++;
  }

  /**
   * The datagrams written since the last call (views into a buffer the next frame reuses:
   * send them before writing more).
   */
  take(): readonly Uint8Array[] {
    if (this.bundleMessages > 0) this.closeBundle();
    const out = this.datagrams.slice();
    this.datagrams.length = 0;
    this.length = 0;
    this.bundleStart = 0;
    return out;
  }

  private openBundle(): void {
    this.bundleStart = this.length;
    this.writeString(BUNDLE_TAG);
    this.reserve(8);
    // Time tag 1: "immediately" (OSC 1.0).
    this.view.setUint32(this.length, 0);
    this.view.setUint32(this.length + 4, 1);
    this.length += 8;
  }

  private closeBundle(): void {
    this.datagrams.push(this.buffer.subarray(this.bundleStart, this.length));
    this.bundleMessages = 0;
  }

  private writeArg(arg: OscOutArg): void {
    this.reserve(8);
    switch (arg.type) {
      case 'f':
        this.view.setFloat32(this.length, arg.value);
        this.length += 4;
        return;
      case 'i':
        this.view.setInt32(this.length, arg.value);
        this.length += 4;
        return;
      case 'd':
        this.view.setFloat64(this.length, arg.value);
        this.length += 8;
        return;
      case 's':
        this.writeString(arg.value);
        return;
      case 'b':
        this.view.setInt32(this.length, arg.value.length);
        this.length += 4;
        this.reserve(padded(arg.value.length));
        this.buffer.fill(0, this.length, this.length + padded(arg.value.length));
        this.buffer.set(arg.value, this.length);
        this.length += padded(arg.value.length);
        return;
      default:
        return; // T, F, N carry no bytes
    }
  }

  private writeString(text: string): void {
    const bytes = utf8Encoder.encode(text);
    const size = padded(bytes.length + 1);
    this.reserve(size);
    this.buffer.set(bytes, this.length);
    this.buffer.fill(0, this.length + bytes.length, this.length + size);
    this.length += size;
  }

  /** Grows the buffer (copying what is written) so `count` more bytes fit. */
  private reserve(count: number): void {
    if (this.length + count <= this.buffer.length) return;
    // Datagrams already taken out point into the old buffer; they stay valid as copies.
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + count));
    grown.set(this.buffer.subarray(0, this.length));
    for (let i = 0; i < this.datagrams.length; i++) {
      const d = this.datagrams[i]!;
      this.datagrams[i] = grown.subarray(d.byteOffset, d.byteOffset + d.byteLength);
    }
    this.buffer = grown;
    this.view = new DataView(grown.buffer);
  }
}

/** Bytes of one encoded message (address, type tags, arguments). */
function messageSize(address: string, args: readonly OscOutArg[]): number {
  let size = padded(utf8Encoder.encode(address).length + 1) + padded(args.length + 2);
  for (const arg of args) {
    if (arg.type === 's') size += padded(utf8Encoder.encode(arg.value).length + 1);
    else if (arg.type === 'b') size += 4 + padded(arg.value.length);
    else if (arg.type === 'd') size += 8;
    else if (arg.type === 'f' || arg.type === 'i') size += 4;
  }
  return size;
}

/** The bytes of one message on its own (not in a bundle). */
export function encodeMessage(address: string, args: readonly OscOutArg[]): Uint8Array {
  const writer = new OscBundleWriter(65000);
  writer.message(address, args);
  // A bundle of one element: the message is after the 16-byte header and its 4-byte size.
  return writer.take()[0]!.slice(20);
}
