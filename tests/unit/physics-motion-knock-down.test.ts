import { describe, expect, it } from 'vitest';
import { FIXED_STEP } from '../../renderer/src/physics/sandbox';
import type { Figure, Sandbox } from '../../renderer/src/physics/sandbox';
import { throwBallAtHead } from '../../tools/physics/throw-ball';
import { armSwingMotion } from '../support/test-motions';
import { boxStand, standingWith, stepUntil } from '../support/motion-sandbox';

/** 5 cm per 60 Hz frame: the most the pelvis may rise while getting up. */
const MAX_RISE_PER_FRAME = 0.05;
const STEPS_PER_FRAME = Math.round(1 / 60 / FIXED_STEP);

/**
 * Watches a get-up from its first step until the figure follows again (or `seconds` pass):
 * the pelvis's rise over every 1/60 s window, and where the pelvis started and ended.
 */
function watchGetUp(sandbox: Sandbox, figure: Figure, seconds: number) {
  const pelvis = figure.ragdoll.root.body;
  const heights: number[] = [pelvis.translation().y];
  const start = pelvis.translation();
  let maxRise = 0;
  const took = stepUntil(sandbox, figure, 'following', seconds, () => {
    heights.push(pelvis.translation().y);
    if (heights.length > STEPS_PER_FRAME)
      maxRise = Math.max(maxRise, heights.at(-1)! - heights.at(-1 - STEPS_PER_FRAME)!);
  });
  const end = pelvis.translation();
  return { took, maxRise, start, end, risen: end.y - start.y };
}

describe('knocked down, then up again', () => {
  it('a ball at 12 m/s to the head: limp, lies still, gets up where it fell, never faster than 5 cm per frame', async () => {
    const { sandbox, figure } = await standingWith(boxStand);
    expect(stepUntil(sandbox, figure, 'following', 1.5)).not.toBeNull();
    sandbox.run(1);
    throwBallAtHead(sandbox, figure, 12);
    expect(stepUntil(sandbox, figure, 'limp', 0.5)).not.toBeNull();
    // It falls as a ragdoll, then lies still about a second before it starts to get up.
    const limpFor = stepUntil(sandbox, figure, 'gettingUp', 6);
    expect(limpFor).not.toBeNull();
    expect(limpFor!).toBeGreaterThan(1);
    const lying = figure.ragdoll.root.body.translation().y;
    expect(lying).toBeLessThan(0.4);
    const getUp = watchGetUp(sandbox, figure, 3);
    expect(getUp.took).not.toBeNull();
    expect(getUp.took!).toBeLessThanOrEqual(2.6);
    expect(getUp.maxRise).toBeLessThanOrEqual(MAX_RISE_PER_FRAME);
    expect(getUp.risen).toBeGreaterThan(0.4);
    // Up at the spot where it lay, not back at its slot.
    expect(Math.hypot(getUp.end.x - getUp.start.x, getUp.end.z - getUp.start.z)).toBeLessThan(0.3);
    // …and it carries on with the motion.
    sandbox.run(2);
    expect(sandbox.motion.state(figure)).toBe('following');
    expect(sandbox.motion.trackingError(figure)!).toBeLessThan(0.1);
    sandbox.dispose();
  });

  it('a slow ball rolling into the legs does not knock it down', async () => {
    const { sandbox, figure } = await standingWith(boxStand);
    stepUntil(sandbox, figure, 'following', 1.5);
    const ball = sandbox.addProp('ball');
    const at = figure.ragdoll.root.body.translation();
    ball.body.setTranslation({ x: at.x, y: 0.3, z: at.z + 1.5 }, true);
    ball.body.setLinvel({ x: 0, y: 0, z: -1 }, true);
    const states = new Set<string>();
    let closest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 360; i++) {
      sandbox.step();
      states.add(sandbox.motion.state(figure));
      const b = ball.body.translation();
      closest = Math.min(closest, Math.hypot(b.x - at.x, b.z - at.z));
    }
    // The ball reached the legs (0.3 m ball, legs 0.07 m thick) and the figure stayed up.
    expect(closest).toBeLessThan(0.45);
    expect([...states]).toEqual(['following']);
    sandbox.dispose();
  });

  it('BLAST 8: limp at once, then up again and following within the run', async () => {
    const { sandbox, figure } = await standingWith((spec) => armSwingMotion(spec));
    stepUntil(sandbox, figure, 'following', 1.5);
    sandbox.blast(8);
    expect(sandbox.motion.state(figure)).toBe('limp');
    expect(stepUntil(sandbox, figure, 'gettingUp', 8)).not.toBeNull();
    const getUp = watchGetUp(sandbox, figure, 3);
    expect(getUp.took).not.toBeNull();
    expect(getUp.maxRise).toBeLessThanOrEqual(MAX_RISE_PER_FRAME);
    sandbox.dispose();
  });

  it('grabbing a part makes it limp; GET UP off keeps it down, on lets it up', async () => {
    const { sandbox, figure } = await standingWith(boxStand);
    stepUntil(sandbox, figure, 'following', 1.5);
    sandbox.motion.setGetUpEnabled(false);
    expect(sandbox.motion.getUpEnabled).toBe(false);
    const hand = figure.ragdoll.parts.find((part) => part.spec.name === 'armL_lo')!.body;
    expect(sandbox.grab.start(hand.handle, hand.translation())).toBe(true);
    expect(sandbox.motion.state(figure)).toBe('limp');
    sandbox.grab.moveTo({ x: 1, y: 1.6, z: 0 });
    sandbox.run(1);
    sandbox.grab.release();
    sandbox.run(5);
    expect(sandbox.motion.state(figure)).toBe('limp');
    // Limp and still, it may sleep like any passive ragdoll.
    expect(figure.ragdoll.parts.every((part) => part.body.isSleeping())).toBe(true);
    sandbox.motion.setGetUpEnabled(true);
    expect(stepUntil(sandbox, figure, 'gettingUp', 2)).not.toBeNull();
    expect(stepUntil(sandbox, figure, 'following', 3)).not.toBeNull();
    sandbox.dispose();
  });

  it('a figure given a motion in the air (a new one, DROP) falls limp first, then gets up', async () => {
    const { sandbox, figure } = await standingWith(boxStand);
    sandbox.drop();
    sandbox.step();
    expect(sandbox.motion.state(figure)).toBe('limp');
    const top = figure.ragdoll.root.body.translation().y;
    expect(top).toBeGreaterThan(2);
    expect(stepUntil(sandbox, figure, 'gettingUp', 6)).not.toBeNull();
    // It got up from the floor, not where it was dropped.
    expect(figure.ragdoll.root.body.translation().y).toBeLessThan(0.5);
    expect(stepUntil(sandbox, figure, 'following', 3)).not.toBeNull();
    sandbox.dispose();
  });
});
