import { afterEach } from 'vitest';
import type { SandboxOptions } from '../../renderer/src/physics/sandbox';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { loadRapier } from './rapier';

/**
 * A factory for sandboxes on the real Rapier WASM that are all disposed after each test.
 * Call once at the top of a test file.
 */
export function useSandboxes(): (options?: SandboxOptions) => Promise<Sandbox> {
  const created: Sandbox[] = [];
  afterEach(() => {
    for (const sandbox of created.splice(0)) sandbox.dispose();
  });
  return async (options = {}) => {
    const sandbox = new Sandbox(await loadRapier(), options);
    created.push(sandbox);
    return sandbox;
  };
}
