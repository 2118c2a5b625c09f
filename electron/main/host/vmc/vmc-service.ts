/**
 * VMC for the page: one receiver and one sender, switched and aimed by the panel's settings.
 * The page keeps one poll waiting on the receiver, asking again at most once per displayed
 * frame: the poll is answered with the newest pose as soon as a packet makes one (nothing
 * queues: the latest pose wins), and the page hands the figure's pose to the sender at its
 * send rate.
 */

import type {
  VmcFrame,
  VmcPoll,
  VmcReceiveRequest,
  VmcReceiveStatus,
  VmcSendRequest,
  VmcSendStatus,
} from '../../../../shared/vmc-frame';
import type { Logger } from '../logger';
import { VmcReceiver } from './vmc-receiver';
import { VmcSender } from './vmc-sender';

/** What the host handlers use; see the file's comment. */
export interface VmcService {
  receive(request: VmcReceiveRequest): Promise<VmcReceiveStatus>;
  /**
   * The newest pose once newer than `sequence` (at once, or as soon as a packet makes it so,
   * or none after {@link VMC_POLL_WAIT_MS}), with the receiver's status.
   */
  poll(sequence: number): Promise<VmcPoll>;
  send(request: VmcSendRequest): Promise<VmcSendStatus>;
  /** Sends one frame (`time`: seconds since sending began); a no-op when sending is off. */
  sendFrame(frame: VmcFrame, time: number): VmcSendStatus;
  /** Closes both sockets (the app is quitting). */
  close(): Promise<void>;
}

/**
 * How long a poll waits for a newer pose, ms: short enough that the status (packets per
 * second, "no data for N s") stays current in the panel.
 */
export const VMC_POLL_WAIT_MS = 100;

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '0.0.0.0']);

/** Creates the service; no socket is opened until the panel asks. */
export function createVmcService(logger: Logger): VmcService {
  const receiver = new VmcReceiver(logger);
  const sender = new VmcSender(logger);
  let target: string | null = null;
  let refused: string | null = null;
  const sendStatus = (): VmcSendStatus => ({
    sending: sender.sending,
    target: sender.sending ? target : null,
    frames: sender.frames,
    problem: refused ?? sender.problem,
  });
  return {
    async receive(request) {
      if (!request.on) {
        await receiver.stop();
        return receiver.status();
      }
      return receiver.start({ port: request.port, listen: request.listen });
    },
    poll: async (sequence) => {
      const frame = await receiver.waitForFrame(sequence, VMC_POLL_WAIT_MS);
      return { frame, status: receiver.status() };
    },
    async send(request) {
      refused = null;
      if (!request.on) {
        await sender.stop();
        return sendStatus();
      }
      const receivePort = receiver.boundPort();
      if (receivePort === request.port && LOCAL_HOSTS.has(request.host)) {
        await sender.stop();
        refused =
          `VMC cannot send to port ${request.port} on this machine: the app receives there. ` +
          'Choose another port (39540 is the usual one).';
        return sendStatus();
      }
      sender.start({ host: request.host, port: request.port });
      target = `${request.host}:${request.port}`;
      return sendStatus();
    },
    sendFrame(frame, time) {
      sender.send(frame, time);
      return sendStatus();
    },
    async close() {
      await Promise.all([receiver.stop(), sender.stop()]);
    },
  };
}
