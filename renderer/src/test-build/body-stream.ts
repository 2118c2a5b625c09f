/**
 * A recorded stream of every body's transform, frame by frame, taken from the running app
 * for the bare avatar page (`npm run bench:renderer -- --scenes bare-avatars`): the same
 * poses the app drew, replayed with no physics. Test build only.
 */
import type { SimBody } from '../physics/body-registry';
import type { BodySource } from '../view/body-meshes';
import type { HookBodyStream } from './test-hook';

/** Floats per body per frame: position x, y, z, then rotation x, y, z, w. */
export const STREAM_FLOATS_PER_BODY = 7;

/** One figure as the avatars need it: its id and each part's body handle by part name. */
export interface StreamFigure {
  readonly id: number;
  readonly partHandles: readonly (readonly [string, number])[];
}

/** The recorded frames; plain data, so it crosses `page.evaluate` as JSON. */
export interface BodyStream extends HookBodyStream {
  /** The bodies as the view draws them (shapes, kinds, owners), in the order of `transforms`. */
  readonly bodies: readonly SimBody[];
  readonly figures: readonly StreamFigure[];
}

/** What the recorder reads: the bodies and their transforms, and the figures' part handles. */
export interface StreamSource extends BodySource {
  readonly figures: readonly StreamFigure[];
}

/**
 * Records `frameCount` animation frames of `source`, one transform per body per frame, read
 * after each frame's physics. The bodies must not change meanwhile (it throws if they do).
 */
export function recordBodyStream(
  source: StreamSource,
  frameCount: number,
  win: Window = window,
): Promise<BodyStream> {
  const bodies = [...source.bodies];
  const version = source.bodiesVersion;
  const transforms = new Array<number>(frameCount * bodies.length * STREAM_FLOATS_PER_BODY);
  const position = { x: 0, y: 0, z: 0 };
  const rotation = { x: 0, y: 0, z: 0, w: 1 };
  return new Promise((resolve, reject) => {
    let frame = 0;
    const take = (): void => {
      if (source.bodiesVersion !== version) {
        reject(new Error('the scene changed bodies while its stream was recorded'));
        return;
      }
      let at = frame * bodies.length * STREAM_FLOATS_PER_BODY;
      for (const body of bodies) {
        source.readTransform(body.handle, position, rotation);
        transforms[at++] = position.x;
        transforms[at++] = position.y;
        transforms[at++] = position.z;
        transforms[at++] = rotation.x;
        transforms[at++] = rotation.y;
        transforms[at++] = rotation.z;
        transforms[at++] = rotation.w;
      }
      frame++;
      if (frame < frameCount) win.requestAnimationFrame(take);
      else
        resolve({
          bodies: bodies.map((body) => ({ ...body })),
          figures: source.figures,
          frameCount,
          transforms,
        });
    };
    win.requestAnimationFrame(take);
  });
}
