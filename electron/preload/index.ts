/**
 * The preload: exposes exactly one frozen `host` object implementing `HostApi` to the page.
 * Each method is one contract channel; there is no generic send or invoke, so the page can
 * reach nothing the contract does not list. Sandboxed, so it is bundled into one CommonJS
 * file with no imports but `electron`.
 */

import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { APP_COMMANDS, type AppCommand } from '../../shared/commands';
import {
  MENU_COMMAND_CHANNEL,
  type HostApi,
  type HostChannel,
  type HostRequests,
} from '../../shared/host-contract';

/** `ipcRenderer.invoke` typed by the contract: the channel fixes the arguments and result. */
function invoke<K extends HostChannel>(
  channel: K,
  ...args: HostRequests[K]['args']
): Promise<HostRequests[K]['result']> {
  return ipcRenderer.invoke(channel, ...args) as Promise<HostRequests[K]['result']>;
}

function isAppCommand(value: unknown): value is AppCommand {
  return (APP_COMMANDS as readonly unknown[]).includes(value);
}

const host: HostApi = Object.freeze({
  getAppInfo: () => invoke('rp:app:get-info'),
  onMenuCommand(listener: (command: AppCommand) => void): () => void {
    // The page never sees the IPC event object, only the command.
    const relay = (_event: IpcRendererEvent, command: unknown): void => {
      if (isAppCommand(command)) listener(command);
    };
    ipcRenderer.on(MENU_COMMAND_CHANNEL, relay);
    return () => {
      ipcRenderer.removeListener(MENU_COMMAND_CHANNEL, relay);
    };
  },
});

contextBridge.exposeInMainWorld('host', host);
