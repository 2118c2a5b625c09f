/**
 * The results the original design reports, reproduced on the real Rapier WASM.
 */
import { describe, expect, it } from 'vitest';
import { hingeRanges as kickHinges, worstOvershoot } from '../../tools/physics/hinge-kicks';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { LIMIT_TOLERANCE } from '../../renderer/src/physics/limit-projection';
import type { SandboxOptions } from '../../renderer/src/physics/sandbox';
import { useSandboxes } from '../support/sandboxes';
import { quat, vec3 } from '../../renderer/src/physics/vector-math';

const sandbox = useSandboxes();

/** Rapier's contact prediction distance as the sandbox leaves it (0.02 × a length unit of 1 m). */
const DEFAULT_PREDICTION = 0.02;
/** Angular kicks on every forearm and shin (N·m·s). */
const KICKS = [0.15, 0.16, 0.17, 0.18, 0.19, 0.2, 0.21, 0.22, 0.23];

describe("the original design's results", () => {
  it('a drop: no NaN, joint separation ≤ 1.1 cm throughout', async () => {
    const s = await sandbox();
    s.addFigure();
    let worstGap = 0;
    s.run(5, () => {
      const m = s.measure();
      expect(m.nanCount).toBe(0);
      worstGap = Math.max(worstGap, m.maxJointGapM);
    });
    expect(worstGap).toBeLessThanOrEqual(0.011);
    // It really fell: the pelvis is near the floor now.
    expect(s.figures[0]!.ragdoll.root.body.translation().y).toBeLessThan(0.5);
  });

  /** Runs kicks/blasts on one box doll and returns each hinge's [min, max] angle seen. */
  async function hingeRanges(
    kick: number,
    blastEvery: number,
    seed: number,
    options: SandboxOptions = {},
    prediction = DEFAULT_PREDICTION,
  ) {
    const s = await sandbox({ stiffness: 0, seed, ...options });
    s.world.integrationParameters.normalizedPredictionDistance = prediction;
    return kickHinges(s, kick, blastEvery);
  }

  // Kicks of 0.15-0.23 N·m·s spin a forearm (about 0.003 kg·m²) at 35-46 rad/s against its
  // limit: far harder than a throw. Where the limit is met within a step is chance, so a sweep
  // of kicks; the stand-up is the same for every seed, so one seed.
  it.each([
    ['2 cm, the default', DEFAULT_PREDICTION],
    ['1 cm', 0.01],
  ])(
    'hinge limits hold while kicked hard: elbows −2.4..0, knees 0..2.5 (±0.05 rad), contact prediction %s',
    async (_, prediction) => {
      const reach = new Map<string, [number, number]>();
      for (const kick of KICKS) {
        for (const [hinge, [min, max]] of await hingeRanges(kick, 0, 1, {}, prediction)) {
          const [lo, hi] = hinge.spec.kind === 'revolute' ? hinge.spec.limits : [0, 0];
          expect(min).toBeGreaterThanOrEqual(lo - 0.05);
          expect(max).toBeLessThanOrEqual(hi + 0.05);
          const seen = reach.get(hinge.spec.name) ?? [Infinity, -Infinity];
          reach.set(hinge.spec.name, [Math.min(seen[0], min), Math.max(seen[1], max)]);
        }
      }
      // The kicks really drove each hinge to both ends of its range.
      for (const joint of BOX_DOLL.joints) {
        if (joint.kind !== 'revolute') continue;
        const [min, max] = reach.get(joint.name)!;
        expect(max - min).toBeGreaterThan(joint.limits[1] - joint.limits[0] - 0.2);
      }
    },
  );

  it('a hinge kicked past its limit is turned back within the projection tolerance (0.18 and 0.23 N·m·s went 0.082 and 0.058 rad past without)', async () => {
    for (const kick of [0.18, 0.23]) {
      expect(worstOvershoot(await hingeRanges(kick, 0, 1))).toBeLessThanOrEqual(
        LIMIT_TOLERANCE + 0.001,
      );
      // The same kicks without the projection break the ±0.05 rad bound: the scene is a hard one.
      const without = await hingeRanges(kick, 0, 1, { limitProjection: false });
      expect(worstOvershoot(without)).toBeGreaterThan(0.05);
    }
  });

  it('hinge limits hold within ±0.05 rad under repeated power-30 blasts too', async () => {
    // Each doll takes a blast's push as one rigid motion, and each part a spin of its own
    // (doll-blast.ts); the limits are then checked every step. Checked only every few steps
    // as when calm, the spun limbs went 0.082 rad past; pushing every part on its own, as the
    // original design does, went up to 0.09 rad past while the doll whirled.
    let worst = 0;
    for (const seed of [1, 2, 3]) {
      for (const [hinge, [min, max]] of await hingeRanges(0, 5, seed)) {
        const [lo, hi] = hinge.spec.kind === 'revolute' ? hinge.spec.limits : [0, 0];
        worst = Math.max(worst, lo - min, max - hi);
      }
    }
    expect(worst).toBeLessThanOrEqual(0.05);
  });

  it('elbows bend forward and knees backward', async () => {
    const s = await sandbox({ stiffness: 0 });
    const figure = s.addFigure();
    s.reset();
    const forearm = figure.ragdoll.parts.find((p) => p.spec.name === 'armL_lo')!;
    const upperArm = figure.ragdoll.parts.find((p) => p.spec.name === 'armL_up')!;
    const shin = figure.ragdoll.parts.find((p) => p.spec.name === 'legL_lo')!;
    const thigh = figure.ragdoll.parts.find((p) => p.spec.name === 'legL_up')!;
    // Try to bend both ways about X; only one way can move.
    forearm.body.applyTorqueImpulse({ x: -0.3, y: 0, z: 0 }, true);
    shin.body.applyTorqueImpulse({ x: 0.3, y: 0, z: 0 }, true);
    s.run(0.25);
    expect(forearm.body.translation().z - upperArm.body.translation().z).toBeGreaterThan(0.1);
    expect(shin.body.translation().z - thigh.body.translation().z).toBeLessThan(-0.05);
  });

  it.each([
    [4, 9.7],
    [8, 17.9],
    [16, 19.4],
    [30, 35.2],
  ])(
    'a blast of power %d stays finite, the dolls come to rest, and the median top speed is near the original design’s (%d m/s)',
    async (power, designTopSpeed) => {
      const topSpeeds: number[] = [];
      for (const seed of [power, 1, 2, 3, 4]) {
        const s = await sandbox({ seed });
        s.addFigure();
        s.run(2);
        s.blast(power);
        let topSpeed = 0;
        // Power 30 throws a doll high (and can throw it off the stage, where the fall guard
        // drops it again), so it gets 15 s to come down and settle.
        s.run(15, () => {
          const m = s.measure();
          expect(m.nanCount).toBe(0);
          topSpeed = Math.max(topSpeed, m.maxSpeed);
        });
        const after = s.measure();
        expect(after.maxSpeed).toBeLessThan(0.2); // at rest again
        expect(after.maxJointGapM).toBeLessThan(0.011);
        topSpeeds.push(topSpeed);
      }
      topSpeeds.sort((a, b) => a - b);
      const median = topSpeeds[2]!;
      // The design measured one run per power (and 17.9 at power 8 against 19.4 at 16), so
      // the bounds are loose; the unscaled falloff gave 1.4-1.5x at 16 and 30.
      expect(median).toBeGreaterThan(designTopSpeed * 0.6);
      expect(median).toBeLessThan(designTopSpeed * 1.35);
    },
  );

  it('STIFFNESS 0, 25, 50, 100: the pose deviation after a fall strictly decreases, nothing diverges', async () => {
    const deviations: number[] = [];
    for (const stiffness of [0, 25, 50, 100]) {
      let sum = 0;
      // Six dolls dropped with random yaw, three seeds: one doll alone is too noisy to rank.
      for (const runSeed of [1, 2, 3]) {
        const s = await sandbox({ stiffness, seed: runSeed });
        for (let i = 0; i < 6; i++) s.addFigure();
        s.drop();
        s.run(5, () => expect(s.measure().nanCount).toBe(0));
        const m = s.measure();
        expect(m.maxSpeed).toBeLessThan(2);
        sum += m.meanPoseDeviationRad;
      }
      deviations.push(sum / 3);
    }
    for (let i = 1; i < deviations.length; i++)
      expect(deviations[i]).toBeLessThan(deviations[i - 1]!);
  });

  it('grab: lifting a doll 1 m by the pelvis keeps the hand within 7 cm and joints within 1 mm', async () => {
    const s = await sandbox();
    const figure = s.addFigure();
    // Lying on its back in the rest pose, settled. The lag depends on the pose the lift starts
    // from: after a fall the limbs lie anyhow, and ten drops gave 7.0-8.5 cm.
    figure.ragdoll.place({
      position: vec3(0, 0.15, 0),
      rotation: quat(-Math.SQRT1_2, 0, 0, Math.SQRT1_2),
    });
    s.run(2);
    const pelvis = figure.ragdoll.root.body;
    const start = pelvis.translation();
    expect(s.grab.start(pelvis.handle, start)).toBe(true);
    let worstLag = 0;
    let worstGap = 0;
    // Raise the hand 1 m over two seconds, easing in and out as a hand would, then hold it.
    for (let i = 1; i <= 360; i++) {
      const t = Math.min(1, i / 240);
      s.grab.moveTo({ x: start.x, y: start.y + t * t * (3 - 2 * t), z: start.z });
      s.step();
      worstLag = Math.max(worstLag, s.grab.lag()!);
      worstGap = Math.max(worstGap, s.measure().maxJointGapM);
    }
    expect(worstLag).toBeLessThanOrEqual(0.07);
    expect(worstGap).toBeLessThanOrEqual(0.001);
    expect(pelvis.translation().y).toBeGreaterThan(start.y + 0.9);
  });
});
