/**
 * A desktop host for the built renderer in Chromium: the real host handlers over a temporary
 * data folder, with the native dialogs answered from queues. Free of the test runner, so the
 * end-to-end tests and a plain script (open-app.ts) both use it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Dialogs, PresetFileKind } from '../../electron/main/host/dialogs';
import type { HostBridge } from './host-bridge';
import { exposeHostToPage } from './host-bridge';

/**
 * The native dialogs as queues: each call takes the next answer queued for it (null, as a
 * canceled dialog, when none is queued), so a test says what the person would pick. (Unit
 * tests use `scriptedDialogs` from tests/support, which also records every call.)
 */
export class QueuedDialogs implements Dialogs {
  readonly openModel: (string | null)[] = [];
  readonly openMotion: (string | null)[] = [];
  readonly openMusic: (string | null)[] = [];
  readonly openStage: (string | null)[] = [];
  readonly openPreset: (string | null)[] = [];
  readonly savePreset: (string | null)[] = [];
  readonly saveExport: (string | null)[] = [];
  /** Answers to "open the files this preset names?" (none queued: no). */
  readonly confirmPresetFilesAnswers: boolean[] = [];
  /** The files each such question named, in order. */
  readonly confirmedAbout: (readonly string[])[] = [];
  /** Where Locate… finds each missing file a preset names (none queued: left out). */
  readonly locateAnswers: (string | null)[] = [];
  /** The missing files Locate… was asked about, in order. */
  readonly locatedAbout: string[] = [];
  /** The file names the export dialog suggested, in order. */
  readonly suggestedNames: string[] = [];

  showOpenModel(): Promise<string | null> {
    return Promise.resolve(this.openModel.shift() ?? null);
  }

  showOpenMotion(): Promise<string | null> {
    return Promise.resolve(this.openMotion.shift() ?? null);
  }

  showOpenMusic(): Promise<string | null> {
    return Promise.resolve(this.openMusic.shift() ?? null);
  }

  showOpenStage(): Promise<string | null> {
    return Promise.resolve(this.openStage.shift() ?? null);
  }

  showOpenPreset(): Promise<string | null> {
    return Promise.resolve(this.openPreset.shift() ?? null);
  }

  showSavePreset(defaultName: string): Promise<string | null> {
    this.suggestedNames.push(defaultName);
    return Promise.resolve(this.savePreset.shift() ?? null);
  }

  showSaveExport(defaultPath: string): Promise<string | null> {
    this.suggestedNames.push(defaultPath);
    return Promise.resolve(this.saveExport.shift() ?? null);
  }

  confirmPresetFiles(_presetName: string, paths: readonly string[]): Promise<boolean> {
    this.confirmedAbout.push(paths);
    return Promise.resolve(this.confirmPresetFilesAnswers.shift() ?? false);
  }

  locatePresetFile(
    _presetName: string,
    _kind: PresetFileKind,
    missingPath: string,
  ): Promise<string | null> {
    this.locatedAbout.push(missingPath);
    return Promise.resolve(this.locateAnswers.shift() ?? null);
  }
}

/** A desktop host for one test: a temporary data folder, scripted dialogs, the bridge. */
export interface TestHost {
  readonly dialogs: QueuedDialogs;
  /** A temporary folder for the test's own files (models, exports); removed by {@link dispose}. */
  readonly files: string;
  readonly dataDirectory: string;
  /** Which path each file name dropped on the page stands for (the preload's job in the app). */
  readonly droppedFiles: Record<string, string>;
  /** Set once `install` has run (in `beforeLoad`). */
  bridge(): HostBridge;
  install(page: Page): Promise<void>;
  /**
   * Waits until the host has answered every request the page made (a write it asked for just
   * before it closed, such as the recovery save or a library change, may still be under way),
   * then removes the folders.
   */
  dispose(): Promise<void>;
}

/** Makes a {@link TestHost}; pass `install` as `beforeLoad` when opening the app. */
export function createTestHost(): TestHost {
  const dialogs = new QueuedDialogs();
  const dataDirectory = mkdtempSync(join(tmpdir(), 'ragdoll-e2e-data-'));
  const files = mkdtempSync(join(tmpdir(), 'ragdoll-e2e-files-'));
  const droppedFiles: Record<string, string> = {};
  let bridge: HostBridge | undefined;
  return {
    dialogs,
    files,
    dataDirectory,
    droppedFiles,
    bridge: () => {
      if (!bridge) throw new Error('e2e: the host bridge is not installed yet');
      return bridge;
    },
    install: async (page) => {
      bridge = await exposeHostToPage(page, { dataDirectory, dialogs, droppedFiles });
    },
    dispose: async () => {
      await bridge?.settled();
      rmSync(dataDirectory, { recursive: true, force: true });
      rmSync(files, { recursive: true, force: true });
    },
  };
}
