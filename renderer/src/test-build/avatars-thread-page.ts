import type { PhysicsThread } from '../physics/worker/physics-thread';
import type { PhysicsPlace } from '../threads/start-physics-thread';
import { startPhysicsThread } from '../threads/start-physics-thread';
import type { FrameStatsSnapshot } from '../view/frame-stats';
import type { DrawCounts } from '../view/ragdoll-view';
import { RagdollView } from '../view/ragdoll-view';
import { loadAvatarModel } from '../view/vrm/load-avatar-model';
import { VrmAvatar } from '../view/vrm/vrm-avatar';
import { FrameSectionTimes, type FrameSectionSnapshot } from './frame-section-times';

/**
 * The avatar page of `npm run bench:renderer -- --scenes avatars-thread`
 * (bench-pages.html?page=avatars-thread, test build only): the app's view and the same VRM avatars as the
 * app's avatar scene, over figures and props that a physics worker steps (two 1/120 s steps per
 * 1/60 s frame, asked for by the page as the app's own frames do), with no UI and no faces.
 * Beside the bare avatar page (the same drawing over recorded bodies, no physics at all) it
 * shows what the page's thread still pays once the physics is elsewhere.
 */
export interface AvatarsThreadHook {
  /**
   * Fetches the VRM at `url`, builds `figures` figures from its rig and `props` props (balls
   * and boxes in turn) on a physics thread, draws a copy over each figure and starts the frame
   * loop, every frame asking for `frameSeconds`. BLAST (power 14, the app's) on the B key.
   */
  start(
    url: string,
    fileName: string,
    figures: number,
    props: number,
    frameSeconds: number,
  ): Promise<{ readonly place: PhysicsPlace; readonly note: string | null }>;
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
    /** Benchmark-only; present only on the test build's bench-pages.html?page=avatars-thread. */
    __ragdollAvatarsThread?: AvatarsThreadHook;
  }
}

/** The app's BLAST power, m/s at the centre. */
const BLAST_POWER = 14;

const sections = new FrameSectionTimes();
let view: RagdollView | null = null;

function started(): RagdollView {
  if (view === null) throw new Error('bench: the avatar thread page has not started');
  return view;
}

async function start(
  url: string,
  fileName: string,
  figures: number,
  props: number,
  frameSeconds: number,
): Promise<{ place: PhysicsPlace; note: string | null }> {
  if (view !== null) throw new Error('bench: the avatar thread page has already started');
  const container = document.getElementById('app');
  if (container === null) throw new Error('bench: the page has no #app element');
  const response = await fetch(url);
  if (!response.ok) throw new Error(`bench: ${url} answered ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const models: Awaited<ReturnType<typeof loadAvatarModel>>[] = [];
  for (let i = 0; i < figures; i++) models.push(await loadAvatarModel(bytes, fileName));
  const { thread, place, note } = await startPhysicsThread({ seed: 1 });
  for (const model of models) thread.addFigure(model.rig.spec);
  for (let i = 0; i < props; i++) thread.addProp(i % 2 === 0 ? 'ball' : 'box');
  const pageView = new RagdollView(container, thread, {
    fixedFrameSeconds: frameSeconds,
    frameSections: sections,
  });
  pageView.start();
  await figuresArrive(thread, figures);
  thread.figureTable.figures.forEach((figure, index) => {
    const info = {
      id: figure.id,
      partHandles: figure.partHandles,
      placements: () => thread.placementsOf(figure.id),
    };
    pageView.addAvatar(new VrmAvatar(models[index]!, info, pageView.poses));
  });
  window.addEventListener('keydown', (event) => {
    if (event.key === 'b') thread.blast(BLAST_POWER);
  });
  view = pageView;
  return { place, note };
}

/** Resolves once the thread has sent `count` figures; rejects with what the thread refused. */
function figuresArrive(thread: PhysicsThread, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    thread.onProblem = (message) => reject(new Error(`bench: the physics thread: ${message}`));
    const check = (): void => {
      if (thread.figureTable.figures.length >= count) resolve();
      else setTimeout(check, 50);
    };
    check();
  });
}

window.__ragdollAvatarsThread = {
  start,
  frameStats: () => started().stats.snapshot(),
  frameSections: () => sections.snapshot(),
  drawCounts: () => ({ ...started().drawCounts }),
  avatars: () => started().avatarCount,
};
