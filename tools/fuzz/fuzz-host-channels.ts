/**
 * A compromised page's requests, seeded: every host channel (and channels that do not exist)
 * called through the one door the app uses (`callHostHandler`), with valid arguments, valid
 * ones with one field made hostile, and pure junk (paths nobody chose, huge strings,
 * `__proto__` keys, wrong types and counts), then 10,000 requests at once. Counts what
 * happened and checks, per request, that it settled within the time limit and that a refusal
 * says what is wrong; across the run, that no file outside the data folder and the user's
 * chosen files was touched and that nothing reached `Object.prototype`.
 */

import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { HOST_CHANNELS, type HostChannel, type PresetContent } from '../../shared/host-contract';
import { callHostHandler, HostRequestError } from '../../electron/main/host/call-host-handler';
import { mintDropGrant } from '../../electron/main/host/drop-grants';
import type { Dialogs } from '../../electron/main/host/dialogs';
import { createHostHandlers, type HostHandlers } from '../../electron/main/host/host-handlers';
import { createVmcOutFrame } from '../../renderer/src/motion/vmc-out-pose';
import { createHostServices, type HostServices } from '../../electron/main/host/host-services';
import { createSeededRandom, type RandomSource } from '../../renderer/src/physics/seeded-random';
import { recordFileAccess } from './file-access-recorder';
import { presetContentSample } from './format-samples';
import { SILENT_LOGGER } from './format-targets';
import { CASE_TIME_LIMIT_MS, describeCrash } from './fuzz-formats';
import type { CaseFailure } from './fuzz-report';
import { createFuzzSandbox, type FuzzSandbox } from './fuzz-sandbox';
import { below, damagedObject, hostileValue, pick } from './hostile-values';

/** What the requests came to. */
export interface ChannelCounts {
  requests: number;
  /** Answered (a value, a listing, or an outcome the page shows). */
  answered: number;
  /** Answered with a problem (`ok: false`): not allowed, missing, invalid… */
  problems: number;
  /** Refused before any handler ran (unknown channel, arguments not matching the schema). */
  refusedAtDoor: number;
  readonly perChannel: Record<string, number>;
  /** Requests that threw anything else: a bug. */
  readonly crashes: CaseFailure[];
  /** Refusals or problems whose message does not say what is wrong. */
  readonly unclear: CaseFailure[];
  readonly slow: CaseFailure[];
  burst: BurstCounts;
  /** Paths touched outside the data folder and the user's files (should be none). */
  outsideTouched: string[];
  /** Whether the files in the outside folder are exactly as before. */
  outsideUnchanged: boolean;
  /** Keys that appeared on `Object.prototype` (should be none). */
  polluted: string[];
  slowestMs: number;
}

/** Native dialogs that always choose among the user's files (sometimes canceling). */
function fuzzDialogs(sandbox: FuzzSandbox, random: RandomSource): Dialogs {
  const maybe = (path: string): Promise<string | null> =>
    Promise.resolve(random() < 0.15 ? null : path);
  return {
    showOpenModel: () => maybe(pick(random, [sandbox.userModel, sandbox.userPmx])),
    showOpenMotion: () => maybe(sandbox.userMotion),
    showOpenMusic: () => maybe(sandbox.userMotion),
    showOpenStage: () => maybe(sandbox.userPmx),
    showOpenPreset: () => maybe(join(sandbox.userFiles, 'export.ragdoll')),
    showSavePreset: () => maybe(join(sandbox.userFiles, 'export.ragdoll')),
    showSaveExport: (_defaultPath, format) => maybe(join(sandbox.userFiles, `export.${format}`)),
    // Never confirmed: a shared preset must then reach none of the files outside.
    confirmPresetFiles: () => Promise.resolve(false),
    // A wary person leaves a missing file out rather than look for it.
    locatePresetFile: () => Promise.resolve(null),
  };
}

/** Ids the host handed out so far, and a few it never did. */
interface IdPool {
  readonly presets: string[];
  readonly library: string[];
}

function remember(pool: IdPool, result: unknown): void {
  if (typeof result !== 'object' || result === null) return;
  const r = result as Record<string, unknown>;
  const value = (r['ok'] === true ? r['value'] : r) as Record<string, unknown> | undefined;
  if (value === undefined || value === null) return;
  if (typeof value['libraryEntryId'] === 'string') pool.library.push(value['libraryEntryId']);
  if (Array.isArray(value['presets'])) {
    for (const p of value['presets'] as { id: string }[]) pool.presets.push(p.id);
  }
  if (typeof value['id'] === 'string' && typeof value['name'] === 'string')
    pool.presets.push(value['id']);
  if (Array.isArray(value['entries'])) {
    for (const e of value['entries'] as { id: string }[]) pool.library.push(e.id);
  }
}

/** Arguments a well-behaved page would send, from what the host has handed out. */
function validArgs(
  channel: HostChannel,
  sandbox: FuzzSandbox,
  pool: IdPool,
  random: RandomSource,
): unknown[] {
  const presetId = pick(random, [...pool.presets, 'p-mk1abcde-0123abcd']);
  const libraryId = pick(random, [...pool.library, 'm-mk1abcde-0123abcd']);
  const content = presetContentSample(sandbox.userModel, 1, '0'.repeat(64));
  const texture = pick(random, [
    'tex/body.png',
    'tex\\BODY.PNG',
    './tex/body.png',
    '../outside/secret.png',
    '..\\outside\\secret.png',
    join(sandbox.outside, 'secret.png'),
    'tex/link.png',
    'tex/../../outside/secret.png',
  ]);
  const table: Record<HostChannel, unknown[]> = {
    'rp:app:get-info': [],
    'rp:model:open-dialog': [],
    'rp:model:read': [
      pick(random, [sandbox.userModel, sandbox.userPmx, join(sandbox.outside, 'secret.vrm')]),
    ],
    'rp:model:read-texture': [
      pick(random, [sandbox.userPmx, join(sandbox.outside, 'secret.pmx')]),
      texture,
    ],
    'rp:stage:open-dialog': [],
    'rp:stage:read': [pick(random, [sandbox.userPmx, join(sandbox.outside, 'secret.pmx')])],
    'rp:stage:dropped': dropArgs(
      pick(random, [sandbox.userPmx, join(sandbox.outside, 'secret.pmx')]),
      sandbox,
      random,
    ),
    'rp:motion:open-dialog': [],
    'rp:motion:read': [pick(random, [sandbox.userMotion, join(sandbox.outside, 'secret.vmd')])],
    'rp:music:open-dialog': [],
    'rp:music:read': [pick(random, [sandbox.userMotion, join(sandbox.outside, 'secret.wav')])],
    'rp:file:dropped': dropArgs(
      pick(random, [
        sandbox.userModel,
        sandbox.userPmx,
        sandbox.userMotion,
        join(sandbox.outside, 'secret.vrm'),
        join(sandbox.outside, 'secret.vmd'),
      ]),
      sandbox,
      random,
    ),
    'rp:library:keep-dropped': [
      pick(random, [sandbox.userModel, sandbox.userMotion, join(sandbox.outside, 'secret.vrm')]),
    ],
    'rp:library:list': [],
    'rp:library:remove': [libraryId],
    'rp:library:clear': [],
    'rp:library:relocate': [libraryId],
    'rp:library:set-thumbnail': [libraryId, new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])],
    'rp:preset:list': [],
    'rp:preset:save': [content],
    'rp:preset:overwrite': [presetId, content],
    'rp:preset:rename': [presetId, pick(random, ['Renamed', '名前', 'x'.repeat(80)])],
    'rp:preset:duplicate': [presetId],
    'rp:preset:delete': [presetId],
    'rp:preset:load': [presetId],
    'rp:preset:import': [],
    'rp:preset:export': [presetId],
    'rp:recovery:save': [content],
    'rp:recovery:take': [],
    'rp:export:save': [
      pick(random, ['vrma', 'vmd', 'png', 'webm']),
      pick(random, ['fall.vrma', 'pose.vmd', 'view.png', '../escape.png', 'clip.webm']),
      new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    ],
    'rp:menu:set-language': [pick(random, ['en', 'ja'])],
    'rp:app:about': [],
    'rp:app:show-data-folder': [],
    'rp:update:restart': [],
    // Off: the fuzz pass opens no sockets; the argument checks still run.
    'rp:vmc:receive': [{ on: false, port: pick(random, [39539, 80, 70000]), listen: 'local' }],
    'rp:vmc:poll': [pick(random, [0, -1, 1.5])],
    'rp:vmc:send': [{ on: false, host: pick(random, ['127.0.0.1', 'a b', '']), port: 39540 }],
    'rp:vmc:send-frame': [createVmcOutFrame(), pick(random, [0, -1])],
    'rp:window:always-on-top': [pick(random, [true, false, null, 'on', 1])],
  };
  return table[channel];
}

/**
 * The key this run's stand-in preload signs drops with. Only drops of the user's files get a
 * real grant (the preload saw those Files); every other path comes with a forged one, as a
 * page sending raw IPC would have to send.
 */
const FUZZ_DROP_KEY = 'f'.repeat(64);

function dropArgs(path: string, sandbox: FuzzSandbox, random: RandomSource): unknown[] {
  const user = [sandbox.userModel, sandbox.userPmx, sandbox.userMotion].includes(path);
  if (user && random() < 0.8) return [path, mintDropGrant(FUZZ_DROP_KEY, path)];
  return [path, mintDropGrant(random() < 0.5 ? 'e'.repeat(64) : FUZZ_DROP_KEY, `${path}x`)];
}

/** One request: a channel (rarely one that does not exist) and its arguments. */
function request(
  sandbox: FuzzSandbox,
  pool: IdPool,
  random: RandomSource,
): { channel: unknown; args: unknown } {
  const channel =
    random() < 0.05
      ? pick(random, ['__proto__', 'constructor', 'toString', 'rp:nope', '', 42, null])
      : pick(random, HOST_CHANNELS);
  const known =
    typeof channel === 'string' && (HOST_CHANNELS as readonly string[]).includes(channel);
  const valid = known ? validArgs(channel as HostChannel, sandbox, pool, random) : [];
  const style = below(random, 5);
  let args: unknown;
  if (style <= 1) args = valid;
  else if (style === 2 && valid.length > 0) args = damagedObject(valid, random, sandbox.outside);
  else if (style === 3) {
    args = Array.from({ length: below(random, 4) }, () => hostileValue(random, sandbox.outside));
  } else args = random() < 0.5 ? hostileValue(random, sandbox.outside) : [...valid, 'extra'];
  return { channel, args };
}

function timeout(ms: number): { promise: Promise<'timeout'>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

/**
 * Calls still running after their time limit; awaited before the sandbox is flushed and
 * removed, so no late write lands in a folder being deleted.
 */
const stragglers: Promise<unknown>[] = [];

type Settled =
  | { kind: 'answered'; value: unknown }
  | { kind: 'door'; message: string }
  | { kind: 'crash'; message: string }
  | { kind: 'timeout' };

async function settle(
  handlers: HostHandlers,
  channel: unknown,
  args: unknown,
  limitMs: number,
): Promise<Settled> {
  const limit = timeout(limitMs);
  const call = callHostHandler(handlers, channel, args).then(
    (value): Settled => ({ kind: 'answered', value }),
    (error: unknown): Settled =>
      error instanceof HostRequestError
        ? { kind: 'door', message: error.message }
        : { kind: 'crash', message: describeCrash(error) },
  );
  const result = await Promise.race([call, limit.promise]);
  limit.cancel();
  if (result !== 'timeout') return result;
  stragglers.push(call);
  return { kind: 'timeout' };
}

/** The problem of an `ok: false` outcome, if `value` is one. */
function problemOf(value: unknown): { code: string; message: string } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const outcome = value as { ok?: unknown; problem?: { code: string; message: string } };
  return outcome.ok === false ? outcome.problem : undefined;
}

function tally(
  counts: ChannelCounts,
  channel: unknown,
  settled: Settled,
  where: CaseFailure,
): void {
  counts.requests++;
  const key = typeof channel === 'string' && channel !== '' ? channel : '(no such channel)';
  counts.perChannel[key] = (counts.perChannel[key] ?? 0) + 1;
  if (settled.kind === 'timeout') {
    counts.slow.push({ ...where, message: 'no answer within the time limit' });
  } else if (settled.kind === 'crash') {
    counts.crashes.push({ ...where, message: settled.message });
  } else if (settled.kind === 'door') {
    counts.refusedAtDoor++;
    // The door names the channel (or the unknown name) and what is wrong with the arguments.
    if (settled.message.length < 30) counts.unclear.push({ ...where, message: settled.message });
  } else {
    counts.answered++;
    const problem = problemOf(settled.value);
    if (problem === undefined) return;
    counts.problems++;
    // A canceled dialog shows nothing, so it needs no words.
    if (problem.code !== 'canceled' && problem.message.trim().length < 30) {
      counts.unclear.push({ ...where, message: problem.message });
    }
  }
}

/**
 * Requests the burst mixes: lists, loads, texture reads, requests refused at the door or as
 * not allowed; with `writes`, also model reads (each records the model in the library) and
 * preset saves, which go to disk one at a time.
 */
function burstRequest(
  sandbox: FuzzSandbox,
  pool: IdPool,
  i: number,
  writes: boolean,
  content: PresetContent,
): { channel: unknown; args: unknown } {
  const mix: { channel: unknown; args: unknown }[] = [
    { channel: 'rp:preset:list', args: [] },
    { channel: 'rp:library:list', args: [] },
    { channel: 'rp:model:read', args: [join(sandbox.outside, 'secret.vrm')] },
    { channel: 'rp:model:read-texture', args: [sandbox.userPmx, 'tex/BODY.png'] },
    { channel: 'rp:model:read-texture', args: [sandbox.userPmx, '../outside/secret.png'] },
    {
      channel: 'rp:preset:load',
      args: [pool.presets[i % Math.max(1, pool.presets.length)] ?? 'p-none'],
    },
    { channel: 'rp:preset:rename', args: ['p-none', '__proto__'] },
    { channel: '__proto__', args: [] },
    { channel: 'rp:app:get-info', args: [] },
  ];
  if (writes) {
    mix.push(
      { channel: 'rp:model:read', args: [sandbox.userModel] },
      { channel: 'rp:preset:save', args: [{ ...content, name: `Burst ${i}` }] },
    );
  }
  return mix[i % mix.length]!;
}

/** What a burst of requests at once came to. */
export interface BurstCounts {
  requests: number;
  /** Until the last request had settled, ms. */
  ms: number;
  /** Requests that threw anything but a refusal. */
  crashes: number;
  /** Requests that took longer than the time limit to settle. */
  overLimit: number;
  /** The slowest request, ms. */
  slowestMs: number;
}

async function burst(
  handlers: HostHandlers,
  sandbox: FuzzSandbox,
  pool: IdPool,
  size: number,
  writes: boolean,
  limitMs: number,
): Promise<BurstCounts> {
  // Made once: building it per request would time the harness, not the host.
  const content = presetContentSample(sandbox.userModel, 1, '0'.repeat(64));
  const started = performance.now();
  let slowestMs = 0;
  const results = await Promise.all(
    Array.from({ length: size }, async (_, i) => {
      const { channel, args } = burstRequest(sandbox, pool, i, writes, content);
      const settled = await settle(handlers, channel, args, limitMs);
      slowestMs = Math.max(slowestMs, performance.now() - started);
      return settled;
    }),
  );
  return {
    requests: size,
    ms: Math.round(performance.now() - started),
    crashes: results.filter((r) => r.kind === 'crash').length,
    overLimit: results.filter((r) => r.kind === 'timeout').length,
    slowestMs: Math.round(slowestMs),
  };
}

/** Opens the user's models once, so texture requests reach the folder checks. */
async function openUserFiles(handlers: HostHandlers, sandbox: FuzzSandbox): Promise<void> {
  for (const path of [sandbox.userModel, sandbox.userPmx, sandbox.userMotion]) {
    await callHostHandler(handlers, 'rp:file:dropped', [path, mintDropGrant(FUZZ_DROP_KEY, path)]);
    await callHostHandler(handlers, 'rp:library:keep-dropped', [path]);
  }
}

/**
 * Runs `iterations` seeded requests, then a burst of `burstSize` at once, in a fresh sandbox
 * that is removed afterwards.
 */
export async function fuzzHostChannels(options: {
  readonly seed: number;
  readonly iterations: number;
  readonly burstSize: number;
  /** Whether the burst also writes (slow by design: each write reaches the disk in turn). */
  readonly burstWrites: boolean;
  /** Default `CASE_TIME_LIMIT_MS`. */
  readonly limitMs?: number;
}): Promise<ChannelCounts> {
  const limitMs = options.limitMs ?? CASE_TIME_LIMIT_MS;
  const sandbox = await createFuzzSandbox();
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype);
  const digestBefore = await sandbox.outsideDigest();
  const random = createSeededRandom(options.seed);
  const recorder = recordFileAccess();
  let services: HostServices | undefined;
  const counts: ChannelCounts = {
    requests: 0,
    answered: 0,
    problems: 0,
    refusedAtDoor: 0,
    perChannel: Object.create(null) as Record<string, number>,
    crashes: [],
    unclear: [],
    slow: [],
    burst: { requests: 0, ms: 0, crashes: 0, overLimit: 0, slowestMs: 0 },
    outsideTouched: [],
    outsideUnchanged: false,
    polluted: [],
    slowestMs: 0,
  };
  try {
    services = createHostServices({
      dataDirectory: sandbox.dataFolder,
      dialogs: fuzzDialogs(sandbox, random),
      dropKey: FUZZ_DROP_KEY,
      loggerFor: () => SILENT_LOGGER,
    });
    const handlers = createHostHandlers({
      appInfo: {
        name: 'Ragdoll Playground',
        version: '0.0.0',
        platform: process.platform,
        locale: 'en',
      },
      services,
    });
    await openUserFiles(handlers, sandbox);
    const pool: IdPool = { presets: [], library: [] };
    for (let i = 0; i < options.iterations; i++) {
      const { channel, args } = request(sandbox, pool, random);
      const started = performance.now();
      const settled = await settle(handlers, channel, args, limitMs);
      counts.slowestMs = Math.max(counts.slowestMs, performance.now() - started);
      if (settled.kind === 'answered') remember(pool, settled.value);
      tally(counts, channel, settled, {
        seed: options.seed,
        iteration: i,
        kind: String(channel),
        message: '',
      });
    }
    counts.burst = await burst(
      handlers,
      sandbox,
      pool,
      options.burstSize,
      options.burstWrites,
      limitMs,
    );
  } finally {
    await Promise.allSettled(stragglers.splice(0));
    // Writes still queued when something above threw must end before the folder goes.
    await services?.flush().catch(() => undefined);
    recorder.stop();
    counts.outsideTouched = recorder.outside([sandbox.dataFolder, sandbox.userFiles]);
    counts.outsideUnchanged = (await sandbox.outsideDigest()) === digestBefore;
    counts.polluted = Object.getOwnPropertyNames(Object.prototype).filter(
      (key) => !prototypeKeys.includes(key),
    );
    await sandbox.remove();
  }
  return counts;
}
