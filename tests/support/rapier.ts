import RAPIER from '@dimforge/rapier3d-simd-compat';
import { afterEach } from 'vitest';
import type { RapierApi, World } from '../../renderer/src/physics/rapier-api';

let ready: Promise<RapierApi> | undefined;

/** The real Rapier WASM, initialised once per test file. */
export function loadRapier(): Promise<RapierApi> {
  ready ??= RAPIER.init().then((): RapierApi => RAPIER);
  return ready;
}

/**
 * A list whose worlds are all freed after each test: a test file pushes each world it makes.
 * Call once at the top of the file.
 */
export function useWorlds(): World[] {
  const worlds: World[] = [];
  afterEach(() => {
    for (const world of worlds.splice(0)) world.free();
  });
  return worlds;
}
