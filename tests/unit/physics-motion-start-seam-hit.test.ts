/**
 * Starting, looping and being hit (real Rapier): a figure put down standing starts its motion
 * at once even when a limb twitches in the first step (an MMD model's hair and skirt push on
 * it then); a clip whose last frame is not its first loops without a jump; and a 12 m/s ball
 * fells a figure three times the box dummy's weight, because the knock-down threshold is an
 * impulse per kilogram of the figure.
 */
import { describe, expect, it } from 'vitest';
import { BOX_DOLL } from '../../renderer/src/physics/box-doll';
import type { DollSpec } from '../../renderer/src/physics/doll-spec';
import { createDollPose } from '../../renderer/src/physics/motion/doll-motion';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { builtinMotion } from '../../renderer/src/motion/builtin-motions';
import type { MotionClip } from '../../renderer/src/motion/motion-clip';
import { retargetMotion } from '../../renderer/src/motion/retarget-motion';
import { LoopSeam } from '../../renderer/src/motion/seamless-loop';
import { throwBallAtHead } from '../../tools/physics/throw-ball';
import { loadRapier } from '../support/rapier';
import { boxStand, standingWith, stepUntil } from '../support/motion-sandbox';

const STEP = 1 / 120;

/** Largest angle (radians) any part turns between two poses. */
function largestTurn(a: Float64Array, b: Float64Array): number {
  let largest = 0;
  for (let i = 0; i < a.length; i += 4) {
    const dot =
      a[i]! * b[i]! + a[i + 1]! * b[i + 1]! + a[i + 2]! * b[i + 2]! + a[i + 3]! * b[i + 3]!;
    largest = Math.max(largest, 2 * Math.acos(Math.min(1, Math.abs(dot))));
  }
  return largest;
}

/** March in place cut short at 60% of its loop: its last frame is mid-step, its first is not. */
function cutMarch(): MotionClip {
  const march = builtinMotion('march');
  return { ...march, name: 'cut march', duration: march.duration * 0.6 };
}

describe('starting, looping, being hit', () => {
  it('a figure put down standing starts at once though a limb twitches in the first step', async () => {
    const { sandbox, figure } = await standingWith(boxStand);
    const forearm = figure.ragdoll.parts.find((part) => part.spec.name === 'armL_lo')!.body;
    forearm.setLinvel({ x: 0.8, y: 0, z: 0.4 }, true);
    sandbox.step();
    // Before: its fastest part (0.9 m/s) decided, and it slumped limp for seconds first.
    expect(sandbox.motion.state(figure)).toBe('gettingUp');
    const states = new Set<string>();
    expect(
      stepUntil(sandbox, figure, 'following', 1, () => states.add(sandbox.motion.state(figure))),
    ).not.toBeNull();
    expect(states.has('limp')).toBe(false);
    sandbox.dispose();
  });

  it('a clip cut mid-step loops without a jump, and a clean loop is left as it was', () => {
    const clip = cutMarch();
    const motion = retargetMotion(clip, BOX_DOLL, { figureKind: 'box' });
    const parts = BOX_DOLL.parts.length;
    // The clip itself jumps at the seam…
    const raw = retargetMotion({ ...clip, duration: builtinMotion('march').duration }, BOX_DOLL, {
      figureKind: 'box',
    });
    const rawEnd = createDollPose(parts);
    const rawStart = createDollPose(parts);
    raw.sample(clip.duration - 1e-9, rawEnd);
    raw.sample(0, rawStart);
    expect(largestTurn(rawEnd.rotations, rawStart.rotations)).toBeGreaterThan(0.3);
    // …the bound motion does not: across the wrap it turns no more than in any other step.
    const a = createDollPose(parts);
    const b = createDollPose(parts);
    let largestStep = 0;
    for (let t = 0; t < clip.duration - STEP; t += STEP) {
      motion.sample(t, a);
      motion.sample(t + STEP, b);
      largestStep = Math.max(largestStep, largestTurn(a.rotations, b.rotations));
    }
    motion.sample(clip.duration - STEP / 2, a);
    motion.sample(STEP / 2, b);
    expect(largestTurn(a.rotations, b.rotations)).toBeLessThanOrEqual(largestStep + 1e-6);
    expect(Math.abs(a.rootOffset[1]! - b.rootOffset[1]!)).toBeLessThan(0.01);
    // A built-in loops cleanly: nothing to blend.
    const stand = boxStand();
    const seam = new LoopSeam((time, out) => stand.sample(time, out), stand.duration, parts);
    expect(seam.largestJump).toBeLessThan(1e-6);
  });

  it('the cut clip plays four loops without a fall', async () => {
    const sandbox = new Sandbox(await loadRapier());
    const figure = sandbox.addFigure();
    sandbox.reset();
    const motion = retargetMotion(cutMarch(), BOX_DOLL, { figureKind: 'box' });
    sandbox.motion.set(figure, motion);
    expect(stepUntil(sandbox, figure, 'following', 1)).not.toBeNull();
    const states = new Set<string>();
    for (let i = 0; i < Math.round((4 * motion.duration) / STEP); i++) {
      sandbox.step();
      states.add(sandbox.motion.state(figure));
    }
    expect([...states]).toEqual(['following']);
    sandbox.dispose();
  });

  it('a 12 m/s ball fells a figure three times the box dummy’s weight', async () => {
    const heavy: DollSpec = {
      ...BOX_DOLL,
      name: 'Heavy dummy',
      parts: BOX_DOLL.parts.map((part) => ({ ...part, material: { density: 1200 } })),
    };
    const { sandbox, figure } = await standingWith(boxStand, heavy);
    expect(stepUntil(sandbox, figure, 'following', 1.5)).not.toBeNull();
    const mass = figure.ragdoll.parts.reduce((sum, part) => sum + part.body.mass(), 0);
    expect(mass).toBeGreaterThan(60);
    sandbox.run(1);
    expect(sandbox.motion.state(figure)).toBe('following');
    throwBallAtHead(sandbox, figure, 12);
    expect(stepUntil(sandbox, figure, 'limp', 0.5)).not.toBeNull();
    expect(stepUntil(sandbox, figure, 'following', 8)).not.toBeNull();
    sandbox.dispose();
  });
});
