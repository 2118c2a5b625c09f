import { describe, expect, it } from 'vitest';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { DollSpecError } from '../../renderer/src/physics/doll-spec';
import { GRAB_MIN_HEIGHT } from '../../renderer/src/physics/grab';
import { MAX_PROPS, PROP_SPECS } from '../../renderer/src/physics/props';
import {
  DROP_HEIGHT,
  FALL_GUARD_Y,
  FIXED_STEP,
  MAX_FIGURES,
  MAX_STEPS_PER_FRAME,
  SandboxError,
  SOLVER_ITERATIONS,
  WORLD_SOLVER_ITERATIONS,
} from '../../renderer/src/physics/sandbox';
import { loadRapier } from '../support/rapier';
import { useSandboxes } from '../support/sandboxes';

const sandbox = useSandboxes();

describe('figures', () => {
  it('adds up to six figures, then refuses with a message', async () => {
    const s = await sandbox();
    for (let i = 0; i < MAX_FIGURES; i++) s.addFigure();
    expect(s.figures).toHaveLength(6);
    expect(() => s.addFigure()).toThrow(SandboxError);
    expect(() => s.addFigure()).toThrow(/6 figures/);
    expect(s.figures).toHaveLength(6);
    // Each figure has its own slot: no two pelvises start in the same place.
    const starts = s.figures.map((f) => f.slot.join(','));
    expect(new Set(starts).size).toBe(6);
  });

  it('refuses a broken spec without touching the scene', async () => {
    const s = await sandbox();
    s.addFigure();
    const before = s.world.bodies.len();
    const broken = { ...BOX_DOLL, joints: [{ ...BOX_DOLL.joints[0]!, child: 'nothing' }] };
    expect(() => s.addFigure(broken)).toThrow(DollSpecError);
    expect(s.figures).toHaveLength(1);
    expect(s.world.bodies.len()).toBe(before);
  });

  it('removing a figure removes its bodies and joints from the world and the view list', async () => {
    const s = await sandbox();
    const figure = s.addFigure();
    const version = s.bodiesVersion;
    expect(s.bodies).toHaveLength(11);
    s.removeFigure(figure);
    expect(s.bodies).toHaveLength(0);
    expect(s.bodiesVersion).toBeGreaterThan(version);
    expect(s.world.impulseJoints.len()).toBe(0);
    // What is left is the stage and the fall guard sensor.
    expect(s.world.bodies.len()).toBe(s.stage.boxes.length + 1);
  });

  it('DROP puts every figure back in its rest pose up high; RESET stands it on the floor', async () => {
    const s = await sandbox();
    const figure = s.addFigure();
    s.run(3);
    expect(figure.ragdoll.root.body.translation().y).toBeLessThan(0.5);
    s.drop();
    const dropped = figure.ragdoll.root.body.translation();
    expect(dropped.y).toBeCloseTo(DROP_HEIGHT + BOX_DOLL.parts[0]!.center[1], 5);
    expect(s.measure().meanPoseDeviationRad).toBeCloseTo(0, 5);
    s.addProp('ball');
    s.reset();
    expect(s.props).toHaveLength(0);
    const feet = figure.ragdoll.parts
      .filter((p) => p.spec.name.endsWith('_lo') && p.spec.name.startsWith('leg'))
      .map((p) => p.body.translation().y - 0.16 - 0.055);
    for (const y of feet) expect(y).toBeGreaterThanOrEqual(-1e-6);
    expect(s.measure().maxSpeed).toBe(0);
  });
});

describe('props', () => {
  it('drops balls and boxes 4.5 m above the doll with their materials', async () => {
    const s = await sandbox();
    const figure = s.addFigure();
    const pelvisY = figure.ragdoll.root.body.translation().y;
    const ball = s.addProp('ball');
    const box = s.addProp('box');
    expect(ball.body.translation().y).toBeCloseTo(pelvisY + 4.5, 5);
    expect(ball.collider.radius()).toBeCloseTo(0.3);
    expect(ball.collider.density()).toBe(PROP_SPECS.ball.material.density);
    expect(ball.collider.restitution()).toBeCloseTo(0.55);
    expect(ball.collider.friction()).toBeCloseTo(0.6);
    expect(box.collider.halfExtents()).toMatchObject({ x: 0.25, y: 0.25, z: 0.25 });
    expect(box.body.mass()).toBeCloseTo(0.5 ** 3 * 250, 3);
    expect(box.collider.restitution()).toBeCloseTo(0.1);
    expect(box.collider.friction()).toBeCloseTo(0.8);
  });

  it('keeps at most 12: the 13th removes the oldest', async () => {
    const s = await sandbox();
    const first = s.addProp('ball');
    const second = s.addProp('box');
    for (let i = 2; i < MAX_PROPS; i++) s.addProp(i % 2 ? 'box' : 'ball');
    expect(s.props).toHaveLength(12);
    s.addProp('box');
    expect(s.props).toHaveLength(12);
    expect(s.props).not.toContain(first);
    expect(s.props[0]).toBe(second);
    expect(s.bodyOf(first.body.handle)).toBeUndefined();
    s.clearProps();
    expect(s.props).toHaveLength(0);
    expect(s.bodies).toHaveLength(0);
  });

  it('are grabbable like doll parts', async () => {
    const s = await sandbox();
    const ball = s.addProp('ball');
    const at = ball.body.translation();
    expect(s.grab.start(ball.body.handle, at)).toBe(true);
    expect(s.grab.handle).toBe(ball.body.handle);
    s.run(1, () => s.grab.moveTo({ x: 2, y: 1, z: 0 }));
    expect(Math.abs(ball.body.translation().x - 2)).toBeLessThan(0.1);
  });

  it('a blast pushes props within 4 m and leaves farther ones alone', async () => {
    const s = await sandbox();
    const near = s.addProp('ball');
    const far = s.addProp('ball');
    near.body.setTranslation({ x: 1, y: 0.3, z: 0 }, true);
    far.body.setTranslation({ x: 9, y: 0.3, z: 0 }, true);
    s.blast(8, { x: 0, y: 0, z: 0 });
    expect(near.body.linvel().x).toBeGreaterThan(1);
    expect(Math.hypot(far.body.linvel().x, far.body.linvel().y)).toBe(0);
  });
});

describe('fall guard', () => {
  it('drops a doll again when it falls below −15 m and removes a prop', async () => {
    const s = await sandbox();
    const figure = s.addFigure();
    const prop = s.addProp('box');
    // Carry both off the stage edge: 40 m out and below the guard height.
    for (const part of figure.ragdoll.parts) {
      const p = part.body.translation();
      part.body.setTranslation({ x: p.x + 40, y: p.y + FALL_GUARD_Y - 5, z: p.z }, true);
    }
    prop.body.setTranslation({ x: 40, y: FALL_GUARD_Y - 1, z: 0 }, true);
    const placedBefore = figure.ragdoll.placements;
    s.step();
    // Counted as a re-placement, so an avatar knows to restart its spring bones.
    expect(figure.ragdoll.placements).toBe(placedBefore + 1);
    expect(s.props).toHaveLength(0);
    const root = figure.ragdoll.root.body.translation();
    expect(root.y).toBeGreaterThan(DROP_HEIGHT - 0.1);
    expect(Math.abs(root.x - figure.slot[0])).toBeLessThan(1e-5);
    expect(s.figures).toHaveLength(1);
  });
});

describe('grab', () => {
  it('never pulls below 5 cm and a release keeps the velocity: a throw', async () => {
    const s = await sandbox();
    const figure = s.addFigure();
    s.run(2);
    const torso = figure.ragdoll.parts.find((p) => p.spec.name === 'torso')!.body;
    s.grab.start(torso.handle, torso.translation());
    s.run(0.5, () => s.grab.moveTo({ x: 0, y: -3, z: 0 }));
    // The hand sits at the floor clamp, not 3 m under the floor.
    const hand = { x: 0, y: 0, z: 0 };
    expect(s.grab.readHand(hand)).toBe(true);
    expect(hand.y).toBeCloseTo(GRAB_MIN_HEIGHT, 6);
    expect(torso.translation().y).toBeGreaterThan(0);
    // Now swing it up and sideways fast and let go.
    for (let i = 1; i <= 30; i++) {
      s.grab.moveTo({ x: i * 0.06, y: 1 + i * 0.02, z: 0 });
      s.step();
    }
    s.grab.release();
    expect(s.grab.handle).toBeNull();
    expect(s.grab.lag()).toBeNull();
    const velocity = torso.linvel();
    expect(velocity.x).toBeGreaterThan(2);
    const x0 = torso.translation().x;
    s.run(0.2);
    expect(torso.translation().x).toBeGreaterThan(x0 + 0.2);
    expect(s.grab.readHand(hand)).toBe(false);
  });

  it('lets go when the grabbed body is removed', async () => {
    const s = await sandbox();
    const prop = s.addProp('ball');
    s.grab.start(prop.body.handle, prop.body.translation());
    const bodiesWithHand = s.world.bodies.len();
    s.removeProp(prop);
    expect(s.grab.handle).toBeNull();
    expect(s.world.bodies.len()).toBe(bodiesWithHand - 2);
    s.step();
  });

  it('ignores a handle that is not a part or prop', async () => {
    const s = await sandbox();
    expect(s.grab.start(123456, { x: 0, y: 1, z: 0 })).toBe(false);
  });
});

describe('fixed step and time', () => {
  it('steps 1/120 s with 8 solver iterations and drops backlog beyond 8 steps per frame', async () => {
    const s = await sandbox();
    expect(s.world.timestep).toBeCloseTo(FIXED_STEP);
    // Rapier gives an island the world's count plus its bodies' largest extra: dolls and props
    // ask for the full count themselves (only moving MMD figures run on the world's fewer).
    expect(WORLD_SOLVER_ITERATIONS).toBeLessThan(SOLVER_ITERATIONS);
    const doll = s.addFigure();
    const ball = s.addProp('ball');
    for (const body of [...doll.ragdoll.parts.map((part) => part.body), ball.body]) {
      expect(s.world.numSolverIterations + body.additionalSolverIterations()).toBe(
        SOLVER_ITERATIONS,
      );
    }
    s.removeFigure(doll);
    s.removeProp(ball);
    expect(s.advance(1 / 60)).toBe(2);
    expect(s.advance(1 / 240)).toBe(0);
    expect(s.advance(1 / 240)).toBe(1);
    // A one-second hitch: 8 steps, and the other 112 are dropped, not caught up.
    expect(s.advance(1)).toBe(MAX_STEPS_PER_FRAME);
    expect(s.advance(1 / 240)).toBe(0);
    expect(s.advance(0)).toBe(0);
    expect(s.advance(Number.NaN)).toBe(0);
  });

  it('keeps less than a step left over after a frame that took all 8 steps', async () => {
    const s = await sandbox();
    // A frame of 8.5 steps (about 14 frames a second): the half step left waits for the next.
    expect(s.advance(8.5 * FIXED_STEP)).toBe(MAX_STEPS_PER_FRAME);
    expect(s.advance(0.6 * FIXED_STEP)).toBe(1);
    // A frame of 9.5 steps leaves a step and a half: that is a backlog, and it is dropped.
    expect(s.advance(9.5 * FIXED_STEP)).toBe(MAX_STEPS_PER_FRAME);
    expect(s.advance(0.6 * FIXED_STEP)).toBe(0);
    expect(s.steps).toBe(2 * MAX_STEPS_PER_FRAME + 1);
  });

  it('TIME 0.1 runs ten times slower', async () => {
    const s = await sandbox({ timeScale: 0.1 });
    let steps = 0;
    for (let frame = 0; frame < 60; frame++) steps += s.advance(1 / 60);
    expect(steps).toBe(12);
    s.setTimeScale(5);
    expect(s.timeScale).toBe(1);
    s.setTimeScale(0);
    expect(s.timeScale).toBe(0.1);
  });

  it('clamps STIFFNESS to 0..100 and stays stable at 100 under blasts', async () => {
    const s = await sandbox();
    s.setStiffness(250);
    expect(s.stiffness).toBe(100);
    s.setStiffness(Number.NaN);
    expect(s.stiffness).toBe(0);
    s.setStiffness(100);
    for (let i = 0; i < 6; i++) s.addFigure();
    for (let round = 0; round < 5; round++) {
      s.blast(30);
      s.run(1, () => expect(s.measure().nanCount).toBe(0));
    }
    // Power-30 blasts throw figures some 30 m, to the floor's edge: one landing there may tip
    // off seconds later, fall, be dropped again by the fall guard and land anew, all of which
    // a change anywhere in the trajectories can bring about; 15 s covers that.
    s.run(15);
    expect(s.measure().maxSpeed).toBeLessThan(0.5);
  });

  it('resting dolls fall asleep with STIFFNESS on (the motors do not keep them awake)', async () => {
    const s = await sandbox({ stiffness: 50 });
    const figure = s.addFigure();
    s.run(6);
    expect(figure.ragdoll.parts.every((p) => p.body.isSleeping())).toBe(true);
    // Changing the stiffness wakes them so the new setting takes effect.
    s.setStiffness(80);
    expect(figure.ragdoll.parts.some((p) => !p.body.isSleeping())).toBe(true);
  });
});

describe('reading for the view', () => {
  it('lists every moving body with its shape, and reads transforms without a Rapier object', async () => {
    const s = await sandbox();
    s.addFigure();
    s.addProp('ball');
    expect(s.bodies.map((b) => b.kind)).toEqual([...Array(11).fill('part'), 'prop']);
    const position = { x: 0, y: 0, z: 0 };
    const rotation = { x: 0, y: 0, z: 0, w: 0 };
    const head = s.bodies.find((b) => b.name === 'head')!;
    expect(s.readTransform(head.handle, position, rotation)).toBe(true);
    expect(position.y).toBeCloseTo(DROP_HEIGHT + 0.67, 5);
    expect(rotation.w).toBeCloseTo(1);
    expect(s.readTransform(987654, position, rotation)).toBe(false);
  });

  it('describes the stage as data: floor, slope, six stairs and a wall', async () => {
    const s = await sandbox();
    const roles = s.stage.boxes.map((b) => b.role);
    expect(roles.filter((r) => r === 'stair')).toHaveLength(6);
    expect(roles).toContain('floor');
    expect(roles).toContain('slope');
    expect(roles).toContain('wall');
    const floor = s.stage.boxes.find((b) => b.role === 'floor')!;
    expect(floor.halfExtents[0] * 2).toBe(60);
    expect(floor.center[1] + floor.halfExtents[1]).toBeCloseTo(0);
    // The slope rises toward −Z at 0.38 rad: a ray down onto its far end hits higher.
    const rapier = await loadRapier();
    s.step(); // scene queries see colliders after the first step
    const hitHeight = (z: number) => {
      const hit = s.world.castRay(
        new rapier.Ray({ x: 0, y: 20, z }, { x: 0, y: -1, z: 0 }),
        40,
        true,
      );
      return 20 - hit!.timeOfImpact;
    };
    const near = hitHeight(-3.5);
    const far = hitHeight(-5.5);
    expect(far).toBeGreaterThan(near);
    expect(Math.atan2(far - near, 2)).toBeCloseTo(0.38, 2);
    // Six stairs 0.2 m high and 0.7 m deep, rising toward +X; the wall stands toward −X.
    const stairs = s.stage.boxes.filter((b) => b.role === 'stair');
    stairs.forEach((stair, i) => {
      expect(stair.center[1] + stair.halfExtents[1]).toBeCloseTo(0.2 * (i + 1));
      expect(stair.halfExtents[0] * 2).toBeCloseTo(0.7);
      expect(stair.center[0]).toBeGreaterThan(0);
    });
    expect(s.stage.boxes.find((b) => b.role === 'wall')!.center[0]).toBeLessThan(0);
  });
});
