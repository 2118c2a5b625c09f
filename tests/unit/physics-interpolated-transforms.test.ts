/**
 * Drawing between the two newest states a physics thread sent
 * (renderer/src/physics/worker/interpolated-transforms.ts): the frame sits one state-interval
 * behind the newest and moves on with wall time (TIME applied), positions blend linearly and
 * rotations along the shorter arc, a change of bodies in between reads the newest as it is,
 * and the buffer before the older state is handed back.
 */
import { describe, expect, it } from 'vitest';
import { TRANSFORM_FLOATS } from '../../renderer/src/physics/body-transforms';
import { InterpolatedTransforms } from '../../renderer/src/physics/worker/interpolated-transforms';

type Pose = [number, number, number, number, number, number, number];

function packed(...poses: Pose[]): Float64Array<ArrayBuffer> {
  const data = new Float64Array(poses.length * TRANSFORM_FLOATS);
  poses.forEach((pose, slot) => data.set(pose, slot * TRANSFORM_FLOATS));
  return data;
}

function read(reader: InterpolatedTransforms, handle: number): number[] | null {
  const p = { x: 0, y: 0, z: 0 };
  const q = { x: 0, y: 0, z: 0, w: 1 };
  return reader.read(handle, p, q) ? [p.x, p.y, p.z, q.x, q.y, q.z, q.w] : null;
}

const STEP = 1 / 120;
const HALF_TURN_Y: Pose = [0, 0, 0, 0, Math.SQRT1_2, 0, Math.SQRT1_2];

describe('InterpolatedTransforms', () => {
  it('draws one interval behind the newest state, moving on with wall time', () => {
    const states = new InterpolatedTransforms();
    expect(states.push(packed([0, 1, 0, 0, 0, 0, 1]), 1, [5], STEP, 1000)).toBeUndefined();
    expect(
      states.push(packed([2, 1, 0, ...HALF_TURN_Y.slice(3)] as Pose), 1, undefined, 2 * STEP, 1000),
    ).toBeUndefined();
    // Just arrived: the older state.
    states.sample(1000, 1);
    expect(states.alpha).toBe(0);
    expect(read(states, 5)).toEqual([0, 1, 0, 0, 0, 0, 1]);
    // Half a step later: halfway, the quarter turn halved (an eighth of a turn about y).
    states.sample(1000 + (STEP * 1000) / 2, 1);
    const halfway = read(states, 5)!;
    expect(halfway[0]).toBeCloseTo(1, 12);
    expect(halfway[4]).toBeCloseTo(Math.sin(Math.PI / 8), 12);
    expect(halfway[6]).toBeCloseTo(Math.cos(Math.PI / 8), 12);
    // At TIME 0.5 the same wall time is a quarter of the way.
    states.sample(1000 + (STEP * 1000) / 2, 0.5);
    expect(read(states, 5)![0]).toBeCloseTo(0.5, 12);
    // Never past the newest.
    states.sample(5000, 1);
    expect(states.alpha).toBe(1);
    expect(read(states, 5)).toEqual([2, 1, 0, ...HALF_TURN_Y.slice(3)]);
    // The newest is always there exactly, whatever the frame's moment.
    states.sample(1000, 1);
    expect(states.newest.read(5, { x: 0, y: 0, z: 0 }, { x: 0, y: 0, z: 0, w: 1 })).toBe(true);
  });

  it('blends q and -q as the one rotation they are', () => {
    const states = new InterpolatedTransforms();
    states.push(packed([0, 0, 0, 0, 0, 0, 1]), 1, [1], STEP, 0);
    states.push(packed([0, 0, 0, 0, 0, 0, -1]), 1, undefined, 2 * STEP, 0);
    states.sample((STEP * 1000) / 2, 1);
    const pose = read(states, 1)!;
    expect(Math.abs(pose[6]!)).toBeCloseTo(1, 12);
  });

  it('reads the newest as it is when the bodies changed in between, and hands buffers back', () => {
    const states = new InterpolatedTransforms();
    const first = packed([0, 0, 0, 0, 0, 0, 1]);
    const second = packed([1, 0, 0, 0, 0, 0, 1], [9, 9, 9, 0, 0, 0, 1]);
    const third = packed([3, 0, 0, 0, 0, 0, 1], [8, 8, 8, 0, 0, 0, 1]);
    expect(states.push(first, 1, [1], STEP, 0)).toBeUndefined();
    expect(states.push(second, 2, [1, 2], 2 * STEP, 0)).toBeUndefined();
    states.sample(0, 1);
    expect(states.alpha).toBe(1);
    expect(read(states, 2)).toEqual([9, 9, 9, 0, 0, 0, 1]);
    // Same bodies again: blended, and the first buffer is free to fill again.
    expect(states.push(third, 2, undefined, 3 * STEP, 0)).toBe(first);
    states.sample((STEP * 1000) / 2, 1);
    expect(read(states, 1)![0]).toBeCloseTo(2, 12);
    expect(read(states, 3)).toBeNull();
    // A layout change without its handles is a bug in the sender, said at once.
    expect(() => states.push(packed(), 3, undefined, 4 * STEP, 0)).toThrow(/without handles/);
  });
});
