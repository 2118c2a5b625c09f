import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { RENDERER_OUT, assertPrerequisites } from './browser';
import type { StaticServer, StaticServerOptions } from './static-server';
import { serveFolder } from './static-server';

/** Attempts at taking a whole copy while another build may be rewriting the test build. */
const COPY_ATTEMPTS = 10;
const RETRY_DELAY_MS = 1000;

/**
 * Serves a private copy of the renderer's test build. The checkout is shared and any
 * `npm run build:test` empties out-test/renderer for a moment; a copy taken once keeps a
 * suite from loading a half-written build. `build` serves another built renderer instead
 * (the benchmark's before/after comparison).
 */
export async function serveRendererSnapshot(
  options: StaticServerOptions & { readonly build?: string } = {},
): Promise<StaticServer> {
  assertPrerequisites();
  const copy = mkdtempSync(join(tmpdir(), 'ragdoll-e2e-'));
  await copyWholeBuild(options.build ?? RENDERER_OUT, copy);
  const server = await serveFolder(copy, options);
  return {
    url: server.url,
    close: async () => {
      await server.close();
      rmSync(copy, { recursive: true, force: true });
    },
  };
}

/**
 * `url` (the served test build) asking the page to open with time held: the frame loop
 * neither steps the physics nor draws, from the start, until the test hook's `advance` or
 * `redraw` (see renderer/src/test-build/test-main.ts).
 */
export function heldTimeUrl(url: string): string {
  const held = new URL(url);
  held.searchParams.set('held', '');
  return held.href;
}

async function copyWholeBuild(source: string, target: string): Promise<void> {
  for (let attempt = 1; attempt <= COPY_ATTEMPTS; attempt++) {
    try {
      cpSync(source, target, { recursive: true });
      if (isComplete(target)) return;
    } catch (error) {
      if (attempt === COPY_ATTEMPTS) throw error;
    }
    await sleep(RETRY_DELAY_MS);
  }
  throw new Error(`e2e: ${source} stayed incomplete; run \`npm run build:test\` again.`);
}

/** True when index.html and every asset it references are present. */
function isComplete(folder: string): boolean {
  const index = resolve(folder, 'index.html');
  if (!existsSync(index)) return false;
  const html = readFileSync(index, 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((match) => match[1]!);
  return assets.length > 0 && assets.every((asset) => existsSync(resolve(folder, asset)));
}
