/**
 * The recorder and links, with real Rapier: a link made, removed or broken is a boundary like a
 * figure added (the timeline cannot go back past it) and an event in the recording.
 */
import { describe, expect, it } from 'vitest';
import { recordSteps } from '../support/recorded-steps';
import { useSandboxes } from '../support/sandboxes';

const sandbox = useSandboxes();

describe('recording links', () => {
  it('a link made and a link broken are boundaries and events', async () => {
    const s = await sandbox();
    s.addFigure();
    const recorder = recordSteps(s);
    s.run(0.5);
    expect(recorder.firstFrameWithSameFigures).toBe(recorder.firstFrame);
    const box = s.addProp('box');
    box.body.setTranslation({ x: 0, y: 2, z: 0 }, true);
    box.body.setLinvel({ x: 0, y: 0, z: 0 }, true);
    s.run(0.1);
    // A prop alone is no boundary.
    expect(recorder.firstFrameWithSameFigures).toBe(recorder.firstFrame);
    s.links.setSettings({ breakForce: 10 });
    const rope = s.links.make(
      'rope',
      { handle: null, point: { x: 0, y: 2.5, z: 0 } },
      { handle: box.body.handle, point: box.body.translation() },
    );
    s.run(0.5);
    // It broke as soon as the box fell onto it (far more than 10 N).
    expect(s.links.broken).toBe(1);
    const events = recorder.events.filter((event) => event.type.startsWith('link'));
    expect(events.map((event) => [event.type, event.id])).toEqual([
      ['link-added', rope.id],
      ['link-removed', rope.id],
    ]);
    expect(events[1]!.frame).toBeGreaterThan(events[0]!.frame);
    expect(recorder.firstFrameWithSameFigures).toBe(events[1]!.frame);
    expect(recorder.firstFrameWithSameFigures).toBeGreaterThan(recorder.firstFrame);
  });
});
