/**
 * The bare avatar scene of `npm run bench:renderer -- --scenes bare-avatars`: the app's own
 * avatar scene recorded body by body (`window.__ragdoll.bodyStream`), then replayed on the
 * test build's bench-pages.html?page=bare-avatars, which draws the same avatars over the recorded
 * bodies with no physics. Its frames are what drawing alone costs the page.
 */
import type { Browser } from 'playwright-core';
import type { HookBodyStream } from '../../renderer/src/test-build/test-hook';
import type { AvatarModelFile, SceneFill } from './frame-scenes';
import { FIGURES, PROPS, blastUntil, VIEWPORT } from './frame-scenes';

/** The page the stream replays on, beside the app's index.html in the test build. */
export const BARE_AVATARS_PAGE = 'bench-pages.html?page=bare-avatars';
/** Where the bare page fetches the model from (answered by the benchmark, not the server). */
const MODEL_PATH = 'bench-model.vrm';
const LOAD_TIMEOUT_MS = 300_000;

/**
 * Records `frames` frames of the avatar scene on the app at `url` (filled by `fill`, BLAST
 * every second as the timed scenes have it). At SwiftShader's pace this takes a minute or two.
 */
export async function recordAvatarStream(
  browser: Browser,
  url: string,
  fill: SceneFill,
  frames: number,
): Promise<HookBodyStream> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(url, { timeout: LOAD_TIMEOUT_MS });
    await page.waitForFunction(() => window.__ragdoll !== undefined, undefined, {
      timeout: LOAD_TIMEOUT_MS,
    });
    await fill(page);
    let done = false;
    const recording = page
      .evaluate((n) => window.__ragdoll!.bodyStream(n), frames)
      .finally(() => {
        done = true;
      });
    await blastUntil(page, () => Promise.resolve(done));
    return await recording;
  } finally {
    await context.close();
  }
}

/** Fills the bare page: six copies of `model` over `stream`'s figures, every frame 1/60 s. */
export function bareAvatarFill(model: AvatarModelFile, stream: HookBodyStream): SceneFill {
  return async (page) => {
    await page.route(`**/${MODEL_PATH}`, (route) =>
      route.fulfill({ body: Buffer.from(model.bytes), contentType: 'model/gltf-binary' }),
    );
    await page.evaluate(
      ([path, fileName, replayed]) =>
        window.__ragdollBareAvatars!.start(path, fileName, replayed, 1 / 60),
      [MODEL_PATH, model.fileName, stream] as const,
    );
    const drawn = await page.evaluate(() => window.__ragdollBareAvatars!.avatars());
    if (drawn !== stream.figures.length)
      throw new Error(`bench: the bare page draws ${drawn} avatars, not ${stream.figures.length}`);
  };
}

/** The page whose avatars stand over a physics worker, beside the app's index.html. */
export const AVATARS_THREAD_PAGE = 'bench-pages.html?page=avatars-thread';

/**
 * Fills the avatar thread page: {@link FIGURES} copies of `model` over figures built from its
 * rig on a physics worker, and {@link PROPS} props, every frame 1/60 s.
 */
export function avatarsThreadFill(model: AvatarModelFile): SceneFill {
  return async (page) => {
    await page.route(`**/${MODEL_PATH}`, (route) =>
      route.fulfill({ body: Buffer.from(model.bytes), contentType: 'model/gltf-binary' }),
    );
    const started = await page.evaluate(
      ([path, fileName, figures, props]) =>
        window.__ragdollAvatarsThread!.start(path, fileName, figures, props, 1 / 60),
      [MODEL_PATH, model.fileName, FIGURES, PROPS] as const,
    );
    if (started.place !== 'worker') console.log(`note: ${started.note ?? 'no worker'}`);
    const drawn = await page.evaluate(() => window.__ragdollAvatarsThread!.avatars());
    if (drawn !== FIGURES)
      throw new Error(`bench: the avatar thread page draws ${drawn} avatars, not ${FIGURES}`);
  };
}
