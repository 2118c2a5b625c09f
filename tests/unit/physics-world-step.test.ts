/**
 * `stepWorld`: the sandbox's world step without `World.step`'s soft-body bookkeeping. With the
 * real Rapier WASM, two identical worlds, one stepped by `world.step()` and one by
 * `stepWorld`, stay bit for bit the same, also across a body removed mid-run, and the removed
 * body's wrappers (its collider, its joint) are gone either way.
 */
import { describe, expect, it } from 'vitest';
import type { RapierApi, World } from '../../renderer/src/physics/rapier-api';
import { stepWorld } from '../../renderer/src/physics/world-step';
import { loadRapier } from '../support/rapier';

/** A floor, a chain of five capsules hung by ball joints and three boxes dropped onto it. */
function buildWorld(RAPIER: RapierApi): { world: World; middle: number; middleJoints: number[] } {
  const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
  world.createCollider(RAPIER.ColliderDesc.cuboid(10, 0.1, 10).setTranslation(0, -0.1, 0));
  let previous = null as ReturnType<World['createRigidBody']> | null;
  let middle = -1;
  const middleJoints: number[] = [];
  for (let i = 0; i < 5; i++) {
    const body = world.createRigidBody(
      RAPIER.RigidBodyDesc.dynamic()
        .setTranslation(0.3 * i, 2, 0.1 * i)
        .setCcdEnabled(true),
    );
    world.createCollider(RAPIER.ColliderDesc.capsule(0.1, 0.05), body);
    if (previous) {
      const joint = RAPIER.JointData.spherical({ x: 0.15, y: 0, z: 0 }, { x: -0.15, y: 0, z: 0 });
      const made = world.createImpulseJoint(joint, previous, body, true);
      if (i === 2 || i === 3) middleJoints.push(made.handle);
    }
    if (i === 2) middle = body.handle;
    previous = body;
  }
  for (let i = 0; i < 3; i++) {
    const box = world.createRigidBody(
      RAPIER.RigidBodyDesc.dynamic()
        .setTranslation(0.2 * i, 3 + i, -0.2)
        .setAngvel({ x: i, y: 1, z: 0 }),
    );
    world.createCollider(RAPIER.ColliderDesc.cuboid(0.1, 0.1, 0.1), box);
  }
  return { world, middle, middleJoints };
}

/** Every body's position and rotation, in handle order. */
function poses(world: World): number[] {
  const out: number[] = [];
  world.bodies.forEach((body) => {
    const p = body.translation();
    const q = body.rotation();
    out.push(body.handle, p.x, p.y, p.z, q.x, q.y, q.z, q.w);
  });
  return out;
}

describe('stepWorld', () => {
  it('moves every body exactly as world.step() does, across a removal', async () => {
    const RAPIER = await loadRapier();
    const { world: stepped } = buildWorld(RAPIER);
    const { world: ours, middle, middleJoints } = buildWorld(RAPIER);
    try {
      for (let i = 0; i < 120; i++) {
        stepped.step();
        stepWorld(ours);
      }
      expect(poses(ours)).toEqual(poses(stepped));
      // Something has happened: the chain and boxes have fallen onto the floor.
      expect(ours.bodies.get(middle)!.translation().y).toBeLessThan(1);

      // Take out the middle of the chain (a body with a collider and two joints).
      const removed = ours.bodies.get(middle)!;
      const collider = removed.collider(0).handle;
      expect(middleJoints.map((j) => ours.impulseJoints.get(j) !== null)).toEqual([true, true]);
      stepped.removeRigidBody(stepped.bodies.get(middle)!);
      ours.removeRigidBody(removed);
      for (let i = 0; i < 120; i++) {
        stepped.step();
        stepWorld(ours);
      }
      expect(poses(ours)).toEqual(poses(stepped));
      expect(ours.bodies.get(middle)).toBeNull();
      expect(ours.colliders.get(collider)).toBeNull();
      for (const joint of middleJoints) expect(ours.impulseJoints.get(joint)).toBeNull();
      expect(ours.bodies.len()).toBe(stepped.bodies.len());
      expect(ours.colliders.len()).toBe(stepped.colliders.len());
    } finally {
      stepped.free();
      ours.free();
    }
  });
});
