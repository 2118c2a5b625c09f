import type { PhysicsThread } from '../physics/worker/physics-thread';
import type { PhysicsPlace } from '../threads/start-physics-thread';
import { startPhysicsThread } from '../threads/start-physics-thread';
import { loadAvatarModel } from '../view/vrm/load-avatar-model';
import { VrmAvatar } from '../view/vrm/vrm-avatar';
import type { BenchFrameHooks } from './bench-view';
import { BenchView, fetchBytes } from './bench-view';

/**
 * The avatar page of `npm run bench:renderer -- --scenes avatars-thread`
 * (bench-pages.html?page=avatars-thread, test build only): the app's view and the same VRM avatars as the
 * app's avatar scene, over figures and props that a physics worker steps (two 1/120 s steps per
 * 1/60 s frame, asked for by the page as the app's own frames do), with no UI and no faces.
 * Beside the bare avatar page (the same drawing over recorded bodies, no physics at all) it
 * shows what the page's thread still pays once the physics is elsewhere.
 */
export interface AvatarsThreadHook extends BenchFrameHooks {
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
}

declare global {
  interface Window {
    /** Benchmark-only; present only on the test build's bench-pages.html?page=avatars-thread. */
    __ragdollAvatarsThread?: AvatarsThreadHook;
  }
}

/** The app's BLAST power, m/s at the centre. */
const BLAST_POWER = 14;

const bench = new BenchView('avatar thread');

async function start(
  url: string,
  fileName: string,
  figures: number,
  props: number,
  frameSeconds: number,
): Promise<{ place: PhysicsPlace; note: string | null }> {
  const bytes = await fetchBytes(url);
  const models: Awaited<ReturnType<typeof loadAvatarModel>>[] = [];
  for (let i = 0; i < figures; i++) models.push(await loadAvatarModel(bytes, fileName));
  const { thread, place, note } = await startPhysicsThread({ seed: 1 });
  for (const model of models) thread.addFigure(model.rig.spec);
  for (let i = 0; i < props; i++) thread.addProp(i % 2 === 0 ? 'ball' : 'box');
  const pageView = bench.make(thread, frameSeconds);
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

window.__ragdollAvatarsThread = { start, ...bench.hooks() };
