import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildContentSecurityPolicy,
  CSP_DIRECTIVES,
} from '../../electron/main/host/content-security-policy';
import { parseContentSecurityPolicy } from '../support/content-security-policy';

const INDEX_HTML = join(resolve(import.meta.dirname, '../..'), 'renderer/index.html');

/** The policy in renderer/index.html's meta tag (which covers pages loaded from files). */
function metaPolicy(): Map<string, string[]> {
  const html = readFileSync(INDEX_HTML, 'utf8');
  const match = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
  if (match === null) throw new Error(`${INDEX_HTML} has no Content-Security-Policy meta tag`);
  return parseContentSecurityPolicy(match[1]!);
}

describe('buildContentSecurityPolicy', () => {
  it('matches the directive table and allows WebAssembly but not eval', () => {
    const policy = parseContentSecurityPolicy(buildContentSecurityPolicy());
    expect(Object.fromEntries(policy)).toEqual(CSP_DIRECTIVES);
    expect(policy.get('script-src')).toContain("'wasm-unsafe-eval'");
    expect([...policy.values()].flat()).not.toContain("'unsafe-eval'");
  });

  it('adds the dev server (and its hot-reload socket) in development only', () => {
    const policy = parseContentSecurityPolicy(
      buildContentSecurityPolicy({ devServerUrl: 'http://localhost:5173/' }),
    );
    expect(policy.get('script-src')).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      'http://localhost:5173',
    ]);
    expect(policy.get('connect-src')).toContain('ws://localhost:5173');
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });
});

describe('the meta tag in renderer/index.html', () => {
  it('states the same policy as the header (frame-ancestors works only as a header)', () => {
    const header = new Map(Object.entries(CSP_DIRECTIVES).map(([k, v]) => [k, [...v]]));
    header.delete('frame-ancestors');
    // If this fails, change both: electron/main/host/content-security-policy.ts and the meta tag.
    expect(Object.fromEntries(metaPolicy())).toEqual(Object.fromEntries(header));
  });
});
