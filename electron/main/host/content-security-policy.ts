/**
 * The Content Security Policy of every page the app serves. `renderer/index.html` carries
 * the same policy in a meta tag (which covers pages loaded from files); the main process
 * also sends it as a response header. Nothing remote is allowed; Rapier compiles its
 * WebAssembly, which needs `'wasm-unsafe-eval'` (and only that, never `'unsafe-eval'`).
 */

/** The production policy's directives and their sources. */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  // three.js and the UI set inline styles on elements.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'", 'data:', 'blob:'],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The policy as a header value. With `devServerUrl` (development only) the dev server's
 * origin is allowed for scripts and connections, and its WebSocket for hot reload.
 */
export function buildContentSecurityPolicy(options: { devServerUrl?: string } = {}): string {
  const directives = new Map(Object.entries(CSP_DIRECTIVES).map(([k, v]) => [k, [...v]]));
  if (options.devServerUrl !== undefined) {
    const dev = new URL(options.devServerUrl);
    const socket = `${dev.protocol === 'https:' ? 'wss:' : 'ws:'}//${dev.host}`;
    directives.get('script-src')!.push(dev.origin);
    directives.get('connect-src')!.push(dev.origin, socket);
  }
  return [...directives].map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}
