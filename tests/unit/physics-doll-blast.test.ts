import { describe, expect, it } from 'vitest';
import { BLAST_TORQUE_PER_KG, blastImpulse, randomSpin } from '../../renderer/src/physics/blast';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { PART_TORQUE_PER_KG, blastDoll } from '../../renderer/src/physics/doll-blast';
import { Ragdoll, uprightAt } from '../../renderer/src/physics/ragdoll';
import { createSeededRandom } from '../../renderer/src/physics/seeded-random';
import { loadRapier } from '../support/rapier';

const cross = (a: { x: number; y: number; z: number }, b: { x: number; y: number; z: number }) => ({
  x: a.y * b.z - a.z * b.y,
  y: a.z * b.x - a.x * b.z,
  z: a.x * b.y - a.y * b.x,
});

describe('blastDoll: the per-part pushes, taken by the doll as one rigid motion, and a spin per part', () => {
  it.each([
    ['each part spun on its own', true],
    ['the spins folded into the rigid motion (MMD figures)', false],
  ])('adds exactly the summed momentum of the per-part impulses: %s', async (_, spinEachPart) => {
    const rapier = await loadRapier();
    const world = new rapier.World({ x: 0, y: 0, z: 0 });
    const doll = new Ragdoll(rapier, world, BOX_DOLL, uprightAt(0.3, 1, -0.2));
    // Tilt it so the inertia tensor is not axis-aligned.
    doll.place({
      position: { x: 0.3, y: 1, z: -0.2 },
      rotation: { x: 0.2, y: 0.1, z: 0, w: Math.sqrt(1 - 0.05) },
    });
    const bodies = doll.parts.map((p) => p.body);
    const center = { x: 0, y: 0, z: 0 };

    // The per-part impulses, with the same random sequence blastDoll will draw.
    const random = createSeededRandom(5);
    const masses = bodies.map((b) => b.mass());
    const totalMass = masses.reduce((a, b) => a + b, 0);
    const coms = bodies.map((b) => b.worldCom());
    const com = coms.reduce(
      (c, p, i) => ({
        x: c.x + (p.x * masses[i]!) / totalMass,
        y: c.y + (p.y * masses[i]!) / totalMass,
        z: c.z + (p.z * masses[i]!) / totalMass,
      }),
      { x: 0, y: 0, z: 0 },
    );
    const expectedP = { x: 0, y: 0, z: 0 };
    const expectedL = { x: 0, y: 0, z: 0 };
    bodies.forEach((body, i) => {
      const linear = { x: 0, y: 0, z: 0 };
      const angular = { x: 0, y: 0, z: 0 };
      const spin = randomSpin(random, { x: 0, y: 0, z: 0 });
      const torquePerKg = spinEachPart ? PART_TORQUE_PER_KG : BLAST_TORQUE_PER_KG;
      blastImpulse(body, center, 30, spin, linear, angular, Infinity, torquePerKg);
      const r = { x: coms[i]!.x - com.x, y: coms[i]!.y - com.y, z: coms[i]!.z - com.z };
      const moment = cross(r, linear);
      for (const k of ['x', 'y', 'z'] as const) {
        expectedP[k] += linear[k];
        expectedL[k] += moment[k] + angular[k];
      }
    });

    const motion = blastDoll(bodies, center, 30, createSeededRandom(5), spinEachPart)!;

    // Momentum the bodies now carry (they were at rest).
    const P = { x: 0, y: 0, z: 0 };
    const L = { x: 0, y: 0, z: 0 };
    bodies.forEach((body, i) => {
      const v = body.linvel();
      const r = { x: coms[i]!.x - com.x, y: coms[i]!.y - com.y, z: coms[i]!.z - com.z };
      const orbital = cross(r, { x: v.x * masses[i]!, y: v.y * masses[i]!, z: v.z * masses[i]! });
      // Copy: Rapier returns a view of its scratch buffer, which the next getter overwrites.
      const e = Array.from(body.effectiveAngularInertia().elements);
      const w = body.angvel();
      const spin = {
        x: e[0]! * w.x + e[1]! * w.y + e[2]! * w.z,
        y: e[1]! * w.x + e[3]! * w.y + e[4]! * w.z,
        z: e[2]! * w.x + e[4]! * w.y + e[5]! * w.z,
      };
      for (const k of ['x', 'y', 'z'] as const) {
        P[k] += v[k] * masses[i]!;
        L[k] += orbital[k] + spin[k];
      }
    });
    for (const k of ['x', 'y', 'z'] as const) {
      expect(P[k]).toBeCloseTo(expectedP[k], 3);
      expect(L[k]).toBeCloseTo(expectedL[k], 3);
    }
    expect(Math.hypot(P.x, P.y, P.z)).toBeGreaterThan(100); // a real blast, not nothing

    // The push is a rigid motion: every part's centre moves with v + ω × r, so no joint is
    // torn in the next step. The spins differ when each part also turns on its own.
    bodies.forEach((body, i) => {
      const v = body.linvel();
      const r = {
        x: coms[i]!.x - motion.com.x,
        y: coms[i]!.y - motion.com.y,
        z: coms[i]!.z - motion.com.z,
      };
      const predicted = cross(motion.omega, r);
      expect(
        Math.hypot(
          v.x - motion.velocity.x - predicted.x,
          v.y - motion.velocity.y - predicted.y,
          v.z - motion.velocity.z - predicted.z,
        ),
      ).toBeLessThan(1e-3);
    });
    const ownSpins = bodies.map((body) => {
      const w = body.angvel();
      return Math.hypot(w.x - motion.omega.x, w.y - motion.omega.y, w.z - motion.omega.z);
    });
    if (spinEachPart) expect(Math.min(...ownSpins)).toBeGreaterThan(0.1);
    else expect(Math.max(...ownSpins)).toBeLessThan(1e-3);
    world.free();
  });
});
