import { afterEach, describe, expect, it } from 'vitest';
import { RECORD_RATE_HZ } from '../../renderer/src/physics/recording/scene-recorder';
import { FIXED_STEP, Sandbox } from '../../renderer/src/physics/sandbox';
import { SceneTimeline } from '../../renderer/src/ui/timeline/scene-timeline';
import type { CommandUi } from '../../renderer/src/ui/shell/command-actions';
import { performCommand } from '../../renderer/src/ui/shell/command-actions';
import { strings } from '../../renderer/src/ui/i18n';
import { TimelineActions } from '../../renderer/src/ui/timeline/timeline-actions';
import { TIMELINE_STRINGS_EN } from '../../renderer/src/ui/timeline/timeline-strings';
import { loadRapier } from '../support/rapier';

const FRAME = 1 / 60;
const made: { sandbox: Sandbox; timeline: SceneTimeline }[] = [];

async function recordedScene(
  options: { seconds?: number } = {},
): Promise<{ sandbox: Sandbox; timeline: SceneTimeline }> {
  const sandbox = new Sandbox(await loadRapier(), { seed: 4 });
  sandbox.addFigure();
  const timeline = new SceneTimeline(sandbox, options);
  made.push({ sandbox, timeline });
  return { sandbox, timeline };
}

/** Runs `seconds` of 60 Hz frames through the timeline, as the view's frame loop does. */
function frames(timeline: SceneTimeline, seconds: number): number {
  let steps = 0;
  for (let i = 0; i < Math.round(seconds / FRAME); i++) steps += timeline.advance(FRAME);
  return steps;
}

afterEach(() => {
  for (const { sandbox, timeline } of made.splice(0)) {
    timeline.dispose();
    sandbox.dispose();
  }
});

describe('the app timeline', () => {
  it('records every frame the view advances, and nothing while paused', async () => {
    const { sandbox, timeline } = await recordedScene();
    expect(frames(timeline, 1)).toBeGreaterThanOrEqual(118);
    const recorded = timeline.recorder.frameCount;
    expect(recorded).toBe(Math.floor(sandbox.steps / 2));

    timeline.pause();
    const steps = sandbox.steps;
    expect(frames(timeline, 0.5)).toBe(0);
    expect(sandbox.steps).toBe(steps);
    expect(timeline.recorder.frameCount).toBe(recorded);
    expect(timeline.live).toBe(false);

    expect(timeline.resumeForChange()).toBe(true);
    expect(timeline.live).toBe(true);
    expect(timeline.resumeForChange()).toBe(false);
    frames(timeline, 0.5);
    expect(timeline.recorder.frameCount).toBeGreaterThan(recorded + 25);
  });

  it('notes a prop coming and going as events', async () => {
    const { sandbox, timeline } = await recordedScene();
    frames(timeline, 0.2);
    const ball = sandbox.addProp('ball');
    frames(timeline, 0.2);
    sandbox.removeProp(ball);
    frames(timeline, 0.2);
    expect(timeline.recorder.events.map((event) => event.type)).toEqual([
      'prop-added',
      'prop-removed',
    ]);
  });

  it('resuming a change from the past forgets the future and records on from there', async () => {
    const { sandbox, timeline } = await recordedScene();
    frames(timeline, 2);
    const newest = timeline.recorder.lastFrame;
    timeline.show(newest - 60);
    timeline.resumeForChange();
    expect(timeline.recorder.lastFrame).toBe(newest - 60);
    sandbox.blast(10);
    frames(timeline, 0.1);
    expect(timeline.recorder.lastFrame).toBeGreaterThan(newest - 60);
    expect(timeline.recorder.lastFrame).toBeLessThan(newest - 50);
  });

  it('carries on from the scene as it is when bodies came or went while paused without resuming', async () => {
    const { sandbox, timeline } = await recordedScene();
    frames(timeline, 1);
    const shown = timeline.show(timeline.recorder.lastFrame - 20);
    frames(timeline, 0.2);
    expect(timeline.live).toBe(false);
    sandbox.addProp('box'); // as a model or preset arriving late would
    frames(timeline, 0.1);
    expect(timeline.live).toBe(true);
    expect(sandbox.props).toHaveLength(1);
    expect(timeline.recorder.lastFrame).toBeLessThan(shown + 10);
  });

  it('a scene-changing command run while paused in the past resumes from the frame shown first', async () => {
    const { sandbox, timeline } = await recordedScene();
    frames(timeline, 1);
    const shown = timeline.show(timeline.recorder.lastFrame - 30);
    const actions = new TimelineActions(timeline, () => TIMELINE_STRINGS_EN);
    const ui = { timeline: actions, strings: strings('en') } as unknown as CommandUi;
    const outcome = performCommand('add-ball', sandbox, ui);
    expect(outcome.kind).toBe('status');
    expect(timeline.live).toBe(true);
    expect(timeline.recorder.lastFrame).toBe(shown);
    frames(timeline, 0.1);
    expect(timeline.recorder.events.at(-1)?.type).toBe('prop-added');
    // Space pauses, Enter with nothing to resume from says so.
    expect(performCommand('timeline-play', sandbox, ui).message).toBe(TIMELINE_STRINGS_EN.paused);
    expect(timeline.live).toBe(false);
    expect(performCommand('timeline-back', sandbox, ui).kind).toBe('none');
    expect(timeline.shownFrame).toBe(timeline.recorder.lastFrame - 1);
    expect(performCommand('timeline-resume', sandbox, ui).message).toMatch(
      /^Resumed from −0\.02 s/,
    );
    expect(performCommand('timeline-resume', sandbox, ui).message).toBe(
      TIMELINE_STRINGS_EN.notPaused,
    );
  });

  it('plays the recording back at the TIME speed and carries on live at its end', async () => {
    const { sandbox, timeline } = await recordedScene();
    frames(timeline, 2);
    sandbox.setTimeScale(0.5);
    const newest = timeline.recorder.lastFrame;
    timeline.show(newest - 60);
    timeline.play();
    frames(timeline, 1); // one wall second at half speed: 30 recorded frames
    expect(timeline.rewind.frame).toBeGreaterThanOrEqual(newest - 31);
    expect(timeline.rewind.frame).toBeLessThanOrEqual(newest - 29);
    frames(timeline, 1.1);
    expect(timeline.live).toBe(true);
    expect(timeline.playback.isPlaying).toBe(false);
  });

  it('offers the last 10 s for export until a range is chosen, clamped to what is recorded', async () => {
    const { sandbox, timeline } = await recordedScene();
    expect(timeline.exportRange()).toBeNull();
    frames(timeline, 12);
    const recorder = timeline.recorder;
    const range = timeline.exportRange()!;
    expect(range.lastFrame).toBe(recorder.lastFrame);
    expect(range.lastFrame - range.firstFrame).toBe(10 * RECORD_RATE_HZ);
    expect(range.endSeconds - range.startSeconds).toBeCloseTo(10, 6);
    expect(range.endSeconds).toBe(recorder.timeAt(recorder.lastFrame));
    expect(range.endSeconds).toBeCloseTo(sandbox.steps * FIXED_STEP, 6);

    timeline.chooseRange(recorder.lastFrame - 30, recorder.firstFrame - 500);
    const chosen = timeline.exportRange()!;
    expect(chosen.firstFrame).toBe(recorder.firstFrame);
    expect(chosen.lastFrame).toBe(recorder.lastFrame - 30);
    expect(chosen.startSeconds).toBe(recorder.timeAt(recorder.firstFrame));

    timeline.clearRange();
    expect(timeline.exportRange()!.lastFrame - timeline.exportRange()!.firstFrame).toBe(600);
  });

  it('keeps its buffer the same size after the first minute', async () => {
    const { sandbox, timeline } = await recordedScene();
    const recorder = timeline.recorder;
    frames(timeline, 61);
    const bytes = recorder.byteLength;
    expect(recorder.capacityFrames).toBe(60 * RECORD_RATE_HZ);
    expect(recorder.frameCount).toBe(60 * RECORD_RATE_HZ);
    // 11 parts in a block of 32 slots, 26 bytes each, plus 8 bytes of step count and 4 of serial, per frame.
    expect(bytes).toBe(60 * RECORD_RATE_HZ * (32 * 26 + 12));
    sandbox.blast(20);
    const ball = sandbox.addProp('ball');
    frames(timeline, 10);
    sandbox.removeProp(ball);
    sandbox.drop();
    frames(timeline, 10);
    expect(recorder.byteLength).toBe(bytes);
    expect(recorder.frameCount).toBe(60 * RECORD_RATE_HZ);
  }, 60_000);

  it('stops recording when disposed', async () => {
    const { sandbox, timeline } = await recordedScene();
    frames(timeline, 0.2);
    const recorded = timeline.recorder.frameCount;
    timeline.dispose();
    sandbox.run(0.5);
    expect(timeline.recorder.frameCount).toBe(recorded);
  });
});
