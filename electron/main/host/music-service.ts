/**
 * Music for the page: Open Music… (the native dialog, then the chosen file read as audio) and
 * reading a song again by its path. Only files the person chose (dialog, drop, a verified
 * preset) or has in the recent library may be read, through the same kind of allow-list as
 * models and motions; nothing else in their folders becomes readable.
 */

import type { MusicFile } from '../../../shared/host-contract';
import type { AudioFileData } from './identified-file';
import { readAudioFile } from './audio-file';
import type { Dialogs } from './dialogs';
import { HostProblemError } from './host-problem';
import type { AccessSource, ModelAccess } from './model-access';
import { MUSIC_ACCESS_WORDING, createModelAccess, isResolvedPath } from './model-access';
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
  /**
   * The recent library: songs in it may be read again (its paths are asked each time, so a
   * removed entry stops being readable at once), and each song read is recorded in it.
   * Absent: no library (songs are allowed only as chosen).
   */
  readonly library?: {
    paths(): Promise<readonly string[]>;
    record(file: AudioFileData): Promise<unknown>;
  };
}

export interface MusicService {
  /** Open Music…: the dialog, then the chosen file read and identified as audio. */
  openMusicDialog(): Promise<MusicFile>;
  /** A song chosen earlier in this session, read again (it may have changed on disk). */
  readMusic(path: string): Promise<MusicFile>;
  /**
   * A song the person chose outside the dialog (dropped on the window, opened from the
   * system), read and allowed; `source` says how (default `drop`).
   */
  openChosenMusic(path: string, source?: AccessSource): Promise<MusicFile>;
  /**
   * Lets the page read a song the host vouched for: the one a loaded preset names (checked by
   * size and hash first), or a VMD's song beside it.
   */
  allow(path: string): void;
  /** True for a song the person chose, dropped or had verified from a preset this session. */
  isAllowed(path: string): boolean;
}

/** Makes the music service; its allow-list lives as long as it does (one app session). */
export function createMusicService(options: MusicServiceOptions): MusicService {
  const access: ModelAccess = createModelAccess(process.platform, MUSIC_ACCESS_WORDING);

  async function read(path: string): Promise<MusicFile> {
    const data = await readAudioFile(path, {
      ...(options.budget ? { budget: options.budget } : {}),
      ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
    });
    const { mtimeMs, ...file } = data;
    options.log.info(`Opened the music ${path} (${file.format}, ${file.size} bytes, ${mtimeMs}).`);
    await recordInLibrary(data);
    return file;
  }

  /** The song was read fine; a library that cannot be written must not undo that. */
  async function recordInLibrary(file: AudioFileData): Promise<void> {
    try {
      await options.library?.record(file);
    } catch (error) {
      options.log.error(`Opened ${file.path}, but could not add it to the recent library.`, error);
    }
  }

  async function openChosenMusic(path: string, source: AccessSource = 'drop'): Promise<MusicFile> {
    // The same plain, absolute form is compared and read: no "..", no link walked back out.
    if (!isResolvedPath(path))
      throw new HostProblemError(
        'not-allowed',
        `${path} is not an absolute path in its plain form; nothing was read.`,
      );
    const file = await read(path);
    // Allowed only once it has been read as audio.
    access.allow(path, source);
    return file;
  }

  return {
    async openMusicDialog() {
      const path = await options.dialogs.showOpenMusic();
      if (path === null) throw new HostProblemError('canceled', 'No music file was chosen.');
      return openChosenMusic(path, 'dialog');
    },
    openChosenMusic,
    allow: (path) => access.allow(path, 'preset'),
    isAllowed: (path) => access.isAllowed(path),
    async readMusic(path) {
      // Library paths are asked live, so a removed entry stops being readable at once.
      if (!access.isAllowed(path)) {
        const inLibrary =
          isResolvedPath(path) && (await options.library?.paths())?.includes(path) === true;
        if (!inLibrary) access.check(path);
      }
      return read(path);
    },
  };
}
