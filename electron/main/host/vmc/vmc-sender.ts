/**
 * The VMC sender: encodes the page's (or the simulator's) figure pose with
 * {@link VmcFrameWriter} and sends the datagrams over UDP (node:dgram) to a VMC receiver.
 */

import { createSocket } from 'node:dgram';
import type { Socket } from 'node:dgram';
import type { VmcFrame } from '../../../../shared/vmc-frame';
import type { Logger } from '../logger';
import { VmcFrameWriter } from './vmc-frame-writer';

export interface VmcSendTarget {
  /** An IPv4 address or host name, e.g. `127.0.0.1`. */
  readonly host: string;
  /** UDP port, 1..65535 (default 39540). */
  readonly port: number;
}

/** Send failures are logged at most this often. */
const SEND_ERROR_LOG_INTERVAL_MS = 5000;

/** Sends VMC frames to one target; see the file's comment. */
export class VmcSender {
  private socket: Socket | null = null;
  private target: VmcSendTarget | null = null;
  private readonly writer = new VmcFrameWriter();
  private lastErrorLog = -Infinity;
  /** Datagrams handed to the socket. */
  datagrams = 0;
  /** Frames sent. */
  frames = 0;
  /** The last send failure, in words, or null. */
  problem: string | null = null;
  /** Datagrams handed to the socket and not yet sent. */
  private inFlight = 0;
  private drained: (() => void) | null = null;

  constructor(private readonly logger: Logger) {}

  /** Opens the socket (once) and aims it at `target`. */
  start(target: VmcSendTarget): void {
    this.target = target;
    this.problem = null;
    if (this.socket) return;
    const socket = createSocket('udp4');
    socket.on('error', (error) => this.noteError(error));
    socket.unref();
    this.socket = socket;
  }

  /** Sends one frame (`time`: seconds since sending began). Does nothing when stopped. */
  send(frame: VmcFrame, time: number): void {
    const socket = this.socket;
    const target = this.target;
    if (!socket || !target) return;
    for (const datagram of this.writer.write(frame, time)) {
      this.datagrams++;
      // A copy: the writer's buffer is reused for the next frame before dgram has sent.
      this.inFlight++;
      socket.send(Buffer.from(datagram), target.port, target.host, (error) => {
        if (error) this.noteError(error);
        if (--this.inFlight === 0) this.drained?.();
      });
    }
    this.frames++;
  }

  get sending(): boolean {
    return this.socket !== null;
  }

  /** Closes the socket once the datagrams already handed to it are sent. */
  async stop(): Promise<void> {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    if (this.inFlight > 0) await new Promise<void>((resolve) => (this.drained = resolve));
    this.drained = null;
    await new Promise<void>((resolve) => socket.close(() => resolve()));
  }

  private noteError(error: Error): void {
    const where = this.target ? `${this.target.host}:${this.target.port}` : 'its target';
    this.problem = `VMC could not send to ${where}: ${error.message}`;
    const now = performance.now();
    if (now - this.lastErrorLog < SEND_ERROR_LOG_INTERVAL_MS) return;
    this.lastErrorLog = now;
    this.logger.warn(this.problem);
  }
}
