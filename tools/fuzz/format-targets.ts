/**
 * Every file format the app reads, as a fuzz target: the good files to start from, how to
 * damage them, and the reader the app uses, called the way the app calls it. The page's
 * readers (PMX/PMD, VRM, VMD, VRMA) run here in Node; the host's (model and motion headers,
 * presets it imports or keeps, `library.json`) read real files in a temp folder.
 *
 * A reader either accepts the file or refuses it with the error class the app shows to the
 * user; any other throw is a crash, which the fuzz run reports with its seed.
 */

import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RandomSource } from '../../renderer/src/physics/seeded-random';
import { HostProblemError } from '../../electron/main/host/host-problem';
import type { Logger } from '../../electron/main/host/logger';
import { createModelLibrary, LIBRARY_FILE } from '../../electron/main/host/model-library';
import { readModelFile } from '../../electron/main/host/model-file';
import { readMotionFile } from '../../electron/main/host/motion-file';
import { createPresetStore, PRESET_FOLDER } from '../../electron/main/host/preset-store';
import {
  MmdLoadError,
  drawMmdModel,
  loadMmdModel,
} from '../../renderer/src/view/mmd/load-mmd-model';
import { loadMotionFile } from '../../renderer/src/view/motion/load-motion-file';
import { loadAvatarModel } from '../../renderer/src/view/vrm/load-avatar-model';
import { loadThreeVrm, VrmLoadError } from '../../renderer/src/view/vrm/load-vrm';
import { MotionFileError } from '../../renderer/src/motion/motion-file-error';
import { mutateBytes, type Mutation } from './byte-mutations';
import { pmdSamples, pmxSamples, vmdSamples, vrmaSamples, vrmSamples } from './format-samples';
import { mutateGlb } from './glb-mutations';
import { mutateJson } from './json-mutations';
import { checkInPhysics, preparePhysicsCheck } from './physics-check';

// three-vrm reads the browser global `self` when its module loads.
(globalThis as { self?: unknown }).self ??= globalThis;

/** What a reader made of a file: accepted, or refused with the sentence the user would see. */
export type ReadVerdict =
  { readonly kind: 'accepted' } | { readonly kind: 'refused'; readonly message: string };

/** Folders a target may use: the user's files and the app's data folder (both temp). */
export interface FuzzFolders {
  readonly userFiles: string;
  readonly dataFolder: string;
}

/** Good files to start from, captured once per run (presets and the library need a host). */
export interface FormatTarget {
  /** E.g. `pmx (page)`; the report's row name. */
  readonly name: string;
  /** The file name the reader is told; every refusal must contain it. */
  readonly fileName: string;
  readonly samples: (folders: FuzzFolders) => Promise<Uint8Array[]>;
  readonly mutate: (bytes: Uint8Array, random: RandomSource) => Mutation;
  /** Reads `bytes` as the app would; throws only for a crash. */
  readonly read: (bytes: Uint8Array, folders: FuzzFolders) => Promise<ReadVerdict>;
}

const ACCEPTED: ReadVerdict = { kind: 'accepted' };

/** Runs `read`; an error of one of `refusals` is a refusal, anything else propagates. */
async function refusedAs(
  read: () => Promise<void>,
  refusals: readonly (abstract new (...args: never[]) => Error)[],
): Promise<ReadVerdict> {
  try {
    await read();
    return ACCEPTED;
  } catch (error) {
    if (refusals.some((kind) => error instanceof kind)) {
      return { kind: 'refused', message: (error as Error).message };
    }
    throw error;
  }
}

/** A logger that keeps nothing: the host's log lines are not what the fuzz checks. */
export const SILENT_LOGGER: Logger = { info: () => {}, warn: () => {}, error: () => {} };

function mmdTarget(format: 'pmx' | 'pmd', samples: () => Uint8Array[]): FormatTarget {
  const fileName = `fuzz.${format}`;
  return {
    name: `${format} (page)`,
    fileName,
    samples: () => Promise.resolve(samples()),
    mutate: mutateBytes,
    // The page parses, builds the ragdoll, then the three.js mesh (untextured here); an
    // accepted model then runs in the physics.
    read: async (bytes) => {
      let loaded: ReturnType<typeof loadMmdModel> | undefined;
      const verdict = await refusedAs(async () => {
        loaded = loadMmdModel(bytes, fileName);
        const { drawing } = await drawMmdModel(loaded, undefined);
        drawing.dispose();
      }, [MmdLoadError]);
      if (loaded !== undefined && verdict.kind === 'accepted') {
        await checkInPhysics(fileName, loaded.rig.rig.spec, loaded.rig.physics);
      }
      return verdict;
    },
  };
}

function motionTarget(format: 'vmd' | 'vrma', samples: () => Uint8Array[]): FormatTarget {
  const fileName = `fuzz.${format}`;
  return {
    name: `${format} (page)`,
    fileName,
    samples: () => Promise.resolve(samples()),
    mutate: format === 'vrma' ? mutateGlb : mutateBytes,
    read: (bytes) =>
      refusedAs(async () => {
        await loadMotionFile(bytes.slice().buffer, fileName);
      }, [MotionFileError]),
  };
}

const vrmPage: FormatTarget = {
  name: 'vrm (page)',
  fileName: 'fuzz.vrm',
  samples: () => Promise.resolve(vrmSamples()),
  mutate: mutateGlb,
  read: (bytes) =>
    refusedAs(async () => {
      const model = await loadAvatarModel(bytes, 'fuzz.vrm');
      model.threeVrm.VRMUtils.deepDispose(model.loaded.vrm.scene);
      // Not a refusal: a physics failure of an accepted model is a crash.
      await checkInPhysics('fuzz.vrm', model.rig.spec);
    }, [VrmLoadError]),
};

/** The host's first look at a model or motion file: size, header, glTF JSON, hash. */
function hostFileTarget(
  kind: 'model' | 'motion',
  extension: string,
  samples: () => Uint8Array[],
): FormatTarget {
  const fileName = `fuzz-host.${extension}`;
  return {
    name: `${extension} ${kind} header (host)`,
    fileName,
    samples: () => Promise.resolve(samples()),
    mutate: extension === 'vrm' || extension === 'vrma' ? mutateGlb : mutateBytes,
    read: async (bytes, folders) => {
      const path = join(folders.userFiles, fileName);
      await writeFile(path, bytes);
      return refusedAs(async () => {
        await (kind === 'model' ? readModelFile(path) : readMotionFile(path));
      }, [HostProblemError]);
    },
  };
}

/** A preset file the user imports (or drops): validated before anything is written. */
function importedPreset(preset: () => Promise<Uint8Array>): FormatTarget {
  const fileName = 'fuzz-import.ragdoll';
  return {
    name: 'preset import (host)',
    fileName,
    samples: async () => [await preset()],
    mutate: mutateJson,
    read: async (bytes, folders) => {
      const path = join(folders.userFiles, fileName);
      await writeFile(path, bytes);
      const store = createPresetStore({ directory: folders.dataFolder, logger: SILENT_LOGGER });
      return refusedAs(async () => {
        const summary = await store.importFile(path);
        // Keeps the data folder small, so the preset cap never turns a good file away.
        await store.delete(summary.id);
      }, [HostProblemError]);
    },
  };
}

const KEPT_PRESET_ID = 'p-fuzzfuzz-00000000';

/** A preset already in the data folder, damaged on disk: listed and loaded. */
function keptPreset(preset: () => Promise<Uint8Array>): FormatTarget {
  const fileName = `${KEPT_PRESET_ID}.ragdoll`;
  return {
    name: 'preset in data folder (host)',
    fileName,
    samples: async () => [await preset()],
    mutate: mutateJson,
    read: async (bytes, folders) => {
      const folder = join(folders.dataFolder, PRESET_FOLDER);
      await rm(folder, { recursive: true, force: true });
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, fileName), bytes);
      const store = createPresetStore({ directory: folders.dataFolder, logger: SILENT_LOGGER });
      // Loaded first (a damaged file is refused and moved aside), then listed again.
      const verdict = await refusedAs(async () => {
        await store.read(KEPT_PRESET_ID);
      }, [HostProblemError]);
      const listing = await store.list();
      return verdict.kind === 'refused' ? verdict : refusalOf(listing.notices);
    },
  };
}

/** `library.json`, damaged on disk: the library lists what it can and says what it moved. */
function libraryFile(library: () => Promise<Uint8Array>): FormatTarget {
  return {
    name: 'library.json (host)',
    fileName: LIBRARY_FILE,
    samples: async () => [await library()],
    mutate: mutateJson,
    read: async (bytes, folders) => {
      for (const name of await readdir(folders.dataFolder)) {
        if (name.startsWith(LIBRARY_FILE))
          await rm(join(folders.dataFolder, name), { force: true });
      }
      await writeFile(join(folders.dataFolder, LIBRARY_FILE), bytes);
      const library = createModelLibrary({ directory: folders.dataFolder, logger: SILENT_LOGGER });
      return refusalOf((await library.list()).notices);
    },
  };
}

function refusalOf(notices: readonly string[]): ReadVerdict {
  return notices.length === 0 ? ACCEPTED : { kind: 'refused', message: notices.join(' ') };
}

/** Sources of the files only a running host writes (captured by `captureHostSamples`). */
export interface HostSamples {
  readonly preset: () => Promise<Uint8Array>;
  readonly library: () => Promise<Uint8Array>;
}

/**
 * Loads the modules the page's readers import lazily (three-vrm, three-vrm-animation,
 * GLTFLoader), so that reading their code is not counted among the files a reader touched.
 */
export async function preloadReaders(): Promise<void> {
  await Promise.all([
    loadThreeVrm(),
    import('@pixiv/three-vrm-animation'),
    import('three/addons/loaders/GLTFLoader.js'),
    preparePhysicsCheck(),
  ]);
}

/** Every target, page readers first. */
export function formatTargets(host: HostSamples): FormatTarget[] {
  return [
    vrmPage,
    mmdTarget('pmx', pmxSamples),
    mmdTarget('pmd', pmdSamples),
    motionTarget('vmd', vmdSamples),
    motionTarget('vrma', vrmaSamples),
    hostFileTarget('model', 'vrm', vrmSamples),
    hostFileTarget('model', 'pmx', pmxSamples),
    hostFileTarget('model', 'pmd', pmdSamples),
    hostFileTarget('motion', 'vmd', vmdSamples),
    hostFileTarget('motion', 'vrma', vrmaSamples),
    importedPreset(host.preset),
    keptPreset(host.preset),
    libraryFile(host.library),
  ];
}
