/**
 * OSC 1.0 for VMC, over `osc-min` (a maintained OSC library): decoding a datagram into flat
 * messages (bundles opened in order), and packing messages into bundles that each fit one
 * datagram. Anything `osc-min` cannot read becomes an {@link OscError}, so a caller drops the
 * packet whole.
 */

import { fromBuffer, toBuffer } from 'osc-min';
import type { OscArgOutputOrArray, OscPacketOutput } from 'osc-min';

/** A packet that is not well-formed OSC; the message says what is wrong. */
export class OscError extends Error {
  override readonly name = 'OscError';
}

/** One argument as read: a number (i, f, d, h, t as numbers), text, a blob, or T/F/N/I. */
export type OscArg = number | string | Uint8Array | boolean | null;

/** A decoded OSC message. */
export interface OscMessage {
  /** E.g. `/VMC/Ext/Bone/Pos`. */
  readonly address: string;
  readonly args: readonly OscArg[];
}

/** Bundles inside bundles deeper than this are refused (no VMC sender nests them at all). */
const MAX_BUNDLE_DEPTH = 8;

function argValue(arg: OscArgOutputOrArray, out: OscArg[]): void {
  switch (arg.type) {
    case 'array':
      for (const inner of arg.value) argValue(inner, out);
      return;
    case 'bigint':
      out.push(Number(arg.value));
      return;
    case 'timetag':
      out.push(arg.value[0] + arg.value[1] / 2 ** 32);
      return;
    case 'blob':
      out.push(new Uint8Array(arg.value.buffer, arg.value.byteOffset, arg.value.byteLength));
      return;
    case 'true':
    case 'false':
      out.push(arg.type === 'true');
      return;
    case 'null':
    case 'bang':
      out.push(null);
      return;
    case 'midi':
    case 'color':
      out.push(null); // no VMC message carries these
      return;
    default:
      out.push(arg.value);
  }
}

function flatten(packet: OscPacketOutput, depth: number, out: OscMessage[]): void {
  if (packet.oscType === 'message') {
    const args: OscArg[] = [];
    for (const arg of packet.args) argValue(arg, args);
    out.push({ address: packet.address, args });
    return;
  }
  if (depth >= MAX_BUNDLE_DEPTH)
    throw new OscError(`bundles nested deeper than ${MAX_BUNDLE_DEPTH}`);
  for (const element of packet.elements) flatten(element, depth + 1, out);
}

/**
 * Calls `onMessage` for every message in `bytes` (a message or a bundle, nested bundles in
 * order). Throws {@link OscError} for anything malformed: then no message has been handed
 * on, so a bad packet is dropped whole.
 *
 * @param bytes - one UDP datagram
 */
export function decodeOscPacket(bytes: Uint8Array, onMessage: (message: OscMessage) => void): void {
  if (bytes.byteLength < 4 || bytes.byteLength % 4 !== 0)
    throw new OscError(`an OSC packet is a multiple of 4 bytes, not ${bytes.byteLength}`);
  let packet: OscPacketOutput;
  try {
    packet = fromBuffer(bytes);
  } catch (error) {
    throw new OscError(error instanceof Error ? error.message : String(error));
  }
  const messages: OscMessage[] = [];
  flatten(packet, 0, messages);
  for (const message of messages) onMessage(message);
}

/** An argument to write: a number with its type, or a string. */
export type OscOutArg =
  | { readonly type: 'f' | 'i' | 'd'; readonly value: number }
  | { readonly type: 's'; readonly value: string };

const OUT_TYPES = { f: 'float', i: 'integer', d: 'double', s: 'string' } as const;

/** `#bundle\0` and the time tag 1 ("immediately", OSC 1.0). */
const BUNDLE_HEADER = Uint8Array.from([35, 98, 117, 110, 100, 108, 101, 0, 0, 0, 0, 0, 0, 0, 0, 1]);

/**
 * Packs OSC messages (encoded by `osc-min`) into bundles that each fit `maxBytes` (a UDP
 * datagram that needs no IP fragmentation), in order.
 */
export class OscBundleWriter {
  private readonly pending: DataView[] = [];
  private pendingBytes = 0;
  private readonly datagrams: Uint8Array[] = [];

  /** @param maxBytes - the most bytes one datagram may have (default 1,400: under a 1,500-byte MTU) */
  constructor(private readonly maxBytes = 1400) {}

  /** Adds a message to the current bundle, closing it first when the message would not fit. */
  message(address: string, args: readonly OscOutArg[]): void {
    const encoded = toBuffer({
      address,
      args: args.map((arg) => ({ type: OUT_TYPES[arg.type], value: arg.value }) as never),
    });
    const size = 4 + encoded.byteLength;
    if (BUNDLE_HEADER.length + size > this.maxBytes)
      throw new OscError(`${address}: a ${encoded.byteLength}-byte message cannot fit a datagram`);
    if (this.pending.length > 0 && BUNDLE_HEADER.length + this.pendingBytes + size > this.maxBytes)
      this.closeBundle();
    this.pending.push(encoded);
    this.pendingBytes += size;
  }

  /** The datagrams written since the last call. */
  take(): readonly Uint8Array[] {
    if (this.pending.length > 0) this.closeBundle();
    return this.datagrams.splice(0);
  }

  private closeBundle(): void {
    const out = new Uint8Array(BUNDLE_HEADER.length + this.pendingBytes);
    const view = new DataView(out.buffer);
    out.set(BUNDLE_HEADER);
    let at = BUNDLE_HEADER.length;
    for (const message of this.pending) {
      view.setInt32(at, message.byteLength);
      out.set(new Uint8Array(message.buffer, message.byteOffset, message.byteLength), at + 4);
      at += 4 + message.byteLength;
    }
    this.datagrams.push(out);
    this.pending.length = 0;
    this.pendingBytes = 0;
  }
}
