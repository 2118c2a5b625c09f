import { loadAvatarModel } from '../view/vrm/load-avatar-model';
import { VrmAvatar } from '../view/vrm/vrm-avatar';
import type { BodyStream } from './body-stream';
import type { BenchFrameHooks } from './bench-view';
import { BenchView, fetchBytes } from './bench-view';
import { ReplaySandbox } from './replay-sandbox';
import type { HookBodyStream } from './test-hook';

/**
 * The bare avatar page of `npm run bench:renderer -- --scenes bare-avatars`
 * (bench-pages.html?page=bare-avatars, test build only): the app's view (stage, sky, lights, shadows)
 * and the same VRM avatars with their materials, posed every frame from a {@link BodyStream}
 * the app recorded, with no physics, no UI and no faces. What drawing the app's avatars costs
 * the page alone: the floor under the app's main thread once the physics runs elsewhere.
 */
export interface BareAvatarsHook extends BenchFrameHooks {
  /**
   * Fetches the VRM at `url`, draws one copy over each figure of `stream` and starts the
   * frame loop, every frame advancing `frameSeconds` (the app's `?frame-seconds`).
   */
  start(url: string, fileName: string, stream: HookBodyStream, frameSeconds: number): Promise<void>;
}

declare global {
  interface Window {
    /** Benchmark-only; present only on the test build's bench-pages.html?page=bare-avatars. */
    __ragdollBareAvatars?: BareAvatarsHook;
  }
}

const bench = new BenchView('bare avatar');

async function start(
  url: string,
  fileName: string,
  hookStream: HookBodyStream,
  frameSeconds: number,
): Promise<void> {
  // The stream is what the app's own `bodyStream` recorded: its bodies are the view's SimBody records.
  const stream = hookStream as BodyStream;
  const bytes = await fetchBytes(url);
  const bareView = bench.make(new ReplaySandbox(stream), frameSeconds);
  for (const figure of stream.figures) {
    const model = await loadAvatarModel(bytes, fileName);
    const figureInfo = {
      id: figure.id,
      partHandles: new Map(figure.partHandles),
      placements: () => 0,
    };
    bareView.addAvatar(new VrmAvatar(model, figureInfo, bareView.poses));
  }
  bareView.start();
}

window.__ragdollBareAvatars = { start, ...bench.hooks() };
