import { describe, expect, it, vi } from 'vitest';
import {
  HOST_CHANNELS,
  type AppInfo,
  type HostChannel,
  type HostRequests,
} from '../../shared/host-contract';
import { callHostHandler, HostRequestError } from '../../electron/main/host/call-host-handler';
import {
  createHostHandlers,
  HOST_ARGUMENT_SCHEMAS,
  type HostHandlers,
} from '../../electron/main/host/host-handlers';

const APP_INFO: AppInfo = {
  name: 'Ragdoll Playground',
  version: '1.2.3',
  platform: 'win32',
  locale: 'ja-JP',
};

/** Valid arguments for every channel; typed so a new channel must add its own. */
const VALID_ARGS: { readonly [K in HostChannel]: HostRequests[K]['args'] } = {
  'rp:app:get-info': [],
};

/** Values that are the wrong type for any argument a channel could declare. */
const WRONG_VALUES: readonly unknown[] = [Symbol('not data'), () => 1, new Map()];

/** Handlers that record calls, to prove rejected requests never reach a handler. */
function spiedHandlers(): { handlers: HostHandlers; spies: ReturnType<typeof vi.fn>[] } {
  const real = createHostHandlers({ appInfo: APP_INFO });
  const spies: ReturnType<typeof vi.fn>[] = [];
  const handlers = Object.fromEntries(
    HOST_CHANNELS.map((channel) => {
      const spy = vi.fn(real[channel]);
      spies.push(spy);
      return [channel, spy];
    }),
  ) as unknown as HostHandlers;
  return { handlers, spies };
}

describe('host handlers', () => {
  it('has one handler and one argument schema per contract channel', () => {
    const handlers = createHostHandlers({ appInfo: APP_INFO });
    expect(HOST_CHANNELS.length).toBeGreaterThan(0);
    expect(Object.keys(handlers).sort()).toEqual([...HOST_CHANNELS].sort());
    expect(Object.keys(HOST_ARGUMENT_SCHEMAS).sort()).toEqual([...HOST_CHANNELS].sort());
  });

  it('answers rp:app:get-info with the injected app facts', async () => {
    const handlers = createHostHandlers({ appInfo: APP_INFO });
    await expect(callHostHandler(handlers, 'rp:app:get-info', [])).resolves.toEqual(APP_INFO);
  });
});

describe('argument validation, every channel', () => {
  for (const channel of HOST_CHANNELS) {
    const valid: readonly unknown[] = VALID_ARGS[channel];

    it(`${channel}: accepts its valid arguments`, async () => {
      const { handlers, spies } = spiedHandlers();
      await callHostHandler(handlers, channel, [...valid]);
      expect(spies.flatMap((spy) => spy.mock.calls)).toHaveLength(1);
    });

    it(`${channel}: rejects one argument too many`, async () => {
      const { handlers, spies } = spiedHandlers();
      const call = callHostHandler(handlers, channel, [...valid, 'extra']);
      await expect(call).rejects.toThrow(HostRequestError);
      await expect(call).rejects.toThrow(`host: ${channel} received invalid arguments`);
      expect(spies.flatMap((spy) => spy.mock.calls)).toEqual([]);
    });

    it(`${channel}: rejects arguments that are not an array`, async () => {
      const { handlers } = spiedHandlers();
      await expect(callHostHandler(handlers, channel, 'rp')).rejects.toThrow(
        `host: ${channel} needs its arguments as an array.`,
      );
    });

    valid.forEach((_value, index) => {
      it(`${channel}: rejects a missing argument ${index + 1}`, async () => {
        const { handlers } = spiedHandlers();
        await expect(callHostHandler(handlers, channel, valid.slice(0, index))).rejects.toThrow(
          HostRequestError,
        );
      });

      it(`${channel}: rejects a wrong type for argument ${index + 1}`, async () => {
        const { handlers, spies } = spiedHandlers();
        for (const wrong of WRONG_VALUES) {
          const args = valid.map((value, at) => (at === index ? wrong : value));
          await expect(callHostHandler(handlers, channel, args)).rejects.toThrow(HostRequestError);
        }
        expect(spies.flatMap((spy) => spy.mock.calls)).toEqual([]);
      });
    });
  }

  it('rejects an unknown channel, listing the known ones', async () => {
    const { handlers } = spiedHandlers();
    await expect(callHostHandler(handlers, 'rp:app:format-disk', [])).rejects.toThrow(
      /unknown request channel "rp:app:format-disk"; known channels: rp:app:get-info/,
    );
    await expect(callHostHandler(handlers, 42, [])).rejects.toThrow(HostRequestError);
  });
});
