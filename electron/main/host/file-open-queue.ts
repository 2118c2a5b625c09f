/**
 * Files opened from outside the page (the OS, a second launch, File > Open Model…) wait here
 * until the renderer has loaded and can listen, then are opened one at a time, in order,
 * and each result is sent to it. macOS announces files before the app is even ready.
 */

import type { DroppedFileResult, HostOutcome } from '../../../shared/host-contract';
import type { Logger } from './logger';

/** How a file is opened: by what it is (`file`), or as a stage (File > Open Recent on one). */
export type FileOpenAs = 'file' | 'stage';

export interface FileOpenQueueOptions {
  /** Opens one file (a HostServices method wrapped in `toOutcome`). */
  readonly open: (path: string, as: FileOpenAs) => Promise<HostOutcome<DroppedFileResult>>;
  /** Delivers a result to the renderer (`webContents.send` on `FILE_OPENED_CHANNEL`). */
  readonly send: (outcome: HostOutcome<DroppedFileResult>) => void;
  readonly logger: Logger;
}

export interface FileOpenQueue {
  /** Opens `path` (by what it is, unless `as` says) now if the renderer listens, else once it does. */
  request(path: string, as?: FileOpenAs): void;
  /** The renderer has loaded (`did-finish-load`): delivers what waited. */
  rendererReady(): void;
  /** The renderer is gone or reloading: hold new requests again. */
  rendererGone(): void;
  /** Resolves when every started open has been delivered (for tests and quitting). */
  idle(): Promise<void>;
}

/** A queue that holds requests until `rendererReady()` is called. */
export function createFileOpenQueue(options: FileOpenQueueOptions): FileOpenQueue {
  const waiting: { readonly path: string; readonly as: FileOpenAs }[] = [];
  let ready = false;
  let chain: Promise<void> = Promise.resolve();

  function start(path: string, as: FileOpenAs): void {
    chain = chain.then(async () => {
      try {
        options.send(await options.open(path, as));
      } catch (error) {
        options.logger.error(`Opening ${path} failed unexpectedly.`, error);
      }
    });
  }

  return {
    request(path, as = 'file') {
      if (ready) start(path, as);
      else waiting.push({ path, as });
    },
    rendererReady() {
      ready = true;
      for (const { path, as } of waiting.splice(0)) start(path, as);
    },
    rendererGone() {
      ready = false;
    },
    idle: () => chain,
  };
}
