import type { FrameStatsSnapshot } from '../view/frame-stats';
import type { DrawCounts } from '../view/ragdoll-view';
import { RagdollView } from '../view/ragdoll-view';
import { loadAvatarModel } from '../view/vrm/load-avatar-model';
import { VrmAvatar } from '../view/vrm/vrm-avatar';
import type { BodyStream } from './body-stream';
import { FrameSectionTimes, type FrameSectionSnapshot } from './frame-section-times';
import { ReplaySandbox } from './replay-sandbox';
import type { HookBodyStream } from './test-hook';

/**
 * The bare avatar page of `npm run bench:renderer -- --scenes bare-avatars`
 * (bench-pages.html?page=bare-avatars, test build only): the app's view (stage, sky, lights, shadows)
 * and the same VRM avatars with their materials, posed every frame from a {@link BodyStream}
 * the app recorded, with no physics, no UI and no faces. What drawing the app's avatars costs
 * the page alone: the floor under the app's main thread once the physics runs elsewhere.
 */
export interface BareAvatarsHook {
  /**
   * Fetches the VRM at `url`, draws one copy over each figure of `stream` and starts the
   * frame loop, every frame advancing `frameSeconds` (the app's `?frame-seconds`).
   */
  start(url: string, fileName: string, stream: HookBodyStream, frameSeconds: number): Promise<void>;
  /** The loop's frame times (as the app's `frameStats`). */
  frameStats(): FrameStatsSnapshot;
  /** Each frame split into sections (as the app's `?frame-sections`). */
  frameSections(): FrameSectionSnapshot;
  drawCounts(): DrawCounts;
  /** Avatars drawn. */
  avatars(): number;
}

declare global {
  interface Window {
    /** Benchmark-only; present only on the test build's bench-pages.html?page=bare-avatars. */
    __ragdollBareAvatars?: BareAvatarsHook;
  }
}

const sections = new FrameSectionTimes();
let view: RagdollView | null = null;

function started(): RagdollView {
  if (view === null) throw new Error('bench: the bare avatar page has not started');
  return view;
}

async function start(
  url: string,
  fileName: string,
  hookStream: HookBodyStream,
  frameSeconds: number,
): Promise<void> {
  // The stream is what the app's own `bodyStream` recorded: its bodies are the view's SimBody records.
  const stream = hookStream as BodyStream;
  if (view !== null) throw new Error('bench: the bare avatar page has already started');
  const response = await fetch(url);
  if (!response.ok) throw new Error(`bench: ${url} answered ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const container = document.getElementById('app');
  if (container === null) throw new Error('bench: the page has no #app element');
  const replay = new ReplaySandbox(stream);
  const bareView = new RagdollView(container, replay, {
    fixedFrameSeconds: frameSeconds,
    frameSections: sections,
  });
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
  view = bareView;
}

window.__ragdollBareAvatars = {
  start,
  frameStats: () => started().stats.snapshot(),
  frameSections: () => sections.snapshot(),
  drawCounts: () => ({ ...started().drawCounts }),
  avatars: () => started().avatarCount,
};
