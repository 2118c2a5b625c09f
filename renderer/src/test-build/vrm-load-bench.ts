/**
 * The VRM load benchmark of `npm run bench:vrm:browser` (scripts/bench-vrm-browser.ts) and
 * `npm run bench:vrm`. Its page, bench-vrm-load.html, exists only in the test build; it builds
 * no scene and installs `window.__ragdollVrmLoadBench`. It times, in the page
 * and on the same bytes, three-vrm's bare parse against our whole ready-to-simulate path
 * (the app's load with its checks and skeleton read, the ragdoll spec, the figure's Rapier
 * bodies and joints), alternating the two. In Chromium the parse also decodes the textures,
 * as it does when a person opens a model, so this is the ratio a user meets.
 */
import type { RapierApi } from '../physics/rapier-api';
import { Sandbox } from '../physics/sandbox';
import { specFromHumanoidBones } from '../rig/spec-from-humanoid-bones';
import { loadThreeVrm, loadVrm, parseVrm } from '../view/vrm/load-vrm';

/** Times of one file's rounds, ms, in round order (warm-up rounds left out). */
export interface VrmLoadTimes {
  /** three-vrm's bare `GLTFLoader.parse` with `VRMLoaderPlugin`. */
  readonly bareMs: number[];
  /** Ready to simulate: `loadMs + specMs + bodiesMs` of the same round. */
  readonly readyMs: number[];
  /** Our load: container checks, the same parse, humanoid checks, skeleton read. */
  readonly loadMs: number[];
  /** The ragdoll spec from the skeleton. */
  readonly specMs: number[];
  /** The figure's bodies, colliders and joints added to a sandbox. */
  readonly bodiesMs: number[];
}

/** What `window.__ragdollVrmLoadBench` offers. */
export interface VrmLoadBenchHook {
  /**
   * Fetches `url` and loads it once (neither timed; a file that is not a usable VRM is
   * refused with the loader's message), then runs `warmUp + repeats` rounds of the bare parse and the
   * ready-to-simulate path on its bytes, alternating which goes first; models and bodies are
   * freed between rounds, outside the timings.
   */
  timeLoads(url: string, fileName: string, repeats: number, warmUp: number): Promise<VrmLoadTimes>;
}

declare global {
  interface Window {
    /** Benchmark-only; present only on the test build's bench-vrm-load.html. */
    __ragdollVrmLoadBench?: VrmLoadBenchHook;
  }
}

/** Installs the hook on `target` (the window), with a sandbox of its own on `rapier`. */
export function installVrmLoadBench(target: Window, rapier: RapierApi): void {
  const sandbox = new Sandbox(rapier, { maxFigures: 1 });
  const hook: VrmLoadBenchHook = {
    timeLoads: async (url, fileName, repeats, warmUp) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`bench: ${url} answered ${response.status}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      // One untimed load first: a file that is not a usable VRM fails here with the loader's
      // message, instead of somewhere inside three.js in the middle of the timings.
      (await loadThreeVrm()).VRMUtils.deepDispose((await loadVrm(bytes, fileName)).vrm.scene);
      return timeVrmLoads(sandbox, bytes, fileName, repeats, warmUp);
    },
  };
  Object.defineProperty(target, '__ragdollVrmLoadBench', {
    value: Object.freeze(hook),
    writable: false,
    configurable: false,
    enumerable: false,
  });
}

/** A macrotask's pause, so work left over from one measurement does not land in the next. */
const settle = (): Promise<void> => new Promise((done) => setTimeout(done, 0));

async function timeBare(bytes: Uint8Array): Promise<number> {
  const start = performance.now();
  const vrm = await parseVrm(bytes);
  const ms = performance.now() - start;
  if (!vrm) throw new Error('bench: three-vrm found no VRM');
  (await loadThreeVrm()).VRMUtils.deepDispose(vrm.scene);
  return ms;
}

/** The same calls as `loadAvatarModel` and the app's figure placement, each timed. */
async function timeReady(
  sandbox: Sandbox,
  bytes: Uint8Array,
  fileName: string,
): Promise<{ load: number; spec: number; bodies: number }> {
  const t0 = performance.now();
  const loaded = await loadVrm(bytes, fileName);
  const t1 = performance.now();
  const rig = specFromHumanoidBones(loaded.bones, { name: loaded.meta.title || fileName });
  const t2 = performance.now();
  sandbox.addFigure(rig.spec);
  const t3 = performance.now();
  sandbox.clearFigures();
  (await loadThreeVrm()).VRMUtils.deepDispose(loaded.vrm.scene);
  return { load: t1 - t0, spec: t2 - t1, bodies: t3 - t2 };
}

/**
 * Runs `warmUp + repeats` rounds on `bytes`: the bare parse and the ready-to-simulate path
 * (its figure added to `sandbox`, which must have room for one), alternating which goes first
 * and pausing a macrotask between timings; models and bodies are freed outside the timings.
 * Used by the page hook and, in Node, by scripts/bench-vrm.ts, so both time the same calls.
 * @returns the measured rounds' times, ms (warm-up rounds left out).
 */
export async function timeVrmLoads(
  sandbox: Sandbox,
  bytes: Uint8Array,
  fileName: string,
  repeats: number,
  warmUp: number,
): Promise<VrmLoadTimes> {
  const times: VrmLoadTimes = { bareMs: [], readyMs: [], loadMs: [], specMs: [], bodiesMs: [] };
  for (let round = 0; round < warmUp + repeats; round++) {
    // Alternate which goes first, so neither always gets the warmer caches.
    let bare: number;
    let ready: { load: number; spec: number; bodies: number };
    if (round % 2 === 0) {
      bare = await timeBare(bytes);
      await settle();
      ready = await timeReady(sandbox, bytes, fileName);
    } else {
      ready = await timeReady(sandbox, bytes, fileName);
      await settle();
      bare = await timeBare(bytes);
    }
    await settle();
    if (round < warmUp) continue;
    times.bareMs.push(bare);
    times.readyMs.push(ready.load + ready.spec + ready.bodies);
    times.loadMs.push(ready.load);
    times.specMs.push(ready.spec);
    times.bodiesMs.push(ready.bodies);
  }
  return times;
}
