import type { HostApi } from '../../../../shared/host-contract';
import type { ReleaseStrings } from './release-strings';
import { readStoredText, rememberInStorage } from '../../page-storage';

/** Where the page remembers that the welcome was dismissed. */
export const WELCOME_STORAGE_KEY = 'ragdoll-playground.welcome-dismissed';

/**
 * True on a first start: the welcome was never dismissed, and the host holds no library
 * entry and no preset (someone with either has used the app before).
 */
export async function isFirstRun(
  host: Pick<HostApi, 'listLibrary' | 'listPresets'> | undefined,
  storage: Storage | undefined,
): Promise<boolean> {
  if (host === undefined || wasDismissed(storage)) return false;
  const [library, presets] = await Promise.all([host.listLibrary(), host.listPresets()]);
  return library.entries.length === 0 && presets.presets.length === 0;
}

function wasDismissed(storage: Storage | undefined): boolean {
  const seen = readStoredText(
    storage,
    WELCOME_STORAGE_KEY,
    '[welcome] could not read whether the welcome was seen:',
  );
  return seen === '1';
}

/**
 * The first-run welcome: a short card over the view (drop a model here, the box dummy is
 * there now, F1 for every control, where presets and the library live). It does not block the
 * view: the dummy can be thrown around it. Dismissing it is remembered.
 */
export class FirstRunWelcome {
  /** Put this in the page. */
  readonly element: HTMLElement;
  private readonly card: HTMLElement;
  private readonly dismissButton: HTMLButtonElement;

  constructor(
    private readonly document: Document,
    private readonly storage: Storage | undefined,
    private readonly strings: () => ReleaseStrings,
  ) {
    this.element = document.createElement('div');
    this.element.className = 'welcome-layer';
    this.element.hidden = true;
    this.card = document.createElement('section');
    this.card.className = 'welcome-card';
    this.card.setAttribute('role', 'dialog');
    this.card.setAttribute('aria-labelledby', 'welcome-title');
    this.dismissButton = document.createElement('button');
    this.dismissButton.type = 'button';
    this.dismissButton.className = 'welcome-dismiss';
    this.dismissButton.addEventListener('click', () => this.dismiss());
    this.element.append(this.card);
    this.render();
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  show(): void {
    this.render();
    this.element.hidden = false;
  }

  /** Hides the card for good. Returns whether it was showing. */
  dismiss(): boolean {
    if (!this.isOpen) return false;
    this.element.hidden = true;
    rememberInStorage(
      this.storage,
      WELCOME_STORAGE_KEY,
      '1',
      '[welcome] could not remember that the welcome was seen:',
    );
    return true;
  }

  relabel(): void {
    this.render();
  }

  dispose(): void {
    this.element.remove();
  }

  private render(): void {
    const text = this.strings();
    const title = this.document.createElement('h2');
    title.id = 'welcome-title';
    title.className = 'welcome-title';
    title.textContent = text.welcomeTitle;
    const list = this.document.createElement('ul');
    list.className = 'welcome-lines';
    for (const line of text.welcomeLines) {
      const item = this.document.createElement('li');
      item.textContent = line;
      list.append(item);
    }
    this.dismissButton.textContent = text.welcomeDismiss;
    this.card.replaceChildren(title, list, this.dismissButton);
  }
}
