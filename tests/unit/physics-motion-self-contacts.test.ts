/**
 * A figure's own parts while it plays a motion (real Rapier): a motion's pose may put one
 * part inside another (hands hanging beside hips whose shape is wider than the mesh), and
 * while the figure follows the motion those contacts must not fight the motors; once it is
 * knocked down its parts collide with each other again, like any ragdoll.
 */
import { describe, expect, it } from 'vitest';
import type { World } from '../../renderer/src/physics/rapier-api';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import type { Figure, Sandbox } from '../../renderer/src/physics/sandbox';
import { Sandbox as SandboxClass } from '../../renderer/src/physics/sandbox';
import { loadRapier } from '../support/rapier';
import { boxStand, standingWith, stepUntil } from '../support/motion-sandbox';

/**
 * The box dummy with a pelvis 0.36 m to each side instead of 0.16: its hanging forearms
 * (centred 0.28 m out, 0.045 m thick) lie inside it, as a wide-hipped model's hands lie in
 * its pelvis shape (measured on a real 15-part avatar: Stand at 0.133 rad with self-contacts).
 */
const WIDE_HIPS: DollSpec = {
  ...BOX_DOLL,
  name: 'Wide hips',
  parts: BOX_DOLL.parts.map((part) =>
    part.name === 'pelvis'
      ? { ...part, shape: { kind: 'box', halfExtents: [0.36, 0.09, 0.1] } }
      : part,
  ),
};

/** Mean tracking error over `seconds` of following. */
function meanError(sandbox: Sandbox, figure: Figure, seconds: number): number {
  let sum = 0;
  let steps = 0;
  for (let i = 0; i < Math.round(seconds * 120); i++) {
    sandbox.step();
    expect(sandbox.motion.state(figure)).toBe('following');
    sum += sandbox.motion.trackingError(figure)!;
    steps++;
  }
  return sum / steps;
}

/** Whether the pelvis and a forearm have contact points this step. */
function pelvisTouchesForearm(sandbox: Sandbox, figure: Figure): boolean {
  // The sandbox keeps its world to itself; the test reads Rapier's contact graph directly.
  const world = (sandbox as unknown as { world: World }).world;
  const part = (name: string) => figure.ragdoll.parts.find((p) => p.spec.name === name)!.collider;
  let touching = false;
  world.contactPair(part('pelvis'), part('armL_lo'), (manifold) => {
    if (manifold.numContacts() > 0) touching = true;
  });
  return touching;
}

describe('a figure following a motion passes through itself; a limp one does not', () => {
  it('hands inside a wide pelvis track Stand as closely as the ordinary box dummy does', async () => {
    const ordinary = await standingWith(boxStand, BOX_DOLL);
    expect(stepUntil(ordinary.sandbox, ordinary.figure, 'following', 1)).not.toBeNull();
    const reference = meanError(ordinary.sandbox, ordinary.figure, 4);
    ordinary.sandbox.dispose();

    const wide = await standingWith(boxStand, WIDE_HIPS);
    expect(stepUntil(wide.sandbox, wide.figure, 'following', 1)).not.toBeNull();
    const error = meanError(wide.sandbox, wide.figure, 4);
    // With its own parts colliding it tracked at 0.095 rad against the dummy's 0.022.
    expect(reference).toBeLessThan(0.04);
    expect(error).toBeLessThan(reference + 0.01);
    expect(pelvisTouchesForearm(wide.sandbox, wide.figure)).toBe(false);
    wide.sandbox.dispose();
  });

  it('knocked down, its own parts collide again', async () => {
    const { sandbox, figure } = await standingWith(boxStand, WIDE_HIPS);
    expect(stepUntil(sandbox, figure, 'following', 1)).not.toBeNull();
    sandbox.step();
    expect(pelvisTouchesForearm(sandbox, figure)).toBe(false);
    sandbox.blast(0.5);
    expect(sandbox.motion.state(figure)).toBe('limp');
    sandbox.step();
    // The forearm still lies in the pelvis shape, and now they touch (and push apart).
    expect(pelvisTouchesForearm(sandbox, figure)).toBe(true);
    sandbox.dispose();
  });

  it('a figure removed while it plays a motion leaves no joint or anchor behind', async () => {
    const sandbox = new SandboxClass(await loadRapier());
    const world = (sandbox as unknown as { world: World }).world;
    const empty = { bodies: world.bodies.len(), joints: world.impulseJoints.len() };
    const figure = sandbox.addFigure(WIDE_HIPS);
    sandbox.reset();
    sandbox.motion.set(figure, boxStand(WIDE_HIPS));
    sandbox.run(0.5);
    // The ragdoll's joints, the pin's, and one contact switch per pair of parts not joined.
    const parts = WIDE_HIPS.parts.length;
    const joints = WIDE_HIPS.joints.length;
    const pairs = (parts * (parts - 1)) / 2 - joints;
    expect(world.impulseJoints.len()).toBe(empty.joints + joints + 1 + pairs);
    sandbox.removeFigure(figure);
    expect(world.impulseJoints.len()).toBe(empty.joints);
    expect(world.bodies.len()).toBe(empty.bodies);
    sandbox.run(0.1);
    sandbox.dispose();
  });
});
