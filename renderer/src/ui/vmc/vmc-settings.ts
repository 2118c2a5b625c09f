import {
  VMC_PORT_MAX,
  VMC_PORT_MIN,
  VMC_RECEIVE_PORT,
  VMC_SEND_PORT,
} from '../../../../shared/vmc-frame';
import type { VmcListen } from '../../../../shared/vmc-frame';
import { readStoredObject, rememberInStorage } from '../../page-storage';

/** The VMC section's settings, remembered between runs. */
export interface VmcSettings {
  readonly receive: boolean;
  readonly receivePort: number;
  /** `local`: this computer only (127.0.0.1); `network`: any computer may send. */
  readonly listen: VmcListen;
  readonly send: boolean;
  readonly sendHost: string;
  readonly sendPort: number;
  /** Frames sent per second. */
  readonly sendRate: 30 | 60;
}

export const DEFAULT_VMC_SETTINGS: VmcSettings = {
  receive: false,
  receivePort: VMC_RECEIVE_PORT,
  listen: 'local',
  send: false,
  sendHost: '127.0.0.1',
  sendPort: VMC_SEND_PORT,
  sendRate: 60,
};

/** Where the VMC settings are remembered. */
const STORAGE_KEY = 'ragdoll-playground.vmc';

/** True for a port the section accepts. */
export function isVmcPort(value: unknown): value is number {
  return (
    Number.isInteger(value) &&
    (value as number) >= VMC_PORT_MIN &&
    (value as number) <= VMC_PORT_MAX
  );
}

/** True for an IPv4 address or host name the section accepts. */
export function isVmcHost(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9.-]{1,253}$/.test(value);
}

/** The settings as last chosen; the defaults for anything missing, unreadable or out of range. */
export function savedVmcSettings(storage: Storage | undefined): VmcSettings {
  const r: Partial<Record<keyof VmcSettings, unknown>> | null = readStoredObject(
    storage,
    STORAGE_KEY,
    '[ui] could not read the VMC settings:',
  );
  if (r === null) return DEFAULT_VMC_SETTINGS;
  const d = DEFAULT_VMC_SETTINGS;
  return {
    receive: typeof r.receive === 'boolean' ? r.receive : d.receive,
    receivePort: isVmcPort(r.receivePort) ? r.receivePort : d.receivePort,
    listen: r.listen === 'network' ? 'network' : 'local',
    send: typeof r.send === 'boolean' ? r.send : d.send,
    sendHost: isVmcHost(r.sendHost) ? r.sendHost : d.sendHost,
    sendPort: isVmcPort(r.sendPort) ? r.sendPort : d.sendPort,
    sendRate: r.sendRate === 30 ? 30 : 60,
  };
}

/** Remembers the settings. Storage can be unavailable (private modes): then they are not kept. */
export function saveVmcSettings(storage: Storage | undefined, settings: VmcSettings): void {
  rememberInStorage(
    storage,
    STORAGE_KEY,
    JSON.stringify(settings),
    '[ui] could not remember the VMC settings:',
  );
}
