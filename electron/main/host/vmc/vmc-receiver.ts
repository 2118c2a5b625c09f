/**
 * The VMC receiver: a UDP socket (node:dgram) that decodes each datagram into the latest
 * pose ({@link VmcPoseState}). Nothing queues: every packet updates the one pose in place and
 * a reader takes the newest copy when it wants one, so a sender far faster than the display
 * costs decoding and nothing more. Malformed packets are counted and dropped.
 */

import { createSocket } from 'node:dgram';
import type { RemoteInfo, Socket } from 'node:dgram';
import type { VmcFrame, VmcListen, VmcReceiveStatus } from '../../../../shared/vmc-frame';
import { VMC_RECEIVE_PORT } from '../../../../shared/vmc-frame';
import type { Logger } from '../logger';
import { OscError } from './osc-codec';
import { VmcPoseState } from './vmc-pose-state';

export type { VmcListen } from '../../../../shared/vmc-frame';

export interface VmcReceiveSettings {
  /** UDP port, 1024..65535 (default 39539). */
  readonly port: number;
  readonly listen: VmcListen;
}

/** The address a {@link VmcListen} choice binds. */
export function listenAddress(listen: VmcListen): string {
  return listen === 'network' ? '0.0.0.0' : '127.0.0.1';
}

/** Bad packets are logged at most this often, so a flood cannot flood the log. */
const BAD_PACKET_LOG_INTERVAL_MS = 5000;

/** A sentence for a bind failure, naming the port and what to do. */
export function bindProblem(port: number, address: string, error: NodeJS.ErrnoException): string {
  if (error.code === 'EADDRINUSE')
    return (
      `VMC port ${port} is already in use by another program (another VMC app?). ` +
      'Close that program or choose another port.'
    );
  if (error.code === 'EACCES')
    return `VMC port ${port} may not be used by this app. Choose a port from 1024 to 65535.`;
  if (error.code === 'EADDRNOTAVAIL')
    return `VMC cannot listen on ${address}: this machine has no such address.`;
  return `VMC cannot listen on ${address}:${port}: ${error.message}`;
}

/** Receives VMC over UDP; see the file's comment. */
export class VmcReceiver {
  /** The pose as it stands now (read it in place; it changes as packets arrive). */
  readonly pose = new VmcPoseState();
  private socket: Socket | null = null;
  private settings: VmcReceiveSettings = { port: VMC_RECEIVE_PORT, listen: 'local' };
  private problem: string | null = null;
  private packets = 0;
  private badPackets = 0;
  private sender: string | null = null;
  private lastDataAt: number | null = null;
  private windowStart = 0;
  private windowCount = 0;
  private lastRate = 0;
  private lastBadLog = -Infinity;
  /** Polls waiting for a pose newer than theirs (the page keeps at most one waiting). */
  private readonly waiting: { sequence: number; resolve: (frame: VmcFrame | null) => void }[] = [];

  /**
   * @param logger - where bind failures and (rate-limited) bad packets are reported
   * @param now - a clock in milliseconds (a test's fake one, else `performance.now`)
   */
  constructor(
    private readonly logger: Logger,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Listens with `settings` (closing any socket first). Resolves with the status: listening,
   * or `problem` saying why not (the port in use …); never rejects for a bind failure.
   */
  async start(settings: VmcReceiveSettings): Promise<VmcReceiveStatus> {
    await this.stop();
    this.settings = settings;
    this.problem = null;
    const address = listenAddress(settings.listen);
    const socket = createSocket({ type: 'udp4', reuseAddr: false });
    socket.on('message', (bytes, remote) => this.receive(bytes, remote));
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.bind(settings.port, address, () => {
          socket.off('error', reject);
          resolve();
        });
      });
    } catch (error) {
      socket.close();
      this.problem = bindProblem(settings.port, address, error as NodeJS.ErrnoException);
      this.logger.warn(this.problem);
      return this.status();
    }
    socket.on('error', (error) => this.logger.error('VMC receive socket failed', error));
    this.socket = socket;
    this.logger.info(`Listening for VMC on ${address}:${settings.port}.`);
    return this.status();
  }

  /** Closes the socket (the counts stay for the status); waiting polls get no frame. */
  async stop(): Promise<void> {
    const socket = this.socket;
    this.socket = null;
    this.answerWaiting(true);
    if (socket) await new Promise<void>((resolve) => socket.close(() => resolve()));
  }

  /** The port actually bound (useful when started on port 0), or null when not listening. */
  boundPort(): number | null {
    return this.socket ? this.socket.address().port : null;
  }

  /** Handles one datagram (public so a benchmark can feed it without a socket). */
  receive(bytes: Uint8Array, remote: Pick<RemoteInfo, 'address' | 'port'>): void {
    const at = this.now();
    this.packets++;
    if (at - this.windowStart >= 1000) {
      this.lastRate = at - this.windowStart < 2000 ? this.windowCount : 0;
      this.windowStart = at;
      this.windowCount = 0;
    }
    this.windowCount++;
    try {
      this.pose.applyPacket(bytes);
    } catch (error) {
      if (!(error instanceof OscError)) throw error;
      this.badPackets++;
      if (at - this.lastBadLog >= BAD_PACKET_LOG_INTERVAL_MS) {
        this.lastBadLog = at;
        this.logger.warn(
          `Dropped a packet from ${remote.address}:${remote.port} that is not VMC: ${error.message} ` +
            `(${this.badPackets} so far).`,
        );
      }
      return;
    }
    this.sender = `${remote.address}:${remote.port}`;
    this.lastDataAt = at;
    if (this.waiting.length > 0) this.answerWaiting(false);
  }

  /** The newest pose when it is newer than `sequence` (the last one taken), else null. */
  takeFrame(sequence: number): VmcFrame | null {
    return this.pose.sequence > sequence ? this.pose.snapshot() : null;
  }

  /**
   * The newest pose once it is newer than `sequence`: at once when it already is, else as the
   * packet that makes it newer is read, else null after `waitMs` (or when the socket closes).
   * The page keeps one such poll waiting, so a packet reaches it as soon as it is read rather
   * than at the page's next frame.
   *
   * @param waitMs - the longest wait, ms (the status comes back with each answer)
   */
  waitForFrame(sequence: number, waitMs: number): Promise<VmcFrame | null> {
    const now = this.takeFrame(sequence);
    if (now || !this.socket || waitMs <= 0) return Promise.resolve(now);
    return new Promise((resolve) => {
      const entry = { sequence, resolve };
      this.waiting.push(entry);
      setTimeout(() => {
        const index = this.waiting.indexOf(entry);
        if (index < 0) return;
        this.waiting.splice(index, 1);
        resolve(null);
      }, waitMs).unref();
    });
  }

  /** Answers the polls a newer pose satisfies (or all of them, with null, when `closing`). */
  private answerWaiting(closing: boolean): void {
    let frame: VmcFrame | null = null;
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      const entry = this.waiting[i]!;
      if (!closing && this.pose.sequence <= entry.sequence) continue;
      this.waiting.splice(i, 1);
      if (!closing) frame ??= this.pose.snapshot();
      entry.resolve(closing ? null : frame);
    }
  }

  status(): VmcReceiveStatus {
    const at = this.now();
    const windowFresh = at - this.windowStart < 2000;
    return {
      listening: this.socket !== null,
      port: this.settings.port,
      address: listenAddress(this.settings.listen),
      sender: this.sender,
      packetsPerSecond: windowFresh ? this.lastRate : 0,
      packets: this.packets,
      badPackets: this.badPackets,
      secondsSinceData: this.lastDataAt === null ? null : (at - this.lastDataAt) / 1000,
      problem: this.problem,
    };
  }
}
