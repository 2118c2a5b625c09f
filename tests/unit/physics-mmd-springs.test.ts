import { describe, expect, it } from 'vitest';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { MMD_MASS_SHARE } from '../../renderer/src/physics/mmd/dynamic-body';
import { springRates } from '../../renderer/src/physics/mmd/spring-rates';
import type { RapierApi, RigidBody } from '../../renderer/src/physics/rapier-api';
import { quat, quatFromAxisAngle, vec3 } from '../../renderer/src/physics/vector-math';
import { hairChainSpec } from '../support/mmd-physics-specs';
import { loadRapier } from '../support/rapier';
import { useSandboxes } from '../support/sandboxes';

/**
 * The one spring unit (see `spring-rates.ts`): the file's force-based constant k runs as an
 * acceleration-based rate ω² = k / I of the FILE's masses, so scaling a model's masses (the
 * physics does, to a share of the ragdoll) changes nothing of its own motion.
 */

const makeSandbox = useSandboxes();

/** A capsule (half height h, radius r, along local Y) of `mass` kg, unrotated, in a fresh world. */
function capsuleBody(rapier: RapierApi, mass: number): RigidBody {
  const world = new rapier.World(vec3(0, 0, 0));
  const body = world.createRigidBody(rapier.RigidBodyDesc.dynamic());
  world.createCollider(rapier.ColliderDesc.capsule(0.1, 0.02).setMass(mass), body);
  return body;
}

describe('spring rates: ω² = k / I of the file’s masses', () => {
  it('angular: k over the inertia about the joint axis; linear: k over the mass', async () => {
    const rapier = await loadRapier();
    const body = capsuleBody(rapier, 2);
    const inertia = body.principalInertia(vec3());
    const side = { body, rotation: quat(), fileMassScale: 1 };
    const fixed = { body, rotation: quat(), fileMassScale: 'infinite' as const };
    const rates = springRates([4, 0, 0, 3, 3, 3], quat(), fixed, side);
    expect(rates[0]).toBeCloseTo(4 / 2, 9);
    expect(rates[1]).toBe(0);
    expect(rates[3]! / (3 / inertia.x)).toBeCloseTo(1, 5);
    expect(rates[4]! / (3 / inertia.y)).toBeCloseTo(1, 5);
    // A joint frame turned 90° about Z: its X axis is the capsule's long (Y) axis.
    const turned = quatFromAxisAngle(vec3(0, 0, 1), Math.PI / 2, quat());
    expect(springRates([0, 0, 0, 3, 0, 0], turned, fixed, side)[3]! / (3 / inertia.y)).toBeCloseTo(
      1,
      4,
    );
    // Two dynamic sides share the spring: the reduced inertia is half.
    expect(springRates([0, 0, 0, 3, 0, 0], quat(), side, side)[3]! / rates[3]!).toBeCloseTo(2, 9);
  });

  it('uses the file’s mass, not the normalised one: a body scaled ×0.1 with fileMassScale 10 has the same rates', async () => {
    const rapier = await loadRapier();
    const k = [5, 5, 5, 0.2, 0.2, 0.2];
    const fixed = {
      body: capsuleBody(rapier, 1),
      rotation: quat(),
      fileMassScale: 'infinite' as const,
    };
    const file = springRates(k, quat(), fixed, {
      body: capsuleBody(rapier, 2),
      rotation: quat(),
      fileMassScale: 1,
    });
    const scaled = springRates(k, quat(), fixed, {
      body: capsuleBody(rapier, 0.2),
      rotation: quat(),
      fileMassScale: 10,
    });
    for (let axis = 0; axis < 6; axis++) expect(scaled[axis]! / file[axis]!).toBeCloseTo(1, 5);
  });
});

describe('mass normalisation keeps the model’s own motion', () => {
  /** The hair chain's tip height every 0.1 s for 3 s after a sideways swing, figure pinned. */
  async function swing(
    mass: number,
    stiffness: number,
  ): Promise<{ tips: number[]; scale: number; ragdollMass: number }> {
    const rapier = await loadRapier();
    const sandbox = await makeSandbox({ seed: 5 });
    const figure = sandbox.addFigure(BOX_DOLL, { mmd: hairChainSpec({ mass, stiffness }) });
    sandbox.reset();
    for (const part of figure.ragdoll.parts)
      part.body.setBodyType(rapier.RigidBodyType.Fixed, true);
    for (const mmd of figure.mmd!.rigidBodies()) mmd.setLinvel(vec3(3, 0, 0), true);
    const tip = figure.mmd!.rigidBodies().at(-1)!;
    const tips: number[] = [];
    for (let i = 0; i < 30; i++) {
      sandbox.run(0.1);
      tips.push(tip.translation().x);
    }
    const ragdollMass = figure.ragdoll.parts.reduce((sum, part) => sum + part.body.mass(), 0);
    return { tips, scale: figure.mmd!.massScale, ragdollMass };
  }

  it('the total dynamic mass is the share of the ragdoll’s; a model with masses and springs ×10 moves the same', async () => {
    const light = await swing(0.1, 0.01);
    const heavy = await swing(1, 0.1);
    const ragdollMass = light.ragdollMass;
    // 10 links of 0.1 kg scaled to the share of the ragdoll.
    expect(light.scale * 10 * 0.1).toBeCloseTo(MMD_MASS_SHARE * ragdollMass, 3);
    expect(heavy.scale * 10).toBeCloseTo(light.scale, 9);
    const worst = Math.max(...light.tips.map((x, i) => Math.abs(x - heavy.tips[i]!)));
    expect(Math.max(...light.tips) - Math.min(...light.tips)).toBeGreaterThan(0.05); // it swung
    expect(worst).toBeLessThan(1e-4);
  });
});

describe('welded bodies carried by their part', () => {
  it('weigh their scaled mass on the part; follow bodies weigh nothing', async () => {
    const chain = hairChainSpec({ links: 3, mass: 0.4 });
    // The first link carried as the rig carries a welded one, once marked welded and once not.
    const carried = (welded: boolean) => ({
      ...chain,
      bodies: chain.bodies.map((body, i) =>
        i === 1 ? { ...body, motion: 'follow' as const, part: 'head', welded } : body,
      ),
    });
    const headMass = async (welded: boolean) => {
      const sandbox = await makeSandbox();
      const figure = sandbox.addFigure(BOX_DOLL, { mmd: carried(welded) });
      const head = figure.ragdoll.parts.find((part) => part.spec.name === 'head')!;
      return { mass: head.body.mass(), scale: figure.mmd!.massScale };
    };
    const plain = await headMass(false);
    const welded = await headMass(true);
    expect(welded.scale).toBe(plain.scale);
    expect(welded.mass - plain.mass).toBeCloseTo(0.4 * welded.scale, 6);
    expect(welded.mass - plain.mass).toBeGreaterThan(0.01);
  });
});
