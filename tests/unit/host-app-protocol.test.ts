/**
 * The app:// scheme on a real temp folder: the built page's files are served with their type
 * and the Content Security Policy; every way out of the renderer folder is refused (dot
 * segments plain and percent-encoded, backslashes, NUL, absolute paths, other hosts and
 * schemes, a symlink pointing outside), and so are files of types the build has not.
 */

import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_INDEX_URL,
  resolveAppPath,
  serveAppRequest,
} from '../../electron/main/host/app-protocol';
import { buildContentSecurityPolicy } from '../../electron/main/host/content-security-policy';

let root: string;
let renderer: string;
const POLICY = buildContentSecurityPolicy();

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rp-app-protocol-'));
  renderer = join(root, 'out', 'renderer');
  await mkdir(join(renderer, 'assets'), { recursive: true });
  await writeFile(join(renderer, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(join(renderer, 'assets', 'index-abc.js'), 'console.log(1)');
  await writeFile(
    join(renderer, 'assets', 'engine-abc.wasm'),
    new Uint8Array([0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0]),
  );
  await writeFile(join(renderer, 'assets', 'notes.txt'), 'not part of a build');
  await writeFile(join(root, 'out', 'secret.js'), 'the main bundle');
  await writeFile(join(root, 'secret.html'), 'outside');
  await symlink(join(root, 'secret.html'), join(renderer, 'assets', 'link.html')).catch(() => {});
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('app:// path resolution', () => {
  it('maps the page and its assets into the renderer folder', () => {
    expect(resolveAppPath(APP_INDEX_URL, renderer)).toEqual({
      kind: 'file',
      path: join(renderer, 'index.html'),
      contentType: 'text/html; charset=utf-8',
    });
    expect(resolveAppPath('app://renderer/', renderer)).toMatchObject({
      path: join(renderer, 'index.html'),
    });
    expect(resolveAppPath('app://renderer/assets/index-abc.js?v=1#x', renderer)).toMatchObject({
      kind: 'file',
      path: join(renderer, 'assets', 'index-abc.js'),
      contentType: 'text/javascript; charset=utf-8',
    });
  });

  it.each([
    ['app://renderer/assets/%2e%2e%2f%2e%2e%2fsecret.js', 'encoded dots and slashes'],
    ['app://renderer/..%2f..%2fsecret.html', 'mixed'],
    ['app://renderer/assets/..%5c..%5csecret.js', 'encoded backslashes'],
    ['app://renderer/index.html%00.js', 'a NUL'],
    ['app://renderer/%E0%A4%A', 'broken percent-encoding'],
    ['app://evil/index.html', 'another host'],
    ['app://renderer.evil/index.html', 'a look-alike host'],
    ['file:///etc/passwd', 'another scheme'],
    ['app://renderer/assets/notes.txt', 'a type the build does not contain'],
    ['not a url', 'junk'],
  ])('refuses %s (%s)', (url) => {
    expect(resolveAppPath(url, renderer).kind).toBe('refused');
  });

  it('serves the third-party notices at the root by name, as plain text, and no other text file', () => {
    expect(resolveAppPath('app://renderer/THIRD-PARTY-NOTICES.txt', renderer)).toEqual({
      kind: 'file',
      path: join(renderer, 'THIRD-PARTY-NOTICES.txt'),
      contentType: 'text/plain; charset=utf-8',
    });
    for (const url of [
      'app://renderer/assets/THIRD-PARTY-NOTICES.txt',
      'app://renderer/third-party-notices.txt',
    ]) {
      expect(resolveAppPath(url, renderer).kind).toBe('refused');
    }
  });

  it('dot segments, plain or as %2e, are folded by the URL parser at the root, staying inside', () => {
    for (const url of ['app://renderer/../secret.js', 'app://renderer/%2e%2e/secret.js']) {
      expect(resolveAppPath(url, renderer)).toMatchObject({
        kind: 'file',
        path: join(renderer, 'secret.js'),
      });
    }
  });

  it('never resolves outside the folder, whatever the path', () => {
    const tricky = ['..', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '...', '....//'];
    for (const a of tricky) {
      for (const b of tricky) {
        const where = resolveAppPath(`app://renderer/${a}/${b}/secret.js`, renderer);
        if (where.kind === 'file') expect(where.path.startsWith(`${renderer}/`)).toBe(true);
      }
    }
  });
});

describe('app:// responses', () => {
  it('serves the page with its type, the CSP and nosniff', async () => {
    const answer = await serveAppRequest(APP_INDEX_URL, renderer, POLICY);
    expect(answer.status).toBe(200);
    expect(new TextDecoder().decode(answer.body!)).toContain('<title>app</title>');
    expect(answer.headers).toEqual({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': POLICY,
      'X-Content-Type-Options': 'nosniff',
    });
  });

  it('serves WebAssembly as application/wasm, which a streaming compile requires', async () => {
    const answer = await serveAppRequest('app://renderer/assets/engine-abc.wasm', renderer, POLICY);
    expect(answer.status).toBe(200);
    expect([...answer.body!]).toEqual([0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
    expect(answer.headers['Content-Type']).toBe('application/wasm');
  });

  it('answers 404 for a missing asset and refuses a symlink that leads outside', async () => {
    expect((await serveAppRequest('app://renderer/assets/gone.js', renderer, POLICY)).status).toBe(
      404,
    );
    const link = await serveAppRequest('app://renderer/assets/link.html', renderer, POLICY);
    expect(link.status).toBe(process.platform === 'win32' ? 404 : 403);
    expect(link.body).toBeNull();
  });

  it('never sends the bytes of a file outside the folder', async () => {
    for (const url of [
      'app://renderer/%2e%2e/secret.js',
      'app://renderer/..%2f..%2fsecret.html',
      'app://renderer/assets/..%5c..%5csecret.js',
    ]) {
      const answer = await serveAppRequest(url, renderer, POLICY);
      expect(answer.body).toBeNull();
      expect(answer.status).toBeGreaterThanOrEqual(400);
    }
  });
});
