/**
 * Chained requests, seeded: what one call leaves behind used by the next, which single
 * hostile requests never reach. Each round runs one sequence through the handlers (the one
 * door the app uses) in a sandbox whose `outside` folder holds files nobody chose:
 *
 * - preset: save a preset naming a path (an outside file with its true size and SHA-256, the
 *   best guess an attacker could make; a path through `..`; a relative path; the user's own
 *   file), load it, then ask to read the path;
 * - drop: drop a path with a forged or a real grant, then read a texture through it;
 * - restart: leave a recovery copy or a dropped-but-unkept file naming a path, start a new
 *   host over the same data folder, restore, then read.
 *
 * A leak is any outside file (or its existence, size or hash verdict) reaching the page; any
 * file system call on an outside path is recorded too.
 */

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppInfo, HostOutcome } from '../../shared/host-contract';
import type { PresetMotionRef } from '../../shared/preset-schema';
import { callHostHandler } from '../../electron/main/host/call-host-handler';
import { mintDropGrant, newDropKey } from '../../electron/main/host/drop-grants';
import { createHostHandlers, type HostHandlers } from '../../electron/main/host/host-handlers';
import { createHostServices, type HostServices } from '../../electron/main/host/host-services';
import { createSeededRandom } from '../../renderer/src/physics/seeded-random';
import { CANCELING_DIALOGS } from '../browser/canceling-dialogs';
import { recordFileAccess } from './file-access-recorder';
import { presetContentSample } from './format-samples';
import { SILENT_LOGGER } from './format-targets';
import { createFuzzSandbox, type FuzzSandbox } from './fuzz-sandbox';
import { pick } from './hostile-values';

/** The kinds of sequence run. */
export const CHAIN_KINDS = ['preset', 'drop', 'restart'] as const;
export type ChainKind = (typeof CHAIN_KINDS)[number];

/** What the chained sequences came to. */
export interface ChainCounts {
  readonly sequences: Record<ChainKind, number>;
  /** Calls made in all sequences. */
  steps: number;
  /** One line per leak found (should be none). */
  readonly leaks: string[];
  /** Paths outside the data folder and the user's files touched (should be none). */
  outsideTouched: string[];
}

const APP_INFO: AppInfo = {
  name: 'Ragdoll Playground',
  version: '0',
  platform: 'linux',
  locale: 'en',
};

interface Host {
  readonly services: HostServices;
  readonly handlers: HostHandlers;
  readonly key: string;
}

function startHost(sandbox: FuzzSandbox): Host {
  const key = newDropKey();
  const services = createHostServices({
    dataDirectory: sandbox.dataFolder,
    dialogs: CANCELING_DIALOGS,
    loggerFor: () => SILENT_LOGGER,
    dropKey: key,
  });
  return { services, key, handlers: createHostHandlers({ appInfo: APP_INFO, services }) };
}

const sha256Of = (path: string): string =>
  createHash('sha256').update(readFileSync(path)).digest('hex');

/** Runs `rounds` seeded sequences in a fresh sandbox, removed afterwards. */
export async function fuzzChains(options: { seed: number; rounds: number }): Promise<ChainCounts> {
  const sandbox = await createFuzzSandbox();
  const random = createSeededRandom(options.seed);
  const counts: ChainCounts = {
    sequences: { preset: 0, drop: 0, restart: 0 },
    steps: 0,
    leaks: [],
    outsideTouched: [],
  };
  // Guesses are made before recording: an attacker knows the files it names, the host must not.
  const secretModel = join(sandbox.outside, 'secret.vrm');
  const secretMotion = join(sandbox.outside, 'secret.vmd');
  const guesses = {
    model: { size: readFileSync(secretModel).length, sha256: sha256Of(secretModel) },
    motion: { size: readFileSync(secretMotion).length, sha256: sha256Of(secretMotion) },
    user: { size: readFileSync(sandbox.userModel).length, sha256: sha256Of(sandbox.userModel) },
  };
  const recorder = recordFileAccess();
  let host = startHost(sandbox);
  const step = async (channel: string, args: unknown[]): Promise<unknown> => {
    counts.steps += 1;
    return callHostHandler(host.handlers, channel, args);
  };
  const leak = (kind: ChainKind, round: number, what: string): void => {
    counts.leaks.push(`${kind} sequence ${round}: ${what}`);
  };
  const readable = async (path: string): Promise<boolean> =>
    ((await step('rp:model:read', [path])) as HostOutcome<unknown>).ok;

  async function presetSequence(round: number): Promise<void> {
    const crooked = `${sandbox.userFiles}/../outside/secret.vrm`;
    const path = pick(random, [secretModel, crooked, 'outside/secret.vrm', sandbox.userModel]);
    const guess = path === sandbox.userModel ? guesses.user : guesses.model;
    const content = presetContentSample(path, guess.size, guess.sha256);
    const motion: PresetMotionRef = {
      kind: 'file',
      path: secretMotion,
      ...guesses.motion,
      fileName: 'secret.vmd',
      format: 'vmd',
    };
    const withMotion =
      random() < 0.5 ? { ...content, motion: { ...content.motion, motion } } : content;
    const saved = (await step('rp:preset:save', [withMotion])) as HostOutcome<{ id: string }>;
    if (!saved.ok) return;
    const loaded = (await step('rp:preset:load', [saved.value.id])) as HostOutcome<{
      notes: { reason: string; message: string }[];
      motionNote?: { reason: string; message: string };
    }>;
    if (!loaded.ok) return;
    const notes = [
      ...loaded.value.notes,
      ...(loaded.value.motionNote ? [loaded.value.motionNote] : []),
    ];
    for (const note of notes) {
      if (note.reason !== 'not-yours' && !note.message.includes(sandbox.userFiles)) {
        leak('preset', round, `a note about a stranger said "${note.reason}": ${note.message}`);
      }
    }
    if (path !== sandbox.userModel && (await readable(secretModel))) {
      leak('preset', round, `loading a preset naming ${path} made ${secretModel} readable`);
    }
    if (((await step('rp:motion:read', [secretMotion])) as HostOutcome<unknown>).ok) {
      leak('preset', round, `loading a preset made ${secretMotion} readable`);
    }
  }

  async function dropSequence(round: number): Promise<void> {
    const secretPmx = join(sandbox.outside, 'secret.pmx');
    const own = random() < 0.5;
    const path = own ? sandbox.userPmx : secretPmx;
    const grant = own ? mintDropGrant(host.key, path) : mintDropGrant(newDropKey(), path);
    await step('rp:file:dropped', [path, grant]);
    const texture = pick(random, [
      'tex/body.png',
      'tex/link.png',
      '../outside/secret.png',
      'secret.png',
    ]);
    const read = (await step('rp:model:read-texture', [path, texture])) as HostOutcome<unknown>;
    const fine = own && texture === 'tex/body.png';
    if (read.ok && !fine) leak('drop', round, `dropping ${path} let ${texture} be read`);
    if (!own && (await readable(secretPmx)))
      leak('drop', round, `a forged drop opened ${secretPmx}`);
  }

  async function restartSequence(round: number): Promise<void> {
    const content = presetContentSample(secretModel, guesses.model.size, guesses.model.sha256);
    await step('rp:recovery:save', [content]);
    await step('rp:file:dropped', [sandbox.userModel, mintDropGrant(host.key, sandbox.userModel)]);
    await host.services.flush();
    host = startHost(sandbox);
    const taken = (await step('rp:recovery:take', [])) as HostOutcome<{
      notes: { reason: string }[];
    } | null>;
    if (taken.ok && taken.value?.notes.some((note) => note.reason !== 'not-yours')) {
      leak('restart', round, 'the recovery copy told something about a stranger');
    }
    if (await readable(secretModel))
      leak('restart', round, `${secretModel} readable after a restart`);
    const listing = (await step('rp:library:list', [])) as { entries: { path: string }[] };
    if (listing.entries.some((entry) => entry.path.startsWith(sandbox.outside))) {
      leak('restart', round, 'the library holds a stranger after a restart');
    }
  }

  const runners: Record<ChainKind, (round: number) => Promise<void>> = {
    preset: presetSequence,
    drop: dropSequence,
    restart: restartSequence,
  };
  try {
    for (let round = 0; round < options.rounds; round++) {
      const kind = CHAIN_KINDS[round % CHAIN_KINDS.length]!;
      counts.sequences[kind] += 1;
      await runners[kind](round);
    }
  } finally {
    await host.services.flush().catch(() => undefined);
    recorder.stop();
    counts.outsideTouched = recorder.outside([sandbox.dataFolder, sandbox.userFiles]);
    await sandbox.remove();
  }
  return counts;
}
