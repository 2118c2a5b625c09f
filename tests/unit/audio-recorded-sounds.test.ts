/**
 * What a clip's sound is made from, kept on the recording's clock of a real sandbox (Rapier
 * WASM) with its real recorder and rewind: the impact sounds its falling balls asked for at
 * the steps they hit, the song's stretches from the motion clock's states (a jump starts a new
 * stretch, a stop ends one where the motion's time stood), and a resume from the past forgets
 * what was heard in the future it drops, as the recorder forgets its frames.
 */
import { describe, expect, it } from 'vitest';
import { RecordedSounds } from '../../renderer/src/audio/recorded-sounds';
import { Rewind } from '../../renderer/src/physics/recording/rewind';
import type { SceneRecorder } from '../../renderer/src/physics/recording/scene-recorder';
import type { Sandbox } from '../../renderer/src/physics/sandbox';
import { FIXED_STEP } from '../../renderer/src/physics/sandbox';
import { soundRequest } from '../../renderer/src/physics/sound/sound-requests';
import { recordSteps } from '../support/recorded-steps';
import { useSandboxes } from '../support/sandboxes';

const makeSandbox = useSandboxes();

/** A sandbox with its recorder and the sounds kept beside it, stepped like the app. */
async function recordedScene(): Promise<{
  sandbox: Sandbox;
  recorder: SceneRecorder;
  rewind: Rewind;
  sounds: RecordedSounds;
  /** Steps `steps` times, handing every sound request to the kept sounds like the player. */
  run(steps: number): void;
}> {
  const sandbox = await makeSandbox({ impactSounds: true });
  const recorder = recordSteps(sandbox);
  const rewind = new Rewind(sandbox, recorder);
  const sounds = new RecordedSounds(recorder, () => sandbox.steps);
  const request = soundRequest();
  return {
    sandbox,
    recorder,
    rewind,
    sounds,
    run(steps) {
      for (let i = 0; i < steps; i++) {
        sandbox.step();
        const ring = sandbox.soundRequests!;
        while (ring.shift(request))
          sounds.noteImpact(request.time, request.kind, request.gain, request.brightness, 0.25);
      }
    },
  };
}

describe('the sounds a clip plays again', () => {
  it('keeps each impact at the recording step it was asked for', async () => {
    const scene = await recordedScene();
    scene.sandbox.addProp('ball');
    scene.run(240);
    const kept = scene.sounds.impactsBetween(0, scene.recorder.currentStep + 1);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept[0]!.kind).toMatch(/^(ball|stage)$/);
    expect(kept[0]!.pan).toBe(0.25);
    // The first hit: the ball dropped from where it was added takes a moment to land.
    expect(kept[0]!.step).toBeGreaterThan(10);
    // A window after the last hit holds none; one around the first holds it.
    const first = kept[0]!.step;
    expect(scene.sounds.impactsBetween(first, first + 1)).toHaveLength(
      kept.filter((impact) => impact.step === first).length,
    );
    expect(scene.sounds.impactsBetween(0, first)).toHaveLength(0);
  });

  it('makes the song stretches from the motion clock, cut where it jumped or stopped', async () => {
    const scene = await recordedScene();
    const { sounds } = scene;
    // Playing from 1.0 s; each step the motion's time moves one step on.
    for (let step = 0; step <= 60; step += 10) {
      sounds.noteSong(1, 1 + scene.recorder.currentStep * FIXED_STEP, true);
      scene.run(10);
    }
    // The offset moved the song on by half a second at step 70.
    const jumpStep = scene.recorder.currentStep;
    sounds.noteSong(1, 1.5 + jumpStep * FIXED_STEP, true);
    scene.run(30);
    // The motion stopped 12 steps later; time ran on with it standing still.
    const stoppedAt = scene.recorder.currentStep;
    scene.run(12);
    sounds.noteSong(1, 1.5 + stoppedAt * FIXED_STEP, false);
    // The stop is seen late: the motion's time says where it happened.
    scene.run(20);
    sounds.noteSong(1, 1.5 + stoppedAt * FIXED_STEP, false);

    const pieces = sounds.songPieces(1, 0, 1000);
    expect(pieces).toHaveLength(2);
    expect(pieces[0]).toEqual({ startStep: 0, endStep: jumpStep, position: 1 });
    expect(pieces[1]!.startStep).toBe(jumpStep);
    expect(pieces[1]!.endStep).toBe(stoppedAt);
    expect(pieces[1]!.position).toBeCloseTo(1.5 + jumpStep * FIXED_STEP, 9);
    // Cut to a window: the place moves with the start.
    const cut = sounds.songPieces(1, 20, 40);
    expect(cut).toHaveLength(1);
    expect(cut[0]!.startStep).toBe(20);
    expect(cut[0]!.endStep).toBe(40);
    expect(cut[0]!.position).toBeCloseTo(1 + 20 * FIXED_STEP, 9);
    // Another song's stretches are not this one's.
    expect(sounds.songPieces(2, 0, 1000)).toEqual([]);
  });

  it('forgets what was heard after the frame the scene resumed from', async () => {
    const scene = await recordedScene();
    const { sounds, recorder, rewind, sandbox } = scene;
    sandbox.addProp('ball');
    sounds.noteSong(1, 0, true);
    scene.run(240);
    const before = sounds.impactsBetween(0, 1e9);
    expect(before.length).toBeGreaterThan(0);
    const lastImpact = before[before.length - 1]!.step;
    // A jump late in the future that will be dropped.
    sounds.noteSong(1, 10, true);
    scene.run(20);

    // Back to a frame before the last impact, and on from there.
    const frame = recorder.firstFrame + Math.floor((lastImpact - 12) / 2);
    rewind.show(frame);
    const resumedStep = recorder.stepAt(frame);
    expect(resumedStep).toBeLessThan(lastImpact);
    rewind.resume();
    scene.run(2);
    sounds.noteSong(1, (recorder.currentStep - resumedStep) * FIXED_STEP + 5, true);

    const after = sounds.impactsBetween(0, 1e9);
    // The past is kept as it was; of the dropped future nothing is left, only what the two
    // steps since the resume asked for.
    expect(after.filter((impact) => impact.step <= resumedStep)).toEqual(
      before.filter((impact) => impact.step <= resumedStep),
    );
    for (const impact of after.filter((kept) => kept.step > resumedStep))
      expect(impact.step).toBeLessThanOrEqual(recorder.currentStep);
    expect(recorder.currentStep).toBeLessThan(lastImpact);
    // The song: the dropped jump to 10 s is gone; the stretch from 0 runs to the new state.
    const pieces = sounds.songPieces(1, 0, 1e9);
    expect(pieces.map((piece) => piece.position)).not.toContain(10);
    expect(pieces[0]).toEqual({ startStep: 0, endStep: recorder.currentStep, position: 0 });
  });
});
