import type { BodySource, BodyMotionState } from '../view/body-meshes';
import type { FaceCues, FacePoint } from '../view/face/face-cues';
import type { Figure } from '../physics/sandbox';
import { RootJolt } from '../physics/root-jolt';

/** What a figure's face reads from the sandbox (the `Sandbox` class fits). */
export interface FaceSandbox extends BodySource {
  readonly grab: { readonly handle: number | null; readHand(out: FacePoint): boolean };
  readonly motion: { state(figureId: number): BodyMotionState };
}

/** Where the camera is (the view's `cameraPosition`), metres. */
export type ViewerPosition = Readonly<FacePoint>;

/**
 * The {@link FaceCues} of one figure in the app: the pointer's grab and hand, the root body's
 * velocity changes, the motion state, the FACE REACTIONS switch and the camera. A figure put
 * somewhere new (DROP, RESET, a preset, rewind) is not jolted by it. Allocates nothing per call.
 */
export function figureFaceCues(
  sandbox: FaceSandbox,
  figure: Figure,
  viewer: ViewerPosition | undefined,
  reactionsOn: () => boolean,
): FaceCues {
  const jolt = new RootJolt(figure.ragdoll.root.body);
  let seenPlacements = figure.ragdoll.placements;
  let checkedHandle: number | null = null;
  let heldIsOurs = false;
  return {
    readHeld(out) {
      const handle = sandbox.grab.handle;
      if (handle === null) return false;
      if (handle !== checkedHandle) {
        // Which figure owns the held body: looked up once per grab.
        checkedHandle = handle;
        heldIsOurs = false;
        const bodies = sandbox.bodies;
        for (let i = 0; i < bodies.length; i++) {
          if (bodies[i]!.handle === handle) {
            heldIsOurs = bodies[i]!.ownerId === figure.id;
            break;
          }
        }
      }
      return heldIsOurs && sandbox.grab.readHand(out);
    },
    takeJolt() {
      const placements = figure.ragdoll.placements;
      if (placements !== seenPlacements) {
        seenPlacements = placements;
        jolt.forget();
      }
      return jolt.take();
    },
    motionState: () => sandbox.motion.state(figure.id),
    reactionsOn,
    readViewer(out) {
      if (!viewer) return false;
      out.x = viewer.x;
      out.y = viewer.y;
      out.z = viewer.z;
      return true;
    },
  };
}
