import type {
  HostApi,
  HostProblem,
  LibraryEntry,
  LibraryListing,
  ModelFile,
  MotionFile,
  MusicFile,
} from '../../../../shared/host-contract';
import type { AskDialog } from '../shell/ask-dialog';
import type { FileStrings } from '../files/file-strings';
import type { Language } from '../i18n';
import { strings } from '../i18n';
import type { LibraryItemAction } from './library-item';
import { LibraryPanel } from './library-panel';
import type { StatusArea } from '../status/status';
import { vrmThumbnailPng } from '../../view/vrm/vrm-thumbnail';
import type { ThumbnailRequest } from '../../models/thumbnail-request';

/** What the library actions work on. */
export interface LibraryActionsOptions {
  readonly document: Document;
  /** The interface language, read at use time. */
  readonly language: () => Language;
  readonly host: HostApi | undefined;
  readonly status: StatusArea;
  readonly ask: AskDialog;
  /** Opens a model the host has read, as Open Model… would. */
  readonly openModel: (file: ModelFile) => void;
  /** Adds a figure of a model the host has read beside the others, as Add Model… would. */
  readonly addModel: (file: ModelFile) => void;
  /** Plays a motion the host has read, as Open Motion… would. */
  readonly openMotion: (file: MotionFile) => void;
  /** Plays a song from the library as the song for the motion. */
  readonly openMusic: (file: MusicFile) => void;
  /** Opens the stage at `path` from the library, as Open Stage… would; reports its own outcome. */
  readonly openStage: (path: string) => void;
}

/**
 * The recent-model library as the person meets it: Open reads the file again through the
 * host and opens it as Open Model… (or Open Motion…, Open Stage…) would; a missing file offers Locate…; Remove and
 * Clear All… (asked first) change only the list, never the files.
 */
export class LibraryActions {
  readonly panel: LibraryPanel;
  /** Operations (each a few requests to the host) still on their way. */
  private pending = 0;

  constructor(private readonly options: LibraryActionsOptions) {
    this.panel = new LibraryPanel(
      options.document,
      options.language(),
      options.host !== undefined,
      {
        onItem: (action, entry) => void this.onItem(action, entry),
        onClearAll: () => void this.clearAll(),
      },
    );
    void this.refresh();
  }

  private get text(): FileStrings {
    return strings(this.options.language()).files;
  }

  private problem(problem: HostProblem): string {
    return strings(this.options.language()).problem(problem);
  }

  /**
   * True while a list read or change is still on its way: an open's reads finish after its
   * figure may already stand, so whoever moves files under the list waits for this first.
   */
  get busy(): boolean {
    return this.pending > 0;
  }

  /** Relabels what this owns in the current language. */
  relabel(): void {
    this.panel.setLanguage(this.options.language());
  }

  /** Reads the list again (after a model was opened, or an entry changed). */
  async refresh(): Promise<void> {
    const host = this.options.host;
    if (!host) {
      this.panel.show([]);
      return;
    }
    await this.guard(async () => this.show(await host.listLibrary()));
  }

  /**
   * A file dropped on the window has loaded: the host adds it to the library now (a drop is
   * kept only once it loaded), and the list shows it.
   */
  async keepDropped(path: string): Promise<void> {
    const host = this.options.host;
    if (!host) return;
    await this.guard(async () => {
      const outcome = await host.keepDroppedFile(path);
      if (!outcome.ok) console.warn(`[library] ${outcome.problem.message}`);
      this.show(await host.listLibrary());
    });
  }

  /**
   * The host read a model (and recorded it): shows the new list, and gives the entry a
   * picture when it has none yet: the model's own thumbnail when the file carries one (a VRM
   * may), else one drawn by the page (the returned request, answered by whoever opens the
   * model).
   */
  modelRead(file: ModelFile): ThumbnailRequest | undefined {
    const host = this.options.host;
    if (!host) return undefined;
    const wanted = this.guard(async () => {
      const listing = await host.listLibrary();
      this.show(listing);
      const entry = listing.entries.find((candidate) => candidate.id === file.libraryEntryId);
      if (!entry || entry.thumbnail !== undefined) return false;
      // PMX and PMD files carry no picture of the model; a VRM may.
      const own =
        file.format === 'pmx' || file.format === 'pmd'
          ? undefined
          : await vrmThumbnailPng(file.bytes, file.fileName);
      return own === undefined || !(await this.storeThumbnail(host, entry.id, file, own));
    }).then((answer) => answer ?? false);
    return {
      wanted,
      deliver: (png) => {
        const id = file.libraryEntryId;
        if (id !== null) void this.guard(() => this.storeThumbnail(host, id, file, png));
      },
    };
  }

  /**
   * Caches `png` as entry `id`'s picture and shows the list with it.
   *
   * @returns whether it was cached; one that cannot be only leaves the placeholder, and the
   *   console says why
   */
  private async storeThumbnail(
    host: HostApi,
    id: string,
    file: ModelFile,
    png: Uint8Array,
  ): Promise<boolean> {
    const stored = await host.setLibraryThumbnail(id, png);
    if (!stored.ok) {
      console.warn(`[library] ${file.fileName}: ${stored.problem.message}`);
      return false;
    }
    this.show(await host.listLibrary());
    return true;
  }

  dispose(): void {
    this.panel.dispose();
  }

  private async onItem(action: LibraryItemAction, entry: LibraryEntry): Promise<void> {
    const host = this.options.host;
    if (!host) return;
    await this.guard(async () => {
      if (action === 'open' && entry.kind === 'stage') {
        this.options.openStage(entry.path);
        return;
      } else if (action === 'open' && entry.kind === 'music') {
        const read = await host.readMusic(entry.path);
        if (read.ok) this.options.openMusic(read.value);
        else this.options.status.alert(this.text.libraryFailed(this.problem(read.problem)));
      } else if (action === 'open' && entry.kind === 'motion') {
        const read = await host.readMotion(entry.path);
        if (read.ok) this.options.openMotion(read.value);
        else this.options.status.alert(this.text.libraryFailed(this.problem(read.problem)));
      } else if (action === 'open' || action === 'add') {
        const read = await host.readModel(entry.path);
        if (!read.ok)
          this.options.status.alert(this.text.libraryFailed(this.problem(read.problem)));
        else if (action === 'add') this.options.addModel(read.value);
        else this.options.openModel(read.value);
      } else if (action === 'locate') {
        const located = await host.relocateLibraryEntry(entry.id);
        if (located.ok) {
          this.options.status.say(
            this.text.libraryLocated(located.value.title, located.value.path),
          );
        } else if (located.problem.code !== 'canceled') {
          this.options.status.alert(this.text.libraryFailed(this.problem(located.problem)));
        }
      } else {
        this.show(await host.removeFromLibrary(entry.id));
        this.options.status.say(this.text.libraryRemoved(entry.title));
        return;
      }
      this.show(await host.listLibrary());
    });
  }

  private async clearAll(): Promise<void> {
    const host = this.options.host;
    if (!host) return;
    const count = (await host.listLibrary()).entries.length;
    const sure = await this.options.ask.confirm({
      question: this.text.libraryClearQuestion(count),
      confirm: this.text.clearAll.replace(/…$/, ''),
      cancel: this.text.cancel,
    });
    if (!sure) return;
    await this.guard(async () => {
      this.show(await host.clearLibrary());
      this.options.status.say(this.text.libraryCleared);
    });
  }

  private show(listing: LibraryListing): void {
    this.panel.show(listing.entries);
    if (listing.notices.length > 0) this.options.status.alert(listing.notices.join(' '));
  }

  /** A rejected request is a bug or a broken bridge, not the person's file; still say it. */
  private async guard<T>(operation: () => Promise<T>): Promise<T | undefined> {
    this.pending++;
    try {
      return await operation();
    } catch (error) {
      console.error('[library] an operation failed:', error);
      this.options.status.alert(
        this.text.libraryFailed(error instanceof Error ? error.message : String(error)),
      );
    } finally {
      this.pending--;
    }
    return undefined;
  }
}
