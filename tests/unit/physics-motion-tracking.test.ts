import { describe, expect, it } from 'vitest';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import { angleBetweenQuats } from '../../renderer/src/physics/vector-math';
import { armSwingMotion, fixedPoseMotion, restMotion } from '../support/test-motions';
import { boxStand, standingWith, stepUntil } from '../support/motion-sandbox';

/** Runs `seconds` and returns the mean tracking error over the steps and the lowest pelvis height. */
function follow(
  sandbox: Awaited<ReturnType<typeof standingWith>>['sandbox'],
  figure: Awaited<ReturnType<typeof standingWith>>['figure'],
  seconds: number,
): { meanError: number; lowestPelvis: number; states: Set<string> } {
  let sum = 0;
  let lowestPelvis = Number.POSITIVE_INFINITY;
  const states = new Set<string>();
  const steps = Math.round(seconds * 120);
  for (let i = 0; i < steps; i++) {
    sandbox.step();
    states.add(sandbox.motion.state(figure));
    sum += sandbox.motion.trackingError(figure) ?? Number.NaN;
    lowestPelvis = Math.min(lowestPelvis, figure.ragdoll.root.body.translation().y);
  }
  return { meanError: sum / steps, lowestPelvis, states };
}

describe('a box dummy playing a motion through the physics', () => {
  it('starts from standing at once and follows Stand within 0.10 rad at MUSCLE 100, upright', async () => {
    const { sandbox, figure } = await standingWith(boxStand);
    expect(sandbox.motion.muscle).toBe(100);
    expect(stepUntil(sandbox, figure, 'following', 1.5)).not.toBeNull();
    const standingPelvis = figure.ragdoll.root.body.translation().y;
    const run = follow(sandbox, figure, 8);
    expect([...run.states]).toEqual(['following']);
    expect(run.meanError).toBeLessThan(0.1);
    expect(run.lowestPelvis / standingPelvis).toBeGreaterThan(0.95);
    // Following never sleeps, even when the pose barely changes.
    expect(figure.ragdoll.parts.some((part) => part.body.isSleeping())).toBe(false);
    sandbox.dispose();
  });

  it('swings the arms where the motion puts them (and not where rest would)', async () => {
    const { sandbox, figure } = await standingWith((spec) => armSwingMotion(spec, 0.8, 2, 0.6));
    stepUntil(sandbox, figure, 'following', 1.5);
    const run = follow(sandbox, figure, 4);
    expect(run.meanError).toBeLessThan(0.1);
    // The forearms really bend: far from rest at the elbow.
    const elbow = figure.ragdoll.joints.find((joint) => joint.spec.name === 'elbowL')!;
    const bend = angleBetweenQuats(elbow.parent.body.rotation(), elbow.child.body.rotation());
    expect(bend).toBeGreaterThan(0.4);
    sandbox.dispose();
  });

  it('holds a pose against gravity only as hard as MUSCLE says', async () => {
    // Arms held straight out in front: gravity pulls them down, the motors hold them up.
    const armsForward = (spec: typeof BOX_DOLL) =>
      fixedPoseMotion(spec, {
        armL_up: [1, 0, 0, -1.5],
        armR_up: [1, 0, 0, -1.5],
        armL_lo: [1, 0, 0, -1.5],
        armR_lo: [1, 0, 0, -1.5],
      });
    const errorAt = async (muscle: number): Promise<number> => {
      const { sandbox, figure } = await standingWith(armsForward);
      sandbox.motion.setMuscle(muscle);
      stepUntil(sandbox, figure, 'following', 3);
      const { meanError } = follow(sandbox, figure, 2);
      sandbox.dispose();
      return meanError;
    };
    const strong = await errorAt(100);
    const weak = await errorAt(5);
    expect(strong).toBeLessThan(0.05);
    expect(weak).toBeGreaterThan(strong * 3);
  });

  it('clamps MUSCLE to 0..100', async () => {
    const { sandbox } = await standingWith(restMotion);
    sandbox.motion.setMuscle(250);
    expect(sandbox.motion.muscle).toBe(100);
    sandbox.motion.setMuscle(-3);
    expect(sandbox.motion.muscle).toBe(0);
    sandbox.dispose();
  });

  it('paused, holds the pose of the moment; playing, moves on', async () => {
    const { sandbox, figure } = await standingWith((spec) => armSwingMotion(spec, 0.8, 2));
    stepUntil(sandbox, figure, 'following', 1.5);
    sandbox.run(0.3);
    sandbox.motion.setPlaying(false);
    expect(sandbox.motion.playing).toBe(false);
    const heldAt = sandbox.motion.time(figure);
    sandbox.run(1.5);
    expect(sandbox.motion.time(figure)).toBe(heldAt);
    expect(sandbox.motion.state(figure)).toBe('following');
    // The arm settles on the paused pose.
    expect(sandbox.motion.trackingError(figure)!).toBeLessThan(0.05);
    sandbox.motion.setPlaying(true);
    sandbox.run(0.5);
    expect(sandbox.motion.time(figure)).toBeCloseTo(heldAt + 0.5, 6);
    sandbox.dispose();
  });

  it('refuses a motion made for another spec, and null makes the figure passive again', async () => {
    const { sandbox, figure } = await standingWith(boxStand);
    const otherSpec = { ...BOX_DOLL, parts: BOX_DOLL.parts.slice(0, 10) };
    expect(() => sandbox.motion.set(figure, restMotion(otherSpec))).toThrow(/made for/);
    sandbox.motion.set(figure, null);
    expect(sandbox.motion.state(figure)).toBe('passive');
    expect(sandbox.motion.time(figure)).toBe(0);
    // Passive again: a resting figure falls asleep as today.
    sandbox.run(8);
    expect(figure.ragdoll.parts.every((part) => part.body.isSleeping())).toBe(true);
    sandbox.dispose();
  });
});
