import type { AboutInfo, HostApi } from '../../../../shared/host-contract';
import { makeModal } from '../shell/modal';
import type { ReleaseStrings } from './release-strings';

/** The notice file the build writes beside the page (see tools/build/third-party-notices.ts). */
export const NOTICES_URL = './THIRD-PARTY-NOTICES.txt';

export interface AboutDialogOptions {
  readonly document: Document;
  readonly host: Pick<HostApi, 'getAboutInfo' | 'showDataFolder'> | undefined;
  readonly strings: () => ReleaseStrings;
  /** Name and version when there is no host (a plain web page). */
  readonly fallback: { readonly name: string; readonly version: string };
  /** Tells the person what Show Data Folder did (the status line). */
  readonly say: (message: string) => void;
  readonly alert: (message: string) => void;
  /** Reads the notice file; default `fetch`. */
  readonly fetchText?: (url: string) => Promise<string>;
}

/**
 * Help > About, in the page: the app's name and version, the Electron, Chromium and Node
 * versions, the third-party notices (read from the file the build ships beside the page) and
 * Show Data Folder. Modal like the help: Esc, Close or a click beside it closes it.
 */
export class AboutDialog {
  /** Put this in the page. */
  readonly element: HTMLElement;
  private readonly dialog: HTMLElement;
  private readonly closeButton: HTMLButtonElement;
  private readonly noticesButton: HTMLButtonElement;
  private readonly folderButton: HTMLButtonElement;
  private readonly notices: HTMLPreElement;
  private info: AboutInfo | undefined;
  private returnFocus: HTMLElement | null = null;

  constructor(private readonly options: AboutDialogOptions) {
    const document = options.document;
    const { backdrop, dialog } = makeModal(
      document,
      { backdrop: 'help-backdrop about-backdrop', dialog: 'help-dialog about-dialog' },
      'about-title',
      () => this.close(),
    );
    this.element = backdrop;
    this.dialog = dialog;
    this.closeButton = this.button('help-close', () => this.close());
    this.noticesButton = this.button('about-notices-button', () => void this.toggleNotices());
    this.folderButton = this.button('about-folder-button', () => void this.showDataFolder());
    this.notices = document.createElement('pre');
    this.notices.className = 'about-notices';
    this.notices.hidden = true;
    this.notices.tabIndex = 0;
    this.render();
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  /** Asks the host for the versions, then shows the dialog. */
  async open(): Promise<void> {
    if (this.isOpen) return;
    const active = this.options.document.activeElement;
    this.returnFocus = active instanceof HTMLElement ? active : null;
    try {
      this.info = await this.options.host?.getAboutInfo();
    } catch (error) {
      console.error('[about] the host did not say its versions:', error);
    }
    this.render();
    this.element.hidden = false;
    this.closeButton.focus({ preventScroll: true });
  }

  /** Hides the dialog and gives focus back. Returns whether it was open. */
  close(): boolean {
    if (!this.isOpen) return false;
    this.element.hidden = true;
    this.notices.hidden = true;
    this.returnFocus?.focus();
    this.returnFocus = null;
    this.render();
    return true;
  }

  /** Relabels in the current language. */
  relabel(): void {
    this.render();
  }

  dispose(): void {
    this.element.remove();
  }

  private async toggleNotices(): Promise<void> {
    if (!this.notices.hidden) {
      this.notices.hidden = true;
      this.render();
      return;
    }
    if (this.notices.textContent === '') {
      try {
        this.notices.textContent = await (this.options.fetchText ?? fetchText)(NOTICES_URL);
      } catch (error) {
        this.options.alert(
          this.options.strings().noticesUnreadable(error instanceof Error ? error.message : String(error)),
        );
        return;
      }
    }
    this.notices.hidden = false;
    this.render();
    this.notices.focus({ preventScroll: true });
  }

  private async showDataFolder(): Promise<void> {
    const host = this.options.host;
    if (host === undefined) return;
    const shown = await host.showDataFolder();
    if (shown.ok) this.options.say(this.options.strings().dataFolderShown(shown.value.path));
    else this.options.alert(shown.problem.message);
  }

  private render(): void {
    const text = this.options.strings();
    const name = this.info?.name ?? this.options.fallback.name;
    const title = this.make('h2', 'help-title');
    title.id = 'about-title';
    title.textContent = text.aboutTitle(name);
    const version = this.make('p', 'about-version');
    version.textContent = text.version(this.info?.version ?? this.options.fallback.version);
    const runtime = this.make('p', 'about-runtime');
    runtime.textContent =
      this.info === undefined
        ? ''
        : text.runtime(this.info.electron, this.info.chromium, this.info.node);
    const licence = this.make('p', 'about-licence');
    licence.textContent = text.licence;
    const folder = this.make('p', 'about-data-folder');
    const dataFolder = this.info?.dataFolder ?? '';
    folder.textContent = dataFolder === '' ? text.noDataFolder : text.dataFolder(dataFolder);
    this.noticesButton.textContent = this.notices.hidden ? text.showNotices : text.hideNotices;
    this.noticesButton.setAttribute('aria-expanded', String(!this.notices.hidden));
    this.folderButton.textContent = text.showDataFolder;
    this.folderButton.hidden = dataFolder === '';
    this.closeButton.textContent = text.close;
    const buttons = this.make('div', 'about-buttons');
    buttons.append(this.noticesButton, this.folderButton, this.closeButton);
    this.dialog.replaceChildren(title, version, runtime, licence, folder, buttons, this.notices);
  }

  private button(className: string, onClick: () => void): HTMLButtonElement {
    const button = this.options.document.createElement('button');
    button.type = 'button';
    button.className = className;
    button.addEventListener('click', onClick);
    return button;
  }

  private make<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    className: string,
  ): HTMLElementTagNameMap[K] {
    const element = this.options.document.createElement(tag);
    element.className = className;
    return element;
  }
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}
