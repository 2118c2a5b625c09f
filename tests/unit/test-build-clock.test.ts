import { afterEach, describe, expect, it } from 'vitest';
import { FIXED_STEP, Sandbox } from '../../renderer/src/physics/sandbox';
import { TestClock } from '../../renderer/src/test-build/test-clock';
import { SceneTimeline } from '../../renderer/src/ui/timeline/scene-timeline';
import { loadRapier } from '../support/rapier';

/** A view that only notes the frames it was asked for, seconds each: drawn, and undrawn. */
class DrawnFrames {
  readonly seconds: number[] = [];
  readonly unseenSeconds: number[] = [];
  drawFrame(seconds: number): void {
    this.seconds.push(seconds);
  }
  poseFrame(seconds: number): void {
    this.unseenSeconds.push(seconds);
  }
}

const made: { sandbox: Sandbox; timeline: SceneTimeline }[] = [];

async function clockedScene(): Promise<{
  sandbox: Sandbox;
  timeline: SceneTimeline;
  clock: TestClock;
  view: DrawnFrames;
}> {
  const sandbox = new Sandbox(await loadRapier(), { seed: 4 });
  sandbox.addFigure();
  const timeline = new SceneTimeline(sandbox);
  made.push({ sandbox, timeline });
  const view = new DrawnFrames();
  return { sandbox, timeline, clock: new TestClock(timeline, sandbox, view), view };
}

afterEach(() => {
  for (const { sandbox, timeline } of made.splice(0)) {
    timeline.dispose();
    sandbox.dispose();
  }
});

describe('the test build clock', () => {
  it('steps exactly the simulated time asked for, recorded, and draws one frame', async () => {
    const { sandbox, timeline, clock, view } = await clockedScene();
    expect(clock.advanceSimulated(1.5)).toBe(180);
    expect(sandbox.steps).toBe(180);
    // The recorder heard every step (it keeps one frame per two steps).
    expect(timeline.recorder.frameCount).toBe(90);
    expect(view.seconds).toEqual([0.1]);
    expect(clock.advanceSimulated(FIXED_STEP)).toBe(1);
    expect(view.seconds).toEqual([0.1, FIXED_STEP]);
  });

  it('steps without drawing when asked, for waits that check between short steps', async () => {
    const { sandbox, clock, view } = await clockedScene();
    expect(clock.advanceSimulated(0.25, false)).toBe(30);
    expect(sandbox.steps).toBe(30);
    expect(view.seconds).toEqual([]);
    expect(view.unseenSeconds).toEqual([]);
  });

  it('runs an undrawn frame when asked, for tests that read the avatars frame by frame', async () => {
    const { sandbox, clock, view } = await clockedScene();
    expect(clock.advanceSimulated(1 / 60, 'unseen')).toBe(2);
    expect(clock.advanceSimulated(1 / 60, 'unseen')).toBe(2);
    expect(sandbox.steps).toBe(4);
    expect(view.unseenSeconds).toEqual([2 * FIXED_STEP, 2 * FIXED_STEP]);
    expect(view.seconds).toEqual([]);
  });

  it('steps the same simulated time at any TIME', async () => {
    for (const scale of [0.1, 0.3, 0.7]) {
      const { sandbox, clock } = await clockedScene();
      sandbox.setTimeScale(scale);
      expect(clock.advanceSimulated(2), `TIME ${scale}`).toBe(240);
      expect(sandbox.steps).toBe(240);
    }
  });

  it('takes whole steps on top of what drawn frames left in the accumulator', async () => {
    const { sandbox, clock } = await clockedScene();
    clock.advance(0.75 * FIXED_STEP);
    expect(sandbox.steps).toBe(0);
    expect(clock.advanceSimulated(0.5)).toBe(60);
  });

  it('keeps the frame loop from advancing or drawing while held, and lets it after', async () => {
    const { sandbox, clock } = await clockedScene();
    expect(clock.drawsFrames).toBe(true);
    clock.hold(true);
    expect(clock.holding).toBe(true);
    expect(clock.live).toBe(false);
    expect(clock.drawsFrames).toBe(false);
    expect(clock.advance(1 / 60)).toBe(0);
    expect(sandbox.steps).toBe(0);
    expect(clock.advanceSimulated(0.25)).toBe(30);
    clock.hold(false);
    expect(clock.live).toBe(true);
    expect(clock.drawsFrames).toBe(true);
    expect(clock.advance(1 / 60)).toBe(2);
  });

  it('leaves a paused timeline paused', async () => {
    const { sandbox, timeline, clock } = await clockedScene();
    clock.advanceSimulated(0.5);
    timeline.pause();
    expect(clock.advanceSimulated(1)).toBe(0);
    expect(sandbox.steps).toBe(60);
    expect(clock.live).toBe(false);
  });
});
