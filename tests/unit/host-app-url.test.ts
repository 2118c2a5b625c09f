import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { APP_INDEX_URL } from '../../electron/main/host/app-protocol';
import { createAppUrlCheck } from '../../electron/main/host/app-url';

const INDEX = join('/', 'opt', 'Ragdoll Playground', 'out', 'renderer', 'index.html');

describe('createAppUrlCheck (built files)', () => {
  const isAppUrl = createAppUrlCheck({ indexFile: INDEX });

  it('accepts the page served over app://, with or without query and fragment', () => {
    expect(isAppUrl(APP_INDEX_URL)).toBe(true);
    expect(isAppUrl(`${APP_INDEX_URL}?lang=ja#help`)).toBe(true);
  });

  it('rejects the same page over file://, other app:// pages and hosts', () => {
    expect(isAppUrl(pathToFileURL(INDEX).href)).toBe(false);
    expect(isAppUrl('app://renderer/assets/index.js')).toBe(false);
    expect(isAppUrl('app://evil/index.html')).toBe(false);
    expect(isAppUrl('app://user:pw@renderer/index.html')).toBe(false);
  });

  it('rejects other files (a dropped model), remote pages and junk', () => {
    expect(isAppUrl(pathToFileURL('/home/me/Downloads/model.vrm').href)).toBe(false);
    expect(isAppUrl(pathToFileURL(join(INDEX, '..', 'other.html')).href)).toBe(false);
    expect(isAppUrl('file://evil.example/opt/Ragdoll%20Playground/out/renderer/index.html')).toBe(
      false,
    );
    expect(isAppUrl('https://example.com/')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
  });
});

describe('createAppUrlCheck (dev server)', () => {
  const isAppUrl = createAppUrlCheck({
    indexFile: INDEX,
    devServerUrl: 'http://localhost:5173/',
  });

  it('accepts any page of the dev server and nothing else', () => {
    expect(isAppUrl('http://localhost:5173/')).toBe(true);
    expect(isAppUrl('http://localhost:5173/index.html?x=1')).toBe(true);
    expect(isAppUrl('http://localhost:5174/')).toBe(false);
    expect(isAppUrl('http://127.0.0.1:5173/')).toBe(false);
    expect(isAppUrl(pathToFileURL(INDEX).href)).toBe(false);
    expect(isAppUrl(APP_INDEX_URL)).toBe(false);
  });
});
