import { describe, expect, it } from 'vitest';
import type { RapierApi, RigidBody, World } from '../../renderer/src/physics/rapier-api';
import { axisMode, createMmdJoint } from '../../renderer/src/physics/mmd/mmd-joint';
import type { MmdSpringModel } from '../../renderer/src/physics/mmd/mmd-joint';
import type { MmdJointSpec } from '../../renderer/src/physics/mmd/mmd-physics-spec';
import type { QuatLike, Vec3Like } from '../../renderer/src/physics/vector-math';
import {
  conjugateQuat,
  multiplyQuat,
  quat,
  quatFromAxisAngle,
  rotateVec,
  vec3,
} from '../../renderer/src/physics/vector-math';
import { mmdJoint, rapierDamping } from '../support/mmd-physics-specs';
import { loadRapier, useWorlds } from '../support/rapier';

/**
 * MMD 6-DOF spring joints on the real Rapier WASM, one pendulum at a time: a fixed anchor
 * body at (0, 2, 0) and a 1 kg capsule hanging 0.2 m below it, joined at the anchor.
 */

const ANCHOR = vec3(0, 2, 0);
const HANG = 0.2;
const STEP = 1 / 120;
const DEG = Math.PI / 180;

interface Pendulum {
  readonly world: World;
  readonly bob: RigidBody;
  readonly frame: QuatLike;
}

const worlds = useWorlds();

function pendulum(
  rapier: RapierApi,
  joint: Partial<Omit<MmdJointSpec, 'name' | 'bodyA' | 'bodyB' | 'position'>>,
  options: { gravity?: number; springModel?: MmdSpringModel; damping?: number; mass?: number } = {},
): Pendulum {
  const world = new rapier.World(vec3(0, options.gravity ?? -9.81, 0));
  world.timestep = STEP;
  world.numSolverIterations = 8;
  worlds.push(world);
  const anchor = world.createRigidBody(
    rapier.RigidBodyDesc.fixed().setTranslation(ANCHOR.x, ANCHOR.y, ANCHOR.z),
  );
  world.createCollider(rapier.ColliderDesc.ball(0.02), anchor);
  const bob = world.createRigidBody(
    rapier.RigidBodyDesc.dynamic()
      .setTranslation(ANCHOR.x, ANCHOR.y - HANG, ANCHOR.z)
      .setLinearDamping(options.damping ?? 0)
      .setAngularDamping(options.damping ?? 0),
  );
  world.createCollider(rapier.ColliderDesc.capsule(0.15, 0.03).setMass(options.mass ?? 1), bob);
  const spec = mmdJoint({ name: 'test', bodyA: 0, bodyB: 1, position: [0, 2, 0], ...joint });
  createMmdJoint(
    rapier,
    world,
    spec,
    { body: anchor, position: ANCHOR, rotation: quat() },
    { body: bob, position: vec3(0, ANCHOR.y - HANG, 0), rotation: quat() },
    options.springModel,
  );
  const [x, y, z, w] = spec.rotation;
  return { world, bob, frame: quat(x, y, z, w) };
}

const scratch = quat();
const frameInverse = quat();

/** The bob's rotation away from rest, expressed in the joint frame. */
function relativeRotation(p: Pendulum, out: QuatLike): QuatLike {
  p.bob.rotation(scratch);
  conjugateQuat(p.frame, frameInverse);
  multiplyQuat(frameInverse, scratch, out);
  return multiplyQuat(out, p.frame, out);
}

/** The twist angle (radians) of the bob's rotation about joint-frame axis 0, 1 or 2. */
function angleAbout(p: Pendulum, axis: 0 | 1 | 2): number {
  const q = relativeRotation(p, quat());
  const component = [q.x, q.y, q.z][axis]!;
  const sign = q.w < 0 ? -1 : 1;
  return 2 * Math.atan2(sign * component, sign * q.w);
}

/** Turns the bob about the anchor by `angle` radians about the joint-frame axis. */
function displace(p: Pendulum, axis: 0 | 1 | 2, angle: number): void {
  const local = vec3(axis === 0 ? 1 : 0, axis === 1 ? 1 : 0, axis === 2 ? 1 : 0);
  const world = rotateVec(p.frame, local, vec3());
  const turn = quatFromAxisAngle(world, angle, quat());
  const arm = rotateVec(turn, vec3(0, -HANG, 0), vec3());
  p.bob.setTranslation(vec3(ANCHOR.x + arm.x, ANCHOR.y + arm.y, ANCHOR.z + arm.z), true);
  p.bob.setRotation(turn, true);
}

/** Distance between the joint point on the anchor and on the bob (metres). */
function jointGap(p: Pendulum): number {
  const position = p.bob.translation(vec3());
  const rotation = p.bob.rotation(quat());
  const end = rotateVec(rotation, vec3(0, HANG, 0), vec3());
  return Math.hypot(
    position.x + end.x - ANCHOR.x,
    position.y + end.y - ANCHOR.y,
    position.z + end.z - ANCHOR.z,
  );
}

function run(p: Pendulum, seconds: number, each?: (step: number) => void): void {
  const steps = Math.round(seconds / STEP);
  for (let i = 0; i < steps; i++) {
    p.world.step();
    each?.(i);
  }
}

const FREE = { angularMin: [1, 1, 1] as const, angularMax: [-1, -1, -1] as const };

describe('joint axis modes from the file’s min and max', () => {
  it('0..0 is locked, min ≤ max limited, min > max free', () => {
    expect(axisMode(0, 0)).toBe('locked');
    expect(axisMode(-0.5, 0.5)).toBe('limited');
    expect(axisMode(0.2, 0.2)).toBe('limited');
    expect(axisMode(1, -1)).toBe('free');
  });
});

describe('per-axis springs pull toward the rest pose only where the file has a spring', () => {
  it('a spring about Z returns the bob; no spring about X (free or limited) leaves it', async () => {
    const rapier = await loadRapier();
    // Damped like an MMD hair body (Bullet share 0.9), as springs in the files rely on.
    const damping = rapierDamping(0.9);
    /** The bob's turn about `axis` 3 s after it was turned 0.5 rad about it, radians. */
    const endAfterTurn = (joint: Parameters<typeof pendulum>[1], axis: 0 | 1 | 2): number => {
      const p = pendulum(rapier, joint, { gravity: 0, damping });
      displace(p, axis, 0.5);
      run(p, 3);
      return angleAbout(p, axis);
    };
    const springEnd = endAfterTurn({ ...FREE, angularStiffness: [0, 0, 30] }, 2);
    const freeEnd = endAfterTurn({ ...FREE, angularStiffness: [0, 0, 30] }, 0);
    const limitedEnd = endAfterTurn(
      { angularMin: [-1, 0, 0], angularMax: [1, 0, 0], angularStiffness: [0, 0, 30] },
      0,
    );
    // Within 3°: Rapier lets a body that has crept below its sleep threshold for 2 s fall asleep.
    expect(Math.abs(springEnd)).toBeLessThan(0.05);
    expect(freeEnd).toBeCloseTo(0.5, 2);
    expect(limitedEnd).toBeCloseTo(0.5, 2);
  });

  it('the default spring moves a 10 g and a 1 kg bob alike when k / I is the same (k ∝ mass)', async () => {
    const rapier = await loadRapier();
    // ω² = k / I: the same shape 100 times lighter with a spring 100 times softer.
    const traces = [
      [0.01, 0.003],
      [1, 0.3],
    ].map(([mass, k]) => {
      const p = pendulum(
        rapier,
        { ...FREE, angularStiffness: [0, 0, k!] },
        { gravity: 0, damping: rapierDamping(0.5), mass: mass! },
      );
      displace(p, 2, 0.5);
      const angles: number[] = [];
      run(p, 1, (step) => {
        if (step % 12 === 11) angles.push(angleAbout(p, 2));
      });
      return angles;
    });
    const worst = Math.max(...traces[0]!.map((angle, i) => Math.abs(angle - traces[1]![i]!)));
    expect(Math.abs(traces[1]!.at(-1)!)).toBeLessThan(0.25); // it really pulled back
    expect(worst).toBeLessThan(0.01);
  });

  it('a translation spring pulls a displaced bob back along its free axis; locked axes hold it', async () => {
    const rapier = await loadRapier();
    const p = pendulum(
      rapier,
      { linearMin: [0, 0, 0], linearMax: [0, 0.5, 0], linearStiffness: [0, 100, 0], ...FREE },
      { gravity: 0 },
    );
    p.bob.setTranslation(vec3(ANCHOR.x, ANCHOR.y - HANG + 0.3, ANCHOR.z), true);
    run(p, 3);
    const position = p.bob.translation(vec3());
    expect(Math.abs(position.y - (ANCHOR.y - HANG))).toBeLessThan(0.02);
    expect(Math.hypot(position.x, position.z)).toBeLessThan(1e-3);
  });
});

describe('locked translation', () => {
  it('holds the joint gap under 1 mm while the bob swings and is kicked', async () => {
    const rapier = await loadRapier();
    const p = pendulum(rapier, FREE);
    let gap = 0;
    run(p, 4, (step) => {
      if (step % 60 === 0) p.bob.applyImpulse(vec3(3, 1, -2), true);
      gap = Math.max(gap, jointGap(p));
    });
    expect(gap).toBeLessThan(1e-3);
  });
});

/** Kicks the bob about a world axis every quarter second, alternating sign; returns min/max twist. */
function kickAbout(
  p: Pendulum,
  axis: Vec3Like,
  impulse: number,
  seconds: number,
): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  let sign = 1;
  run(p, seconds, (step) => {
    if (step % 30 === 0) {
      p.bob.applyTorqueImpulse(
        vec3(axis.x * impulse * sign, axis.y * impulse * sign, axis.z * impulse * sign),
        true,
      );
      sign = -sign;
    }
    const angle = angleAbout(p, 0);
    min = Math.min(min, angle);
    max = Math.max(max, angle);
  });
  return [min, max];
}

describe('angular limits', () => {
  const quarter = {
    angularMin: [0, 0, 0] as const,
    angularMax: [Math.PI / 2, 0, 0] as const,
  };

  it('0..90° about X holds within a few degrees under hard kicks', async () => {
    const rapier = await loadRapier();
    const p = pendulum(rapier, quarter);
    const [min, max] = kickAbout(p, vec3(1, 0, 0), 0.5, 6);
    expect(max).toBeGreaterThan(80 * DEG); // the kicks really reach the limit
    expect(max).toBeLessThan(95 * DEG);
    expect(min).toBeGreaterThan(-5 * DEG);
  });

  it('a joint frame turned 45° about Y limits about its own X axis, not the world’s', async () => {
    const rapier = await loadRapier();
    const turned = quatFromAxisAngle(vec3(0, 1, 0), Math.PI / 4, quat());
    const p = pendulum(rapier, { ...quarter, rotation: [turned.x, turned.y, turned.z, turned.w] });
    const frameX = rotateVec(turned, vec3(1, 0, 0), vec3());
    // Kick about the world X axis: the bob may only turn about the frame's X, (0.71, 0, −0.71).
    let worstAxis = 1;
    const [min, max] = kickAbout(p, vec3(1, 0, 0), 0.5, 6);
    run(p, 0.5);
    p.bob.applyTorqueImpulse(vec3(0.3, 0, 0), true);
    run(p, 2, () => {
      const q = p.bob.rotation(quat());
      const sin = Math.hypot(q.x, q.y, q.z);
      if (sin < 0.05) return;
      const dot = Math.abs((q.x * frameX.x + q.y * frameX.y + q.z * frameX.z) / sin);
      worstAxis = Math.min(worstAxis, dot);
    });
    expect(max).toBeGreaterThan(60 * DEG);
    expect(max).toBeLessThan(95 * DEG);
    expect(min).toBeGreaterThan(-5 * DEG);
    // Turning about the world X instead would give |axis · frame X| = 0.71.
    expect(worstAxis).toBeGreaterThan(0.99);
  });
});
