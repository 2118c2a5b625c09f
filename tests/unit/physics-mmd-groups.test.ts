import { describe, expect, it } from 'vitest';
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import { MmdBodies } from '../../renderer/src/physics/mmd/mmd-bodies';
import type { MmdBodySpec, MmdPhysicsSpec } from '../../renderer/src/physics/mmd/mmd-physics-spec';
import { Ragdoll } from '../../renderer/src/physics/ragdoll';
import type { RapierApi } from '../../renderer/src/physics/rapier-api';
import { vec3 } from '../../renderer/src/physics/vector-math';
import { mmdBody } from '../support/mmd-physics-specs';
import { loadRapier, useWorlds } from '../support/rapier';

/**
 * PMX collision groups and masks on the real Rapier WASM: a plate lies on a floor and a ball is
 * dropped onto it from 0.5 m; the ball either rests on the plate or passes through to the
 * floor. The figure is a two-part "ragdoll": an anchor far away (fixed) and a slab on the
 * floor beside the plate, which is a ragdoll part and so takes its MMD group from `partGroups`.
 */

const BALL_RADIUS = 0.05;
const PLATE_TOP = 0.1;
const ANCHOR_AT = vec3(5, 1, 5);
/** Doll-space position of a world point (the anchor part sits unrotated at ANCHOR_AT, centred on the doll origin). */
const doll = (x: number, y: number, z: number) =>
  [x - ANCHOR_AT.x, y - ANCHOR_AT.y, z - ANCHOR_AT.z] as const;

const TWO_PARTS: DollSpec = {
  name: 'group test',
  parts: [
    { name: 'anchor', shape: { kind: 'box', halfExtents: [0.05, 0.05, 0.05] }, center: [0, 0, 0] },
    {
      name: 'slab',
      shape: { kind: 'box', halfExtents: [0.3, PLATE_TOP / 2, 0.3] },
      center: doll(2, PLATE_TOP / 2, 0),
    },
  ],
  joints: [],
  rootPart: 'anchor',
};

const worlds = useWorlds();

function plate(group: number, collisionMask: number): MmdBodySpec {
  return mmdBody({
    name: 'plate',
    motion: 'dynamic',
    part: 'anchor',
    shape: { kind: 'box', halfExtents: [0.3, PLATE_TOP / 2, 0.3] },
    position: doll(0, PLATE_TOP / 2, 0),
    group,
    collisionMask,
  });
}

function ball(group: number, collisionMask: number, x = 0): MmdBodySpec {
  return mmdBody({
    name: 'ball',
    motion: 'dynamic',
    part: 'anchor',
    shape: { kind: 'sphere', radius: BALL_RADIUS },
    position: doll(x, 0.6, 0),
    group,
    collisionMask,
  });
}

/** Builds the scene, runs 1.5 s and returns where the ball and the plate ended (heights, m). */
function drop(rapier: RapierApi, spec: MmdPhysicsSpec): { ball: number; plate: number | null } {
  const world = new rapier.World(vec3(0, -9.81, 0));
  world.timestep = 1 / 120;
  worlds.push(world);
  const floor = world.createRigidBody(rapier.RigidBodyDesc.fixed().setTranslation(0, -0.5, 0));
  world.createCollider(rapier.ColliderDesc.cuboid(20, 0.5, 20), floor);
  const ragdoll = new Ragdoll(rapier, world, TWO_PARTS, {
    position: ANCHOR_AT,
    rotation: { x: 0, y: 0, z: 0, w: 1 },
  });
  ragdoll.root.body.setBodyType(rapier.RigidBodyType.Fixed, false);
  const mmd = new MmdBodies(rapier, world, spec, ragdoll);
  for (let i = 0; i < 180; i++) world.step();
  const at = vec3();
  const ballIndex = spec.bodies.findIndex((body) => body.name === 'ball');
  const plateIndex = spec.bodies.findIndex((body) => body.name === 'plate');
  mmd.readBody(ballIndex, at, { x: 0, y: 0, z: 0, w: 1 });
  const ballY = at.y;
  if (plateIndex < 0) return { ball: ballY, plate: null };
  mmd.readBody(plateIndex, at, { x: 0, y: 0, z: 0, w: 1 });
  return { ball: ballY, plate: at.y };
}

const ON_PLATE = PLATE_TOP + BALL_RADIUS;
const ON_FLOOR = BALL_RADIUS;

describe('MMD collision groups: a set mask bit means "collides with that group"', () => {
  it('fffe on group 0: two group-0 bodies pass through each other', async () => {
    const result = drop(await loadRapier(), {
      bodies: [plate(0, 0xfffe), ball(0, 0xfffe)],
      joints: [],
    });
    expect(result.ball).toBeCloseTo(ON_FLOOR, 2);
  });

  it('different groups with each other’s bits set collide', async () => {
    const result = drop(await loadRapier(), {
      bodies: [plate(0, 0xffff), ball(1, 0xffff)],
      joints: [],
    });
    expect(result.ball).toBeCloseTo(ON_PLATE, 2);
  });

  it('one side clearing the other’s bit is enough to pass', async () => {
    const rapier = await loadRapier();
    const ballIgnores = drop(rapier, { bodies: [plate(0, 0xffff), ball(1, 0xfffe)], joints: [] });
    const plateIgnores = drop(rapier, { bodies: [plate(0, 0xfffd), ball(1, 0xffff)], joints: [] });
    expect(ballIgnores.ball).toBeCloseTo(ON_FLOOR, 2);
    expect(plateIgnores.ball).toBeCloseTo(ON_FLOOR, 2);
  });

  it('mask 0 collides with nothing: other bodies pass through it, and it falls through the stage', async () => {
    const result = drop(await loadRapier(), {
      bodies: [plate(0, 0), ball(1, 0xffff, 1)],
      joints: [],
    });
    expect(result.plate!).toBeLessThan(-1);
    // A group-1 body with every bit set still lands on the stage (the stage is in every group).
    expect(result.ball).toBeCloseTo(ON_FLOOR, 2);
  });

  it('ragdoll parts join the MMD group partGroups gives them, and masks decide against it', async () => {
    const rapier = await loadRapier();
    const onSlab = (mask: number, partGroup: number) =>
      drop(rapier, {
        bodies: [ball(1, mask, 2)],
        joints: [],
        partGroups: { slab: partGroup, anchor: partGroup },
      });
    expect(onSlab(0xffff, 3).ball).toBeCloseTo(ON_PLATE, 2);
    expect(onSlab(0xffff & ~(1 << 3), 3).ball).toBeCloseTo(ON_FLOOR, 2);
    expect(onSlab(0xffff & ~(1 << 3), 4).ball).toBeCloseTo(ON_PLATE, 2);
  });

  it('without partGroups, parts join the group most follow bodies are in', async () => {
    const rapier = await loadRapier();
    const follower = (group: number) =>
      mmdBody({
        name: `f${group}`,
        motion: 'follow',
        part: 'anchor',
        shape: { kind: 'sphere', radius: 0.01 },
        position: [0, 0, 0],
        group,
      });
    const spec = (mask: number): MmdPhysicsSpec => ({
      bodies: [follower(2), follower(5), follower(5), ball(1, mask, 2)],
      joints: [],
    });
    expect(drop(rapier, spec(0xffff & ~(1 << 5))).ball).toBeCloseTo(ON_FLOOR, 2);
    expect(drop(rapier, spec(0xffff & ~(1 << 2))).ball).toBeCloseTo(ON_PLATE, 2);
  });
});
