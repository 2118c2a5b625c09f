/**
 * A grab moved once a frame, with real Rapier: the pointer moves once per drawn frame and a
 * 60 Hz frame takes two physics steps, so the hand (or a pinned body being moved) must go at the
 * pointer's speed through both steps, not at twice it in the first and stand still in the second.
 */
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../renderer/src/physics/sandbox';
import { FIXED_STEP } from '../../renderer/src/physics/sandbox';
import { vec3 } from '../../renderer/src/physics/vector-math';
import { useSandboxes } from '../support/sandboxes';

const sandbox = useSandboxes();
const FRAME_S = 1 / 60;
/** The pointer's speed, m/s. */
const DRAG_SPEED = 1;

function hand(s: Sandbox) {
  return s.figures[0]!.ragdoll.parts.find((p) => p.spec.name === 'armL_lo')!.body;
}

describe('a grab moved once a frame', () => {
  it('moves a pinned hand at the pointer speed in every step and keeps the joints closer', async () => {
    const s = await sandbox({ stiffness: 0 });
    s.addFigure();
    s.run(0.2);
    const pinned = hand(s);
    s.pins.add(pinned.handle);
    // Hanging still from the pin before the drag.
    s.run(2);
    const from = { ...pinned.translation() };
    expect(s.grab.start(pinned.handle, from)).toBe(true);
    let slowest = Infinity;
    let fastest = 0;
    let worstGap = 0;
    // After every step, not every frame: the jerk showed between a frame's two steps.
    s.setStepObserver(() => {
      const speed = pinned.linvel().x;
      slowest = Math.min(slowest, speed);
      fastest = Math.max(fastest, speed);
      worstGap = Math.max(worstGap, s.measure().maxJointGapM);
    });
    for (let frame = 1; frame <= 60; frame++) {
      s.grab.moveTo({ x: from.x + (DRAG_SPEED * frame) / 60, y: from.y, z: from.z });
      expect(s.advance(FRAME_S)).toBe(2);
    }
    s.setStepObserver(null);
    // Rapier gave the kinematic hand the pointer's speed in every step, not twice it, then 0.
    expect(slowest).toBeGreaterThan(DRAG_SPEED * 0.99);
    expect(fastest).toBeLessThan(DRAG_SPEED * 1.01);
    // Under the pointer at the end, still pinned.
    expect(pinned.translation().x - from.x).toBeCloseTo(DRAG_SPEED, 6);
    expect(s.pins.has(pinned.handle)).toBe(true);
    // Moved in the first step alone, the same drag opened the figure's joints by 12.9 mm.
    expect(worstGap).toBeLessThan(0.009);
    expect(s.measure().nanCount).toBe(0);
  });

  it("moves the ordinary grab's hand half the way in each of a frame's two steps", async () => {
    const s = await sandbox();
    const ball = s.addProp('ball');
    s.run(1);
    const at = { ...ball.body.translation() };
    expect(s.grab.start(ball.body.handle, at)).toBe(true);
    const out = vec3();
    const risen: number[] = [];
    s.setStepObserver(() => {
      s.grab.readHand(out);
      risen.push(out.y - at.y);
    });
    s.grab.moveTo({ x: at.x, y: at.y + 0.2, z: at.z });
    expect(s.advance(FRAME_S)).toBe(2);
    expect(risen).toHaveLength(2);
    expect(risen[0]).toBeCloseTo(0.1, 6);
    expect(risen[1]).toBeCloseTo(0.2, 6);
    // A frame with no pointer move leaves the hand where it is.
    expect(s.advance(FRAME_S)).toBe(2);
    expect(risen[3]).toBeCloseTo(0.2, 6);
    s.setStepObserver(null);
  });

  it('outside frames (`run`) a move is done in the next step, as the tests and tools expect', async () => {
    const s = await sandbox();
    const ball = s.addProp('ball');
    s.run(1);
    const at = { ...ball.body.translation() };
    s.grab.start(ball.body.handle, at);
    s.grab.moveTo({ x: at.x + 0.3, y: at.y, z: at.z });
    s.run(FIXED_STEP);
    const out = vec3();
    s.grab.readHand(out);
    expect(out.x - at.x).toBeCloseTo(0.3, 6);
  });
});
