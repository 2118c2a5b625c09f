import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../renderer/src/physics/sandbox';
import { Sandbox as SandboxClass, FIXED_STEP } from '../../renderer/src/physics/sandbox';
import { BODY_SNAPSHOT_LENGTH } from '../../renderer/src/physics/body-snapshot';
import { Rewind } from '../../renderer/src/physics/recording/rewind';
import { TimelinePlayback } from '../../renderer/src/physics/recording/timeline-playback';
import { loadMmdDoll } from '../../tools/loaders/load-mmd-doll';
import { realFixture } from '../../tools/fixtures/real-fixtures';
import { loadRapier } from '../support/rapier';
import { recordSteps } from '../support/recorded-steps';

const MOKOU = realFixture('pmd/mokou/mokou_B.pmd');

/** Every moving body's position now, by view handle (MMD follow bodies included). */
function positions(sandbox: Sandbox): Map<string, [number, number, number]> {
  const out = new Map<string, [number, number, number]>();
  const p = { x: 0, y: 0, z: 0 };
  const q = { x: 0, y: 0, z: 0, w: 1 };
  for (const body of sandbox.bodies) {
    sandbox.readTransform(body.handle, p, q);
    out.set(`${body.ownerId}/${body.kind}/${body.name}/${body.mmd?.index ?? ''}`, [p.x, p.y, p.z]);
  }
  return out;
}

function largestDistance(
  a: Map<string, [number, number, number]>,
  b: Map<string, [number, number, number]>,
  include: (key: string) => boolean = () => true,
): number {
  let largest = 0;
  for (const [key, pa] of a) {
    if (!include(key)) continue;
    const pb = b.get(key);
    if (!pb) throw new Error(`no ${key}`);
    largest = Math.max(largest, Math.hypot(pa[0] - pb[0], pa[1] - pb[1], pa[2] - pb[2]));
  }
  return largest;
}

async function busyScene(withMokou: boolean): Promise<Sandbox> {
  const rapier = await loadRapier();
  const sandbox = new SandboxClass(rapier, { seed: 9 });
  if (withMokou) {
    const doll = await loadMmdDoll(MOKOU);
    sandbox.addFigure(doll.spec, { mmd: doll.rig.physics });
  }
  sandbox.addFigure();
  sandbox.addFigure();
  return sandbox;
}

/** {@link busyScene} with a recorder watching its steps, and the rewind that scrubs it. */
async function recordedScene(withMokou: boolean) {
  const sandbox = await busyScene(withMokou);
  const recorder = recordSteps(sandbox);
  return { sandbox, recorder, rewind: new Rewind(sandbox, recorder) };
}

describe('scrubbing and resuming', () => {
  for (const withMokou of [false, true]) {
    it.skipIf(withMokou && !existsSync(MOKOU))(
      `shows a recorded frame exactly and resumes from it with no jump${withMokou ? ' (mokou_B with its hair)' : ''}`,
      async () => {
        const { sandbox, recorder, rewind } = await recordedScene(withMokou);
        // Every body's path at full precision, to compare the resumed run with.
        const path = new Map<number, Map<string, [number, number, number]>>();
        const track = () => path.set(sandbox.steps, positions(sandbox));
        sandbox.run(1.2);
        sandbox.addProp('ball');
        sandbox.run(0.4, track); // the ball in the air, figures landing
        const frame = recorder.lastFrame;
        const stepAtFrame = recorder.stepAt(frame);
        sandbox.run(0.3, track);
        sandbox.blast(12);
        sandbox.addProp('box');
        sandbox.run(1);
        const before = recorder.lastFrame;

        // Scrub back: the scene shows exactly the recorded frame (the box is gone again).
        expect(rewind.show(frame)).toBe(frame);
        expect(rewind.inPast).toBe(true);
        expect(sandbox.props.map((p) => p.kind)).toEqual(['ball']);
        const layout = recorder.layoutAt(frame);
        const stored = new Float64Array(BODY_SNAPSHOT_LENGTH);
        const p = { x: 0, y: 0, z: 0 };
        const q = { x: 0, y: 0, z: 0, w: 1 };
        let worst = 0;
        for (const figure of layout.figures) {
          const live = sandbox.figures.find((f) => f.id === figure.id)!;
          const bodies = [
            ...live.ragdoll.parts.map((part) => part.body),
            ...(live.mmd?.rigidBodies() ?? []),
          ];
          expect(bodies.length).toBe(figure.partCount + figure.mmdCount);
          bodies.forEach((body, i) => {
            recorder.readState(frame, figure.start + i, stored);
            sandbox.readTransform(body.handle, p, q);
            worst = Math.max(
              worst,
              Math.hypot(p.x - stored[0]!, p.y - stored[1]!, p.z - stored[2]!),
            );
          });
        }
        // 0 mm: what Rapier now holds is the stored frame, to float32's last digit.
        expect(worst).toBeLessThan(1e-6);
        // And the stored frame is the scene as it was, within the codec's steps (0.05 mm, and
        // 1.5e-4 rad for MMD follow bodies riding half a metre from their part's centre).
        expect(largestDistance(path.get(stepAtFrame)!, positions(sandbox))).toBeLessThan(1e-4);

        // Nothing steps while paused, and stepping a frame moves by one recorded frame.
        expect(rewind.stepBy(1)).toBe(frame + 1);
        expect(rewind.stepBy(-1)).toBe(frame);
        expect(recorder.lastFrame).toBe(before);

        // Resume: every body's first step lands within 1 cm of where the original run went, MMD
        // hair within 2 cm. What the solver carried from step to step in the original run (its
        // warm-start impulses) is not recorded, and a stiff hair chain feels it most: its first
        // step went 7 mm off in this scene, 14 mm once the dummies beside it landed otherwise.
        rewind.resume();
        expect(rewind.paused).toBe(false);
        expect(recorder.lastFrame).toBe(frame);
        sandbox.step();
        const original = path.get(stepAtFrame + 1)!;
        const resumed = positions(sandbox);
        expect(largestDistance(original, resumed, (key) => !key.includes('/mmd/'))).toBeLessThan(
          0.01,
        );
        expect(largestDistance(original, resumed)).toBeLessThan(0.02);
        sandbox.run(0.5);
        expect(sandbox.measure().nanCount).toBe(0);
        expect(recorder.lastFrame).toBe(frame + 30);
        sandbox.dispose();
      },
    );
  }

  it('pausing and resuming without scrubbing changes nothing', async () => {
    const { sandbox, recorder, rewind } = await recordedScene(false);
    sandbox.run(0.5);
    const now = positions(sandbox);
    rewind.pause();
    expect(rewind.paused).toBe(true);
    expect(rewind.inPast).toBe(false);
    rewind.resume();
    expect(largestDistance(now, positions(sandbox))).toBe(0);
    sandbox.run(0.1);
    expect(recorder.frameCount).toBe(36);
    sandbox.dispose();
  });

  it('keeps its clock after resuming from the past: frames recorded since are 1/60 s apart from the one resumed', async () => {
    const { sandbox, recorder, rewind } = await recordedScene(false);
    sandbox.run(1);
    const resumedFrom = rewind.show(recorder.lastFrame - 45);
    const resumedAt = recorder.timeAt(resumedFrom);
    rewind.resume();
    sandbox.run(0.5);
    expect(recorder.lastFrame).toBe(resumedFrom + 30);
    for (let frame = resumedFrom; frame <= recorder.lastFrame; frame++)
      expect(recorder.timeAt(frame) - resumedAt).toBeCloseTo((frame - resumedFrom) / 60, 9);
    // Once more, from a frame recorded after the first resume.
    const again = rewind.show(recorder.lastFrame - 10);
    rewind.resume();
    sandbox.run(0.25);
    expect(recorder.timeAt(recorder.lastFrame) - recorder.timeAt(recorder.firstFrame)).toBeCloseTo(
      (recorder.lastFrame - recorder.firstFrame) / 60,
      9,
    );
    expect(recorder.lastFrame).toBe(again + 15);
    sandbox.dispose();
  });

  it('cannot go back past a figure being added', async () => {
    const { sandbox, recorder, rewind } = await recordedScene(false);
    sandbox.run(0.5);
    sandbox.addFigure();
    sandbox.run(0.5);
    expect(rewind.show(0)).toBe(30);
    expect(rewind.firstFrame).toBe(30);
    expect(recorder.timeAt(30)).toBeCloseTo(62 * FIXED_STEP, 9);
    sandbox.dispose();
  });
});

describe('playing the recording back', () => {
  it('moves through the frames at the TIME speed and resumes the simulation at the newest', async () => {
    const { sandbox, recorder, rewind } = await recordedScene(false);
    const playback = new TimelinePlayback(rewind, sandbox);
    sandbox.run(2);
    playback.play();
    expect(playback.isPlaying).toBe(false); // not in the past: nothing to play
    rewind.show(30);
    playback.play();
    expect(playback.advance(0.5)).toBe(true);
    expect(rewind.frame).toBe(60);
    sandbox.setTimeScale(0.5);
    playback.advance(0.5);
    expect(rewind.frame).toBe(75);
    // Nothing stepped while playing back.
    expect(recorder.lastFrame).toBe(119);
    sandbox.setTimeScale(1);
    expect(playback.advance(5)).toBe(false);
    expect(rewind.paused).toBe(false);
    sandbox.run(0.5);
    expect(recorder.lastFrame).toBe(149);
    sandbox.dispose();
  });
});
