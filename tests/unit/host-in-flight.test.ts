/**
 * The host's door refuses a channel's request while that channel already has its most
 * requests under way (16 for channels that write files, 256 for the rest), and lets
 * requests through again once earlier ones finish, so a page flooding a channel cannot queue
 * minutes of disk work.
 */

import { describe, expect, it } from 'vitest';
import {
  callHostHandler,
  HostRequestError,
  MAX_REQUESTS_IN_FLIGHT_PER_CHANNEL,
} from '../../electron/main/host/call-host-handler';
import type { HostHandlers } from '../../electron/main/host/host-handlers';

/** Handlers whose answers wait until the test releases them. */
function heldHandlers() {
  const releases: (() => void)[] = [];
  const held = (): Promise<unknown> =>
    new Promise((resolve) => releases.push(() => resolve({ ok: true, value: null })));
  const handlers = {
    'rp:app:get-info': held,
    'rp:preset:delete': held,
  } as unknown as HostHandlers;
  return { handlers, releaseAll: () => releases.splice(0).forEach((release) => release()) };
}

describe('requests in flight per channel', () => {
  it('refuses the 17th delete while 16 are under way, and takes one again after', async () => {
    const { handlers, releaseAll } = heldHandlers();
    const first = Array.from({ length: 16 }, () =>
      callHostHandler(handlers, 'rp:preset:delete', ['p-1']),
    );
    await expect(callHostHandler(handlers, 'rp:preset:delete', ['p-1'])).rejects.toThrow(
      HostRequestError,
    );
    await expect(callHostHandler(handlers, 'rp:preset:delete', ['p-1'])).rejects.toThrow(
      /rp:preset:delete already has 16 requests under way/,
    );
    // Another channel is not held up by this one.
    const info = callHostHandler(handlers, 'rp:app:get-info', []);
    releaseAll();
    await Promise.all([...first, info]);
    const again = callHostHandler(handlers, 'rp:preset:delete', ['p-1']);
    releaseAll();
    await expect(again).resolves.toEqual({ ok: true, value: null });
  });

  it('lets reads have 256 under way before refusing', async () => {
    const { handlers, releaseAll } = heldHandlers();
    const reads = Array.from({ length: MAX_REQUESTS_IN_FLIGHT_PER_CHANNEL }, () =>
      callHostHandler(handlers, 'rp:app:get-info', []),
    );
    await expect(callHostHandler(handlers, 'rp:app:get-info', [])).rejects.toThrow(
      /already has 256 requests under way/,
    );
    releaseAll();
    await Promise.all(reads);
  });

  it('counts a failed request as finished', async () => {
    const handlers = {
      'rp:preset:delete': () => Promise.reject(new Error('disk gone')),
    } as unknown as HostHandlers;
    for (let i = 0; i < 40; i++) {
      await expect(callHostHandler(handlers, 'rp:preset:delete', ['p-1'])).rejects.toThrow(
        'disk gone',
      );
    }
  });
});
