/**
 * `window.host` is the preload's bridge to the main process (electron/preload). It is
 * absent when the renderer runs as a plain web page, so code must check before using it.
 */

import type { HostApi } from '../../shared/host-contract';

declare global {
  interface Window {
    host?: HostApi;
  }
}
