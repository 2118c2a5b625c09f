import type { AppCommand } from '../../../../shared/commands';
import { APP_COMMANDS } from '../../../../shared/commands';
import type { AppInfo, HostApi, MenuLanguageCode } from '../../../../shared/host-contract';

/**
 * The renderer's side of the desktop host: native menu commands in, app facts out.
 * Without a host (a plain web page, the end-to-end tests) it does nothing and says so.
 */
export class HostLink {
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly host: HostApi | undefined) {}

  /** True when running inside the desktop app. */
  get present(): boolean {
    return this.host !== undefined;
  }

  /** Runs `listener` for each native menu command; ignores anything that is not a known command. */
  listen(listener: (command: AppCommand) => void): void {
    this.unsubscribe?.();
    this.unsubscribe = this.host?.onMenuCommand((command) => {
      // The bridge is a boundary: check the value even though the contract types it.
      if ((APP_COMMANDS as readonly string[]).includes(command)) listener(command);
      else console.warn('[ui] ignored an unknown menu command:', command);
    });
  }

  /** The host's app facts, or undefined without a host or when it fails to answer. */
  async appInfo(): Promise<AppInfo | undefined> {
    if (!this.host) return undefined;
    try {
      return await this.host.getAppInfo();
    } catch (error) {
      console.warn('[ui] the host did not answer getAppInfo:', error);
      return undefined;
    }
  }

  /**
   * Asks the host to relabel the native menu in `language`. A host that fails to answer is
   * only logged: the panel has switched, the menu keeps its words.
   */
  setMenuLanguage(language: MenuLanguageCode): void {
    this.host?.setMenuLanguage(language).catch((error: unknown) => {
      console.warn('[ui] the host did not relabel its menu:', error);
    });
  }

  dispose(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }
}
