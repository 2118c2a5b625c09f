import RAPIER from '@dimforge/rapier3d-simd-compat';
import type { RapierApi } from '../../renderer/src/physics/rapier-api';

let ready: Promise<RapierApi> | undefined;

/** The real Rapier WASM, initialised once per test file. */
export function loadRapier(): Promise<RapierApi> {
  ready ??= RAPIER.init().then((): RapierApi => RAPIER);
  return ready;
}
