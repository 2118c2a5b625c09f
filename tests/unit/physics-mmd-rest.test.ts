/**
 * MMD figures lying still are put to sleep whole (physics/mmd/scene-rest.ts): hair in narrow
 * joint limits chatters under Rapier's solver and would keep every figure awake forever.
 * Piles of a real model lying still: physics-mmd-rest-real.test.ts (the sim tier).
 */
import { describe, expect, it } from 'vitest';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { mmdRig } from '../../renderer/src/rig/mmd/mmd-rig';
import type { MmdPhysicsSpec } from '../../renderer/src/physics/mmd/mmd-physics-spec';
import type { Sandbox } from '../../renderer/src/physics/sandbox';
import { fastest } from '../support/mmd-figure-bodies';
import { FIXED_STEP } from '../../renderer/src/physics/sandbox';
import { boxStand } from '../support/motion-sandbox';
import { hairChainSpec } from '../support/mmd-physics-specs';
import { useSandboxes } from '../support/sandboxes';
import { humanoidMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';
import { loadRapier } from '../support/rapier';

const makeSandbox = useSandboxes();

/** A hair chain whose joints hold each axis within ±1°, as MMD files often do for bangs. */
function narrowHair(): MmdPhysicsSpec {
  const hair = hairChainSpec({ links: 6 });
  return {
    ...hair,
    joints: hair.joints.map((joint) => ({
      ...joint,
      angularMin: [-0.02, -0.02, -0.02],
      angularMax: [0.02, 0.02, 0.02],
    })),
  };
}

async function lyingFigures(count: number): Promise<Sandbox> {
  const sandbox = await makeSandbox();
  for (let i = 0; i < count; i++) sandbox.addFigure(BOX_DOLL, { mmd: narrowHair() });
  sandbox.drop();
  return sandbox;
}

describe('MMD figures at rest', () => {
  it('leave a slowly swinging hair chain swinging until it has died out by itself', async () => {
    const rapier = await loadRapier();
    const rig = mmdRig(humanoidMmdModel({ hairSegments: 10 }));
    const sandbox = await makeSandbox({ stiffness: 100 });
    const figure = sandbox.addFigure(rig.rig.spec, { mmd: rig.physics });
    sandbox.reset();
    // The figure held where it stands (its parts perfectly still), the chain swung sideways.
    for (const part of figure.ragdoll.parts)
      part.body.setBodyType(rapier.RigidBodyType.Fixed, true);
    const hair = figure.mmd!.rigidBodies();
    for (const body of hair) body.setLinvel({ x: 3, y: 0, z: 0 }, true);
    // From about 7 s the chain swings slower than 0.5 m/s: a single speed limit froze it there.
    sandbox.run(8);
    let top = 0;
    let lowest = Infinity;
    let highest = -Infinity;
    sandbox.run(1, () => {
      const tip = hair[hair.length - 1]!.translation().x;
      lowest = Math.min(lowest, tip);
      highest = Math.max(highest, tip);
      for (const body of hair) {
        const v = body.linvel();
        top = Math.max(top, Math.hypot(v.x, v.y, v.z));
      }
    });
    expect(top).toBeLessThan(0.5);
    expect(top).toBeGreaterThan(0.1);
    expect(highest - lowest).toBeGreaterThan(0.03);
    // Then it dies out and sleeps.
    sandbox.run(12);
    expect(hair.every((body) => body.isSleeping())).toBe(true);
  });

  it('leave a figure sliding at 8 cm a second awake', async () => {
    const sandbox = await lyingFigures(1);
    sandbox.run(6);
    // Moved by hand, so nothing but the slide itself differs from a figure lying still.
    const root = sandbox.figures[0]!.ragdoll.root.body;
    const start = root.translation();
    let asleep = false;
    for (let i = 1; i <= 8 / FIXED_STEP; i++) {
      const at = root.translation();
      root.setTranslation({ x: start.x + 0.08 * i * FIXED_STEP, y: at.y, z: at.z }, false);
      sandbox.step();
      asleep ||= root.isSleeping();
    }
    expect(asleep).toBe(false);
  });

  it('wake on a blast, and fly without blowing up', async () => {
    const sandbox = await lyingFigures(3);
    sandbox.run(12);
    sandbox.blast(14);
    sandbox.run(0.2);
    for (const figure of sandbox.figures) {
      expect(figure.ragdoll.root.body.isSleeping()).toBe(false);
    }
    let top = 0;
    for (let i = 0; i < 240; i++) {
      sandbox.step();
      top = Math.max(top, fastest(sandbox));
    }
    expect(top).toBeGreaterThan(1);
    expect(top).toBeLessThan(50);
  });

  it('are left awake while one of them follows a motion', async () => {
    const sandbox = await makeSandbox();
    const still = sandbox.addFigure(BOX_DOLL, { mmd: narrowHair() });
    const standing = sandbox.addFigure(BOX_DOLL, { mmd: narrowHair() });
    sandbox.reset();
    sandbox.motion.set(standing, boxStand());
    sandbox.run(12);
    expect(sandbox.motion.state(standing)).toBe('following');
    expect(standing.ragdoll.root.body.isSleeping()).toBe(false);
    expect(standing.mmd!.rigidBodies().some((body) => !body.isSleeping())).toBe(true);
    expect(still.mmd).not.toBeNull();
  });
});
