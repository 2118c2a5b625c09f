/**
 * Music for the page: Open Music… (the native dialog, then the chosen file read as audio) and
 * reading a song again by its path. Only files the person chose in the dialog may be read;
 * nothing else in their folders becomes readable, and nothing is written.
 */

import type { MusicFile } from '../../../shared/host-contract';
import { readAudioFile } from './audio-file';
import type { Dialogs } from './dialogs';
import { HostProblemError } from './host-problem';
import { isResolvedPath } from './model-access';
import type { Logger } from './logger';
import type { ReadBudget } from './read-budget';

/** What the music service needs. */
export interface MusicServiceOptions {
  readonly dialogs: Pick<Dialogs, 'showOpenMusic'>;
  readonly log: Logger;
  /** Shared with the other reads, so they cannot hold unbounded memory at once. */
  readonly budget?: ReadBudget;
  /** Largest music file read, bytes (tests lower it). */
  readonly maxBytes?: number;
}

export interface MusicService {
  /** Open Music…: the dialog, then the chosen file read and identified as audio. */
  openMusicDialog(): Promise<MusicFile>;
  /** A song chosen earlier in this session, read again (it may have changed on disk). */
  readMusic(path: string): Promise<MusicFile>;
  /** A song the person chose outside the dialog (dropped on the window), read and allowed. */
  openChosenMusic(path: string): Promise<MusicFile>;
  /** Lets the page read the song a loaded preset names (checked by size and hash first). */
  allow(path: string): void;
  /** True for a song the person chose, dropped or had verified from a preset this session. */
  isAllowed(path: string): boolean;
}

/** Makes the music service; its allow-list lives as long as it does (one app session). */
export function createMusicService(options: MusicServiceOptions): MusicService {
  const chosen = new Set<string>();

  async function read(path: string): Promise<MusicFile> {
    const { mtimeMs, ...file } = await readAudioFile(path, {
      ...(options.budget ? { budget: options.budget } : {}),
      ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
    });
    options.log.info(`Opened the music ${path} (${file.format}, ${file.size} bytes, ${mtimeMs}).`);
    return file;
  }

  async function openChosenMusic(path: string): Promise<MusicFile> {
    // The same plain, absolute form is compared and read: no "..", no link walked back out.
    if (!isResolvedPath(path))
      throw new HostProblemError(
        'not-allowed',
        `${path} is not an absolute path in its plain form; nothing was read.`,
      );
    const file = await read(path);
    // Allowed only once it has been read as audio.
    chosen.add(path);
    return file;
  }

  return {
    async openMusicDialog() {
      const path = await options.dialogs.showOpenMusic();
      if (path === null) throw new HostProblemError('canceled', 'No music file was chosen.');
      return openChosenMusic(path);
    },
    openChosenMusic,
    allow: (path) => void chosen.add(path),
    isAllowed: (path) => chosen.has(path),
    async readMusic(path) {
      if (!chosen.has(path)) {
        throw new HostProblemError(
          'not-allowed',
          `${path} was not chosen with Open Music… in this session, so it was not read.`,
        );
      }
      return read(path);
    },
  };
}
