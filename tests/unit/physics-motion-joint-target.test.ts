import { describe, expect, it } from 'vitest';
import type { RapierApi } from '../../renderer/src/physics/rapier-api';
import {
  clampSphericalTarget,
  sphericalCoordinate,
  sphericalMotorTargets,
  twistAngle,
} from '../../renderer/src/physics/motion/joint-target';
import {
  relativeQuat,
  rotationVector,
  slerpQuat,
} from '../../renderer/src/physics/motion/rotation-math';
import type { QuatLike } from '../../renderer/src/physics/vector-math';
import {
  angleBetweenQuats,
  quat,
  quatFromAxisAngle,
  vec3,
} from '../../renderer/src/physics/vector-math';
import { loadRapier } from '../support/rapier';

/** A fixed parent and a capsule child on a joint at the origin, no gravity. */
function pendulum(rapier: RapierApi, joint: 'spherical' | 'revolute', axis = vec3(1, 0, 0)) {
  const world = new rapier.World(vec3(0, 0, 0));
  const parent = world.createRigidBody(rapier.RigidBodyDesc.fixed());
  const child = world.createRigidBody(rapier.RigidBodyDesc.dynamic().setTranslation(0, -0.5, 0));
  world.createCollider(rapier.ColliderDesc.capsule(0.2, 0.05).setDensity(400), child);
  const data =
    joint === 'spherical'
      ? rapier.JointData.spherical(vec3(), vec3(0, 0.5, 0))
      : rapier.JointData.revolute(vec3(), vec3(0, 0.5, 0), axis);
  const handle = world.createImpulseJoint(data, parent, child, true).handle;
  const raw = world.impulseJoints.raw;
  const axes = joint === 'spherical' ? [3, 4, 5] : [3];
  for (const a of axes) {
    raw.jointConfigureMotorModel(handle, a, rapier.MotorModel.AccelerationBased as never);
    raw.jointSetMotorMaxForce(handle, a, Number.MAX_VALUE);
  }
  const relative = (): QuatLike => relativeQuat(parent.rotation(), child.rotation(), quat());
  return { world, raw, handle, relative };
}

const axisAngle = (x: number, y: number, z: number, angle: number): QuatLike => {
  const n = Math.hypot(x, y, z);
  return quatFromAxisAngle(vec3(x / n, y / n, z / n), angle, quat());
};

describe("Rapier's angular motor coordinates, measured on the real WASM", () => {
  it('reads one spherical axis as 2·asin of the relative rotation’s imaginary part on it', async () => {
    const rapier = await loadRapier();
    for (const [axis, target] of [
      [0, 0.5],
      [1, -0.9],
      [2, 1.2],
    ] as const) {
      const { world, raw, handle, relative } = pendulum(rapier, 'spherical');
      raw.jointConfigureMotorPosition(handle, 3 + axis, target, 400, 40);
      for (let i = 0; i < 600; i++) world.step();
      const q = relative();
      expect(Math.abs(sphericalCoordinate(q, axis) - target)).toBeLessThan(0.01);
      // …and the joint turned about that axis only.
      expect(Math.abs(sphericalCoordinate(q, (axis + 1) % 3))).toBeLessThan(1e-3);
      world.free();
    }
  });

  it('drives a hinge to its twist about the hinge axis, whatever the axis', async () => {
    const rapier = await loadRapier();
    const s = Math.SQRT1_2;
    for (const [axis, target] of [
      [vec3(1, 0, 0), 0.8],
      [vec3(0, 0, 1), -0.8],
      [vec3(s, 0, s), 0.6],
    ] as const) {
      const { world, raw, handle, relative } = pendulum(rapier, 'revolute', axis);
      raw.jointConfigureMotorPosition(handle, 3, target, 400, 40);
      for (let i = 0; i < 600; i++) world.step();
      // Within 0.01 rad: the soft motor settles a few milliradians short.
      expect(Math.abs(twistAngle(relative(), axis) - target)).toBeLessThan(0.01);
      world.free();
    }
  });

  it('misses a far three-axis target given as coordinates, and reaches it with "now + still to go"', async () => {
    const rapier = await loadRapier();
    const target = axisAngle(1.2, -0.8, 0.9, 1.7);
    // Given the target's own coordinates once, the three motors settle elsewhere or spin.
    const naive = pendulum(rapier, 'spherical');
    for (let a = 0; a < 3; a++)
      naive.raw.jointConfigureMotorPosition(
        naive.handle,
        3 + a,
        sphericalCoordinate(target, a),
        900,
        60,
      );
    for (let i = 0; i < 600; i++) naive.world.step();
    expect(angleBetweenQuats(naive.relative(), target)).toBeGreaterThan(0.2);
    naive.world.free();
    // Re-aimed every step along the rotation still to go, they converge.
    const driven = pendulum(rapier, 'spherical');
    const out = vec3();
    for (let i = 0; i < 600; i++) {
      sphericalMotorTargets(driven.relative(), target, out);
      driven.raw.jointConfigureMotorPosition(driven.handle, 3, out.x, 900, 60);
      driven.raw.jointConfigureMotorPosition(driven.handle, 4, out.y, 900, 60);
      driven.raw.jointConfigureMotorPosition(driven.handle, 5, out.z, 900, 60);
      driven.world.step();
    }
    expect(angleBetweenQuats(driven.relative(), target)).toBeLessThan(0.01);
    driven.world.free();
  });
});

describe('joint target math', () => {
  it('clamps each spherical coordinate into its limits and leaves the others alone', () => {
    const q = axisAngle(1, 0, 0, 1.2);
    const limits = {
      min: Float64Array.of(-0.5, -0.3, -0.3),
      max: Float64Array.of(0.7, 0.3, 0.3),
    };
    clampSphericalTarget(q, limits);
    expect(sphericalCoordinate(q, 0)).toBeCloseTo(0.7, 6);
    expect(sphericalCoordinate(q, 1)).toBeCloseTo(0, 6);
    expect(Math.hypot(q.x, q.y, q.z, q.w)).toBeCloseTo(1, 9);
    const inside = axisAngle(0, 1, 0, 0.2);
    const before = { ...inside };
    clampSphericalTarget(inside, limits);
    expect(inside).toEqual(before);
  });

  it('takes the short way round for rotation vectors and slerp', () => {
    const a = axisAngle(0, 1, 0, 0.4);
    const flipped = quat(-a.x, -a.y, -a.z, -a.w); // the same rotation
    const v = rotationVector(flipped, vec3());
    expect(v.y).toBeCloseTo(0.4, 9);
    const b = axisAngle(0, 1, 0, 1.4);
    const mid = slerpQuat(a, b, 0.5, quat());
    expect(angleBetweenQuats(mid, axisAngle(0, 1, 0, 0.9))).toBeLessThan(1e-9);
  });
});
