import { describe, expect, it } from 'vitest';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { loadRapier } from '../support/rapier';
import { boxStand, standingWith, stepUntil } from '../support/motion-sandbox';

describe('saving and restoring a figure that plays a motion', () => {
  it('keeps the motion time for a preset and resumes from it, with the part states restored', async () => {
    const { sandbox, figure, motion } = await standingWith(boxStand);
    stepUntil(sandbox, figure, 'following', 1.5);
    sandbox.run(2.25);
    const time = sandbox.motion.time(figure);
    expect(time).toBeGreaterThan(2);
    const states = sandbox.capture.captureFigure(figure);

    const restored = new Sandbox(await loadRapier());
    const copy = restored.addFigure();
    restored.capture.restoreFigure(copy, states);
    restored.motion.set(copy, motion, time);
    expect(restored.motion.time(copy)).toBe(time);
    // Still and standing, it picks the motion up where it was at once.
    expect(stepUntil(restored, copy, 'following', 1)).not.toBeNull();
    const pelvis = copy.ragdoll.root.body.translation();
    const original = figure.ragdoll.root.body.translation();
    expect(Math.hypot(pelvis.x - original.x, pelvis.z - original.z)).toBeLessThan(0.05);
    restored.run(1);
    expect(restored.motion.time(copy)).toBeGreaterThan(time + 1);
    expect(restored.motion.trackingError(copy)!).toBeLessThan(0.1);
    restored.dispose();
    sandbox.dispose();
  });

  it('wraps a start time past the end into the loop', async () => {
    const { sandbox, figure, motion } = await standingWith(boxStand);
    sandbox.motion.set(figure, motion, motion.duration * 2 + 1.5);
    expect(sandbox.motion.time(figure)).toBeCloseTo(1.5, 9);
    sandbox.dispose();
  });

  it('restoring part states into a figure that follows a motion starts it afresh from there', async () => {
    const { sandbox, figure } = await standingWith(boxStand);
    stepUntil(sandbox, figure, 'following', 1.5);
    const standing = sandbox.capture.captureFigure(figure);
    sandbox.blast(8);
    sandbox.run(0.5);
    expect(sandbox.motion.state(figure)).toBe('limp');
    sandbox.capture.restoreFigure(figure, standing);
    expect(stepUntil(sandbox, figure, 'following', 1.5)).not.toBeNull();
    sandbox.dispose();
  });
});
