import RAPIER from '@dimforge/rapier3d-compat';
import { Sandbox } from './physics/sandbox';

/**
 * Rapier (with its WebAssembly inlined as base64 by the compat package) and the sandbox, in
 * one module that the page imports dynamically: its chunk downloads beside three.js's, and
 * the costly part, decoding and compiling the WebAssembly, runs only when this is called.
 *
 * @returns a sandbox with one box figure
 * @throws whatever Rapier's init throws (no WebAssembly, a blocked compile)
 */
export async function startPhysics(): Promise<Sandbox> {
  await RAPIER.init();
  const sandbox = new Sandbox(RAPIER);
  sandbox.addFigure();
  return sandbox;
}
