/**
 * The app's OSC codec (over `osc-min`) against an independent one written by hand in the
 * tests (tests/support/osc-by-hand.ts): what the hand-written one writes the app reads, what
 * the app writes it reads, bundles never outgrow a datagram, and malformed bytes only ever
 * raise `OscError`.
 */
import { describe, expect, it } from 'vitest';
import type { OscMessage } from '../../electron/main/host/vmc/osc-codec';
import { OscBundleWriter, OscError, decodeOscPacket } from '../../electron/main/host/vmc/osc-codec';
import { OscBundleWriter as HandWriter, encodeMessage } from '../support/osc-by-hand';
import { readMessages } from '../support/vmc-osc';

function decode(bytes: Uint8Array): OscMessage[] {
  const out: OscMessage[] = [];
  decodeOscPacket(bytes, (m) => out.push(m));
  return out;
}

/** A bundle holding `inner` (already a packet) as its one element, by hand. */
function wrapInBundle(inner: Uint8Array): Uint8Array {
  const out = new Uint8Array(20 + inner.length);
  out.set(new TextEncoder().encode('#bundle'));
  new DataView(out.buffer).setUint32(12, 1);
  new DataView(out.buffer).setInt32(16, inner.length);
  out.set(inner, 20);
  return out;
}

describe('OSC decoding', () => {
  it('reads every argument type VMC senders write, in nested bundles', () => {
    const writer = new HandWriter(65000);
    writer.message('/a', [
      { type: 'i', value: -7 },
      { type: 'f', value: 0.5 },
      { type: 'd', value: Math.PI },
      { type: 's', value: 'Hips' },
      { type: 's', value: 'まばたき' },
      { type: 'b', value: new Uint8Array([1, 2, 3, 4, 5]) },
      { type: 'T' },
      { type: 'F' },
      { type: 'N' },
    ]);
    const outer = writer.take()[0]!.slice();
    const nested = wrapInBundle(encodeMessage('/nested', [{ type: 'f', value: 2 }]));
    const [a, b] = [...decode(outer), ...decode(wrapInBundle(nested))];
    expect(a!.address).toBe('/a');
    expect(a!.args.slice(0, 5)).toEqual([-7, 0.5, Math.PI, 'Hips', 'まばたき']);
    expect([...(a!.args[5] as Uint8Array)]).toEqual([1, 2, 3, 4, 5]);
    expect(a!.args.slice(6)).toEqual([true, false, null]);
    expect(b).toEqual({ address: '/nested', args: [2] });
  });

  it.each([
    ['empty', new Uint8Array(0)],
    ['not a multiple of 4', new Uint8Array([47, 97, 0])],
    ['no NUL in the address', new TextEncoder().encode('/abcdefg')],
    ['type tags without a comma', new Uint8Array([47, 97, 0, 0, 102, 0, 0, 0])],
    ['an unknown type tag', new Uint8Array([47, 97, 0, 0, 44, 113, 0, 0])],
    ['a float cut off', new Uint8Array([47, 97, 0, 0, 44, 102, 102, 0, 0, 0, 0, 0])],
  ])('refuses a packet with %s as OscError', (_, bytes) => {
    expect(() => decode(bytes)).toThrow(OscError);
  });

  it('refuses huge sizes: a bundle element or blob claiming more bytes than there are', () => {
    const huge = wrapInBundle(encodeMessage('/x', [{ type: 'i', value: 1 }]));
    new DataView(huge.buffer).setInt32(16, 0x7ffffff0);
    expect(() => decode(huge)).toThrow(OscError);
    const hugeBlob = encodeMessage('/b', [{ type: 'b', value: new Uint8Array(4) }]);
    new DataView(hugeBlob.buffer).setInt32(8, 1 << 30);
    expect(() => decode(hugeBlob)).toThrow(OscError);
  });

  it('drops a whole packet when any part is bad (no message is handed on)', () => {
    const writer = new HandWriter(65000);
    writer.message('/ok', [{ type: 'i', value: 1 }]);
    writer.message('/ok2', [{ type: 'i', value: 2 }]);
    const good = writer.take()[0]!.slice();
    const seen: OscMessage[] = [];
    expect(() => decodeOscPacket(good.slice(0, good.length - 4), (m) => seen.push(m))).toThrow(
      OscError,
    );
    expect(seen).toEqual([]);
  });

  it('raises nothing but OscError on 20,000 random mutations of a VMC bundle', () => {
    const writer = new HandWriter(65000);
    writer.message('/VMC/Ext/Bone/Pos', [
      { type: 's', value: 'Hips' },
      ...[0, 1, 0, 0, 0, 0, 1].map((value) => ({ type: 'f' as const, value })),
    ]);
    writer.message('/VMC/Ext/Blend/Val', [
      { type: 's', value: 'A' },
      { type: 'f', value: 0.5 },
    ]);
    const base = writer.take()[0]!.slice();
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    let refused = 0;
    for (let i = 0; i < 20_000; i++) {
      // One in five is cut short (at a 4-byte boundary); every one gets three bytes changed.
      const length = random() < 0.2 ? 4 * Math.floor((random() * base.length) / 4) : base.length;
      const copy = base.slice(0, length);
      for (let k = 0; k < 3; k++)
        copy[Math.floor(random() * copy.length)] = Math.floor(random() * 256);
      try {
        decode(copy);
      } catch (error) {
        expect(error).toBeInstanceOf(OscError);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(1000);
  });
});

describe('OSC encoding', () => {
  it('writes bundles the hand-written reader reads back exactly', () => {
    const writer = new OscBundleWriter();
    writer.message('/VMC/Ext/OK', [{ type: 'i', value: 1 }]);
    writer.message('/VMC/Ext/Bone/Pos', [
      { type: 's', value: 'LeftUpperArm' },
      { type: 'f', value: 0.25 },
      { type: 'd', value: 1 / 3 },
    ]);
    const [datagram, ...rest] = writer.take();
    expect(rest).toEqual([]);
    expect(new TextDecoder().decode(datagram!.subarray(0, 7))).toBe('#bundle');
    expect(readMessages(datagram!)).toEqual([
      { address: '/VMC/Ext/OK', types: 'i', args: [1] },
      { address: '/VMC/Ext/Bone/Pos', types: 'sfd', args: ['LeftUpperArm', 0.25, 1 / 3] },
    ]);
  });

  it('splits into bundles that each fit the datagram limit, keeping every message in order', () => {
    const writer = new OscBundleWriter(600);
    for (let i = 0; i < 100; i++)
      writer.message('/VMC/Ext/Bone/Pos', [
        { type: 's', value: `Bone${i}` },
        ...Array.from({ length: 7 }, () => ({ type: 'f' as const, value: i })),
      ]);
    const datagrams = writer.take();
    expect(datagrams.length).toBeGreaterThan(5);
    for (const d of datagrams) expect(d.byteLength).toBeLessThanOrEqual(600);
    const names = datagrams.flatMap((d) => readMessages(d).map((m) => m.args[0]));
    expect(names).toEqual(Array.from({ length: 100 }, (_, i) => `Bone${i}`));
  });

  it('refuses a message too big for any datagram', () => {
    const writer = new OscBundleWriter(100);
    expect(() => writer.message('/x', [{ type: 's', value: 'y'.repeat(200) }])).toThrow(OscError);
  });
});
