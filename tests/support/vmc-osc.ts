/**
 * A VMC sender and reader for tests, built on `osc-min` (a maintained OSC library, not the
 * app's codec) so the tests do not trust the code they check. Positions and rotations are in
 * Unity's space, as on the wire.
 */

import { createSocket } from 'node:dgram';
import type { Socket } from 'node:dgram';
import { fromBuffer, toBuffer } from 'osc-min';
import type { OscMessageOutput, OscPacketOutput } from 'osc-min';

/** One VMC bone pose on the wire: Unity position (x, y, z) and rotation (x, y, z, w). */
export interface WireBone {
  readonly name: string;
  readonly position: readonly [number, number, number];
  readonly rotation: readonly [number, number, number, number];
}

const float = (value: number) => ({ type: 'float' as const, value });

/** The OSC bytes of a bundle of `/VMC/Ext/Bone/Pos` messages (plus OK, T and Root/Pos). */
export function vmcBundle(bones: readonly WireBone[], time = 0): Uint8Array {
  const elements = [
    { address: '/VMC/Ext/OK', args: [{ type: 'integer' as const, value: 1 }] },
    { address: '/VMC/Ext/T', args: [float(time)] },
    {
      address: '/VMC/Ext/Root/Pos',
      args: [{ type: 'string' as const, value: 'root' }, ...[0, 0, 0, 0, 0, 0, 1].map(float)],
    },
    ...bones.map((bone) => ({
      address: '/VMC/Ext/Bone/Pos',
      args: [
        { type: 'string' as const, value: bone.name },
        ...bone.position.map(float),
        ...bone.rotation.map(float),
      ],
    })),
  ];
  const view = toBuffer({ timetag: [0, 1], elements });
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

/** Every message in a datagram, bundles flattened, decoded by osc-min. */
export function readMessages(bytes: Uint8Array): OscMessageOutput[] {
  const out: OscMessageOutput[] = [];
  const walk = (packet: OscPacketOutput) => {
    if (packet.oscType === 'message') out.push(packet);
    else packet.elements.forEach(walk);
  };
  walk(fromBuffer(bytes));
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
