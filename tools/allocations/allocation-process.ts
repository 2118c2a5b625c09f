import { execFileSync } from 'node:child_process';
import type { StepAllocations } from './step-allocations';

/**
 * Node flags for a measurement of our frames in a heap profile: without inlining, V8 may fold
 * a callee into its caller (Rapier's `world.step()` into `Sandbox.step`, a getter into our
 * loop), and the stacks can no longer tell whose code allocated.
 */
export const WITHOUT_INLINING = ['--no-turbo-inlining'] as const;

/** How to run an allocation measurement. */
export interface AllocationRun {
  /** Flags for Node itself, before the script: {@link WITHOUT_INLINING}, `--expose-gc`. */
  readonly nodeFlags?: readonly string[];
  /** The script's own arguments (`--mmd`, `--motion`, …). */
  readonly args?: readonly string[];
  /** How long the child may run, ms. */
  readonly timeoutMs: number;
}

/**
 * Runs an allocation measurement (a script that prints one JSON object, such as
 * `tools/allocations/step-allocations.ts`) in a child Node and returns what it printed. A separate
 * process keeps vitest's own allocations out of the heap it measures.
 */
export function measureAllocations<T>(script: string, run: AllocationRun): T {
  const output = execFileSync(
    process.execPath,
    [...(run.nodeFlags ?? []), '--import', 'tsx', script, ...(run.args ?? [])],
    { encoding: 'utf8', timeout: run.timeoutMs },
  );
  return JSON.parse(output) as T;
}

/**
 * The script side of {@link measureAllocations}: when the module at `moduleUrl` (its
 * `import.meta.url`) is the script Node was started with, prints what `measure` returns as one
 * JSON object, indented when `pretty` (for a person reading a by-function breakdown).
 */
export async function printWhenRunAsScript(
  moduleUrl: string,
  measure: () => Promise<unknown>,
  pretty = false,
): Promise<void> {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  console.log(JSON.stringify(await measure(), null, pretty ? 2 : undefined));
}

/**
 * `tools/allocations/step-allocations.ts` run as its note says, without inlining, in a child
 * Node; `args` picks the scene (`--motion`, `--recording`, `--mmd`, `--sounds`).
 */
export function measureStepAllocationsInChild(
  timeoutMs: number,
  args: readonly string[] = [],
): StepAllocations {
  return measureAllocations<StepAllocations>('tools/allocations/step-allocations.ts', {
    nodeFlags: WITHOUT_INLINING,
    args,
    timeoutMs,
  });
}
