import type { HostApi } from '../../../../shared/host-contract';
import { AboutDialog } from './about-dialog';
import { FirstRunWelcome, isFirstRun } from './first-run';
import type { ReleaseStrings } from './release-strings';
import { UpdateNotice } from './update-notice';
import './release.css';

export interface ReleaseUiOptions {
  readonly document: Document;
  /** Where the About dialog and the welcome go (over the view). */
  readonly root: HTMLElement;
  /** Where the update notice goes (beside the status line). */
  readonly statusElement: HTMLElement;
  readonly host: HostApi | undefined;
  readonly storage: Storage | undefined;
  readonly strings: () => ReleaseStrings;
  readonly fallback: { readonly name: string; readonly version: string };
  readonly keepScene: () => Promise<void>;
  readonly say: (message: string) => void;
  readonly alert: (message: string) => void;
  readonly note: (message: string) => void;
}

/** Help > About, the update notice and the first-run welcome, wired to the host. */
export class ReleaseUi {
  readonly about: AboutDialog;
  readonly welcome: FirstRunWelcome;
  private readonly notice: UpdateNotice | undefined;
  private readonly stopAbout: () => void;

  constructor(options: ReleaseUiOptions) {
    this.about = new AboutDialog({
      document: options.document,
      host: options.host,
      strings: options.strings,
      fallback: options.fallback,
      say: options.say,
      alert: options.alert,
    });
    this.welcome = new FirstRunWelcome(options.document, options.storage, options.strings);
    options.root.append(this.welcome.element, this.about.element);
    const host = options.host;
    this.notice =
      host === undefined
        ? undefined
        : new UpdateNotice({
            document: options.document,
            host,
            strings: options.strings,
            keepScene: options.keepScene,
            say: options.say,
            note: options.note,
          });
    if (this.notice !== undefined) options.statusElement.append(this.notice.element);
    this.stopAbout = host?.onShowAbout(() => void this.about.open()) ?? (() => undefined);
    isFirstRun(host, options.storage)
      .then((first) => {
        if (first) this.welcome.show();
      })
      .catch((error: unknown) => console.error('[welcome] could not tell a first run:', error));
  }

  /** True while a dialog that takes the keys (About) is open. */
  get modalOpen(): boolean {
    return this.about.isOpen;
  }

  /** Esc: closes About, else the welcome. Returns whether something closed. */
  closeOverlay(): boolean {
    return this.about.close() || this.welcome.dismiss();
  }

  relabel(): void {
    this.about.relabel();
    this.welcome.relabel();
    this.notice?.relabel();
  }

  dispose(): void {
    this.stopAbout();
    this.notice?.dispose();
    this.about.dispose();
    this.welcome.dispose();
  }
}
