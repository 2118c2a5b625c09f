/**
 * A bare page for the start benchmark's floor: one line of text and one WebGL canvas the
 * size of the window, cleared once on the first animation frame. It does what the app must
 * do before its first frame and nothing else, so its start time is what this browser and
 * machine take to launch, paint and create a WebGL context at all: the part of a start the
 * app's own code cannot remove.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>bare start</title><link rel="icon" href="data:," /></head>
  <body style="margin:0">
    <p style="position:absolute;margin:8px">Starting</p>
    <canvas id="view"></canvas>
    <script type="module" src="./assets/bare.js"></script>
  </body>
</html>
`;

// The same frame-stats shape the start timing reads from the app's test hook.
const BARE_JS = `const canvas = document.getElementById('view');
canvas.width = innerWidth;
canvas.height = innerHeight;
const gl = canvas.getContext('webgl2', { antialias: true, powerPreference: 'high-performance' });
let firstFrameMs = null;
requestAnimationFrame(() => {
  gl.clearColor(0.2, 0.3, 0.4, 1);
  gl.clear(gl.COLOR_BUFFER_BIT);
  firstFrameMs = performance.now();
  performance.mark('ragdoll:ready');
  window.__ragdoll = { frameStats: () => ({ firstFrameMs }) };
});
`;

/** Writes the bare page into a new temporary folder; returns it and how to remove it. */
export function writeBareStartPage(): { readonly folder: string; readonly remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'ragdoll-bare-start-'));
  writeFileSync(join(folder, 'index.html'), INDEX_HTML);
  mkdirSync(join(folder, 'assets'));
  writeFileSync(join(folder, 'assets', 'bare.js'), BARE_JS);
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
