/**
 * The app's own `app://` scheme: the page is served from `app://renderer/…` out of the built
 * renderer folder and nothing else, instead of from `file://` (which would give the page
 * file-URL privileges and make every file on disk same-scheme as the app). Pure path rules
 * plus one file read, so it is tested in Node; electron/main/app-protocol.ts hands requests
 * to it.
 */

import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';

/** The scheme, registered as privileged (standard, secure, fetch, code cache). */
export const APP_SCHEME = 'app';
/** The one host the scheme answers for. */
export const APP_HOST = 'renderer';
/** Where the window loads the page from. */
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** Content types of what the renderer build contains; anything else is refused. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** Files served by name whatever their type: the third-party notices Help > About shows. */
const NAMED_FILES: Readonly<Record<string, string>> = {
  '/THIRD-PARTY-NOTICES.txt': 'text/plain; charset=utf-8',
};

/** Where a request points: a file inside the renderer folder, or why it is refused. */
export type AppPath =
  | { readonly kind: 'file'; readonly path: string; readonly contentType: string }
  | { readonly kind: 'refused'; readonly status: 400 | 403 | 404; readonly reason: string };

function refused(status: 400 | 403 | 404, reason: string): AppPath {
  return { kind: 'refused', status, reason };
}

/** True when `path` is `folder` itself or inside it (both absolute, normalized). */
export function isInsideFolder(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}

/**
 * Where `url` points inside `rendererFolder`, by the URL alone (no disk access). Refused: other
 * schemes or hosts, undecodable or NUL-bearing paths, backslashes, anything that resolves
 * outside the folder, and types the build does not contain.
 */
export function resolveAppPath(url: string, rendererFolder: string): AppPath {
  if (!URL.canParse(url)) return refused(400, 'not a URL');
  const parsed = new URL(url);
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) {
    return refused(404, `not an ${APP_SCHEME}://${APP_HOST}/ URL`);
  }
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return refused(400, 'the path is not valid percent-encoding');
  }
  // Backslashes are separators on Windows: "..\" would climb out there.
  if (pathname.includes('\0') || pathname.includes('\\')) {
    return refused(400, 'the path holds a NUL or a backslash');
  }
  const wanted = pathname === '/' ? '/index.html' : pathname;
  const root = resolve(rendererFolder);
  const path = resolve(root, `.${wanted}`);
  if (!isInsideFolder(path, root)) return refused(403, 'the path leaves the renderer folder');
  const contentType = NAMED_FILES[wanted] ?? CONTENT_TYPES[extname(path).toLowerCase()];
  if (contentType === undefined) return refused(404, 'a file type the build does not contain');
  return { kind: 'file', path, contentType };
}

/** A response to hand back to Electron as a web `Response`. */
export interface AppResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array<ArrayBuffer> | null;
}

/**
 * Answers one `app://` request: the file's bytes with its content type and the app's Content
 * Security Policy, or a bodiless refusal. The file's real path (symlinks resolved) must also
 * lie inside the renderer folder's real path, and it must be a regular file.
 */
export async function serveAppRequest(
  url: string,
  rendererFolder: string,
  contentSecurityPolicy: string,
): Promise<AppResponse> {
  const where = resolveAppPath(url, rendererFolder);
  if (where.kind === 'refused') return { status: where.status, headers: {}, body: null };
  try {
    const [realFile, realRoot] = await Promise.all([
      realpath(where.path),
      realpath(resolve(rendererFolder)),
    ]);
    if (!isInsideFolder(realFile, realRoot) || !(await stat(realFile)).isFile()) {
      return { status: 403, headers: {}, body: null };
    }
    const body = await readFile(realFile);
    return {
      status: 200,
      headers: {
        'Content-Type': where.contentType,
        'Content-Security-Policy': contentSecurityPolicy,
        'X-Content-Type-Options': 'nosniff',
      },
      body,
    };
  } catch {
    // Missing or unreadable: the page sees a 404 either way, as a web server would answer.
    return { status: 404, headers: {}, body: null };
  }
}
