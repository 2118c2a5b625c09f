/**
 * Serves the host handlers over IPC: one `ipcMain.handle` per request channel of the
 * contract, each refusing frames that are not the app's own page and validating arguments
 * (through callHostHandler) before a handler runs.
 */

import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { HOST_CHANNELS, type HostChannel } from '../../shared/host-contract';
import { callHostHandler, HostRequestError } from './host/call-host-handler';
import type { HostHandlers } from './host/host-handlers';
import type { Logger } from './host/logger';

/**
 * Registers every channel in `HOST_CHANNELS`.
 *
 * @param isAppUrl - true for the app's own page; requests from any other frame are refused
 * @returns a function that removes the registrations
 */
export function registerHostIpc(
  handlers: HostHandlers,
  isAppUrl: (url: string) => boolean,
  logger: Logger,
): () => void {
  for (const channel of HOST_CHANNELS) {
    ipcMain.handle(channel, (event, ...args: unknown[]) => {
      checkSender(event, channel, isAppUrl, logger);
      return callHostHandler(handlers, channel, args);
    });
  }
  return () => {
    for (const channel of HOST_CHANNELS) ipcMain.removeHandler(channel);
  };
}

function checkSender(
  event: IpcMainInvokeEvent,
  channel: HostChannel,
  isAppUrl: (url: string) => boolean,
  logger: Logger,
): void {
  const url = event.senderFrame?.url;
  if (url !== undefined && isAppUrl(url)) return;
  const from = url ?? 'a frame that no longer exists';
  logger.warn(`Refused ${channel} from ${from}.`);
  throw new HostRequestError(`host: ${channel} is only answered for the app's own page.`);
}
