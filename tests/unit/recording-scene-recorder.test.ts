import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Sandbox } from '../../renderer/src/physics/sandbox';
import { BODY_SNAPSHOT_LENGTH, readBodySnapshot } from '../../renderer/src/physics/body-snapshot';
import {
  ENCODED_BODY_BYTES,
  decodeBodyState,
  encodeBodyState,
} from '../../renderer/src/physics/recording/pose-codec';
import { RECORD_MAX_BYTES } from '../../renderer/src/physics/recording/scene-recorder';
import { benchmarkMmdModel } from '../../tools/fixtures/mmd/mmd-fixture-models';
import { loadMmdDoll, mmdDollFromModel } from '../../tools/loaders/load-mmd-doll';
import { realFixture } from '../../tools/fixtures/real-fixtures';
import { loadRapier } from '../support/rapier';
import { recordSteps } from '../support/recorded-steps';

const MOKOU = realFixture('pmd/mokou/mokou_B.pmd');

/**
 * The angle (radians) between two rotations stored as quaternions at `offset`. Each is
 * normalised first: Rapier keeps rotations in 32-bit floats, whose length drifts from 1 by up
 * to about 1e-7, and the arc cosine of such a dot product alone reads as 1e-4 rad or more.
 */
function quatAngle(a: ArrayLike<number>, b: ArrayLike<number>, offset = 3): number {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < 4; i++) {
    dot += a[offset + i]! * b[offset + i]!;
    aa += a[offset + i]! * a[offset + i]!;
    bb += b[offset + i]! * b[offset + i]!;
  }
  return 2 * Math.acos(Math.min(1, Math.abs(dot) / Math.sqrt(aa * bb)));
}

describe('the compact body state', () => {
  it('keeps positions within 0.025 mm, rotations within 1.5e-4 rad and velocities within 4 mrad/s', () => {
    const storage = {
      positions: new Uint32Array(2),
      rotations: new Uint16Array(3),
      velocities: new Int16Array(6),
    };
    expect(ENCODED_BODY_BYTES).toBe(26);
    const state = new Float64Array(BODY_SNAPSHOT_LENGTH);
    const back = new Float64Array(BODY_SNAPSHOT_LENGTH);
    const again = new Float64Array(BODY_SNAPSHOT_LENGTH);
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    for (let n = 0; n < 2000; n++) {
      for (let i = 0; i < 3; i++) state[i] = random() * 50;
      const q = [random(), random(), random(), random()];
      const length = Math.hypot(...q);
      for (let i = 0; i < 4; i++) state[3 + i] = q[i]! / length;
      for (let i = 7; i < 10; i++) state[i] = random() * 60;
      for (let i = 10; i < 13; i++) state[i] = random() * 120;
      encodeBodyState(state, 0, storage, 0);
      decodeBodyState(storage, 0, back, 0);
      for (let i = 0; i < 3; i++)
        expect(Math.abs(back[i]! - state[i]!)).toBeLessThanOrEqual(2.5e-5);
      expect(quatAngle(back, state)).toBeLessThan(1.5e-4);
      for (let i = 7; i < 10; i++) expect(Math.abs(back[i]! - state[i]!)).toBeLessThanOrEqual(1e-3);
      for (let i = 10; i < 13; i++)
        expect(Math.abs(back[i]! - state[i]!)).toBeLessThanOrEqual(2e-3);
      // What was decoded encodes to the same words: a shown frame is the stored frame.
      encodeBodyState(back, 0, storage, 0);
      decodeBodyState(storage, 0, again, 0);
      expect([...again]).toEqual([...back]);
    }
  });
});

describe('recording the scene', () => {
  it('records every body at 60 Hz with its state, and notes props and figures coming and going', async () => {
    const rapier = await loadRapier();
    const sandbox = new Sandbox(rapier, { seed: 5 });
    const recorder = recordSteps(sandbox);
    sandbox.addFigure();
    sandbox.addFigure();
    sandbox.run(1);
    expect(recorder.frameCount).toBe(60);
    const ball = sandbox.addProp('ball');
    sandbox.run(0.5);
    expect(recorder.frameCount).toBe(90);
    expect(recorder.events).toEqual([{ frame: 60, type: 'prop-added', id: ball.id }]);
    const frame = recorder.lastFrame;
    const layout = recorder.layoutAt(frame);
    expect(layout.bodyCount).toBe(23);
    expect(layout.props).toEqual([{ id: ball.id, kind: 'ball', slot: 22 }]);
    expect(recorder.stepAt(frame)).toBe(sandbox.steps);
    // The newest frame is the scene now, within the codec's steps.
    const live = new Float64Array(BODY_SNAPSHOT_LENGTH);
    const stored = new Float64Array(BODY_SNAPSHOT_LENGTH);
    sandbox.figures[1]!.ragdoll.parts.forEach((part, i) => {
      readBodySnapshot(part.body, live, 0);
      recorder.readState(frame, layout.figures[1]!.start + i, stored);
      for (let k = 0; k < 3; k++) expect(Math.abs(stored[k]! - live[k]!)).toBeLessThan(3e-5);
      expect(quatAngle(stored, live)).toBeLessThan(1.5e-4);
      for (let k = 7; k < 10; k++) expect(Math.abs(stored[k]! - live[k]!)).toBeLessThan(1e-3);
    });
    sandbox.removeFigure(sandbox.figures[0]!);
    sandbox.run(0.1);
    expect(recorder.events.at(-1)).toMatchObject({ frame: 90, type: 'figure-removed' });
    expect(recorder.firstFrameWithSameFigures).toBe(90);
    expect(() => recorder.readState(recorder.lastFrame + 1, 0, stored)).toThrow(RangeError);
    sandbox.dispose();
  });

  it('keeps the last 60 s in an array whose size is fixed after the first minute', async () => {
    const rapier = await loadRapier();
    const sandbox = new Sandbox(rapier, { seed: 2 });
    const recorder = recordSteps(sandbox);
    sandbox.addFigure();
    sandbox.addProp('box');
    sandbox.run(61);
    const sizeAfterAMinute = recorder.byteLength;
    expect(recorder.frameCount).toBe(3600);
    sandbox.blast(10);
    sandbox.run(9);
    expect(recorder.byteLength).toBe(sizeAfterAMinute);
    expect(recorder.frameCount).toBe(3600);
    expect(recorder.firstFrame).toBe(recorder.lastFrame - 3599);
    expect(recorder.timeAt(recorder.lastFrame) - recorder.timeAt(recorder.firstFrame)).toBeCloseTo(
      3599 / 60,
      6,
    );
    // The box dummy (11 parts) and a box fit in one block of 32 slots: 32 × 26 B × 3600 + steps.
    expect(sizeAfterAMinute).toBe(32 * 26 * 3600 + 12 * 3600);
    sandbox.dispose();
  });

  it.skipIf(!existsSync(MOKOU))(
    'holds 60 s of six mokou_B figures and 12 props in at most 64 MB',
    async () => {
      const rapier = await loadRapier();
      const doll = await loadMmdDoll(MOKOU);
      const sandbox = new Sandbox(rapier, { seed: 3 });
      const recorder = recordSteps(sandbox);
      for (let i = 0; i < 6; i++) sandbox.addFigure(doll.spec, { mmd: doll.rig.physics });
      for (let i = 0; i < 12; i++) sandbox.addProp(i % 2 ? 'ball' : 'box');
      sandbox.run(0.05);
      // 15 parts + 55 moving MMD bodies per figure (70 follow or welded bodies ride their parts).
      expect(recorder.layoutAt(recorder.lastFrame).bodyCount).toBe(6 * 70 + 12);
      expect(recorder.capacityFrames).toBe(3600);
      // Slots in blocks of 32: 432 bodies take 448.
      expect(recorder.byteLength).toBe(448 * 26 * 3600 + 12 * 3600);
      expect(recorder.byteLength).toBeLessThanOrEqual(RECORD_MAX_BYTES);
      sandbox.dispose();
    },
  );

  it('never holds more than 64 MB: a scene of more moving bodies keeps a shorter history', async () => {
    const rapier = await loadRapier();
    // 108 moving MMD bodies per figure (the generated 125-body model): 750 bodies in all.
    const doll = mmdDollFromModel(benchmarkMmdModel(), 'generated.pmx');
    const sandbox = new Sandbox(rapier, { seed: 3 });
    const recorder = recordSteps(sandbox);
    for (let i = 0; i < 6; i++) sandbox.addFigure(doll.spec, { mmd: doll.rig.physics });
    for (let i = 0; i < 12; i++) sandbox.addProp('ball');
    sandbox.run(0.05);
    expect(recorder.byteLength).toBeLessThanOrEqual(RECORD_MAX_BYTES);
    expect(recorder.capacityFrames).toBe(Math.floor(RECORD_MAX_BYTES / (768 * 26 + 12)));
    expect(recorder.capacityFrames / 60).toBeGreaterThan(55);
    sandbox.dispose();
  });
});
