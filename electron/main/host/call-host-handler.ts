/**
 * The one door into the handlers: checks that the channel exists and that the arguments
 * match the channel's schema, then calls the handler. Both transports (IPC in the app,
 * Playwright's binding in the end-to-end tests) go through here, so neither can skip it.
 */

import { z } from 'zod';
import { HOST_CHANNELS, type HostChannel } from '../../../shared/host-contract';
import { HOST_ARGUMENT_SCHEMAS, type HostHandlers } from './host-handlers';

/** A request the renderer should not have made: unknown channel or wrong arguments. */
export class HostRequestError extends Error {
  override readonly name = 'HostRequestError';
}

/** True when `value` names one of the contract's request channels. */
export function isHostChannel(value: unknown): value is HostChannel {
  return typeof value === 'string' && (HOST_CHANNELS as readonly string[]).includes(value);
}

/**
 * Validates `args` for `channel` and runs its handler.
 *
 * @param args - the renderer's arguments, exactly as received (an array; its length counts)
 * @returns the handler's result
 * @throws HostRequestError naming the channel and what is wrong, before any handler runs
 */
export async function callHostHandler(
  handlers: HostHandlers,
  channel: unknown,
  args: unknown,
): Promise<unknown> {
  if (!isHostChannel(channel)) {
    throw new HostRequestError(
      `host: unknown request channel ${JSON.stringify(channel)}; ` +
        `known channels: ${HOST_CHANNELS.join(', ')}.`,
    );
  }
  if (!Array.isArray(args)) {
    throw new HostRequestError(`host: ${channel} needs its arguments as an array.`);
  }
  let parsed: ReturnType<(typeof HOST_ARGUMENT_SCHEMAS)[typeof channel]['safeParse']>;
  try {
    parsed = HOST_ARGUMENT_SCHEMAS[channel].safeParse(args);
  } catch (error) {
    // zod itself can throw on values IPC carries but JSON has not (freezing a typed array
    // given where a tuple belongs): still a request to refuse, not a fault of the host.
    throw new HostRequestError(
      `host: ${channel} received invalid arguments (${args.length} given) that could not ` +
        `even be checked: ${error instanceof Error ? error.message : String(error)}.`,
    );
  }
  if (!parsed.success) {
    throw new HostRequestError(
      `host: ${channel} received invalid arguments (${args.length} given):\n` +
        z.prettifyError(parsed.error),
    );
  }
  // The lookup loses the link between channel and argument types; the schema above restores it.
  const handler = handlers[channel] as (...valid: readonly unknown[]) => Promise<unknown>;
  return handler(...parsed.data);
}
