/**
 * JointProjection on the real Rapier WASM: a joint torn open while the doll moves fast is
 * closed again (the limb beyond it carried along), and a doll at rest is left alone.
 */
import { describe, expect, it } from 'vitest';
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import type { HeldBodies } from '../../renderer/src/physics/joint-projection';
import {
  JointProjection,
  PROJECTION_AFTER_S,
  PROJECTION_TOLERANCE,
} from '../../renderer/src/physics/joint-projection';
import { maxJointGap } from '../../renderer/src/physics/measurements';
import { Ragdoll, uprightAt } from '../../renderer/src/physics/ragdoll';
import { loadRapier, useWorlds } from '../support/rapier';

/** A three-part chain hanging down: body, upper arm, forearm (a limb beyond a joint). */
const CHAIN: DollSpec = {
  name: 'chain',
  rootPart: 'body',
  parts: [
    { name: 'body', shape: { kind: 'box', halfExtents: [0.15, 0.2, 0.1] }, center: [0, 0, 0] },
    {
      name: 'upper',
      shape: { kind: 'capsule', halfHeight: 0.1, radius: 0.04 },
      center: [0, -0.35, 0],
    },
    {
      name: 'fore',
      shape: { kind: 'capsule', halfHeight: 0.1, radius: 0.04 },
      center: [0, -0.63, 0],
    },
  ],
  joints: [
    // Listed limb-first on purpose: the projection must still work from the root outward.
    { name: 'elbow', kind: 'spherical', parent: 'upper', child: 'fore', anchor: [0, -0.49, 0] },
    { name: 'shoulder', kind: 'spherical', parent: 'body', child: 'upper', anchor: [0, -0.21, 0] },
  ],
};
const STEP = 1 / 120;
const NOBODY_HELD: HeldBodies = { grabbed: null, isPinned: () => false, pinCount: 0 };

const worlds = useWorlds();

async function chain(): Promise<Ragdoll> {
  const rapier = await loadRapier();
  const world = new rapier.World({ x: 0, y: 0, z: 0 });
  worlds.push(world);
  return new Ragdoll(rapier, world, CHAIN, uprightAt(0, 2, 0));
}

function tearShoulder(doll: Ragdoll, by: number): void {
  const upper = doll.parts[1]!.body;
  const fore = doll.parts[2]!.body;
  for (const body of [upper, fore]) {
    const at = body.translation();
    body.setTranslation({ x: at.x + by, y: at.y, z: at.z }, true);
  }
}

describe('JointProjection', () => {
  it('closes a torn joint of a fast doll and carries the limb beyond it', async () => {
    const doll = await chain();
    const projection = new JointProjection(doll, STEP);
    for (const part of doll.parts) part.body.setLinvel({ x: 0, y: -8, z: 0 }, true);
    tearShoulder(doll, 0.05);
    expect(maxJointGap([doll])).toBeCloseTo(0.05, 4);
    // The upper arm back onto the shoulder, then the forearm onto the elbow it carried away.
    expect(projection.update(NOBODY_HELD)).toBe(2);
    expect(maxJointGap([doll])).toBeLessThan(1e-6);
    // Velocities are left as they were.
    expect(doll.parts[2]!.body.linvel().y).toBeCloseTo(-8, 6);
  });

  it('leaves gaps within the tolerance alone', async () => {
    const doll = await chain();
    const projection = new JointProjection(doll, STEP);
    doll.root.body.setLinvel({ x: 0, y: -8, z: 0 }, true);
    tearShoulder(doll, PROJECTION_TOLERANCE * 0.5);
    expect(projection.update(NOBODY_HELD)).toBe(0);
  });

  it('checks joints for a second after the root slows down, then no more', async () => {
    const doll = await chain();
    const projection = new JointProjection(doll, STEP);
    doll.root.body.setLinvel({ x: 0, y: -8, z: 0 }, true);
    projection.update(NOBODY_HELD);
    doll.root.body.setLinvel({ x: 0, y: 0, z: 0 }, true);
    const steps = Math.round(PROJECTION_AFTER_S / STEP);
    for (let i = 0; i < steps - 1; i++) projection.update(NOBODY_HELD);
    tearShoulder(doll, 0.05);
    expect(projection.update(NOBODY_HELD)).toBe(2);
    for (let i = 0; i < 5; i++) projection.update(NOBODY_HELD);
    tearShoulder(doll, 0.05);
    expect(projection.update(NOBODY_HELD)).toBe(0);
    expect(maxJointGap([doll])).toBeCloseTo(0.05, 4);
  });

  it('checks a slow doll in each of the next steps when told to (a blast), then idles again', async () => {
    const doll = await chain();
    const projection = new JointProjection(doll, STEP);
    // Past the first drop's watch: a doll at rest is checked only now and then.
    const watch = Math.round(PROJECTION_AFTER_S / STEP);
    for (let i = 0; i < watch + 10; i++) projection.update(NOBODY_HELD);
    const checkedSteps = (steps: number): number => {
      let checked = 0;
      for (let i = 0; i < steps; i++) {
        projection.update(NOBODY_HELD);
        if (projection.rotationsThisStep() !== null) checked++;
      }
      return checked;
    };
    expect(checkedSteps(12)).toBeLessThan(12);
    projection.checkNextSteps(12);
    tearShoulder(doll, 0.05);
    expect(projection.update(NOBODY_HELD)).toBe(2);
    expect(checkedSteps(11)).toBe(11);
    expect(checkedSteps(24)).toBeLessThan(24);
  });

  it('leaves a figure alone while a person holds one of its parts (grabbed or pinned)', async () => {
    const doll = await chain();
    const projection = new JointProjection(doll, STEP);
    const fore = doll.parts[2]!.body;
    for (const part of doll.parts) part.body.setLinvel({ x: 0, y: -8, z: 0 }, true);
    tearShoulder(doll, 0.05);
    expect(projection.update({ grabbed: fore, isPinned: () => false, pinCount: 0 })).toBe(0);
    const pinned: HeldBodies = {
      grabbed: null,
      isPinned: (handle) => handle === fore.handle,
      pinCount: 1,
    };
    expect(projection.update(pinned)).toBe(0);
    expect(maxJointGap([doll])).toBeCloseTo(0.05, 4);
    // Let go, the same tear is closed.
    expect(projection.update(NOBODY_HELD)).toBe(2);
  });
});
