/**
 * Follow (view/camera-follow.ts) over a real sandbox in Node: after a power-30 BLAST the first
 * figure's pelvis stays inside the camera's view at every frame of the next 2 s (without
 * Follow it leaves), the glide is smooth (no frame jumps the target by more than a share of
 * the distance left), and a focused figure is orbited alone.
 */
import { PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { CameraFollow } from '../../renderer/src/view/camera-follow';
import type { Sandbox } from '../../renderer/src/physics/sandbox';
import { useSandboxes } from '../support/sandboxes';

const sandbox = useSandboxes();
const FRAME = 1 / 60;

function camera(): {
  camera: PerspectiveCamera;
  controls: { target: Vector3; maxDistance: number };
} {
  const view = new PerspectiveCamera(45, 16 / 9, 0.05, 200);
  view.position.set(3.4, 2.8, 7);
  const controls = { target: new Vector3(0.9, 0.5, -0.4), maxDistance: 30 };
  view.lookAt(controls.target);
  view.updateMatrixWorld();
  return { camera: view, controls };
}

/** Whether figure 0's pelvis projects inside the view (normalised device coordinates). */
function pelvisInView(s: Sandbox, view: PerspectiveCamera): boolean {
  const p = s.figures[0]!.ragdoll.root.body.translation();
  const ndc = new Vector3(p.x, p.y, p.z).project(view);
  return Math.abs(ndc.x) <= 1 && Math.abs(ndc.y) <= 1 && ndc.z <= 1;
}

/** Runs 2 s after a power-30 BLAST; returns the frames the pelvis was out of view. */
async function blastAndWatch(follow: boolean): Promise<number> {
  const s = await sandbox({ seed: 3 });
  s.addFigure();
  s.addFigure();
  s.run(1.5);
  const { camera: view, controls } = camera();
  const following = new CameraFollow(view, controls, s);
  following.enabled = follow;
  /** One drawn frame: the physics, then the camera aimed as the view aims it. */
  const frame = (): void => {
    s.advance(FRAME);
    following.update(FRAME);
    view.lookAt(controls.target);
    view.updateMatrixWorld();
  };
  for (let i = 0; i < 60; i++) frame();
  s.blast(30);
  let outside = 0;
  for (let i = 0; i < 120; i++) {
    frame();
    if (!pelvisInView(s, view)) outside++;
  }
  return outside;
}

describe('camera Follow', () => {
  it('keeps the first figure in view for 2 s after a power-30 BLAST (it leaves without)', async () => {
    expect(await blastAndWatch(false)).toBeGreaterThan(0);
    expect(await blastAndWatch(true)).toBe(0);
  });

  it('glides: each frame covers a share of the way, and a focused figure is framed alone', async () => {
    const s = await sandbox();
    s.addFigure();
    s.addFigure();
    s.run(1.5);
    const { camera: view, controls } = camera();
    const following = new CameraFollow(view, controls, s);
    following.focus(s.figures[1]!.id);
    const second = s.figures[1]!.ragdoll.root.body.translation();
    const start = controls.target.clone();
    following.update(FRAME);
    const firstStep = controls.target.distanceTo(start);
    // 1 − e^(−4/60) ≈ 6.4% of the way in one frame: no jump.
    expect(firstStep).toBeGreaterThan(0);
    expect(firstStep).toBeLessThan(start.distanceTo(new Vector3(second.x, 0.3, second.z)) * 0.1);
    for (let i = 0; i < 180; i++) following.update(FRAME);
    expect(Math.hypot(controls.target.x - second.x, controls.target.z - second.z)).toBeLessThan(
      0.2,
    );
    // The camera kept its angle: it moved with the target.
    expect(view.position.distanceTo(controls.target)).toBeGreaterThan(1);
    // Removing the focused figure frames them all again.
    s.removeFigure(s.figures[1]!);
    following.update(FRAME);
    expect(following.focusedFigure).toBeNull();
  });
});
