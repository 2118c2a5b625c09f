import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';

/** MIME types for what electron-vite emits. `.wasm` must be `application/wasm` for streaming compile. */
const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** How {@link serveFolder} serves. */
export interface StaticServerOptions {
  /**
   * Let the browser keep `assets/` (whose names carry a hash of their content) for good, as
   * an installed app's files are, so a second start can use its HTTP and code caches. The
   * page itself is always asked for again. Default: nothing is cached.
   */
  readonly cacheAssets?: boolean;
}

/** The Cache-Control header for `path`. */
function cacheControl(path: string, cacheAssets: boolean): string {
  if (cacheAssets && path.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  return 'no-store';
}

/** A running static server. */
export interface StaticServer {
  /** e.g. `http://127.0.0.1:41234/` */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves a folder on 127.0.0.1 at a free port. Chromium will not load module scripts from
 * `file://`, so the built renderer is served over HTTP, as a web demo would be.
 */
export async function serveFolder(
  folder: string,
  options: StaticServerOptions = {},
): Promise<StaticServer> {
  const root = resolve(folder);
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    // Never serve outside the folder, even for crafted paths.
    if (file !== root && !file.startsWith(root + sep)) {
      response.writeHead(403).end();
      return;
    }
    stat(file).then(
      (info) => {
        if (!info.isFile()) {
          response.writeHead(404).end();
          return;
        }
        response.writeHead(200, {
          'Content-Type': MIME_TYPES[extname(file)] ?? 'application/octet-stream',
          'Content-Length': info.size,
          'Cache-Control': cacheControl(path, options.cacheAssets === true),
        });
        createReadStream(file).pipe(response);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
