/**
 * Test material for the host's file services: temp data folders, scripted native dialogs,
 * tiny but real model files (VRM 0.x/1.0 GLBs, PMX, PMD), the headers of motion files (VMD,
 * VRM Animation GLBs), presets of any size, and a seeded random number generator for the
 * corruption tests.
 */

import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { afterEach, expect } from 'vitest';
import { HostProblemError } from '../../electron/main/host/host-problem';
import { createSeededRandom } from '../../renderer/src/physics/seeded-random';
import { tmpdir } from 'node:os';
import { humanoidMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';
import { writePmx } from '../../tools/fixtures/mmd/pmx-writer';
import { basename, join } from 'node:path';
import type { Dialogs, PresetFileKind } from '../../electron/main/host/dialogs';
import type {
  PresetContent,
  PresetModelRef,
  PresetMotionSettings,
} from '../../shared/preset-schema';

/** A fresh temp folder and its removal. */
export async function tempFolder(
  prefix: string,
): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), `rp-${prefix}-`));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/**
 * For a test file: a maker of fresh temp folders named `prefix-…`, each removed after the test
 * that made it. Call once at the top of the file.
 */
export function useTempFolders(prefix: string): () => string {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  return () => {
    const folder = mkdtempSync(join(tmpdir(), `${prefix}-`));
    folders.push(folder);
    return folder;
  };
}

/** What the scripted dialogs answer, in order; an exhausted script answers null (canceled). */
export interface DialogScript {
  openModel?: (string | null)[];
  openMotion?: (string | null)[];
  openMusic?: (string | null)[];
  openStage?: (string | null)[];
  openPreset?: (string | null)[];
  savePreset?: (string | null)[];
  saveExport?: (string | null)[];
  /** Answers to "open the files this preset names?"; an exhausted script answers no. */
  confirmPresetFiles?: boolean[];
  /** Where Locate… finds each missing file a preset names; exhausted: left out (null). */
  locatePresetFile?: (string | null)[];
}

/** `Dialogs` that answer from a script and record what they were asked. */
export interface ScriptedDialogs extends Dialogs {
  readonly script: Required<DialogScript>;
  readonly calls: {
    kind: keyof DialogScript;
    defaultName?: string;
    paths?: readonly string[];
    /** For Locate…: what kind of file was asked for. */
    fileKind?: PresetFileKind;
  }[];
}

export function scriptedDialogs(script: DialogScript = {}): ScriptedDialogs {
  const full: Required<DialogScript> = {
    openModel: script.openModel ?? [],
    openMotion: script.openMotion ?? [],
    openMusic: script.openMusic ?? [],
    openStage: script.openStage ?? [],
    openPreset: script.openPreset ?? [],
    savePreset: script.savePreset ?? [],
    saveExport: script.saveExport ?? [],
    confirmPresetFiles: script.confirmPresetFiles ?? [],
    locatePresetFile: script.locatePresetFile ?? [],
  };
  const calls: ScriptedDialogs['calls'] = [];
  const next = (kind: Exclude<keyof DialogScript, 'confirmPresetFiles'>): Promise<string | null> =>
    Promise.resolve(full[kind].shift() ?? null);
  return {
    script: full,
    calls,
    showOpenModel: () => (calls.push({ kind: 'openModel' }), next('openModel')),
    showOpenMotion: () => (calls.push({ kind: 'openMotion' }), next('openMotion')),
    showOpenMusic: () => (calls.push({ kind: 'openMusic' }), next('openMusic')),
    showOpenStage: () => (calls.push({ kind: 'openStage' }), next('openStage')),
    showOpenPreset: () => (calls.push({ kind: 'openPreset' }), next('openPreset')),
    showSavePreset: (defaultName) => (
      calls.push({ kind: 'savePreset', defaultName }),
      next('savePreset')
    ),
    showSaveExport: (defaultPath) => (
      calls.push({ kind: 'saveExport', defaultName: defaultPath }),
      next('saveExport')
    ),
    confirmPresetFiles: (presetName, paths) => (
      calls.push({ kind: 'confirmPresetFiles', defaultName: presetName, paths }),
      Promise.resolve(full.confirmPresetFiles.shift() ?? false)
    ),
    locatePresetFile: (presetName, fileKind, missingPath) => (
      calls.push({
        kind: 'locatePresetFile',
        defaultName: presetName,
        fileKind,
        paths: [missingPath],
      }),
      next('locatePresetFile')
    ),
  };
}

/**
 * A GLB (glTF binary, version 2) with a VRM 0.x (`VRM`) or 1.0 (`VRMC_vrm`) extension,
 * padded with `extraBytes` of binary chunk so sizes can differ.
 */
export function vrmBytes(options: {
  version: 0 | 1;
  title?: string;
  author?: string;
  extraBytes?: number;
}): Uint8Array {
  const title = options.title ?? 'Test Avatar';
  const author = options.author ?? 'Tester';
  const extensions =
    options.version === 1
      ? { VRMC_vrm: { specVersion: '1.0', meta: { name: title, authors: [author] } } }
      : { VRM: { meta: { title, author } } };
  return glbBytes({ asset: { version: '2.0' }, extensions }, options.extraBytes ?? 0);
}

/** A GLB with the given JSON (no VRM extension unless the JSON has one). */
export function glbBytes(json: unknown, extraBytes = 0): Uint8Array {
  let text = JSON.stringify(json);
  while (text.length % 4 !== 0) text += ' ';
  const jsonBytes = Buffer.from(text, 'utf8');
  const binLength = Math.ceil(extraBytes / 4) * 4;
  const total = 12 + 8 + jsonBytes.length + (binLength > 0 ? 8 + binLength : 0);
  const out = Buffer.alloc(total);
  out.write('glTF', 0, 'ascii');
  out.writeUInt32LE(2, 4);
  out.writeUInt32LE(total, 8);
  out.writeUInt32LE(jsonBytes.length, 12);
  out.writeUInt32LE(0x4e4f534a, 16);
  jsonBytes.copy(out, 20);
  if (binLength > 0) {
    const at = 20 + jsonBytes.length;
    out.writeUInt32LE(binLength, at);
    out.writeUInt32LE(0x004e4942, at + 4);
  }
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}

/** A whole PMX file (the fixtures' test figure) whose texture list is `textures`. */
export function pmxWithTextures(textures: readonly string[]): Uint8Array {
  return writePmx({ ...humanoidMmdModel(), textures });
}

/** The start of a PMX 2.0 file (UTF-16LE) naming the model; enough for the header check. */
export function pmxBytes(name = 'ミク'): Uint8Array {
  const nameBytes = Buffer.from(name, 'utf16le');
  const header = Buffer.alloc(9 + 8 + 4);
  header.write('PMX ', 0, 'ascii');
  header.writeFloatLE(2.0, 4);
  header[8] = 8;
  // globals: encoding 0 (UTF-16LE), additional UVs 0, index sizes 1..
  Buffer.from([0, 0, 1, 1, 1, 1, 1, 1]).copy(header, 9);
  header.writeInt32LE(nameBytes.length, 17);
  return new Uint8Array(Buffer.concat([header, nameBytes, Buffer.alloc(64)]));
}

/** The start of a PMD file: `Pmd`, version 1.0, a 20-byte Shift_JIS name, a comment. */
export function pmdBytes(): Uint8Array {
  const out = Buffer.alloc(3 + 4 + 20 + 256 + 64);
  out.write('Pmd', 0, 'ascii');
  out.writeFloatLE(1.0, 3);
  Buffer.from('Test PMD', 'ascii').copy(out, 7);
  return new Uint8Array(out);
}

/**
 * A VMD file's layout as far as the host checks it: the 30-byte signature, the 20-byte model
 * name, the bone keyframe count and `keyframes` keyframes of 111 zero bytes (then empty
 * morph, camera, light and shadow sections). `declaredKeyframes` overrides the count, to make
 * a file that promises more than it holds.
 */
export function vmdBytes(
  options: { keyframes?: number; declaredKeyframes?: number } = {},
): Uint8Array {
  const keyframes = options.keyframes ?? 2;
  const out = Buffer.alloc(30 + 20 + 4 + keyframes * 111 + 4 * 4);
  out.write('Vocaloid Motion Data 0002', 0, 'ascii');
  out.write('Test', 30, 'ascii');
  out.writeUInt32LE(options.declaredKeyframes ?? keyframes, 50);
  return new Uint8Array(out);
}

/** A GLB declaring a VRM Animation (`VRMC_vrm_animation`), padded with `extraBytes`. */
export function vrmaBytes(extraBytes = 0): Uint8Array {
  return glbBytes(
    {
      asset: { version: '2.0' },
      extensionsUsed: ['VRMC_vrm_animation'],
      extensions: { VRMC_vrm_animation: { specVersion: '1.0', humanoid: { humanBones: {} } } },
    },
    extraBytes,
  );
}

/** A 1×1 PNG (signature and IHDR are what the host checks). */
export const TINY_PNG = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/**
 * The physics layer's seeded generator, so a failing corruption case can be replayed.
 *
 * @returns a function giving numbers in [0, 1)
 */
export const seededRandom = createSeededRandom;

/** The problem `work` fails with (fails the test if it succeeds). */
export async function problemOf(work: Promise<unknown>): Promise<HostProblemError> {
  const error: unknown = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HostProblemError);
  return error as HostProblemError;
}

/** One body state with a valid unit quaternion, varied by `i`. */
function bodyState(i: number) {
  const angle = (i * 0.37) % Math.PI;
  return {
    // `0 - x`, not `-x`: JSON has no -0, and a round trip must compare equal.
    position: [i * 0.1, 1 + i * 0.01, 0 - i * 0.05] as const,
    rotation: [0, Math.sin(angle / 2), 0, Math.cos(angle / 2)] as const,
    linvel: [0.1 * i, 0, -0.2] as const,
    angvel: [0, 0.5, 0.01 * i] as const,
  };
}

/**
 * A preset's motion settings playing the VMD at `path`, whose bytes are `bytes` (its size and
 * hash as the host records them), at muscle 60 and without getting up.
 */
export function vmdMotionSettings(path: string, bytes: Uint8Array): PresetMotionSettings {
  return {
    motion: {
      kind: 'file',
      path,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      fileName: basename(path),
      format: 'vmd',
    },
    playing: true,
    muscle: 60,
    getUp: false,
  };
}

/**
 * A preset's content: `figures` figures of `parts` parts (the box dummy has 11) using
 * `model` for every figure, and `props` props.
 */
export function presetContent(
  options: {
    name?: string;
    figures?: number;
    parts?: number;
    props?: number;
    model?: PresetModelRef;
    motion?: PresetMotionSettings;
    thumbnail?: string;
  } = {},
): PresetContent {
  const parts = options.parts ?? 11;
  const content: PresetContent = {
    name: options.name ?? 'Stairs pile-up',
    settings: { stiffness: 50, timeScale: 1, showBodies: false, gravity: 1 },
    camera: { position: [0, 1.6, 4], target: [0, 1, 0], fovDeg: 50 },
    stage: { id: 'default' },
    motion: options.motion ?? {
      motion: { kind: 'none' },
      playing: true,
      muscle: 100,
      getUp: true,
    },
    figures: Array.from({ length: options.figures ?? 1 }, (_, f) => ({
      model: options.model ?? { kind: 'box' as const },
      parts: Array.from({ length: parts }, (_, p) => bodyState(f * parts + p)),
      motionTime: options.motion === undefined ? 0 : 0.5 * f,
    })),
    props: Array.from({ length: options.props ?? 0 }, (_, i) => ({
      kind: i % 2 === 0 ? ('ball' as const) : ('box' as const),
      ...bodyState(i),
    })),
    pins: [],
    links: [],
  };
  return options.thumbnail === undefined ? content : { ...content, thumbnail: options.thumbnail };
}
