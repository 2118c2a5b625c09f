/**
 * The app's OSC codec against an independent one (`osc-min`): what osc-min writes we read,
 * what we write osc-min reads, bundles never outgrow a datagram, and malformed bytes only
 * ever raise `OscError`.
 */
import { describe, expect, it } from 'vitest';
import { fromBuffer, toBuffer } from 'osc-min';
import type { OscMessage } from '../../electron/main/host/vmc/osc-codec';
import { OscBundleWriter, OscError, decodeOscPacket } from '../../electron/main/host/vmc/osc-codec';
import { readMessages } from '../support/vmc-osc';

function bytesOf(view: DataView): Uint8Array {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

function decode(bytes: Uint8Array): OscMessage[] {
  const out: OscMessage[] = [];
  decodeOscPacket(bytes, (m) => out.push(m));
  return out;
}

describe('OSC decoding', () => {
  it('reads every argument type osc-min writes, in nested bundles', () => {
    const bytes = bytesOf(
      toBuffer({
        timetag: [0, 1],
        elements: [
          {
            address: '/a',
            args: [
              { type: 'integer', value: -7 },
              { type: 'float', value: 0.5 },
              { type: 'double', value: Math.PI },
              { type: 'string', value: 'Hips' },
              { type: 'string', value: 'まばたき' },
              { type: 'blob', value: new Uint8Array([1, 2, 3, 4, 5]) },
              { type: 'true' },
              { type: 'false' },
              { type: 'null' },
            ],
          },
          {
            timetag: [0, 1],
            elements: [{ address: '/nested', args: [{ type: 'float', value: 2 }] }],
          },
        ],
      }),
    );
    const [a, nested] = decode(bytes);
    expect(a!.address).toBe('/a');
    expect(a!.types).toBe('ifdssbTFN');
    expect(a!.args.slice(0, 5)).toEqual([-7, 0.5, Math.PI, 'Hips', 'まばたき']);
    expect([...(a!.args[5] as Uint8Array)]).toEqual([1, 2, 3, 4, 5]);
    expect(a!.args.slice(6)).toEqual([true, false, null]);
    expect(nested).toEqual({ address: '/nested', types: 'f', args: [2] });
  });

  it.each([
    ['empty', new Uint8Array(0)],
    ['not a multiple of 4', new Uint8Array([47, 97, 0])],
    ['no NUL in the address', new TextEncoder().encode('/abcdefg')],
    ['no leading slash', new TextEncoder().encode('abc\0')],
    ['type tags without a comma', new Uint8Array([47, 97, 0, 0, 102, 0, 0, 0])],
    ['an unknown type tag', new Uint8Array([47, 97, 0, 0, 44, 113, 0, 0])],
    ['a float cut off', new Uint8Array([47, 97, 0, 0, 44, 102, 102, 0, 0, 0, 0, 0])],
  ])('refuses a packet with %s as OscError', (_, bytes) => {
    expect(() => decode(bytes)).toThrow(OscError);
  });

  it('refuses huge sizes: a bundle element or blob claiming more bytes than there are', () => {
    const bundle = bytesOf(toBuffer({ timetag: [0, 1], elements: [{ address: '/x', args: [1] }] }));
    const huge = bundle.slice();
    new DataView(huge.buffer).setInt32(16, 0x7ffffff0);
    expect(() => decode(huge)).toThrow(/claims \d+ bytes/);
    const blob = bytesOf(
      toBuffer({ address: '/b', args: [{ type: 'blob', value: new Uint8Array(4) }] }),
    );
    const hugeBlob = blob.slice();
    new DataView(hugeBlob.buffer).setInt32(8, 1 << 30);
    expect(() => decode(hugeBlob)).toThrow(/blob claims/);
  });

  it('drops a whole packet when any part is bad (no message is handed on)', () => {
    const good = bytesOf(
      toBuffer({
        timetag: [0, 1],
        elements: [
          { address: '/ok', args: [1] },
          { address: '/ok2', args: [2] },
        ],
      }),
    );
    const cut = good.slice(0, good.length - 4);
    const seen: OscMessage[] = [];
    expect(() => decodeOscPacket(cut, (m) => seen.push(m))).toThrow(OscError);
    expect(seen).toEqual([]);
  });

  it('raises nothing but OscError on 20,000 random mutations of a VMC bundle', () => {
    const base = bytesOf(
      toBuffer({
        timetag: [0, 1],
        elements: [
          {
            address: '/VMC/Ext/Bone/Pos',
            args: ['Hips', 0, 1, 0, 0, 0, 0, 1].map((v) =>
              typeof v === 'string' ? v : { type: 'float' as const, value: v },
            ),
          },
          { address: '/VMC/Ext/Blend/Val', args: ['A', { type: 'float', value: 0.5 }] },
        ],
      }),
    );
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
  it('writes bundles osc-min reads back exactly', () => {
    const writer = new OscBundleWriter();
    writer.message('/VMC/Ext/OK', [{ type: 'i', value: 1 }]);
    writer.message('/VMC/Ext/Bone/Pos', [
      { type: 's', value: 'LeftUpperArm' },
      { type: 'f', value: 0.25 },
      { type: 'd', value: 1 / 3 },
    ]);
    const [datagram, ...rest] = writer.take();
    expect(rest).toEqual([]);
    const decoded = fromBuffer(datagram!);
    expect(decoded.oscType).toBe('bundle');
    expect(
      readMessages(datagram!).map((m) => [
        m.address,
        m.args.map((a) => (a as { value: unknown }).value),
      ]),
    ).toEqual([
      ['/VMC/Ext/OK', [1]],
      ['/VMC/Ext/Bone/Pos', ['LeftUpperArm', 0.25, 1 / 3]],
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
    const names = datagrams.flatMap((d) =>
      readMessages(d).map((m) => (m.args[0] as { value: string }).value),
    );
    expect(names).toEqual(Array.from({ length: 100 }, (_, i) => `Bone${i}`));
  });

  it('refuses a message too big for any datagram', () => {
    const writer = new OscBundleWriter(100);
    expect(() => writer.message('/x', [{ type: 's', value: 'y'.repeat(200) }])).toThrow(OscError);
  });
});
