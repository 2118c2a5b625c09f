import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RenderLoop } from '../../renderer/src/view/render-loop';

/** The page's animation frames, run by hand: each {@link runFrame} calls what was requested. */
let pending: FrameRequestCallback | null = null;
const originalRequest = globalThis.requestAnimationFrame;
const originalCancel = globalThis.cancelAnimationFrame;

function runFrame(timeMs: number): void {
  const callback = pending;
  pending = null;
  callback?.(timeMs);
}

beforeEach(() => {
  globalThis.requestAnimationFrame = (callback) => {
    pending = callback;
    return 1;
  };
  globalThis.cancelAnimationFrame = () => {
    pending = null;
  };
});

afterEach(() => {
  globalThis.requestAnimationFrame = originalRequest;
  globalThis.cancelAnimationFrame = originalCancel;
  pending = null;
});

describe('the frame loop', () => {
  it('advances by the wall time between frames, then draws, and counts each frame', () => {
    const advanced: number[] = [];
    let draws = 0;
    const loop = new RenderLoop({
      advance: (seconds) => (advanced.push(seconds), 1),
      draw: () => draws++,
    });
    loop.start();
    runFrame(1000);
    runFrame(1016);
    expect(advanced).toEqual([0, 0.016]);
    expect(draws).toBe(2);
    expect(loop.stats.snapshot().frames).toBe(2);
    loop.dispose();
  });

  it('leaves skipped frames out entirely, and does not catch their time up afterwards', () => {
    const advanced: number[] = [];
    let draws = 0;
    let skipping = false;
    const loop = new RenderLoop({
      advance: (seconds) => (advanced.push(seconds), 1),
      draw: () => draws++,
      skip: () => skipping,
    });
    loop.start();
    runFrame(1000);
    skipping = true;
    runFrame(1016);
    runFrame(1050);
    expect(advanced).toEqual([0]);
    expect(draws).toBe(1);
    expect(loop.stats.snapshot().frames).toBe(1);
    skipping = false;
    runFrame(1060);
    // 10 ms since the last (skipped) frame, not 60 ms since the last drawn one.
    expect(advanced[1]).toBeCloseTo(0.01, 9);
    expect(draws).toBe(2);
    loop.dispose();
  });
});
