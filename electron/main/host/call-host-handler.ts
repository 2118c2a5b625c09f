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

/**
 * Requests one channel may have waiting at once. The page never needs more (a model's
 * textures are the most it asks for together); a page flooding a channel is refused at the
 * door instead of queueing work for minutes behind the disk.
 */
export const MAX_REQUESTS_IN_FLIGHT_PER_CHANNEL = 256;

/**
 * Channels that write a file (each with an fsync) wait on the disk far longer than reads; the
 * page makes one such request at a time (a save, a rename), so a handful is plenty.
 */
const MAX_WRITES_IN_FLIGHT_PER_CHANNEL = 16;
const WRITING_CHANNELS: ReadonlySet<HostChannel> = new Set<HostChannel>([
  'rp:library:set-thumbnail',
  'rp:preset:save',
  'rp:preset:overwrite',
  'rp:preset:rename',
  'rp:preset:duplicate',
  'rp:preset:delete',
  'rp:recovery:save',
]);

/** Requests under way per channel, for each set of handlers. */
const inFlight = new WeakMap<HostHandlers, Map<HostChannel, number>>();

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
  return runCounted(handlers, channel, () => handler(...parsed.data));
}

/** Runs `task` unless `channel` already has its most requests under way. */
async function runCounted(
  handlers: HostHandlers,
  channel: HostChannel,
  task: () => Promise<unknown>,
): Promise<unknown> {
  let counts = inFlight.get(handlers);
  if (counts === undefined) {
    counts = new Map();
    inFlight.set(handlers, counts);
  }
  const running = counts.get(channel) ?? 0;
  const limit = WRITING_CHANNELS.has(channel)
    ? MAX_WRITES_IN_FLIGHT_PER_CHANNEL
    : MAX_REQUESTS_IN_FLIGHT_PER_CHANNEL;
  if (running >= limit) {
    throw new HostRequestError(
      `host: ${channel} already has ${running} requests under way; this one was refused. ` +
        'Try again once they have finished.',
    );
  }
  counts.set(channel, running + 1);
  try {
    return await task();
  } finally {
    counts.set(channel, (counts.get(channel) ?? 1) - 1);
  }
}
