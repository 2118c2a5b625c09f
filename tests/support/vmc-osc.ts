/**
 * A VMC sender and reader for tests, built on the hand-written codec in osc-by-hand.ts (not
 * the app's `osc-min`), so the tests do not trust the code they check. Positions and
 * rotations are in Unity's space, as on the wire.
 */

import { createSocket } from 'node:dgram';
import type { Socket } from 'node:dgram';
import type { OscMessage, OscOutArg } from './osc-by-hand';
import { OscBundleWriter, decodeOscPacket } from './osc-by-hand';

/** One VMC bone pose on the wire: Unity position (x, y, z) and rotation (x, y, z, w). */
export interface WireBone {
  readonly name: string;
  readonly position: readonly [number, number, number];
  readonly rotation: readonly [number, number, number, number];
}

const float = (value: number): OscOutArg => ({ type: 'f', value });

/** Expression weights to send with a pose: name → 0..1 (`/VMC/Ext/Blend/Val`, then Apply). */
export type WireBlends = Readonly<Record<string, number>>;

/**
 * The OSC bytes of one bundle of `/VMC/Ext/Bone/Pos` messages (plus OK, T and Root/Pos), and
 * with `blends` their `/VMC/Ext/Blend/Val` messages and `/VMC/Ext/Blend/Apply`.
 */
export function vmcBundle(bones: readonly WireBone[], time = 0, blends?: WireBlends): Uint8Array {
  const writer = new OscBundleWriter(65000);
  writer.message('/VMC/Ext/OK', [{ type: 'i', value: 1 }]);
  writer.message('/VMC/Ext/T', [float(time)]);
  writer.message('/VMC/Ext/Root/Pos', [
    { type: 's', value: 'root' },
    ...[0, 0, 0, 0, 0, 0, 1].map(float),
  ]);
  for (const bone of bones)
    writer.message('/VMC/Ext/Bone/Pos', [
      { type: 's', value: bone.name },
      ...bone.position.map(float),
      ...bone.rotation.map(float),
    ]);
  if (blends) {
    for (const [name, weight] of Object.entries(blends))
      writer.message('/VMC/Ext/Blend/Val', [{ type: 's', value: name }, float(weight)]);
    writer.message('/VMC/Ext/Blend/Apply', []);
  }
  return writer.take()[0]!.slice();
}

/** Every message in a datagram, bundles flattened, decoded by the hand-written codec. */
export function readMessages(bytes: Uint8Array): OscMessage[] {
  const out: OscMessage[] = [];
  decodeOscPacket(bytes, (m) => out.push(m));
  return out;
}

/** A UDP socket that sends datagrams to 127.0.0.1:`port`. */
export function udpSender(port: number): { send(bytes: Uint8Array): Promise<void>; close(): void } {
  const socket: Socket = createSocket('udp4');
  return {
    send: (bytes) =>
      new Promise((resolve, reject) =>
        socket.send(bytes, port, '127.0.0.1', (error) => (error ? reject(error) : resolve())),
      ),
    close: () => socket.close(),
  };
}

/** A UDP socket on 127.0.0.1 (a free port) that keeps every datagram it receives. */
export async function udpCollector(): Promise<{
  port: number;
  datagrams: Uint8Array[];
  close(): void;
}> {
  const socket = createSocket('udp4');
  const datagrams: Uint8Array[] = [];
  socket.on('message', (bytes) => datagrams.push(new Uint8Array(bytes)));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { port: socket.address().port, datagrams, close: () => socket.close() };
}

/** Our space → Unity's (mirror across X), written here independently of the app's code. */
export function toUnityRotation(q: readonly number[]): [number, number, number, number] {
  return [q[0]!, -q[1]!, -q[2]!, q[3]!];
}
