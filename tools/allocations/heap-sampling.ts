/**
 * The measuring half of the allocation tools (`*-allocations.ts`): V8's sampling heap
 * profiler, which records allocations including those already collected, with their call
 * stacks. Short-lived garbage, which "heap used before and after" cannot see once a collection
 * has run, shows up here, and the stacks say whose code made it.
 */
import { Session } from 'node:inspector/promises';

/** A node of the profile: a call frame, what it allocated itself (bytes) and its callees. */
export interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

/**
 * Bytes between samples: small enough that a few bytes per call over 10,000 calls show up as
 * hundreds of samples.
 */
export const SAMPLING_INTERVAL = 128;

/**
 * Runs `measure` with an inspector session connected to this process, for
 * {@link sampleAllocations}, and disconnects it afterwards, whatever happens.
 */
export async function withHeapProfiler<T>(measure: (session: Session) => Promise<T>): Promise<T> {
  const session = new Session();
  session.connect();
  try {
    return await measure(session);
  } finally {
    session.disconnect();
  }
}

/**
 * Calls `call` `times` times (with the call's index) under the sampling heap profiler on
 * `session` (connected), and returns the profile's root.
 */
export async function sampleAllocations(
  session: Session,
  times: number,
  call: (index: number) => void,
): Promise<ProfileNode> {
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: SAMPLING_INTERVAL,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  } as never);
  for (let i = 0; i < times; i++) call(i);
  const { profile } = await session.post('HeapProfiler.stopSampling');
  return profile.head as unknown as ProfileNode;
}

/**
 * A frame as the `--by-function` listings name it: `function path:line`, the path from the
 * repository's `renderer/`, `tools/` or `node_modules/` on.
 */
export const frameName = (frame: ProfileNode['callFrame']): string =>
  `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/(renderer|tools|node_modules)\//, '$1/')}:${frame.lineNumber + 1}`;

/**
 * Bytes allocated under `node` by the frames whose script `isOurs` names and by everything they
 * call (Rapier's glue, built-ins): stricter than {@link ownCodeBytes}.
 */
export function bytesUnder(
  node: ProfileNode,
  isOurs: (url: string) => boolean,
  under = false,
): number {
  const ours = under || isOurs(node.callFrame.url);
  let total = ours ? node.selfSize : 0;
  for (const child of node.children) total += bytesUnder(child, isOurs, ours);
  return total;
}

/** A V8 built-in (`Math.hypot`, `Array.prototype.map`) has no script URL. */
export const isBuiltinFrame = (url: string): boolean => url === '';

/**
 * Bytes allocated by the frames whose script `isOurs` names, under `node`. A built-in's
 * allocations belong to its caller: they count when our code called it.
 */
export function ownCodeBytes(
  node: ProfileNode,
  isOurs: (url: string) => boolean,
  callerIsOurs = false,
): number {
  const url = node.callFrame.url;
  const frameIsOurs = isOurs(url) || (isBuiltinFrame(url) && callerIsOurs);
  let total = frameIsOurs ? node.selfSize : 0;
  for (const child of node.children) total += ownCodeBytes(child, isOurs, frameIsOurs);
  return total;
}
