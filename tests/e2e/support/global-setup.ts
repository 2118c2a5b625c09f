import type { TestProject } from 'vitest/node';
import { serveRendererSnapshot } from '../../../tools/browser/renderer-snapshot';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the e2e run serves its copy of the renderer's test build. */
    rendererUrl: string;
  }
}

/**
 * Serves one copy of the renderer's test build for the whole e2e run (every worker's pages
 * load it; see tests/e2e/support/suite.ts), and removes it when the run ends.
 */
export default async function serveRendererForRun(
  project: TestProject,
): Promise<() => Promise<void>> {
  const server = await serveRendererSnapshot();
  project.provide('rendererUrl', server.url);
  return () => server.close();
}
