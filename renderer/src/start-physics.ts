import RAPIER from '@dimforge/rapier3d-simd-compat';
import { Sandbox } from './physics/sandbox';

/**
 * Rapier and the sandbox, in one module that the page imports dynamically: its chunk
 * downloads beside three.js's, and the costly part, fetching and compiling the WebAssembly
 * (the build points the compat package's loader at its shipped `.wasm` file instead of the
 * base64 copy it inlines; tools/build/rapier-wasm-file.ts), runs only when this is called.
 *
 * @returns a sandbox with one box figure
 * @throws whatever Rapier's init throws (no WebAssembly, a blocked compile)
 */
export async function startPhysics(): Promise<Sandbox> {
  await RAPIER.init();
  // Hits and blasts ask for sounds; the page's impact player plays them.
  const sandbox = new Sandbox(RAPIER, { impactSounds: true });
  sandbox.addFigure();
  return sandbox;
}
